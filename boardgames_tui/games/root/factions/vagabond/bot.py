"""The Vagabond's plan for the rule bot (``bots.py``), in the spirit of the
published automated Vagabond: explore the ruins early, quest, aid toward
alliances (never the leader at a larger table), battle where the prizes
stand unguarded or the faction is already hostile, strike at buildings and
tokens, keep his items repaired, rest in a forest when they are damaged,
and form a coalition with the weakest when he can.

His day is planned around his items, which are few and refresh slowly
(three a Birdsong, two more per face-up tea): an action is worth what it
scores less what the items it exhausts would have done, so the tea and
coins (worth most face up), the boots he still needs to walk and the items
a quest asks for are spent last.  He walks toward the clearing that offers
him most (a ruin, a quest he has the items for, a faction to aid with the
cards he holds, prizes left unguarded), counted by paths from there; and an
Aid toward a relationship step is worth its points only when enough aids
can be given this turn to reach the step (the aids count from Birdsong)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from boardgames_tui.engine.game import Action

from ... import core
from ...model import HIDDEN, RootState, card_of
from ...plan import Rating, RulePlan, remembered
from ...woodland import WoodlandMap
from . import rules, satchel
from .actions import (
    Aid,
    AllyTakesHit,
    Attack,
    ChooseCharacter,
    Coalition,
    DayLabor,
    Explore,
    Hideout,
    PickItem,
    Quest,
    Repair,
    Slip,
    StartIn,
    Steal,
    Strike,
    Walk,
)
from .board import board, quest
from .decisions import ItemHits, ItemLimit, Refreshing, Repairing, TakeCrafted
from .state import ALLIED, HOSTILE, VAGABOND, Vagabond, is_forest, me

#: What an item is worth to him kept whole (the ones he acts with most, and
#: those that work face up, highest): the order hits and the item limit
#: spare them in, and Refresh, repairs and Aid take them in.
WORTH: Final = {
    "tea": 8.0,
    "boots": 7.0,
    "torch": 6.0,
    "coins": 6.0,
    "sword": 5.0,
    "bag": 3.0,
    "crossbow": 3.0,
    "hammer": 3.0,
}
#: What exhausting an item costs him this turn, before what it is still
#: needed for (tea, coins and bags work face up on their tracks: a tea
#: exhausted is two items fewer at the next Refresh, coins a card fewer).
SPEND: Final = {
    "tea": 9.0,
    "coins": 8.0,
    "bag": 2.0,
    "boots": 1.0,
    "torch": 1.0,
    "sword": 1.0,
    "crossbow": 0.5,
    "hammer": 0.5,
}
CHARACTERS: Final = {"thief": 3.0, "ranger": 2.0, "tinker": 1.0}
#: How much a goal one path farther is worth (a goal's worth is kept in
#: full where he stands, halved one clearing away, and so on).
FADE: Final = 0.5
#: How far the leader must be ahead of him before he forms a coalition.
COALITION_BEHIND: Final = 5
#: Damaged items from which he rests in a forest (with no hammer to repair).
REST_FROM: Final = 2


class VagabondPlan(RulePlan):
    def rates(self) -> Mapping[type, Rating]:
        return {
            ChooseCharacter: lambda s, f, a: CHARACTERS.get(a.character, 0.0),
            StartIn: rate_start,
            Slip: rate_slip,
            Walk: rate_walk,
            Attack: rate_attack,
            Explore: lambda s, f, a: 60.0,
            Aid: rate_aid,
            Quest: rate_quest,
            Strike: rate_strike,
            Repair: rate_repair,
            Steal: lambda s, f, a: 24.0 - spend(s, "torch"),
            DayLabor: lambda s, f, a: 18.0 - spend(s, "torch"),
            Hideout: lambda s, f, a: 20.0 if len(satchel.broken(me(s))) >= REST_FROM else -5.0,
            Coalition: rate_coalition,
            AllyTakesHit: lambda s, f, a: 4.5,
            PickItem: rate_pick,
        }

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        """A decision with walks, slips or starting forests: what each
        clearing offers him is worked out once for all of them; with aids,
        what every aid reads of where he stands (:class:`Aids`) once for
        all of them (the rest by :meth:`rates`)."""
        moving = aiding = False
        for a in legal:
            kind = a.__class__
            if kind is Walk or kind is Slip or kind is StartIn:
                moving = True
            elif kind is Aid:
                aiding = True
        if not (moving or aiding):
            return None
        values = goal_values(s) if moving else {}
        aids = Aids(s) if aiding else None
        out: list[float | None] = []
        for a in legal:
            if type(a) is Walk:
                out.append(rate_walk(s, VAGABOND, a, values))
            elif type(a) is Slip:
                out.append(rate_slip(s, VAGABOND, a, values))
            elif type(a) is StartIn:
                out.append(rate_start(s, VAGABOND, a, values))
            elif aids is not None and type(a) is Aid:
                out.append(aids.rate(a))
            else:
                out.append(None)
        return out


# ---------------------------------------------------------------- his items
def needs_rest(v: Vagabond) -> bool:
    """Whether his damaged items call for a rest in a forest: two or more
    (or his only boots or tea) with no hammer face up to repair them."""
    broken = v.damaged + v.damaged_down
    if not broken or v.ready.count("hammer"):
        return False
    return len(broken) >= REST_FROM or not satchel.undamaged(v, "boots")


def quest_items(s: RootState) -> Mapping[str, int]:
    """The items his face-up quests ask for that he holds undamaged (the most
    any one quest asks of each)."""
    v = me(s)
    key = (tuple(v.quests), tuple(v.ready), tuple(v.exhausted))
    return remembered(_QUEST_ITEMS, key, lambda: _quest_items(v), KEPT)


#: :func:`quest_items` by his quests and his undamaged items (face up, then
#: exhausted), worked out once for each (it depends on nothing else).
_QUEST_ITEMS: dict[tuple[tuple[int, ...], tuple[str, ...], tuple[str, ...]], dict[str, int]] = {}
#: The most answers kept; past it they are forgotten all at once.
KEPT = 5_000


def _quest_items(v: Vagabond) -> dict[str, int]:
    out: dict[str, int] = {}
    for q in v.quests:
        spec = quest(q)
        if all(satchel.undamaged(v, i) >= spec.items.count(i) for i in spec.items):
            for i in spec.items:
                out[i] = max(out.get(i, 0), spec.items.count(i))
    return out


def spend(s: RootState, item: str) -> float:
    """What exhausting one face-up ``item`` now costs him: its own cost, more
    when it is the last face-up one he would walk with or explore with, or
    one a quest he can do asks for."""
    v = me(s)
    cost = SPEND.get(item, 1.0)
    left = v.ready.count(item) - 1
    if item == "boots" and left < 1:
        cost += 3.0
    if item == "torch" and v.ruin_items and left < 1:
        cost += 4.0
    if left < quest_items(s).get(item, 0):
        cost += 5.0
    return cost


def matching_cards(s: RootState, place: int) -> int:
    """The cards in his hand that match a clearing (birds are wild)."""
    hand = me(s).hand
    return sum(1 for c in hand if c != HIDDEN and core.matches(s, card_of(c).suit, place))


# ------------------------------------------------------------------- goals
def leader(s: RootState) -> int:
    others = [p for p in s.players if p.faction != VAGABOND]
    return max(others, key=lambda p: p.vp).faction


def aid_worth(s: RootState, faction: int, given: int) -> float:
    """What ``given`` aids to a faction this turn score him (an Allied one:
    two points each; else the steps they reach: each step counts the aids
    given since Birdsong)."""
    v = me(s)
    level = v.relations.get(faction, 0)
    if level == HOSTILE:
        return 0.0
    steps = board().relationship_steps
    done = v.aided.get(faction, 0)
    worth = 0.0
    while given > 0:
        if level >= ALLIED:
            return worth + board().allied_aid_vp * given
        need = steps[level].aids - done
        if given < need:
            return worth
        given -= need
        worth += steps[level].vp
        level, done = level + 1, 0
    return worth


def aid_targets(s: RootState, place: int) -> list[int]:
    """The factions he would aid in a clearing: those with pieces there, not
    hostile, and not the leader at a table of three or more (unless allied)."""
    v = me(s)
    out = []
    top = leader(s) if len(s.players) > 2 else -1
    for p in s.players:
        f = p.faction
        if f == VAGABOND or v.relations.get(f) == HOSTILE:
            continue
        if f == top and v.relations.get(f) != ALLIED:
            continue
        if core.has_pieces(s, f, place):
            out.append(f)
    return out


class Goals:
    """What :func:`goals` reads of the position beyond the clearing, read
    once for every clearing of a decision: his items, the quests he has the
    items for by suit, the cards in his hand by suit, the factions he would
    aid and what aids to each are worth."""

    __slots__ = (
        "s",
        "have",
        "ruin",
        "quests",
        "suits",
        "cards",
        "birds",
        "aiding",
        "worths",
        "armed",
        "enemies",
    )

    def __init__(self, s: RootState) -> None:
        v = me(s)
        self.s = s
        have = self.have = v.ready + v.exhausted
        self.ruin = bool(v.ruin_items) and "torch" in have
        self.quests: dict[str, int] = {}
        for q in v.quests:
            spec = quest(q)
            if all(have.count(i) >= spec.items.count(i) for i in spec.items):
                self.quests[spec.suit] = self.quests.get(spec.suit, 0) + 1
        self.suits = s.woodland.suits
        # matching_cards: each card of a clearing's suit, and the birds (wild).
        self.cards: dict[str, int] = {}
        self.birds = 0
        for c in v.hand:
            if c == HIDDEN:
                continue
            card_suit = card_of(c).suit
            if card_suit == "bird":
                self.birds += 1
            else:
                self.cards[card_suit] = self.cards.get(card_suit, 0) + 1
        # aid_targets but for the pieces in the clearing.
        top = leader(s) if len(s.players) > 2 else -1
        self.aiding = [
            p.faction
            for p in s.players
            if p.faction != VAGABOND
            and v.relations.get(p.faction) != HOSTILE
            and not (p.faction == top and v.relations.get(p.faction) != ALLIED)
        ]
        self.worths: dict[tuple[int, int], float] = {}
        # Whether he can remove pieces left unguarded, and whose (read once).
        self.armed = "sword" in have or "crossbow" in have
        self.enemies = core.enemies(s, VAGABOND)

    def at(self, place: int) -> float:
        """:func:`goals` of ``place``."""
        if is_forest(place):
            return 0.0
        s, have = self.s, self.have
        value = 0.0
        if self.ruin and place in me(s).ruins:
            value += 10.0
        suit = self.suits[place]
        for _ in range(self.quests.get(suit, 0)):
            value += 9.0
        cards = self.cards.get(suit, 0) + self.birds
        if cards:
            aids = min(cards, len(have))
            worths = self.worths
            best = None
            for f in self.aiding:
                if not core.has_pieces(s, f, place):
                    continue
                worth = worths.get((f, aids))
                if worth is None:
                    worth = worths[f, aids] = aid_worth(s, f, aids)
                if best is None or worth > best:
                    best = worth
            value += 2.5 * (0.0 if best is None else best)
        if self.armed:
            warriors = s.clearings[place].warriors
            for f in self.enemies:
                if not warriors.get(f):
                    value += 4.0 * core.removable_count(s, f, place)
        return value


def goals(s: RootState, place: int) -> float:
    """What a clearing offers him with the items he holds undamaged: a ruin
    to explore, quests of its suit he has the items for, factions to aid
    with the cards of its suit he holds, enemy buildings and tokens left
    unguarded."""
    return Goals(s).at(place)


def goal_values(s: RootState) -> dict[int, float]:
    """:func:`goals` of every clearing, worked out once for a decision."""
    found = Goals(s)
    return {n: found.at(n) for n in s.woodland.numbers}


#: The fade of each place by its steps from a clearing, by map (by its
#: identity: each layout is made once, ``woodland.played_map``; the map is
#: kept beside them, so no other takes its identity) and clearing.
_FADES: dict[tuple[int, int], tuple[WoodlandMap, tuple[tuple[int, float], ...]]] = {}


def reach(s: RootState, start: int, values: dict[int, float] | None = None) -> float:
    """The best goal from ``start`` on, faded by the paths to it (``values``:
    :func:`goal_values`, when worked out already)."""
    if values is None:
        values = goal_values(s)
    if is_forest(start):
        return max(
            (FADE * reach(s, c, values) for c in rules.clearings_next_to(s, start)), default=0.0
        )
    woodland = s.woodland
    found = _FADES.get((id(woodland), start))
    if found is None:
        found = _FADES[id(woodland), start] = (
            woodland,
            tuple((place, FADE**steps) for place, steps in woodland.distances_from(start).items()),
        )
    best = 0.0
    for place, fade in found[1]:
        worth = values.get(place, 0.0) * fade
        if worth > best:
            best = worth
    return best


def rate_start(s: RootState, f: int, a: StartIn, values: dict[int, float] | None = None) -> float:
    """What the clearings next to a forest offer him (``values``:
    :func:`goal_values`, when worked out already)."""
    if values is None:
        found = Goals(s)
        return sum(found.at(n) for n in rules.clearings_next_to(s, a.place))
    return sum(values[n] for n in rules.clearings_next_to(s, a.place))


def rate_slip(s: RootState, f: int, a: Slip, values: dict[int, float] | None = None) -> float:
    v = me(s)
    if is_forest(a.to):
        return 40.0 if needs_rest(v) else -2.0
    if needs_rest(v):
        return -5.0
    if values is None:
        values = goal_values(s)
    return reach(s, a.to, values) - reach(s, v.place, values)


def rate_walk(s: RootState, f: int, a: Walk, values: dict[int, float] | None = None) -> float:
    v = me(s)
    if is_forest(v.place) and needs_rest(v):
        return -20.0  # stay to rest
    if values is None:
        values = goal_values(s)
    cost = sum(spend(s, "boots") for _ in range(rules.boots_to(s, a.clearing)))
    here = 0.0 if is_forest(v.place) else reach(s, v.place, values)
    return reach(s, a.clearing, values) - here + 1.0 - cost + (0.5 if a.ally < 0 else 0.0)


# ---------------------------------------------------------------- actions
def rate_aid(s: RootState, f: int, a: Aid) -> float:
    v = me(s)
    here = v.place
    takes = bool(s.player(a.faction).items)
    cost = spend(s, a.item)
    if a.faction not in aid_targets(s, here):
        return (12.0 - cost) if takes else -10.0
    # The aids he can give here this turn, this one included.
    aids = min(matching_cards(s, here), len(v.ready))
    worth = aid_worth(s, a.faction, aids)
    if worth <= 0:
        # Toward a step he cannot reach this turn: only for an item to take.
        return (12.0 - cost) if takes else -3.0
    return 20.0 + 8.0 * worth / aids + (6.0 if takes else 0.0) - cost


class Aids:
    """:func:`rate_aid` of one decision's aids: what each reads of where he
    stands (the factions he would aid there, the aids he can give) read
    once, and each item's cost, each faction's items and each faction's
    worth of the aids once (the same ratings)."""

    __slots__ = ("s", "targets", "aids", "ready", "costs", "takes", "worths")

    def __init__(self, s: RootState) -> None:
        v = me(s)
        self.s = s
        self.targets = aid_targets(s, v.place)
        self.aids = -1
        self.ready = len(v.ready)
        self.costs: dict[str, float] = {}
        self.takes: dict[int, bool] = {}
        self.worths: dict[int, float] = {}

    def rate(self, a: Aid) -> float:
        s = self.s
        takes = self.takes.get(a.faction)
        if takes is None:
            takes = self.takes[a.faction] = bool(s.player(a.faction).items)
        cost = self.costs.get(a.item)
        if cost is None:
            cost = self.costs[a.item] = spend(s, a.item)
        if a.faction not in self.targets:
            return (12.0 - cost) if takes else -10.0
        aids = self.aids
        if aids < 0:
            aids = self.aids = min(matching_cards(s, me(s).place), self.ready)
        worth = self.worths.get(a.faction)
        if worth is None:
            worth = self.worths[a.faction] = aid_worth(s, a.faction, aids)
        if worth <= 0:
            return (12.0 - cost) if takes else -3.0
        return 20.0 + 8.0 * worth / aids + (6.0 if takes else 0.0) - cost


def rate_quest(s: RootState, f: int, a: Quest) -> float:
    v = me(s)
    done = 1 + sum(1 for q in v.done_quests if quest(q).suit == quest(a.quest).suit)
    gets = float(done) * 3 if a.reward == "vp" else 5.0
    return 45.0 + gets


def rate_attack(s: RootState, f: int, a: Attack) -> float:
    v = me(s)
    here = v.place
    theirs = core.warriors(s, a.defender, here)
    swords = satchel.undamaged(v, "sword")
    mine = swords + (core.warriors(s, a.ally, here) if a.ally >= 0 else 0)
    prizes = len(core.removable(s, a.defender, here))
    hostile = v.relations.get(a.defender) == HOSTILE
    if theirs == 0 and prizes:
        return 35.0 + 5 * prizes
    if hostile and mine >= theirs and mine >= 2:
        # Infamy: a point for each piece of a hostile faction removed.
        return 26.0 + prizes
    if not hostile and v.relations.get(a.defender, 0) > 0:
        return -8.0  # a relationship he has built
    if mine >= 2 and theirs <= 1 and len(v.ready) + len(v.exhausted) >= 4:
        return 15.0 + prizes
    return -5.0


def rate_strike(s: RootState, f: int, a: Strike) -> float:
    v = me(s)
    if a.piece:
        return 36.0
    if v.relations.get(a.faction) == HOSTILE:
        return 24.0
    return 3.0 if v.relations.get(a.faction, 0) <= 0 else -8.0


def rate_coalition(s: RootState, f: int, a: Coalition) -> float:
    """A coalition ends his own scoring (Law 9.2.8): formed only when the
    leader is well ahead of him, his own way to 30 points the longer one."""
    top = max(p.vp for p in s.players if p.faction != VAGABOND)
    return 45.0 if top - me(s).vp >= COALITION_BEHIND else -50.0


def rate_repair(s: RootState, f: int, a: Repair) -> float:
    return 28.0 + WORTH.get(a.item, 0.0)


def rate_pick(s: RootState, f: int, a: PickItem) -> float:
    """An item picked for a decision: the most useful to turn face up, repair
    or take; the least useful to damage or remove."""
    worth = WORTH.get(a.item, 0.0)
    top = s.stack[-1] if s.stack else None
    if isinstance(top, ItemHits | ItemLimit):
        # Damaged or exhausted ones first; the least worth.
        return -worth + (2.0 if a.box in (satchel.EXHAUSTED, satchel.DAMAGED_DOWN) else 0.0)
    if isinstance(top, Refreshing | Repairing | TakeCrafted):
        return worth
    return 0.0
