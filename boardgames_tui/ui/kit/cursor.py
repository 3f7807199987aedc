"""A board's cursor as a Textual reactive.

:class:`BoardCursor` is a widget base for a board the player points at with
the arrows: ``cursor`` is the number of the place pointed at (a clearing, a
space in the board's order, a section of a ring).  Setting it goes through
``validate_cursor`` (clamped to the places, or wrapped round for a ring:
``WRAP``) and, when it changed, ``watch_cursor``, which redraws the old and
the new place (``redraw_places``; the whole board by default) and posts
:class:`BoardCursor.CursorMoved`.  ``activate()`` posts
:class:`BoardCursor.Activated` (Enter or a click on a place).  Both messages
carry the board as ``control``, so a screen selects them by id::

    @on(MarketRing.CursorMoved, "#market")
    def _pointed(self, message: MarketRing.CursorMoved) -> None: ...

A screen that places the cursor itself for a new decision uses
``place_cursor`` (validated, no message: the screen redraws anyway).

Put it *after* the game's own widget base in the class line
(``class MarketRing(IncubationPanel, BoardCursor)``): Textual takes a
widget's CSS type names (what ``IncubationPanel`` in a stylesheet or a
query matches) from the first base's line only.
"""

from __future__ import annotations

from typing import ClassVar

from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget


class BoardCursor(Widget):
    """A board with a cursor over its numbered places."""

    #: The place pointed at.
    cursor: reactive[int] = reactive(0, repaint=False, init=False)
    #: A ring: past the last place comes the first again (else: clamped).
    WRAP: ClassVar[bool] = False

    class CursorMoved(Message):
        """The cursor moved to another place."""

        def __init__(self, board: BoardCursor, cursor: int) -> None:
            self.board = board
            self.cursor = cursor
            super().__init__()

        @property
        def control(self) -> BoardCursor:
            return self.board

    class Activated(Message):
        """The place at ``cursor`` was chosen (Enter, or a click on it)."""

        def __init__(self, board: BoardCursor, cursor: int) -> None:
            self.board = board
            self.cursor = cursor
            super().__init__()

        @property
        def control(self) -> BoardCursor:
            return self.board

    def place_count(self) -> int:
        """How many places the cursor may point at now."""
        return 1

    def validate_cursor(self, value: int) -> int:
        count = self.place_count()
        if count <= 0:
            return 0
        if self.WRAP:
            return value % count
        return max(0, min(count - 1, value))

    def watch_cursor(self, old: int, new: int) -> None:
        self.redraw_places(old, new)
        self.post_message(self.CursorMoved(self, new))

    def redraw_places(self, old: int, new: int) -> None:
        """Redraw what the cursor left and where it went (here: the whole
        board; a board drawn place by place redraws only those two)."""
        self.refresh()

    def place_cursor(self, value: int) -> None:
        """Put the cursor at ``value`` (validated) without a message."""
        self.set_reactive(BoardCursor.cursor, self.validate_cursor(value))

    def move_cursor(self, delta: int) -> None:
        """Move the cursor ``delta`` places on (the arrows)."""
        self.cursor = self.validate_cursor(self.cursor + delta)

    def activate(self) -> None:
        """Choose the place at the cursor."""
        self.post_message(self.Activated(self, self.cursor))


__all__ = ["BoardCursor"]
