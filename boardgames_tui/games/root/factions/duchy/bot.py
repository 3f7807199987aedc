"""The Underground Duchy's plan for the rule bot (``bots.py``), in the spirit
of the published Drillbit Duchy priorities (facts: dig when the Burrow holds
four or more, battle where it is stronger, build citadels then markets, run
every swayed minister, sway the highest minister it can)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

from boardgames_tui.engine.game import Action

from ... import core
from ...bots import card_value, strongest
from ...model import RootState, card_of
from ...plan import Rating, RulePlan
from .actions import BuildDuchy, Dig, Minister, ReturnMinister, Reveal, Spend, Sway, Warriors
from .board import duchy
from .state import BURROW, DUCHY, me

RANK_VALUE = {"squire": 1, "noble": 2, "lord": 3}


class DuchyPlan(RulePlan):
    spare: ClassVar[Mapping[str, float]] = {"tunnel": 4, "market": 2, "citadel": 1}

    def rates(self) -> Mapping[type, Rating]:
        return {
            ReturnMinister: rate_return,
            BuildDuchy: rate_build,
            Dig: rate_dig,
            Warriors: rate_warriors,
            Minister: rate_minister,
            Spend: rate_spend,
            Sway: rate_sway,
            Reveal: rate_reveal,
        }

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        """A decision of the Assembly with digs: what a dig's rating reads
        of the Burrow, each clearing and each card, read once for all of
        them (the same ratings as :func:`rate_dig`, which rates any other;
        the rest by :meth:`rates`)."""
        if s.step != "assembly" or s.stack:
            return None
        for a in legal:
            if a.__class__ is Dig:
                break
        else:
            return None
        burrow = s.clearings[BURROW].warriors.get(DUCHY, 0)
        if burrow < 3 and me(s).tunnels < 3:
            return [-2.0 if type(a) is Dig else None for a in legal]
        # The strongest enemy's warriors and the free slots, by clearing;
        # each card's worth, by card.
        places: dict[int, tuple[int, int]] = {}
        worths: dict[int, float] = {}
        out: list[float | None] = []
        for a in legal:
            if a.__class__ is not Dig:
                out.append(None)
                continue
            there = places.get(a.clearing)
            if there is None:
                there = places[a.clearing] = (
                    strongest(s, DUCHY, a.clearing),
                    core.free_slots(s, a.clearing),
                )
            cats, slots = there
            card = a.card
            worth = worths.get(card)
            if worth is None:
                worth = worths[card] = card_value(card)
            out.append(15.0 + slots * 2 - cats - worth + (burrow - 4) * 0.5)
        return out


def rate_return(s: RootState, me_: int, a: ReturnMinister) -> float:
    return -RANK_VALUE[duchy().minister(a.name).rank] - duchy().minister(a.name).number / 10


def rate_build(s: RootState, me_: int, a: BuildDuchy) -> float:
    counts = core.buildings_on_map(s)
    citadels = counts.get("citadel", 0)
    markets = counts.get("market", 0)
    want = "citadel" if citadels <= markets else "market"
    value = 30.0 + (3 if a.building == want else 0)
    value -= 3 if card_of(a.card).suit == "bird" else 0
    value += core.warriors(s, DUCHY, a.clearing) - strongest(s, DUCHY, a.clearing)
    return value - card_value(a.card) * 0.5


def rate_dig(s: RootState, me_: int, a: Dig) -> float:
    burrow = s.clearings[BURROW].warriors.get(DUCHY, 0)
    if burrow < 3 and me(s).tunnels < 3:
        return -2.0
    cats = strongest(s, DUCHY, a.clearing)
    slots = core.free_slots(s, a.clearing)
    return 15.0 + slots * 2 - cats - card_value(a.card) + (burrow - 4) * 0.5


def rate_warriors(s: RootState, me_: int, a: Warriors) -> float:
    return float(a.count)


def rate_minister(s: RootState, me_: int, a: Minister) -> float:
    m = duchy().minister(a.name)
    return 50.0 + RANK_VALUE[m.rank] * 2 - (5.0 if m.name == "Banker" else 0)


def rate_spend(s: RootState, me_: int, a: Spend) -> float:
    keep = len(me(s).hand) <= 3
    return -1.0 if keep else 5.0 - card_value(a.card)


def rate_sway(s: RootState, me_: int, a: Sway) -> float:
    m = duchy().minister(a.minister)
    return (
        60.0
        + RANK_VALUE[m.rank] * 5
        + (2 if m.name in ("Earl of Stone", "Captain", "Brigadier") else 0)
    )


def rate_reveal(s: RootState, me_: int, a: Reveal) -> float:
    c = card_of(a.card)
    return 10.0 - (5 if c.suit == "bird" else 0) - card_value(a.card)
