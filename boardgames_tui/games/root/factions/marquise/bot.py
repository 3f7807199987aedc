"""The Marquise de Cat's plan for the rule bot (``bots.py``): she builds where
the wood is (sawmills first), recruits, defends and takes back her clearings,
battles the enemy's buildings before she builds (a Duchy building removed
costs it a minister for good), keeps warriors at her keep, chooses her keep
by how it has served her, and spends a bird card for another action when
her actions are spent."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ... import core
from ...actions import Recruit
from ...bots import card_value, strongest
from ...model import RootState
from ...plan import Rating, RulePlan
from .actions import (
    BuildCats,
    ChooseKeep,
    ExtraAction,
    Hospital,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
)
from .decisions import FieldHospitals
from .rules import next_space
from .state import keep_worth, me


class MarquisePlan(RulePlan):
    spare: ClassVar[Mapping[str, float]] = {"wood": 5}

    def rates(self) -> Mapping[type, Rating]:
        return {
            Hospital: rate_hospital,
            ChooseKeep: rate_keep,
            PlaceStart: rate_start,
            BuildCats: rate_build,
            PayWood: rate_pay,
            Recruit: rate_recruit,
            Overwork: rate_overwork,
            ExtraAction: rate_extra,
            PlaceAt: rate_place,
        }

    def battle(
        self, s: RootState, me: int, clearing: int, enemy: int, mine: int, theirs: int
    ) -> float | None:
        """An enemy's buildings are worth a battle before building (the Price
        of Failure: every Duchy building removed costs the Duchy a minister
        and its crown for good)."""
        if core.buildings_of(s, enemy, clearing):
            return 45.0 + 10 * len(core.buildings_of(s, enemy, clearing)) + mine - theirs
        return None

    def guard(self, s: RootState, me_: int, origin: int) -> int:
        """Two warriors more at the keep."""
        return 2 if origin == me(s).keep else 0

    march_most: ClassVar[float] = 10.0

    def march(
        self, s: RootState, there_mine: int, there_enemy: int, count: int, buildings: bool
    ) -> float:
        """Enough warriors to battle the enemy's buildings there."""
        if buildings and there_mine < max(2, there_enemy) <= there_mine + count:
            return 10
        return 0.0


def rate_hospital(s: RootState, me_: int, a: Hospital) -> float:
    top = s.stack[-1]
    assert isinstance(top, FieldHospitals)
    return 10.0 * top.count - card_value(a.card) * 2


def rate_keep(s: RootState, me_: int, a: ChooseKeep) -> float:
    return keep_worth(s, a.clearing)


def rate_start(s: RootState, me_: int, a: PlaceStart) -> float:
    return core.free_slots(s, a.clearing) + (0.5 if a.clearing == me(s).keep else 0)


def rate_build(s: RootState, me_: int, a: BuildCats) -> float:
    space = next_space(s, a.building)
    vp = space.vp if space else 0
    safety = core.warriors(s, me_, a.clearing) - strongest(s, me_, a.clearing)
    bonus = {"sawmill": 2.0, "workshop": 1.0, "recruiter": 1.5}[a.building]
    return 40.0 + vp * 3 + bonus + min(safety, 3)


def rate_pay(s: RootState, me_: int, a: PayWood) -> float:
    return -s.clearings[a.clearing].count("wood")


def rate_recruit(s: RootState, me_: int, a: Recruit) -> float:
    return 35.0


def rate_overwork(s: RootState, me_: int, a: Overwork) -> float:
    return 6.0 - card_value(a.card)


def rate_extra(s: RootState, me_: int, a: ExtraAction) -> float:
    # Any bird card but an ambush buys the Marquise another action.
    return 4.0 if s.actions_left == 0 and card_value(a.card) < 5 else -1.0


def rate_place(s: RootState, me_: int, a: PlaceAt) -> float:
    return -strongest(s, me_, a.clearing)
