"""The Marquise de Cat's own actions (a part of the save format); she also
takes the shared ones (``Move``, ``Battle``, ``Recruit``, ``Craft`` ...)."""

from __future__ import annotations

from typing import Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action


@action_data
class ChooseKeep(Action):
    kind: Literal["keep"] = "keep"
    clearing: int


@action_data
class PlaceStart(Action):
    """Setup: place the Marquise's first building of a kind."""

    kind: Literal["place_start"] = "place_start"
    building: str
    clearing: int


@action_data
class Hospital(Action):
    """Field Hospitals: spend this card to bring the removed warriors to the keep."""

    kind: Literal["hospital"] = "hospital"
    card: int


@action_data
class PlaceAt(Action):
    """Place a piece (wood at a sawmill, a warrior at a recruiter) when the
    supply cannot fill every one."""

    kind: Literal["place_at"] = "place_at"
    clearing: int


@action_data
class BuildCats(Action):
    kind: Literal["build_cats"] = "build_cats"
    building: str
    clearing: int


@action_data
class PayWood(Action):
    kind: Literal["pay_wood"] = "pay_wood"
    clearing: int


@action_data
class Overwork(Action):
    kind: Literal["overwork"] = "overwork"
    card: int
    clearing: int


@action_data
class ExtraAction(Action):
    """Spend a bird card for one more action."""

    kind: Literal["extra_action"] = "extra_action"
    card: int


ACTIONS: tuple[type[Action], ...] = (
    ChooseKeep,
    PlaceStart,
    Hospital,
    PlaceAt,
    BuildCats,
    PayWood,
    Overwork,
    ExtraAction,
)
