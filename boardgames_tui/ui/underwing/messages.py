"""What Underwing's board widgets report to the screen (messages up,
attributes down): the cursor moved, or the player acted on what it points at
(Enter or a click)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from .choices import Target


@dataclass
class TargetChanged(Message):
    """The cursor of the grid or the Field now points at ``target``."""

    target: Target


@dataclass
class TargetActivated(Message):
    """The player clicked ``target`` a second time (the first click points)."""

    target: Target


@dataclass
class SeatPicked(Message):
    """A player's mat was clicked."""

    seat: int
