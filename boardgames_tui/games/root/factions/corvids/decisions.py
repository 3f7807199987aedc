"""The Corvid Conspiracy's decisions on the stack (a part of the save
format): an enemy's chance to expose a plot, and where warriors go when the
supply cannot reach every clearing.  Their handlers are in ``faction.py``."""

from __future__ import annotations

from typing import ClassVar, Final, Literal

from boardgames_tui.engine.data import action_data

from ...model import Decision, decision

#: The windows of Exposure in the Corvids' turn, in words.
WINDOWS: Final[dict[str, str]] = {
    "birdsong": "Birdsong",
    "plot": "a plot placed",
    "trick": "plots swapped",
    "flip": "a plot flipped, more to flip",
    "evening": "Evening, before their draw",
}


@decision
@action_data
class ExposureChance(Decision):
    """An enemy's window to expose face-down plots (Law 13.2.4): at the start
    of the Corvids' Birdsong, after an action of theirs that gave it a new
    chance, and before their Evening draw (the ruling in docs/rules/root.md):
    guess as often as it likes, then decline.  Offered to every enemy with
    pieces in a clearing holding a face-down plot (after an action, where
    the action was), which is public, so being asked reveals nothing of a
    hand."""

    kind: Literal["exposure_chance"] = "exposure_chance"
    when: str = "birdsong"
    """Which window of the Corvids' turn: "birdsong" (its start), "plot"
    (a plot placed), "trick" (face-down plots swapped), "flip" (a plot
    flipped, more to flip) or "evening" (before the draw)."""

    @property
    def moment(self) -> str:
        """The window in words."""
        return WINDOWS.get(self.when, self.when)

    asks: ClassVar[str] = (
        "Exposure: show the Corvids a matching card and name a face-down plot's type, or pass."
    )
    done: ClassVar[str] = "Expose nothing"
    doing: ClassVar[str] = "deciding whether to expose a Corvid plot"


@decision
@action_data
class CorvidWarriors(Decision):
    """A recruit or a raid reaches more clearings than the supply has
    warriors: the Corvids choose where the ``count`` left go, one by one."""

    kind: Literal["corvid_warriors"] = "corvid_warriors"
    count: int
    spots: tuple[int, ...]
    why: str = "recruit"

    asks: ClassVar[str] = "Too few warriors for every clearing: choose where the next one goes."
    doing: ClassVar[str] = "placing warriors"
