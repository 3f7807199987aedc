"""The Underdark: one Line API widget laid out like the printed board, with
the kit's board cursor over its sites and route spaces (in the board's
order).  The arrows move the cursor to the nearest space that way; a click
points at a space, a second click on it acts there
(``BoardCursor.Activated``)."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.model import WHITE, presence
from boardgames_tui.ui.kit.keys import ARROWS

from ..kit.cursor import BoardCursor
from ..kit.drawing import repaint_rows
from ..widgets.own_focus import focus_moved
from .board import Board, TyrantsDrawing, board_spaces
from .choices import Pointer
from .layout import BOX_H, MapLayout, layout, nearest
from .look import EMPTY, MARKER_FREE, MARKER_HELD, PRESENCE, SPY, short_name


class MapView(TyrantsDrawing, ScrollView, BoardCursor, can_focus=True):
    """The Underdark: each site a box (presence bar, name, VP; troop spaces,
    control marker, spies), the routes as lines with their troop spaces on
    them.  Arrows move the cursor to the nearest space that way; the map
    scrolls to keep it in view when it is bigger than its room."""

    BINDINGS: ClassVar[list[BindingType]] = [*ARROWS]

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.plan: MapLayout | None = None
        self._lines: list[Strip] = []
        #: The board and what else the lines were last drawn for.
        self._drawn_board: Board | None = None
        self._drawn_for: tuple[object, ...] = ()
        #: Each row's strip by its cells, as last drawn (and the base style
        #: they were drawn on): a move changes a few rows of the map, the
        #: others are taken as they were, not made again.
        self._strips: dict[tuple[tuple[str, Style], ...], Strip] = {}
        self._strips_on: Style | None = None

    # ------------------------------------------------------------ cursor
    def spaces(self) -> list[str]:
        if self.board is None:
            return []
        return board_spaces(self.board.state)

    def place_count(self) -> int:
        return len(self.spaces())

    @property
    def space(self) -> str:
        """The space at the cursor ("" before the map has a board)."""
        spaces = self.spaces()
        return spaces[self.cursor] if spaces else ""

    @space.setter
    def space(self, space: str) -> None:
        """Put the cursor on ``space`` (no message: the screen placed it)."""
        self.place_cursor(self.spaces().index(space))

    @property
    def pointer(self) -> Pointer:
        return Pointer("space", self.space)

    def redraw_places(self, old: int, new: int) -> None:
        self._rebuild()

    def point(self, space: str) -> None:
        if space in self.spaces() and space != self.space:
            self.space = space
            self._rebuild()
            self.scroll_to_cursor()

    # ------------------------------------------------------------ drawing
    def show(self, board: Board) -> None:
        self.board = board
        self._rebuild()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()
        self.call_after_refresh(self.scroll_to_cursor)

    # The focus shows as the cursor's brackets, drawn by ``_rebuild`` from
    # the screen's focus (``has_cursor``): the focus event, which comes
    # after the screen drew the move, repaints nothing that did not change.
    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def _rebuild(self) -> None:
        if self.board is None:
            return
        s = self.board.state
        width = self.scrollable_content_region.width or self.size.width or 60
        height = self.scrollable_content_region.height or self.size.height or 20
        key = (self.cursor, self.has_cursor, width, height, self.rich_style)
        if (
            self.board is self._drawn_board
            and key == self._drawn_for
            and self.app.theme == self._st_theme
        ):
            return  # drawn already for this board, cursor, focus, size and style
        self._drawn_board, self._drawn_for = self.board, key
        self.plan = layout(len(s.players), s.side, width, height)
        before, self._lines = self._lines, self._draw(self.plan)
        self.virtual_size = Size(self.plan.width, self.plan.height)
        repaint_rows(self, before, self._lines)

    def _draw(self, plan: MapLayout) -> list[Strip]:
        assert self.board is not None
        board = self.board
        s = board.state
        blank = (" ", Style())
        grid: list[list[tuple[str, Style]]] = [[blank] * plan.width for _ in range(plan.height)]
        line_style = self.st("ty--line")
        for (x, y), glyph in plan.lines.items():
            if 0 <= y < plan.height and 0 <= x < plan.width:
                grid[y][x] = (glyph, line_style)
        mine = presence(s, board.viewer) if board.viewer is not None else frozenset()
        focused = self.has_cursor
        at = self.space
        for space, (x, y) in plan.cells.items():
            occupants = s.troops.get(space, ())
            if occupants:
                glyph, style = self.troop(occupants[0])
            else:
                glyph, style = EMPTY, self.st("ty--empty")
            if space in board.live_spaces:
                style = style + self.st("ty--live")
            if space == at:
                style = style + self.st("ty--cursor")
                if focused and x > 0 and x + 1 < plan.width:
                    grid[y][x - 1] = ("[", self.st("ty--key"))
                    grid[y][x + 1] = ("]", self.st("ty--key"))
            elif space in mine and not occupants:
                glyph = "◎"
            if space in board.changed:
                style = style + Style(reverse=True)
            grid[y][x] = (glyph, style)
        for site, (x, y) in plan.boxes.items():
            for dx, cell in enumerate(self._box_top(site, site in mine, plan.box_w, site == at)):
                grid[y][x + dx] = cell
            for dx, cell in enumerate(self._box_bottom(site, plan.box_w)):
                grid[y + 1][x + dx] = cell
        return self._strips_of(grid)

    def _strips_of(self, grid: list[list[tuple[str, Style]]]) -> list[Strip]:
        """The grid's rows as strips: those drawn last time as they were."""
        if self.rich_style != self._strips_on:
            self._strips, self._strips_on = {}, self.rich_style
        before = self._strips
        now: dict[tuple[tuple[str, Style], ...], Strip] = {}
        lines = []
        for row in grid:
            cells = tuple(row)
            strip = now.get(cells) or before.get(cells) or self._strip(row)
            now[cells] = strip
            lines.append(strip)
        self._strips = now
        return lines

    def _strip(self, cells: list[tuple[str, Style]]) -> Strip:
        """A row of cells as a strip: one segment per run in the same style."""
        base = self.rich_style
        segments: list[Segment] = []
        run: list[str] = []
        current: Style | None = None
        for ch, st in cells:
            if st is not current and run:
                segments.append(Segment("".join(run), base + current if current else base))
                run = []
            current = st
            run.append(ch)
        if run:
            segments.append(Segment("".join(run), base + current if current else base))
        return Strip(segments, len(cells))

    def _box_top(
        self, site: str, present: bool, box_w: int, here: bool, edge: str = ""
    ) -> list[tuple[str, Style]]:
        """A site box's first line, ``box_w`` cells: the presence bar, the
        name and the VP.  ``edge`` ("left", "right"): only these cells of the
        box are in view, the rest is cut off on that side; the name is
        written whole in them, or not at all (an arrow says the box goes on
        that way), never half."""
        assert self.board is not None
        info = bd.site(site)
        box = self.st("ty--site")
        name_style = box + self.st("ty--name")
        if site in self.board.live_spaces:
            name_style = name_style + self.st("ty--live")
        if here:
            name_style = name_style + self.st("ty--cursor")
        bar = (PRESENCE, box + self.st("ty--presence")) if present else (" ", box)
        room = box_w - 4
        if edge:
            full = short_name(info.name, (self.plan.box_w if self.plan else box_w) - 4)
            # Without the VP when the name needs its room.
            room = box_w - 4 if len(full) <= box_w - 4 else box_w - 1
        name = short_name(info.name, room)
        if edge and name.endswith("."):
            arrow = "▸" if edge == "right" else "◂"
            return ([bar, (arrow, box + self.st("ty--dim"))] + [(" ", box)] * box_w)[:box_w]
        text = f"{name:<{room}}"
        cells = [bar] + [(ch, name_style) for ch in text]
        vp = f"{info.vp:>2}"
        cells += [(" ", name_style if here else box)] + [
            (ch, box + self.st("ty--dim")) for ch in vp
        ]
        return cells[:box_w]

    def _edge_names(self, row: int, left: int, right: int) -> list[tuple[int, Strip]]:
        """The first lines of the site boxes on ``row`` that the view's
        edges cut (the view shows columns ``left`` to ``right``), drawn
        again for the part in view: (the column they start at, the strip)."""
        plan, board = self.plan, self.board
        if plan is None or board is None:
            return []
        cut = [
            (x, site)
            for site, (x, y) in plan.boxes.items()
            if y == row and (x < left < x + plan.box_w or x < right < x + plan.box_w)
        ]
        if not cut:
            return []
        mine = presence(board.state, board.viewer) if board.viewer is not None else frozenset()
        found = []
        for x, site in sorted(cut):
            start, end = max(x, left), min(x + plan.box_w, right)
            edge = "left" if x < left else "right"
            cells = self._box_top(site, site in mine, end - start, site == self.space, edge)
            found.append((start, self._strip(cells)))
        return found

    def _box_bottom(self, site: str, box_w: int) -> list[tuple[str, Style]]:
        assert self.board is not None
        s = self.board.state
        box = self.st("ty--site")
        cells: list[tuple[str, Style]] = [(" ", box)]
        occupants = sorted(s.troops.get(site, []), key=lambda c: (c == WHITE, c))
        for i in range(bd.troop_spaces(site)):
            if i < len(occupants):
                letter, style = self.troop(occupants[i])
                cells.append((letter, style))
            else:
                cells.append((EMPTY, box + self.st("ty--empty")))
        if site in s.markers:
            holder = s.markers[site]
            cells.append((" ", box))
            if holder is None:
                cells.append((MARKER_FREE, box + self.st("ty--marker")))
            else:
                cells.append((MARKER_HELD, box + self.st("ty--marker")))
                cells.append(self.troop(holder))
        for spy in s.spies.get(site, []):
            cells.append((SPY, box + self.st("ty--marker")))
            cells.append(self.troop(spy))
        cells += [(" ", box)] * (box_w - len(cells))
        cells = cells[:box_w]
        if site in self.board.changed:  # changed since this person last looked
            cells[-1] = ("✱", box + Style(bold=True))
        return cells

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.scrollable_content_region.width
        if index >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        line = self._lines[index]
        # A site whose box the view's edge cuts: its name whole or not at all.
        left, right = int(scroll_x), int(scroll_x) + width
        for start, strip in self._edge_names(index, left, right):
            end = start + strip.cell_length
            line = Strip.join([line.crop(0, start), strip, line.crop(end, line.cell_length)])
        return line.crop_extend(left, right, self.rich_style)

    def cursor_region(self) -> Region:
        if self.plan is None or not self.space:
            return Region(0, 0, 1, 1)
        if self.space in self.plan.boxes:
            x, y = self.plan.boxes[self.space]
            return Region(x, y, self.plan.box_w, BOX_H)
        x, y = self.plan.cells[self.space]
        return Region(max(0, x - 1), y, 3, 1)

    def scroll_to_cursor(self) -> None:
        self.scroll_to_region(
            self.cursor_region().grow((1, 2, 1, 2)), animate=False, immediate=True, force=True
        )

    def action_move(self, direction: str) -> None:
        if self.plan is None:
            return
        found = nearest(self.plan, self.space, direction, self.spaces())
        if found is None:
            return
        # The cursor's watcher redraws and posts CursorMoved.
        self.cursor = self.spaces().index(found)
        self.scroll_to_cursor()

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.plan is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        found = self.plan.space_at(offset.x + int(scroll_x), offset.y + int(scroll_y))
        if found is None:
            return
        event.stop()
        if found == self.space:
            self.activate()
            return
        self.cursor = self.spaces().index(found)
