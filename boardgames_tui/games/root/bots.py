"""Rule-based bots for Root, one per faction, written from each faction's goals
and reading only the seat's view.

Each decision rates every legal action by a short list of priorities and takes
the best (ties broken by the bot's own RNG).  The Duchy follows the spirit of
the published Drillbit Duchy priorities (facts: dig when the Burrow holds four
or more, battle where it is stronger, build citadels then markets, run every
swayed minister, sway the highest minister it can); the Marquise builds where
the wood is, recruits, defends and takes back her clearings, and crafts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.game import Action, Game, GameState

from . import core
from .actions import (
    Battle,
    BuildCats,
    BuildDuchy,
    ChooseKeep,
    Craft,
    Decline,
    DefenderFirst,
    Dig,
    Discard,
    Done,
    ExtraAction,
    Hospital,
    Minister,
    Move,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
    PlayAmbush,
    Recruit,
    Remove,
    ReturnMinister,
    Reveal,
    Spend,
    Sway,
    TaxCollector,
    UseEffect,
    Warriors,
)
from .bots_eyrie import EyriePlan
from .cards import deck
from .factions import marquise
from .model import BURROW, CATS, DUCHY, EYRIE, HIDDEN, KEEP_CORNERS, RootState, card_of
from .tracks import duchy as duchy_board

RANK_VALUE = {"squire": 1, "noble": 2, "lord": 3}


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
    return max([there.get(e, 0) for e in core.enemies(s, me)])


class FactionPlan(Protocol):
    """A faction's own rule bot, asked first for its seat's decisions: a
    rating per legal action (None: rate this one by the shared priorities),
    or None for a decision it leaves wholly to them."""

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None: ...


#: The factions whose play goes beyond the shared priorities, by faction
#: number: the Eyrie's Decree (``bots_eyrie.py``).
FACTION_PLANS: dict[int, Callable[[], FactionPlan]] = {EYRIE: EyriePlan}


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


class RootBot(Bot):
    """Plays whichever faction its seat holds, by priorities."""

    name = "root"

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        assert isinstance(view, RootState)
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        assert seat is not None
        me = view.faction_of(seat)
        plan = FACTION_PLANS.get(me)
        own = plan().ratings(view, legal, card_value) if plan is not None else None
        best = float("-inf")
        chosen: list[Action] = []
        # What a march's rating reads of its origin and its destination,
        # found once per place for this decision (a move is offered once
        # per number of warriors, from several origins into one clearing).
        places = Marches()
        for i, action in enumerate(legal):
            mine = own[i] if own is not None else None
            if mine is not None:
                value = mine
            elif type(action) is Move:
                value = self.rate_move(view, me, action, places)
            else:
                value = self.rate(view, me, action)
            if value > best:
                best, chosen = value, [action]
            elif value == best:
                chosen.append(action)
        return self.rng.choice(chosen)

    # ----------------------------------------------------------- priorities
    def rate(self, s: RootState, me: int, a: Action) -> float:
        match a:
            case Done():
                return 0.0
            case Decline():
                return 0.0
            case PlayAmbush():
                return 100.0
            case Hospital():
                return 10.0 * s.stack[-1].count - card_value(a.card) * 2
            case Remove():
                return {"wood": 5, "tunnel": 4, "market": 2, "citadel": 1}.get(a.piece, 0)
            case ReturnMinister():
                return (
                    -RANK_VALUE[duchy_board().minister(a.name).rank]
                    - duchy_board().minister(a.name).number / 10
                )
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
                            for n in core.WOODLAND.of_suit(c.suit)
                            for enemy in core.enemies(s, me)
                        )
                        * 3
                    )
                return 8.0
            case Discard():
                return -card_value(a.card)
            case ChooseKeep():
                return KEEP_CORNERS.get(a.clearing, 0.0)
            case PlaceStart():
                return core.free_slots(s, a.clearing) + (0.5 if a.clearing == s.cats.keep else 0)
            case Battle():
                defender = a.defender
                if defender < 0:
                    (defender,) = core.defenders(s, me, a.clearing)
                return self.rate_battle(s, me, a.clearing, defender)
            case Move():
                return self.rate_move(s, me, a)
            case BuildCats():
                space = marquise.next_space(s, a.building)
                vp = space.vp if space else 0
                safety = core.warriors(s, me, a.clearing) - strongest(s, me, a.clearing)
                bonus = {"sawmill": 2.0, "workshop": 1.0, "recruiter": 1.5}[a.building]
                return 40.0 + vp * 3 + bonus + min(safety, 3)
            case PayWood():
                return -s.clearings[a.clearing].wood
            case Recruit():
                return 35.0 if me == CATS else 12.0
            case Overwork():
                return 6.0 - card_value(a.card)
            case ExtraAction():
                # Any bird card but an ambush buys the Marquise another action.
                return 4.0 if s.actions_left == 0 and card_value(a.card) < 5 else -1.0
            case PlaceAt():
                return -strongest(s, me, a.clearing)
            case BuildDuchy():
                return self.rate_duchy_build(s, a)
            case Dig():
                return self.rate_dig(s, a)
            case Warriors():
                return float(a.count)
            case Minister():
                m = duchy_board().minister(a.name)
                return 50.0 + RANK_VALUE[m.rank] * 2 - (5.0 if m.name == "Banker" else 0)
            case Spend():
                keep = len(s.duchy.hand) <= 3
                return -1.0 if keep else 5.0 - card_value(a.card)
            case Sway():
                m = duchy_board().minister(a.minister)
                return (
                    60.0
                    + RANK_VALUE[m.rank] * 5
                    + (2 if m.name in ("Earl of Stone", "Captain", "Brigadier") else 0)
                )
            case Reveal():
                c = card_of(a.card)
                return 10.0 - (5 if c.suit == "bird" else 0) - card_value(a.card)
        return 0.0

    def rate_battle(self, s: RootState, me: int, clearing: int, enemy: int) -> float:
        mine = core.warriors(s, me, clearing)
        theirs = core.warriors(s, enemy, clearing)
        prizes = len(core.buildings_of(s, enemy, clearing)) + len(
            core.tokens_of(s, enemy, clearing)
        )
        if mine < theirs or mine < 2 and theirs:
            return -5.0
        if me == CATS and core.buildings_of(s, enemy, clearing):
            # The Price of Failure: every Duchy building removed costs the
            # Duchy a minister and its crown for good.  Before building.
            return 45.0 + 10 * len(core.buildings_of(s, enemy, clearing)) + mine - theirs
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
        if places is None:
            places = Marches()
        origin, to, count = m.origin, m.to, m.count
        if origin != BURROW:
            seen = places.origins.get(origin)
            if seen is None:
                # Keep what guards buildings at home.
                guard = len(core.buildings_of(s, me, origin)) + (
                    2 if me == CATS and origin == s.cats.keep else 0
                )
                seen = places.origins[origin] = (
                    core.warriors(s, me, origin),
                    min(guard, strongest(s, me, origin) + 1),
                )
            if seen[0] - count < seen[1]:
                return -10.0
        there = places.destinations.get(to)
        if there is None:
            enemy = strongest_enemy(s, me, to)
            enemy_buildings = len(core.buildings_of(s, enemy, to))
            there = places.destinations[to] = (
                core.warriors(s, enemy, to),
                core.warriors(s, me, to),
                core.ruler(s, to) != me,
                enemy_buildings + len(core.tokens_of(s, enemy, to)),
                enemy_buildings > 0,
            )
        there_enemy, there_mine, not_mine, prizes, enemy_buildings_there = there
        value = 5.0
        if not_mine and there_mine + count > there_enemy:
            value += 6  # take the clearing
        value += 2 * prizes
        if (
            me == CATS
            and enemy_buildings_there
            and there_mine < max(2, there_enemy) <= there_mine + count
        ):
            value += 10  # enough to battle the Duchy's buildings there
        if to == BURROW:
            value -= 8
        if origin == BURROW:
            value += 3
        return value + count * 0.3

    def rate_duchy_build(self, s: RootState, a: BuildDuchy) -> float:
        citadels = core.on_map(s, "citadel")
        markets = core.on_map(s, "market")
        want = "citadel" if citadels <= markets else "market"
        value = 30.0 + (3 if a.building == want else 0)
        value -= 3 if card_of(a.card).suit == "bird" else 0
        value += core.warriors(s, DUCHY, a.clearing) - strongest(s, DUCHY, a.clearing)
        return value - card_value(a.card) * 0.5

    def rate_dig(self, s: RootState, a: Dig) -> float:
        burrow = s.clearings[BURROW].moles
        if burrow < 3 and s.duchy.tunnels < 3:
            return -2.0
        cats = strongest(s, DUCHY, a.clearing)
        slots = core.free_slots(s, a.clearing)
        return 15.0 + slots * 2 - cats - card_value(a.card) + (burrow - 4) * 0.5
