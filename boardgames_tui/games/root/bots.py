"""The rule-based bot for Root, reading only the seat's view: the shared
priorities every faction plays by, and each faction's own plan (its
package's ``bot.py``, a :class:`~.plan.RulePlan` its ``Faction.plan``
gives), asked first for its own seat's decisions.

Each decision rates every legal action by a short list of priorities and takes
the best (ties broken by the bot's own RNG): ambushes, battle effects and
crafting as every faction does, battles where it is stronger, marches that
take a clearing or its enemies' pieces, and each faction's own actions as
its plan rates them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.game import Action, Game, GameState

from . import core
from .actions import (
    Battle,
    ClearPath,
    Craft,
    Decline,
    DefenderFirst,
    Discard,
    Done,
    Move,
    PlayAmbush,
    Recruit,
    Remove,
    Sail,
    TaxCollector,
    UseEffect,
)
from .cards import deck
from .faction import FACTIONS
from .model import HIDDEN, RootState, card_of
from .plan import Rating, RulePlan


def card_value(card: int) -> float:
    """How much a card is worth keeping: ambushes and points first."""
    if card == HIDDEN:
        return 0.0
    return _CARD_VALUES[card]


def _card_value(card: int) -> float:
    c = card_of(card)
    if c.kind == "ambush":
        return 5.0
    if c.kind == "item":
        return 2.0 + c.effect.vp  # type: ignore[union-attr]
    if c.persistent:
        return 3.0
    return 1.5 if c.suit == "bird" else 1.0


#: :func:`card_value` by card number, worked out once.
_CARD_VALUES: tuple[float, ...] = tuple(_card_value(i) for i in range(len(deck())))


#: A march's warriors.
_COUNT = attrgetter("count")

#: What the rule bot adds to a move's rating for the card the Ferry draws.
SAIL_BONUS = 2.0
#: The rating of clearing a closed path before the card it costs.
CLEAR_PATH_VALUE = 9.0


def strongest_enemy(s: RootState, me: int, clearing: int) -> int:
    """The enemy with the most warriors in a clearing (the first in turn
    order among equals): with two players, the other one."""
    others = core.enemies(s, me)
    if len(others) == 1:
        return others[0]
    there = s.clearings[clearing].warriors
    return max(others, key=lambda e: there.get(e, 0))


def strongest(s: RootState, me: int, clearing: int) -> int:
    """The most warriors an enemy has in a clearing."""
    there = s.clearings[clearing].warriors
    others = core.enemies(s, me)
    if len(others) == 1:
        return there.get(others[0], 0)
    return max([there.get(e, 0) for e in others])


def march_most(s: RootState, plan: RulePlan, count: int) -> float:
    """No march of at most ``count`` warriors can be rated above this
    (:meth:`RootBot.rate_move` with every term at its most): a clearing
    taken, every piece in the richest clearing removed, the plan's most
    (``RulePlan.march_most``), from off the map."""
    pieces = 0
    for c in s.clearings:
        here = len(c.buildings) + len(c.tokens)
        if here > pieces:
            pieces = here
    return 5.0 + 6 + 2 * pieces + plan.march_most + 3 + count * 0.3


@dataclass(slots=True)
class Marches:
    """What the rule bot's rating of a march reads of the places it joins,
    kept for the other marches of one decision (the view does not change
    between them): by origin, the warriors there and the fewest to leave
    behind; by destination, the strongest enemy's warriors there, one's own,
    whether one does not rule it, the enemy's pieces to take and whether
    any is a building."""

    origins: dict[int, tuple[int, int]] = field(default_factory=dict)
    destinations: dict[int, tuple[int, int, bool, int, bool]] = field(default_factory=dict)
    plan: RulePlan | None = None
    """The marching faction's plan, once asked."""


