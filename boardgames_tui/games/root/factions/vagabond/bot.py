"""The Vagabond's plan for the rule bot (``bots.py``), in the spirit of the
published automated Vagabond: explore the ruins early, quest, aid the
leader's rivals (never the leader), battle the weakest (an enemy with no
warriors to answer, or a hostile one for infamy), strike at buildings and
tokens, keep his items repaired, and rest in a forest when they are damaged."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from boardgames_tui.engine.game import Action

from ... import core
from ...model import RootState
from ...plan import Rating, RulePlan
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
from .board import quest
from .decisions import ItemHits, ItemLimit, Refreshing, Repairing, TakeCrafted
from .state import HOSTILE, VAGABOND, is_forest, me

#: What an item is worth to him (the ones he acts with most, highest).
WORTH: Final = {
    "torch": 7.0,
    "boots": 6.0,
    "sword": 5.0,
    "tea": 4.0,
    "coins": 4.0,
    "crossbow": 3.0,
    "hammer": 3.0,
    "bag": 2.0,
}
CHARACTERS: Final = {"thief": 3.0, "ranger": 2.0, "tinker": 1.0}


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
            Repair: lambda s, f, a: 28.0 + WORTH.get(a.item, 0.0),
            Steal: lambda s, f, a: 25.0,
            DayLabor: lambda s, f, a: 18.0,
            Hideout: lambda s, f, a: 20.0 if len(satchel.broken(me(s))) >= 2 else -5.0,
            Coalition: lambda s, f, a: 45.0,
            AllyTakesHit: lambda s, f, a: 4.5,
            PickItem: rate_pick,
        }

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        return None


def goals(s: RootState, place: int) -> float:
    """What a clearing offers him: a ruin to explore, quests of its suit he
    has the items for, enemy buildings and tokens left unguarded."""
    v = me(s)
    value = 0.0
    if is_forest(place):
        return value
    if place in v.ruins and v.ruin_items:
        value += 8.0
    suit = s.woodland.suit_of(place)
    items = v.ready + v.exhausted
    for q in v.quests:
        spec = quest(q)
        if spec.suit == suit:
            value += 5.0 if all(items.count(i) >= spec.items.count(i) for i in spec.items) else 1.0
    if "sword" in items or "crossbow" in items:
        for f in core.enemies(s, VAGABOND):
            if not core.warriors(s, f, place) and core.removable(s, f, place):
                value += 6.0
    return value


def rate_start(s: RootState, f: int, a: StartIn) -> float:
    return sum(goals(s, n) for n in rules.clearings_next_to(s, a.place))


def rate_slip(s: RootState, f: int, a: Slip) -> float:
    v = me(s)
    if is_forest(a.to):
        damaged = len(v.damaged) + len(v.damaged_down)
        return 4.0 * damaged - 2.0 if damaged >= 2 else -2.0
    return (
        2.0 + goals(s, a.to) - goals(s, v.place) if not is_forest(v.place) else 2.0 + goals(s, a.to)
    )


def rate_walk(s: RootState, f: int, a: Walk) -> float:
    v = me(s)
    value = goals(s, a.clearing) + (
        3.0 if v.ready.count("torch") and a.clearing in v.ruins else 0.0
    )
    return value + (1.0 if a.ally < 0 else 0.0) - 2.0


def leader(s: RootState) -> int:
    others = [p for p in s.players if p.faction != VAGABOND]
    return max(others, key=lambda p: p.vp).faction


def rate_aid(s: RootState, f: int, a: Aid) -> float:
    v = me(s)
    if a.faction == leader(s) and len(s.players) > 2:
        return -5.0
    value = 22.0 - WORTH.get(a.item, 0.0)
    takes = bool(s.player(a.faction).items)
    if v.relations.get(a.faction) == HOSTILE:
        # No points: worth a card only for an item to take.
        return value - 8.0 if takes else -10.0
    return value + (8.0 if takes else 0.0)


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
    if theirs == 0 and prizes:
        return 35.0 + 5 * prizes
    if v.relations.get(a.defender) == HOSTILE and mine >= theirs:
        return 26.0 + prizes
    if mine >= 2 and theirs <= 1:
        return 15.0 + prizes
    return -5.0


def rate_strike(s: RootState, f: int, a: Strike) -> float:
    v = me(s)
    if a.piece:
        return 36.0
    return 24.0 if v.relations.get(a.faction) == HOSTILE else 3.0


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
