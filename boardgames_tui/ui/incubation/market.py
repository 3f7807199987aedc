"""Incubation's Market: the ring of eight sections around the spinner, with
its cursor (a :class:`~boardgames_tui.ui.kit.cursor.BoardCursor`) and the
spinner's turn drawn in three frames."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from rich.text import Text
from textual.message import Message

from boardgames_tui.engine.data import clone
from boardgames_tui.games.incubation.cards import COLOURS, SECTIONS
from boardgames_tui.games.incubation.model import Treasure, pointer_sections

from ..kit.cursor import BoardCursor
from ..kit.drawing import pad, seg
from .choices import choosing_section
from .look import ARROWS, FIRE, LETTERS, POINTERS, SILVER, WATER
from .panel import Board, IncubationPanel, treasures


# ----------------------------------------------------------------- market
class MarketRing(IncubationPanel, BoardCursor, can_focus=True):
    """The Market: eight sections in a ring (clockwise from the top-left
    corner) around the spinner, whose three pointers face the sections that
    receive treasure.  Each section: its letter and colour, then its silver,
    water and fire, then the pointer facing it.  Letters choose a section; so
    do the arrows and Enter, and the mouse.

    ``cursor`` (the kit's reactive) is the section the arrows point at: it
    wraps round the ring, and a change posts ``MarketRing.CursorMoved``, on
    which the screen redraws the board (the ring draws its cursor from the
    board's selection, like every panel)."""

    WRAP: ClassVar[bool] = True

    def place_count(self) -> int:
        return SECTIONS

    def redraw_places(self, old: int, new: int) -> None:
        """Nothing here: the screen redraws every panel from the selection
        when the cursor's message arrives."""

    #: Grid place (row, column) of each ring position, clockwise.
    PLACES: ClassVar[tuple[tuple[int, int], ...]] = (
        (0, 0),
        (0, 1),
        (0, 2),
        (1, 2),
        (2, 2),
        (2, 1),
        (2, 0),
        (1, 0),
    )
    #: The frames of a turn of the spinner and how long each lasts (seconds):
    #: the pointers where they were, the spinner moving, the pointers landed
    #: with the new tokens flashing.
    FRAMES: ClassVar[tuple[tuple[str, float], ...]] = (
        ("from", 0.15),
        ("moving", 0.15),
        ("landed", 0.45),
    )

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: While the spinner turns: the section the coin pointer came from and
        #: the frame shown.
        self.turning_from: int | None = None
        self.phase = ""
        self._frames: list[tuple[str, float]] = []
        #: The treasures as last shown, and as shown before that (the counts
        #: before a turn added tokens).
        self._market: list[Treasure] = []
        self._market_before: list[Treasure] = []
        self._left = 0
        self._cell = 12
        #: Each section's cell as drawn (padded to its width), by what it
        #: shows: a move changes a section or two of the eight.
        self._cells: dict[tuple[object, ...], list[Text]] = {}
        #: The ring's lines as drawn (a grid row's three lines, an edge, the
        #: legend), by what they show: a move changes a grid row or two.
        self._ring_rows: dict[tuple[object, ...], list[Text]] = {}

    def notify_style_update(self) -> None:
        self._cells.clear()
        self._ring_rows.clear()
        super().notify_style_update()

    def show(self, board: Board) -> None:
        self._market_before = self._market
        self._market = [clone(t) for t in board.state.market]
        super().show(board)

    def line_count(self, board: Board) -> int:
        # Compact: no bottom edge (the rule over the dice under it closes the
        # grid), a row for the footer's second row at 80x24.
        return 12 if self.compact else 14

    def reads(self, board: Board) -> object:
        state = board.state
        turning = self.phase in ("from", "moving")
        return (
            state.spinner,
            treasures(state.market),
            self.phase,
            self.turning_from,
            treasures(self._market_before) if turning else (),
            board.live and choosing_section(state),
            board.selection.cursor,
        )

    # ---------------------------------------------------------- animation
    def spin(self, old: int) -> None:
        """Show the spinner turning one section clockwise from ``old`` (the
        caller checks that animations are on)."""
        self.turning_from = old
        self._frames = list(self.FRAMES)
        self._next_frame()

    def _next_frame(self) -> None:
        self._made = None  # the lines show made are for the spinner at rest
        if not self._frames:
            self.turning_from = None
            self.phase = ""
            self.refresh()
            return
        self.phase, seconds = self._frames.pop(0)
        self.refresh()
        self.set_timer(seconds, self._next_frame)

    @property
    def spinning(self) -> bool:
        return self.turning_from is not None

    # ------------------------------------------------------------- layout
    def cell_width(self) -> int:
        width = self.content_width or 64
        return max(12, min(18, (width - 4) // 3))

    def lines(self, board: Board) -> list[Text]:
        state = board.state
        w = self._cell = self.cell_width()
        total = 3 * w + 4
        self._left = max(0, (self.content_width - total) // 2)
        spinner = state.spinner
        market = state.market
        if self.phase in ("from", "moving") and self.turning_from is not None:
            if self.phase == "from":
                spinner = self.turning_from
            if len(self._market_before) == SECTIONS:
                market = self._market_before
        facing = {s: name for name, s in pointer_sections(spinner).items()}
        flash = set(facing) if self.phase == "landed" else set()
        choosing = board.live and choosing_section(state)
        cells: dict[tuple[int, int], tuple[object, ...]] = {}
        if len(self._cells) > 4 * SECTIONS * 8:
            self._cells.clear()
        for section in range(SECTIONS):
            pointer = None if self.phase == "moving" else facing.get(section)
            t = market[section]
            at_cursor = choosing and board.selection.cursor == section
            key = (section, t.silver, t.water, t.fire, pointer, section in flash, at_cursor, w)
            if key not in self._cells:
                drawn = self.section_cell(
                    board, section, market, pointer, section in flash, choosing, w
                )
                self._cells[key] = [pad(line, w) for line in drawn]
            cells[self.PLACES[section]] = key
        hub = ("hub", tuple(sorted(facing.items())), self.phase, w)
        if hub not in self._cells:
            self._cells[hub] = [pad(line, w) for line in self.hub(facing, w)]
        cells[(1, 1)] = hub
        if len(self._ring_rows) > 64:
            self._ring_rows.clear()
        out: list[Text] = []
        for row in range(3):
            out += self._row_lines(("edge", row, w, self._left))
            out += self._row_lines(("row", self._left, *(cells[(row, col)] for col in range(3))))
        if not self.compact:
            out += self._row_lines(("edge", 3, w, self._left))
            out += self._row_lines(("legend", total, self._left))
        return out

    #: The ring's edges: above each grid row, and under the last.
    EDGES: ClassVar[dict[int, tuple[str, str, str]]] = {
        0: ("┌", "┬", "┐"),
        1: ("├", "┼", "┤"),
        2: ("├", "┼", "┤"),
        3: ("└", "┴", "┘"),
    }

    def _row_lines(self, key: tuple[object, ...]) -> list[Text]:
        """The lines ``key`` names (see ``lines``), drawn once for what they
        show: an edge (``edge``, above grid row or under the last, cell
        width), a grid row's three lines (``row``, its cells' keys), the
        legend (``legend``, its width); each after the ring's left margin."""
        kept = self._ring_rows.get(key)
        if kept is not None:
            return kept
        border = self.st("inc--dim")
        what = key[0]
        if what == "edge":
            _, row, w, left = key
            start, mid, end = self.EDGES[cast(int, row)]
            lines = [seg(start + mid.join(["─" * cast(int, w)] * 3) + end, border)]
        elif what == "legend":
            _, total, left = key
            lines = [self.legend(cast(int, total))]
        else:
            left, places = key[1], key[2:]
            lines = []
            for k in range(3):
                line = seg("│", border)
                for place in places:
                    line.append_text(self._cells[cast(tuple[object, ...], place)][k])
                    line.append("│", style=border)
                lines.append(line)
        if left:
            lines = [Text(" " * cast(int, left)) + line for line in lines]
        self._ring_rows[key] = lines
        return lines

    def section_cell(
        self,
        board: Board,
        section: int,
        market: Sequence[Treasure],
        pointer: str | None,
        flash: bool,
        choosing: bool,
        w: int,
    ) -> list[Text]:
        colour = COLOURS[section]
        treasure = market[section]
        at_cursor = choosing and board.selection.cursor == section
        name = seg("▶" if at_cursor else " ", self.st("inc--marker"))
        name.append_text(self.chip(LETTERS[colour], colour))
        name.append(f" {colour}")
        gap = " " if w < 14 else "  "
        counts = Text(" ")
        counts.append_text(self.amount(SILVER, treasure.silver, "silver"))
        counts.append(gap)
        counts.append_text(self.amount(WATER, treasure.water, "water"))
        counts.append(gap)
        counts.append_text(self.amount(FIRE, treasure.fire, "fire"))
        if flash:
            counts.stylize(self.st("inc--flash"))
        tag = Text(" ")
        if pointer is not None:
            word, glyph = next((w_, g) for r, w_, g in POINTERS if r == pointer)
            tag.append(f"▸{glyph} {word}", style=self.st("inc--pointer"))
            if flash:
                tag.append(" +1", style=self.st("inc--flash"))
        lines = [name, counts, tag]
        if at_cursor:
            lines = [pad(line, w) for line in lines]
            for line in lines:
                line.stylize(self.st("inc--cursor"))
        return lines

    def hub(self, facing: dict[int, str], w: int) -> list[Text]:
        """The spinner: an arrow towards each section a pointer faces."""

        pointer_style = self.st("inc--dim" if self.phase == "moving" else "inc--pointer")

        def slot(position: int, arrow_first: bool) -> Text:
            pointer = facing.get(position)
            if pointer is None:
                return Text("")
            word = next(w_ for r, w_, _ in POINTERS if r == pointer)
            arrow = ARROWS[position]
            body = f"{arrow}{word}" if arrow_first else f"{word}{arrow}"
            return seg(body, pointer_style)

        def row(left: Text, middles: Sequence[str], right: Text) -> Text:
            """``left`` and ``right`` at the edges, the first of ``middles``
            that fits in the centre."""
            middle, start = "", len(left)
            for candidate in middles:
                at = (w - len(candidate)) // 2
                if at >= len(left) + 1 and at + len(candidate) <= w - len(right) - 1:
                    middle, start = candidate, at
                    break
            line = Text()
            line.append_text(left)
            line.append(" " * (start - len(left)))
            line.append(middle, style=self.st("inc--title"))
            line.append(" " * max(1, w - len(line) - len(right)))
            line.append_text(right)
            return line

        turning = self.phase in ("from", "moving")
        centre = ("⟳ turning", "⟳") if turning else ("spinner", "◎")
        lines = [
            row(slot(0, True), [], slot(2, False)),
            row(slot(7, True), centre, slot(3, False)),
            row(slot(6, True), [], slot(4, False)),
        ]
        # A pointer straight up or down sits in the middle of its row.
        for index, position in ((0, 1), (2, 5)):
            tip = slot(position, True)
            if tip.plain:
                at = (w - len(tip)) // 2
                line = Text(" " * at)
                line.append_text(tip)
                lines[index] = line
        return lines

    #: The legend's words, longest first: the first that fits is drawn.
    LEGENDS: ClassVar[tuple[tuple[str, str, str, str], ...]] = (
        (" silver  ", " water  ", " fire   ", " pointer: adds its token there"),
        (" silver  ", " water  ", " fire  ", " pointer: adds a token there"),
        (" silver ", " water ", " fire ", " pointer adds a token"),
    )

    def legend(self, width: int) -> Text:
        for silver, water, fire, pointer in self.LEGENDS:
            text = Text(" ")
            text.append(SILVER, style=self.st("inc--silver"))
            text.append(silver)
            text.append(WATER, style=self.st("inc--water"))
            text.append(water)
            text.append(FIRE, style=self.st("inc--fire"))
            text.append(fire)
            text.append("▸", style=self.st("inc--pointer"))
            text.append(pointer)
            if len(text) <= width:
                break
        return pad(text, width)

    # -------------------------------------------------------------- mouse
    def section_at(self, x: int, y: int) -> int | None:
        """The section drawn at content offset (x, y), if any."""
        w = self._cell
        col, inside = divmod(x - self._left - 1, w + 1)
        row, line = divmod(y - 1, 4)
        if not (0 <= col < 3 and 0 <= row < 3 and inside < w and line < 3):
            return None
        place = (row, col)
        return self.PLACES.index(place) if place in self.PLACES else None

    def click_target(self, x: int, y: int) -> Message | None:
        section = self.section_at(x, y)
        return None if section is None else self.Picked(self, section)
