"""The base of Incubation's panels: :class:`Board` (what a panel draws
from) and :class:`IncubationPanel` (a panel drawing its own lines, on the
kit's :class:`~boardgames_tui.ui.kit.drawing.Drawing`), with the pieces every
panel draws (a colour chip, an egg's chips, a key, an amount, a need).

Colours come from component classes styled in ``incubation.tcss``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.incubation.cards import COLOURS, EggCard
from boardgames_tui.games.incubation.model import IncubationState, Treasure

from ..kit.drawing import Drawing, seg
from ..widgets.text_rows import TextRows
from .choices import Selection
from .look import colour_class, egg_letters


@dataclass
class Board:
    """Everything a panel needs to draw itself."""

    state: IncubationState
    to_act: int | None = None
    #: A person may act now (no bot thinking, game not over): keys are live.
    live: bool = False
    legal: Sequence[Action] = ()
    selection: Selection = field(default_factory=Selection)


class IncubationPanel(Drawing, TextRows, Widget):
    """A panel that renders its own rich text from a :class:`Board`, a line
    per row (drawn row by row: see :class:`TextRows`); styles through the
    kit's :class:`Drawing` (``st``).  A click on a part of it posts
    :class:`IncubationPanel.Picked`."""

    class Picked(Message):
        """A part of a panel was clicked: a section of the ring, a die, a
        deck, an objective on offer (``number``), or one of a player's two
        incubators (``seat`` and ``number``).  The screen turns it into the
        matching legal action, the same way as the direct keys."""

        def __init__(self, panel: IncubationPanel, number: int, seat: int | None = None) -> None:
            self.panel = panel
            self.number = number
            self.seat = seat
            super().__init__()

        @property
        def control(self) -> IncubationPanel:
            return self.panel

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        *(colour_class(c) for c in (*COLOURS, "mystery")),
        "inc--silver",
        "inc--gold",
        "inc--water",
        "inc--fire",
        "inc--chest",
        "inc--dim",
        "inc--key",
        "inc--key-live",
        "inc--active",
        "inc--marker",
        "inc--cursor",
        "inc--pointer",
        "inc--flash",
        "inc--ok",
        "inc--title",
    }

    #: Fewer words, for 80 columns.
    compact: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        #: The lines on screen (as last rendered).
        self._drawn: list[Text] | None = None
        #: How many lines the last board shown takes.
        self._count: int | None = None
        #: The lines ``show`` made, for the repaint that follows it (what
        #: they were made for: the board, the size, compact or not).
        self._made: tuple[Board, Size, bool, list[Text]] | None = None
        #: What the panel read when ``show`` last made its lines (see
        #: :meth:`reads`), and those lines.
        self._read: object = None
        self._read_lines: list[Text] | None = None

    def show(self, board: Board) -> None:
        """Draw ``board``: nothing to do when the panel reads as before (most
        panels, most moves); the layout is refreshed only when the number of
        lines changes (a relayout of the whole screen is what costs)."""
        self.board = board
        if not self.on_screen:
            # Not displayed (the objectives are drawn in one of two places,
            # by the screen's width): drawn from this board when it is.
            self._made = self._drawn = self._count = None
            return
        # (The size looked up once for the whole drawing: Textual works it
        # out anew, gutter and all, at every look.)
        size, compact = self.content_size, self.compact
        key = self.reads(board)
        if key is not None:
            key = (key, size, compact)
        if key is not None and key == self._read and self._read_lines is not None:
            after = self._read_lines  # it reads as before: the same lines
        else:
            after = self._lines_at(board, size)
            self._read, self._read_lines = key, after
        self._made = (board, size, compact, after)
        count, self._count = self._count, len(after)
        if after is not self._drawn and after != self._drawn:
            if count != len(after):
                self.refresh(layout=True)
            else:
                self.refresh_rows(self._drawn, after)

    #: The content's size while ``lines`` draws (None: look it up).
    _size_now: Size | None = None

    @property
    def content_width(self) -> int:
        """The content's width, for ``lines``: looked up once a drawing."""
        size = self._size_now
        return (size if size is not None else self.content_size).width or 0

    def _lines_at(self, board: Board, size: Size) -> list[Text]:
        """``lines(board)`` for content of ``size``."""
        self._size_now = size
        try:
            return self.lines(board)
        finally:
            self._size_now = None

    def reads(self, board: Board) -> object:
        """Everything of ``board`` that :meth:`lines` reads, as a value that
        compares equal when the lines would be the same (and costs far less
        to make than they do); None (the default): make them every time."""
        return None

    def line_count(self, board: Board) -> int:
        """How many lines ``lines`` draws: never more than one per row."""
        return len(self.lines(board))

    # ------------------------------------------------------------- pieces
    def notify_style_update(self) -> None:
        self._made = None
        self._read = self._read_lines = None
        super().notify_style_update()

    def chip(self, letter: str, colour: str) -> Text:
        """A dragon colour: its letter on the colour (never the colour alone)."""
        return seg(f" {letter} ", self.st(colour_class(colour)))

    def egg_chips(self, card: EggCard, align: bool = False) -> Text:
        """A card's colours as one chip: `` R `` for a plain egg, `` RO `` (two
        colours) for a hybrid, `` ? `` for a mystery egg.  ``align`` pads it
        to a hybrid's width."""
        letters = egg_letters(card)
        if len(letters) == 1:
            text = self.chip(*letters[0])
        else:
            (first, one), (second, two) = letters
            text = seg(f" {first}", self.st(colour_class(one)))
            text.append(f"{second} ", style=self.st(colour_class(two)))
        if align and len(text) < 4:
            text.append(" " * (4 - len(text)))
        return text

    def key(self, label: str, live: bool) -> Text:
        """A key the player may press: bright when it does something now."""
        return seg(f"[{label}]", self.st("inc--key-live" if live else "inc--key"))

    def amount(self, glyph: str, count: int, resource: str) -> Text:
        style = self.st(f"inc--{resource}") if count else self.st("inc--dim")
        return seg(f"{glyph}{count}", style)

    def needs(self, glyph: str, have: int, need: int, resource: str, pips: bool) -> Text:
        """``≈ ●●○ 2/3``: tokens placed over tokens needed."""
        if need == 0:
            return seg(f"{glyph} -", self.st("inc--dim"))
        text = seg(glyph, self.st(f"inc--{resource}"))
        if pips:
            text.append(" " + "●" * have, style=self.st(f"inc--{resource}"))
            text.append("○" * (need - have), style=self.st("inc--dim"))
        text.append(f" {have}/{need}")
        return text

    def click_target(self, x: int, y: int) -> Message | None:
        """What a click at content offset (x, y) picks, if anything."""
        return None

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.board is None:
            return
        message = self.click_target(offset.x, offset.y)
        if message is not None:
            event.stop()
            self.post_message(message)

    def render(self) -> Text:
        return Text("\n").join(self.text_rows())

    def text_rows(self) -> list[Text]:
        if self.board is None:
            return [Text("")]
        made = self._made
        self._made = None
        size = self.content_size
        if (
            made is not None
            and made[0] is self.board
            and made[1] == size
            and made[2] == self.compact
        ):
            lines = made[3]  # made by ``show`` for this repaint: not twice
        else:
            lines = self._lines_at(self.board, size)
        self._drawn = lines
        self._count = len(lines)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One row per line: lines never wrap (they are cut with an ellipsis)."""
        return self.line_count(self.board) if self.board is not None else 1

    def lines(self, board: Board) -> list[Text]:
        """The panel's lines for ``board``; each panel subclass draws its own
        (the bare base panel draws nothing)."""
        return []


def treasures(market: Sequence[Treasure]) -> tuple[tuple[int, int, int], ...]:
    """What lies in each section, as a value."""
    return tuple((t.silver, t.water, t.fire) for t in market)
