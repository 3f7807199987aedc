"""Root's board parts in words: the clearing at the cursor (or the battle
it would start) under the map; the side panel with the score, the hands and
every faction's board is :mod:`.side_panel`'s, on the same
:class:`TextPanel`.

Each is a :class:`TextPanel`: the screen hands it a :class:`~.board.Board`
and it redraws; colours come from component classes styled in ``root.tcss``.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Final, TypeVar

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.reactive import Reactive
from textual.widget import Widget

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS, PLACES

from ..kit.drawing import Pictured, height_changes
from .board import Board, RootDrawing
from .faction_ui import screen_of
from .look import (
    by_setup_order,
    faction_style,
    token_words,
)
from .reading import where
from .words import map_words
from .wrapped import LineCache, LineRows

T = TypeVar("T")


class TextPanel(RootDrawing, Pictured, Widget):
    """A panel that renders its own rich text from a :class:`Board`,
    repainted only when it reads differently (laid out again when its
    number of lines changes), a line's rows drawn again only when that line
    changes (:class:`.wrapped.LineRows`)."""

    #: Its size is the layout's (its height its lines, asked for before the
    #: frame by ``redraw``): the layout that gives it a new size draws it,
    #: with no layout pass of its own after that one (a second frame).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        #: The board and the size the picture on screen was made for.
        self._drawn: tuple[Board | None, tuple[object, ...]] | None = None
        #: Each line's rows as last drawn.
        self._line_rows = LineCache()

    #: The width the layout measures the part at, while it does.
    _measured_at = 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # (A picture made to be measured is made for the width it is measured
        # at, the width it will be drawn at: not made again to be drawn.)
        before, self._measured_at = self._measured_at, width
        try:
            return super().get_content_height(container, viewport, width)
        finally:
            self._measured_at = before

    def _room(self) -> tuple[object, ...]:
        """What a picture is made for besides the board: the width, the
        height of a part whose text is cut to it, and the theme."""
        fixed = not (self.styles.height is None or self.styles.height.is_auto)
        if self._measured_at and not fixed:
            # (Measured by the layout: where it stands is not known yet, and
            # asking would lay the screen out again inside this layout.)
            return (self._measured_at, None, self.app.theme)
        size = self.content_size
        return (size.width, size.height if fixed else None, self.app.theme)

    def picture_width(self) -> int:
        width = self._room()[0]
        return width if isinstance(width, int) else 0

    def _is_drawn(self) -> bool:
        """The picture on screen was made for this board (the screen hands
        the same one while nothing it holds changed), at this size."""
        drawn = self._drawn
        return drawn is not None and drawn[0] is self.board and drawn[1] == self._room()

    def show(self, board: Board) -> bool:
        """Show ``board``; True: the panel will be another height.  The
        board drawn already, at this size, is not drawn again."""
        if board is self.board and self._is_drawn():
            return False
        self.board = board
        if self.content_size.width <= 0:
            # Hidden (the boards behind the list at 80 columns) or not laid
            # out yet: drawn when the layout that shows it measures it, at
            # the width it has then, not now for no width and again after.
            self._picture = self._drawn = None
            self.refresh(layout=True)
            return False
        return self.redraw()

    @abstractmethod
    def lines(self, board: Board) -> list[Text]:
        """The panel's lines for this board (each panel says what it shows)."""

    def picture(self) -> Text:
        self._drawn = (self.board, self._room())
        if self.board is None:
            return Text("")
        return Text("\n").join(self.lines(self.board))

    def render(self) -> LineRows:  # type: ignore[override]  # (Textual content of its text)
        return LineRows.of(self.text(), self.app.console, self._line_rows)

    def text(self) -> Text:
        """The text drawn now (``render``'s, as Textual's content)."""
        # A part whose height follows its lines is laid out again at the
        # height they take: its picture, made for this width, stands.
        if self._picture is not None and self._is_drawn():
            return self._picture
        picture = super().render()
        if self._measured_at:
            return picture  # (made to be measured, by the layout)
        # Made now for another width than it was measured at (its first
        # layout, before the screen knew its width): laid out again at the
        # height it takes, only then.
        self.clear_cached_dimensions()
        if self.content_size.width > 0 and height_changes(self):
            self.refresh(layout=True)
        return picture

    def heading(self, words: str) -> Text:
        return Text(words, style=self.st("root--title"))

    def dim(self, words: str) -> Text:
        return Text(words, style=self.st("root--dim"))


#: The key that reads the lines under the map whole, and the words that
#: end them where they are cut.
READ_KEY: Final = "f2"
CUT_MARK: Final = " … F2: read it all"


