"""Where each card of the hatching grounds and each of its element spaces
sits, for the grid's width (and, with room to spare, each card's ribbons).

Textual-free: :class:`~.grounds.GroundsView` lays itself out with
:func:`grid_layout`, and the screen reads ``MIN_CARD`` to decide whether the
grid and the side panel fit side by side.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import ceil

from rich.console import Console
from rich.text import Text
from textual.geometry import Region

from boardgames_tui.games.underwing.cards import card, effect_text
from boardgames_tui.games.underwing.model import Slot, UnderwingState

from .look import SPACE_WIDTH

#: Each element space takes a gutter (the cursor's arrow) and its cell.
SLOT_WIDTH = SPACE_WIDTH + 1
MIN_CARD = 2 + 2 * SLOT_WIDTH
MAX_CARD = 2 + 3 * SLOT_WIDTH + 3


@dataclass(frozen=True)
class GridLayout:
    """Where each card and each of its element spaces sits."""

    cols: int
    rows: int
    outer: int
    per_line: int
    tops: tuple[int, ...]
    heights: tuple[int, ...]
    ribbons: bool = False

    @property
    def inner(self) -> int:
        return self.outer - 2

    @property
    def width(self) -> int:
        return self.cols * self.outer

    @property
    def height(self) -> int:
        return sum(self.heights)

    def origin(self, slot: int) -> tuple[int, int]:
        row, col = divmod(slot, self.cols)
        return col * self.outer, self.tops[row]

    def item_region(self, slot: int, item: int) -> Region:
        """The cells of the card's name line (``item`` -1) or of a space."""
        x, y = self.origin(slot)
        if item < 0:
            return Region(x + 1, y + 1, self.inner, 1)
        line, col = divmod(item, self.per_line)
        return Region(x + 1 + col * SLOT_WIDTH, y + 2 + line, SLOT_WIDTH, 1)

    def card_region(self, slot: int) -> Region:
        x, y = self.origin(slot)
        return Region(x, y, self.outer, self.heights[slot // self.cols])


def space_count(s: Slot) -> int:
    """Element spaces a player can point at: none on a wild dragon or an empty space."""
    return _space_count(s.card, s.wild)


def _space_count(card_id: int | None, wild: bool) -> int:
    return len(card(card_id).spaces) if card_id is not None and not wild else 0


def ribbon_lines(s: Slot, width: int) -> list[tuple[str, str]]:
    """A card's ribbons, wrapped to ``width``, at most two lines each:
    ``(kind, line)`` with kind "tame" or "wild" (a wild dragon shows only
    what its red ribbon did)."""
    if s.card is None:
        return []
    return list(_ribbon_lines(s.card, s.wild, width))


@lru_cache(maxsize=1024)
def _ribbon_lines(card_id: int, wild: bool, width: int) -> tuple[tuple[str, str], ...]:
    c = card(card_id)
    found: list[tuple[str, str]] = []
    ribbons = [("wild", c.wild)] if wild else [("tame", c.tame), ("wild", c.wild)]
    for kind, effects in ribbons:
        words = f"{kind}: " + "; ".join(effect_text(e) for e in effects)
        wrapped = Text(words).wrap(Console(width=max(8, width)), max(8, width))
        lines = [line.plain.rstrip() for line in wrapped]
        if len(lines) > 2:
            lines = [lines[0], lines[1][: max(0, width - 1)] + "…"]
        found += [(kind, line) for line in lines]
    return tuple(found)


def grid_layout(state: UnderwingState, width: int, ribbons: bool = False) -> GridLayout:
    """Card sizes for ``width`` columns; ``ribbons``: room for each card's
    tame and wild ribbons.  (Worked out once for a grid's cards and width:
    a move asks for it three times or more, its cards mostly as before.)"""
    cards = tuple((s.card, s.wild) for s in state.grounds)
    return _grid_layout(max(1, state.cols), state.rows, cards, width, ribbons)


@lru_cache(maxsize=256)
def _grid_layout(
    cols: int, rows: int, cards: tuple[tuple[int | None, bool], ...], width: int, ribbons: bool
) -> GridLayout:
    rows = max(rows, ceil(len(cards) / cols))
    outer = max(MIN_CARD, min(MAX_CARD, width // cols))
    per_line = max(1, (outer - 2) // SLOT_WIDTH)
    heights = []
    for row in range(rows):
        slots = cards[row * cols : (row + 1) * cols]
        spaces = (_space_count(c, wild) for c, wild in slots)
        lines = max((ceil(count / per_line) for count in spaces), default=1)
        extra = 0
        if ribbons:
            extra = max(
                (len(_ribbon_lines(c, wild, outer - 3)) for c, wild in slots if c is not None),
                default=0,
            )
        heights.append(3 + max(2, lines) + extra)
    tops = tuple(sum(heights[:r]) for r in range(rows))
    return GridLayout(cols, rows, outer, per_line, tops, tuple(heights), ribbons)


__all__ = [
    "MAX_CARD",
    "MIN_CARD",
    "SLOT_WIDTH",
    "GridLayout",
    "grid_layout",
    "ribbon_lines",
    "space_count",
]
