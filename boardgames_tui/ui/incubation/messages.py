"""What Incubation's panels report when clicked.  The screen turns each into
the matching legal action (the same way as the direct keys)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message


@dataclass
class SectionPicked(Message):
    """A Market section was clicked on the ring."""

    section: int


@dataclass
class DiePicked(Message):
    """A die was clicked (mark it for a reroll, or choose it)."""

    die: int


@dataclass
class DeckPicked(Message):
    """An egg deck was clicked."""

    deck: int


@dataclass
class IncubatorPicked(Message):
    """One of a player's two incubators was clicked."""

    seat: int
    slot: int


@dataclass
class ObjectivePicked(Message):
    """An objective on offer was clicked (its place in the offer)."""

    index: int
