"""What Tyrants' map and cards panel report: the cursor moved, or a second
click asked to act where it points."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from .choices import Pointer


@dataclass
class PointerMoved(Message):
    pointer: Pointer


@dataclass
class PointerActivated(Message):
    pointer: Pointer