class ClearingDetail(TextPanel):
    """The clearing at the cursor in words: suit, slots, pieces, ruler,
    paths and the river; or the outlook of a battle.

    Its height is the stylesheet's, the same wherever the cursor is (the
    map above it keeps its place); what does not fit is cut at the end of
    its last line, which then says so and names the key (F2) that shows it
    all (:meth:`whole`).  Whether it is cut is posted (``Cut``) when that
    changes, for the key bar."""

    class Cut(Message):
        """The text under the map is now cut, or no longer."""

        def __init__(self, detail: ClearingDetail, cut: bool) -> None:
            super().__init__()
            self.detail = detail
            self.cut = cut

        @property
        def control(self) -> ClearingDetail:
            return self.detail

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: What it shows was cut to its height (the last picture drawn).
        self.cut = False

    def picture(self) -> Text:
        text = super().picture()
        width, height = self.content_size.width, self.content_size.height
        fixed = not (self.styles.height is None or self.styles.height.is_auto)
        cut = False
        if fixed and width > 0 and height > 0:
            text, cut = fit_lines(text, self.app.console, width, height, self.st("root--title"))
        if cut != self.cut:
            self.cut = cut
            self.post_message(self.Cut(self, cut))
        return text

    def whole(self) -> tuple[str, str]:
        """A title and everything it shows, uncut: a battle's outlook a
        sentence a line; a clearing's words a fact a line."""
        board = self.board
        if board is None:
            return "", ""
        if board.preview:
            return "The battle's outlook", "\n".join(board.preview)
        facts = Text("\n").join(self.lines(board)).plain.split(" · ")
        if len(facts) == 1:
            return "At the cursor", facts[0]
        return facts[0], "\n".join(facts[1:])

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        n = board.cursor
        if board.preview:
            # Before a battle: its outlook, in one paragraph (it wraps).
            head, *rest = board.preview
            text = Text("⚔ " + head, style=Style(bold=True))
            for line in rest:
                text.append(" " + line, style=Style())
            return [text]
        if not core.on_the_map(state, n):
            owner = PLACES.get(n)
            detail = screen_of(owner).place_detail(self, board, n) if owner is not None else None
            return [detail if detail is not None else Text(where(state, n))]
        spot = state.woodland.clearing(n)
        c = state.clearings[n]
        text = Text(f"{n} {spot.name} ", style=Style(bold=True))
        text.append_text(self.suit(state.woodland.suit_of(n), word=True))
        slots = [
            *c.buildings,
            *(["ruin"] if spot.ruin and n not in state.ruins_gone else []),
            *(["free"] * core.free_slots(state, n)),
        ]
        text.append(" · slots: " + ", ".join(slots))
        pieces = [
            f"{c.warriors[f]} {FACTIONS[f].short}"
            for f in by_setup_order(c.warriors)
            if c.warriors[f]
        ]
        text.append(" · warriors: " + (", ".join(pieces) if pieces else "none"))
        for faction in by_setup_order(FACTIONS):
            for kind in FACTIONS[faction].piece_marks:
                if c.count(kind):
                    text.append(" · " + token_words(kind, c.count(kind)))
        ruler = core.ruler(state, n)
        text.append(" · ruled by ")
        if ruler is None:
            text.append("nobody")
        else:
            text.append(f"the {FACTIONS[ruler].name}", style=faction_style(ruler))
        text.append(" · paths to " + ", ".join(where(state, p) for p in spot.paths))
        river = sorted(state.woodland.river_neighbours(n))
        if river:
            water = "across the lake to" if state.woodland.is_coastal(n) else "river to"
            text.append(f" · {water} " + ", ".join(where(state, r) for r in river))
        for words in map_words(state, n):
            text.append(" · " + words)
        return [text]


def fit_lines(
    text: Text,
    console: Console,
    width: int,
    height: int,
    mark_style: Style,
    mark: str = CUT_MARK,
) -> tuple[Text, bool]:
    """``text`` wrapped at ``width`` and cut to ``height`` lines, and whether
    it was cut: then its last line ends with ``mark`` (in ``mark_style``),
    shortened to make room for it."""
    lines = text.wrap(console, width, overflow="fold")
    if len(lines) <= height:
        return text, False
    kept = list(lines[:height])
    last = kept[-1]
    last.rstrip()
    room = width - len(mark)
    if last.cell_len > room:
        last.truncate(max(0, room))
        last.rstrip()
    last.append(mark, style=mark_style)
    return Text("\n").join(kept), True