class RootBot(Bot):
    """Plays whichever faction its seat holds, by priorities."""

    name = "root"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: Each faction's plan and its ratings by action type, made once.
        self.plans: dict[int, tuple[RulePlan, Mapping[type, Rating]]] = {}
        #: Every faction's ratings of its actions others take (``guest_rates``).
        self.guests: dict[type, Rating] | None = None

    def plan(self, faction: int) -> tuple[RulePlan, Mapping[type, Rating]]:
        found = self.plans.get(faction)
        if found is None:
            plan = FACTIONS[faction].plan()
            found = self.plans[faction] = (plan, plan.rates())
        return found

    def unseen(self, legal: list[Action]) -> Action | None:
        """A forced move (one legal action) is played without a look at the
        position, so without the view (a copy of the whole state)."""
        return legal[0] if len(legal) == 1 else None

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        assert isinstance(view, RootState)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        assert seat is not None
        me = view.faction_of(seat)
        plan, rates = self.plan(me)
        own = plan.ratings(view, legal, card_value)
        best = float("-inf")
        values: list[float] = [best] * len(legal)
        # The marches are rated last, and only when one could be the best:
        # every other action's rating is known by then (the ties are
        # gathered in the list's order at the end, as one pass would).
        marches: list[int] = []
        if own is None:
            for i, action in enumerate(legal):
                if action.__class__ is Move:
                    marches.append(i)
                    continue
                value = values[i] = self.rated(plan, rates, view, me, action)
                if value > best:
                    best = value
        else:
            for i, action in enumerate(legal):
                mine = own[i]
                if mine is not None:
                    value = mine
                elif action.__class__ is Move:
                    marches.append(i)
                    continue
                else:
                    value = self.rated(plan, rates, view, me, action)
                values[i] = value
                if value > best:
                    best = value
        # (The most warriors a march offered moves: from a place off the
        # map too, where the clearings do not count them.)
        if (
            marches
            and not march_most(view, plan, max(map(_COUNT, map(legal.__getitem__, marches)))) < best
        ):
            # What a march's rating reads of its origin and its destination,
            # found once per place for this decision (a move is offered once
            # per number of warriors, from several origins into one clearing).
            best = self.rate_marches(view, me, legal, marches, values, best, Marches(plan=plan))
        if values.count(best) == 1:
            chosen = [legal[values.index(best)]]
        else:
            chosen = [a for a, value in zip(legal, values, strict=True) if value == best]
        return self.rng.choice(chosen)

    # ----------------------------------------------------------- priorities
    def rate(self, s: RootState, me: int, a: Action) -> float:
        plan, rates = self.plan(me)
        return self.rated(plan, rates, s, me, a)

    def rated(
        self, plan: RulePlan, rates: Mapping[type, Rating], s: RootState, me: int, a: Action
    ) -> float:
        """:meth:`rate` with the faction's plan and its ratings at hand (a
        decision rates every action with them): the plan's own rating of
        the action first, then every faction's guest ratings, then the
        priorities every faction shares."""
        own = rates.get(type(a))
        if own is not None:
            return own(s, me, a)
        if self.guests is None:
            self.guests = {
                t: r for f in FACTIONS.values() for t, r in f.plan().guest_rates().items()
            }
        guest = self.guests.get(type(a))
        if guest is not None:
            return guest(s, me, a)
        match a:
            case Done():
                return 0.0
            case Decline():
                return 0.0
            case PlayAmbush():
                return 100.0
            case Remove():
                return plan.spare.get(a.piece, 0)
            case UseEffect():
                if a.effect == "royal_claim":
                    return 10.0 if len(core.ruled(s, me)) >= 4 else -1.0
                return 20.0
            case DefenderFirst():
                # Going second costs the attacker nothing and shows it the
                # defender's choice first: it still uses its effects after.
                return 25.0
            case TaxCollector():
                return 1.0 if core.warriors(s, me, a.clearing) > 2 else -1.0
            case Craft():
                c = card_of(a.card)
                if c.kind == "item":
                    return 30.0 + c.effect.vp  # type: ignore[union-attr]
                if c.kind == "favor":
                    return (
                        25.0
                        + sum(
                            core.has_pieces(s, enemy, n)
                            for n in s.woodland.of_suit(c.suit)
                            for enemy in core.enemies(s, me)
                        )
                        * 3
                    )
                return 8.0
            case Discard():
                return -card_value(a.card)
            case Sail():
                # A move like any other, and a card drawn (Law 16.2.2.V).
                walk = rates.get(Move)
                moved = walk(s, me, a) if walk is not None else self.rate_move(s, me, a)
                return moved + SAIL_BONUS
            case ClearPath():
                # A point for a card (Law 16.2.3.III): worth a card it
                # would rather not keep.
                return CLEAR_PATH_VALUE - 2 * card_value(a.card)
            case Battle():
                defender = a.defender
                if defender < 0:
                    (defender,) = core.defenders(s, me, a.clearing)
                return self.rate_battle(s, me, a.clearing, defender)
            case Move():
                return self.rate_move(s, me, a)
            case Recruit():
                return 12.0
        return 0.0

    def rate_battle(self, s: RootState, me: int, clearing: int, enemy: int) -> float:
        mine = core.warriors(s, me, clearing)
        theirs = core.warriors(s, enemy, clearing)
        # Buildings and tokens that may be removed (a lasting pawn is no prize).
        prizes = core.removable_count(s, enemy, clearing)
        if mine < theirs or mine < 2 and theirs:
            return -5.0
        own = self.plan(me)[0].battle(s, me, clearing, enemy, mine, theirs)
        if own is not None:
            return own
        return 20.0 + prizes * 6 + (4 if theirs == 0 else 0) + mine - theirs

    def rate_move(
        self,
        s: RootState,
        me: int,
        m: Move,
        places: Marches | None = None,
    ) -> float:
        """A march's rating.  ``places`` keeps what it read of each origin
        and destination for the next move of the same decision (the state
        does not change between them)."""
        values = [0.0]
        self.rate_marches(s, me, [m], (0,), values, 0.0, Marches() if places is None else places)
        return values[0]

    def rate_marches(
        self,
        s: RootState,
        me: int,
        legal: Sequence[Action],
        at: Iterable[int],
        values: list[float],
        best: float,
        places: Marches,
    ) -> float:
        """:meth:`rate_move` of the marches at ``at`` in ``legal`` (one
        decision's), into ``values`` at the same places, in one pass: what a
        rating reads of each origin and destination is read once
        (``places``), and a plan that adds nothing to a march
        (``RulePlan.march`` not its own) is not asked.  The best of
        ``best`` and their ratings."""
        plan = places.plan
        if plan is None:
            plan = places.plan = self.plan(me)[0]
        own_march = plan.march if type(plan).march is not RulePlan.march else None
        on_map = s.woodland.number_set
        origins, destinations = places.origins, places.destinations
        # The last march's ends: a march of n warriors follows the march of
        # n - 1 between the same places, which read the same of them.
        last_origin = last_to = None
        on_map_origin = on_map_to = True
        seen: tuple[int, int] = (0, 0)
        there: tuple[int, int, bool, int, bool] = (0, 0, False, 0, False)
        for i in at:
            m: Move = legal[i]  # type: ignore[assignment]
            origin, to, count = m.origin, m.to, m.count
            if origin != last_origin:
                last_origin, last_to = origin, None
                on_map_origin = origin in on_map
                if on_map_origin:
                    found = origins.get(origin)
                    if found is None:
                        # Keep what guards buildings at home.
                        guard = len(core.buildings_of(s, me, origin)) + plan.guard(s, me, origin)
                        found = origins[origin] = (
                            core.warriors(s, me, origin),
                            min(guard, strongest(s, me, origin) + 1),
                        )
                    seen = found
            if on_map_origin and seen[0] - count < seen[1]:
                values[i] = -10.0
                if best < -10.0:
                    best = -10.0
                continue
            if to != last_to:
                last_to = to
                on_map_to = to in on_map
                known = destinations.get(to)
                if known is not None:
                    there = known
                else:
                    enemy = strongest_enemy(s, me, to)
                    enemy_buildings = len(core.buildings_of(s, enemy, to))
                    there = destinations[to] = (
                        core.warriors(s, enemy, to),
                        core.warriors(s, me, to),
                        core.ruler(s, to) != me,
                        core.removable_count(s, enemy, to),
                        enemy_buildings > 0,
                    )
            there_enemy, there_mine, not_mine, prizes, enemy_buildings_there = there
            value = 5.0
            if not_mine and there_mine + count > there_enemy:
                value += 6  # take the clearing
            value += 2 * prizes
            if own_march is not None:
                # (The shared plan's march adds 0.0: nothing to add.)
                value += own_march(s, there_mine, there_enemy, count, enemy_buildings_there)
            if not on_map_to:
                value -= 8  # off the map, out of the fight
            if not on_map_origin:
                value += 3
            value = values[i] = value + count * 0.3
            if value > best:
                best = value
        return best
