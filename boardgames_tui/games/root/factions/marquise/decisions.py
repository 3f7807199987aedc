"""The Marquise de Cat's decisions on the stack (a part of the save format):
Field Hospitals, where the wood or the warriors go when the supply is short,
where a building's wood comes from, and the march's second move.  Their
handlers are the rules' (``rules.py``)."""

from __future__ import annotations

from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, InClearing, decision


@decision
@action_data
class FieldHospitals(InClearing):
    """Law 6.2.2: ``count`` Marquise warriors were removed in ``clearing``;
    she may spend a card of its suit to bring them to the keep."""

    kind: Literal["hospital"] = "hospital"
    count: int

    asks: ClassVar[str] = (
        "Field Hospitals: spend a matching card to bring the removed warriors to the keep?"
    )
    doing: ClassVar[str] = "deciding on Field Hospitals"


@action_data
class _Short(Decision):
    """The supply cannot put a piece at every building: ``count`` pieces
    left to place, one at a building of ``spots`` (a clearing per building)."""

    count: int
    spots: tuple[int, ...]

    #: The piece placed: "wood" or "warrior".
    piece: ClassVar[str]
    FROM_RECORD: ClassVar[dict[str, str]] = {"spots": "numbers"}


@decision
@action_data
class PlaceWood(_Short):
    kind: Literal["place_wood"] = "place_wood"

    piece: ClassVar[str] = "wood"
    asks: ClassVar[str] = "Not enough wood: choose a sawmill to place wood at."
    doing: ClassVar[str] = "placing wood"


@decision
@action_data
class PlaceWarrior(_Short):
    kind: Literal["place_warrior"] = "place_warrior"

    piece: ClassVar[str] = "warrior"
    asks: ClassVar[str] = "Not enough warriors: choose a recruiter to place a warrior at."
    doing: ClassVar[str] = "placing warriors"


@decision
@action_data
class PayingWood(InClearing):
    """A ``building`` in ``clearing``: ``count`` wood still to pay, from
    clearings connected to it through clearings she rules (asked only when
    the choice matters)."""

    kind: Literal["pay_wood"] = "pay_wood"
    count: int
    building: str

    asks: ClassVar[str] = "Choose where the wood for this building comes from."
    doing: ClassVar[str] = "paying wood for a building"
    FROM_RECORD: ClassVar[dict[str, str]] = {"building": "names[0]"}


@decision
@action_data
class March(Decision):
    """A march is two moves: the second, or none."""

    kind: Literal["march"] = "march"

    asks: ClassVar[str] = "March: take a second move?"
    done: ClassVar[str] = "Take no second move"
