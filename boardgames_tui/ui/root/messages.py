"""What Root's board widgets report to the screen: the cursor moved, or the
player acted on the clearing it points at (Enter or a second click)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class ClearingChanged(Message):
    """The Woodland's cursor now points at ``clearing`` (0: the Burrow)."""

    clearing: int


@dataclass
class ClearingActivated(Message):
    """The player pressed Enter on, or clicked a second time, ``clearing``."""

    clearing: int
