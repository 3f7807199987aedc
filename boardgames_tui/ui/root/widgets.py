"""Root's map: the Woodland, one Line API widget with the kit's board cursor
over the clearings of the map the state names, the forests where a faction
at the table has places (a mark each among its clearings, placed by
:mod:`.forests`) and the factions' places off the map (side by side on the
line under it), laid out from the printed map by :class:`MapLayout` (the
kit's :class:`BoxLayout` with the forests' marks and the line under it).

The screen hands it a :class:`~.board.Board` (the state as the person at
the terminal may see it, what is legal, where the cursor is) and it
redraws.  The clearing at the cursor in words and the side panel are in
:mod:`.panels`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS, PLACES
from boardgames_tui.games.root.model import RootState
from boardgames_tui.games.root.woodland import DEFAULT_MAP, WoodlandMap, woodland
from boardgames_tui.ui.kit.keys import ARROWS

from ..kit.board import BoxLayout
from ..kit.cursor import BoardCursor
from ..kit.drawing import fit, repaint_rows
from ..widgets.own_focus import focus_moved
from .board import Board, RootDrawing
from .columns import box_places
from .faction_ui import at_table, screen_of
from .forests import (
    LAKE_WORD,
    Cell,
    box_cells,
    forest_position,
    forest_spots,
    forests_of,
    lake_label,
    trail_cells,
    water_lines,
)
from .look import MORE, SHORT_NAMES, box_title, compact_row, faction_style, name_room, ruler_word

#: A cell of the map drawn: its character and its style (on the map's own).
Glyph = tuple[str, Style]
OnBase = Callable[[Style], Style]

#: Where the places off the map sit for the arrows: under the map, one
#: under its middle, several side by side across it as they are drawn.
BELOW_POSITION = (0.5, 1.1)


# --------------------------------------------------------------- the map
@dataclass(frozen=True)
class MapLayout(BoxLayout[int]):
    """Where each clearing's box is drawn, for a widget of this size; the
    cell of each forest that is a place (``marks``, by place); the places
    off the map (``below``) side by side on the last line, each a share of
    its width (:meth:`span`): however many the factions at the table have,
    the boxes keep every row but that one, the rooms the layout is drawn
    and tested for (a line each took a row each from the boxes: at 80x24,
    two would leave them 11 rows, where the paths cross)."""

    below: tuple[int, ...] = ()
    marks: Mapping[int, Cell] = field(default_factory=dict)
    #: The cells a line between two clearings bends at, where drawn
    #: straight it would pass under a box (by the line's two clearings).
    bends: Mapping[tuple[int, int], tuple[Cell, ...]] = field(default_factory=dict)

    @property
    def wide(self) -> bool:
        return self.box_h >= 5

    @property
    def below_y(self) -> int:
        """The line under the map."""
        return self.height - 1

    def span(self, i: int) -> tuple[int, int]:
        """The columns of the ``i``-th place off the map on the line under
        it: its first and the one after its last (the width shared evenly)."""
        count = len(self.below)
        return i * self.width // count, (i + 1) * self.width // count

    def box_at(self, x: int, y: int) -> int | None:
        """The clearing drawn at (x, y), the forest marked there, or the
        place off the map there on the line under it."""
        for place, cell in self.marks.items():
            if cell == (x, y):
                return place
        if y == self.below_y:
            return next(
                (p for i, p in enumerate(self.below) if self.span(i)[0] <= x < self.span(i)[1]),
                None,
            )
        return super().box_at(x, y)


def below(state: RootState) -> tuple[int, ...]:
    """The places off the map of the factions at the table, in setup order
    (side by side on the line under the map)."""
    order = sorted(state.factions, key=lambda f: FACTIONS[f].letter)
    return tuple(n for f in order for n in screen_of(f).places_below(state, f))


def forest_places(state: RootState) -> dict[int, int]:
    """The forests that are places of the factions at the table (place ->
    the map's forest number): drawn on the map, under the cursor."""
    found: dict[int, int] = {}
    for screen in at_table(state):
        found.update(screen.forests(state, screen.number))
    return found


#: The layouts made, by map, size and places (the forests' marks take a
#: search of the map's cells: made once, not at every move of the cursor).
_LAYOUTS: dict[tuple[object, ...], tuple[WoodlandMap, MapLayout]] = {}


def map_layout(
    woodland: WoodlandMap,
    width: int,
    height: int,
    places: tuple[int, ...] = (),
    forests: Mapping[int, int] | None = None,
) -> MapLayout:
    """The boxes laid out like the printed map: its columns, each clearing
    as high up as on the map, no two boxes overlapping; a mark for each
    forest in ``forests`` (place -> the map's forest number) among its
    clearings; under them a line (kept whether or not a faction at the
    table has places off the map) with those places side by side."""
    key = (id(woodland), width, height, places, tuple(sorted((forests or {}).items())))
    made = _LAYOUTS.get(key)
    if made is not None and made[0] is woodland:
        return made[1]
    layout = _boxes(woodland, width, height, places)
    if forests:
        spots = forest_spots(
            woodland, layout, forests_of(forests), water_lines(woodland), layout.below_y
        )
        marks = {place: spots[f] for place, f in forests.items() if f in spots}
        layout = MapLayout(
            width, height, layout.box_w, layout.box_h, layout.boxes, places, marks, layout.bends
        )
    if len(_LAYOUTS) > 64:
        _LAYOUTS.clear()
    _LAYOUTS[key] = (woodland, layout)
    return layout


def _boxes(woodland: WoodlandMap, width: int, height: int, places: tuple[int, ...]) -> MapLayout:
    """The clearings' boxes and the line under them (see :func:`map_layout`)."""
    room = height - 1
    box_h = 5 if room >= 3 * 5 + 3 else 3
    box_w, boxes, bends = box_places(woodland, width, room, box_h)
    return MapLayout(width, height, box_w, box_h, boxes, places, bends=bends)


class WoodlandView(RootDrawing, BoardCursor, can_focus=True):
    """The Woodland: every clearing as a box where the printed map has it
    (number, name, suit, building slots, warriors, buildings and tokens,
    who rules it), the paths as dotted trails and the river as waves between
    them, and the places off the map on the line under it.  The cursor (a
    heavy frame; the kit's ``cursor``, a place's number) moves with the
    arrows; a click points, a second click acts (``Activated``)."""

    BINDINGS: ClassVar[list[BindingType]] = [*ARROWS]
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)  # (laid_out)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.drawn: MapLayout | None = None
        self._lines: list[Strip] = []
        #: The board and what else the lines were last drawn for.
        self._drawn_board: Board | None = None
        self._drawn_for: tuple[object, ...] = ()
        #: Its size changes in the next layout (the hint or the detail will
        #: be another height): drawn then, in the frame, for that size.
        self._resizing = False
        #: The map under the boxes and each clearing's box, as last drawn
        #: and what for (``_ground``, ``_box_cells``).
        self._ground_for: tuple[tuple[object, ...], list[list[Glyph]]] | None = None
        self._boxes: dict[int, tuple[tuple[object, ...], list[list[Glyph]]]] = {}
        self.place_cursor(1)

    def place_count(self) -> int:
        """Every place: the clearings and the places off the map (by number)."""
        if self.board is None:
            return 1 + max([0, *woodland(DEFAULT_MAP).numbers, *PLACES])
        return len(self.board.state.clearings)

    def show(self, board: Board) -> None:
        self.board = board
        self.place_cursor(board.cursor)
        self._rebuild()

    def resizing(self) -> None:
        """The next layout gives it another size (the lines over and under
        it change height): it is drawn in that frame, once, for the size it
        will have; drawn now, it would be drawn again when the size came."""
        self._resizing = True
        self.refresh()

    def redraw_places(self, old: int, new: int) -> None:
        # The frame, the label and the paths next to the cursor move.
        if self.board is not None:
            self.board.cursor = new
        self._rebuild()

    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    # The focus changes no line of the Woodland: the focus event repaints
    # only what its style changes (see ``focus_moved``).
    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self.call_later(self._rebuild)

    # ----------------------------------------------------------- drawing
    def _rebuild(self, repaint: bool = True) -> None:
        """Draw it again if its board, cursor, size or style changed,
        repainting the rows that changed (``repaint``: not while it is being
        painted).  While its size is changing (``resizing``) it is drawn
        when it is painted, not before."""
        if repaint and self._resizing:
            return
        width, height = self.size.width, self.size.height
        if self.board is None or width <= 0 or height <= 0:
            return
        key = (self.board.cursor, width, height, self.rich_style, self.app.theme)
        if self.board is self._drawn_board and key == self._drawn_for:
            return  # drawn already for this board, cursor, size and style
        self._drawn_board, self._drawn_for = self.board, key
        state = self.board.state
        self.drawn = map_layout(state.woodland, width, height, below(state), forest_places(state))
        before, self._lines = self._lines, self._draw(self.board, self.drawn)
        if repaint:
            repaint_rows(self, before, self._lines)

    def _draw(self, board: Board, layout: MapLayout) -> list[Strip]:
        base = self.rich_style
        combined: dict[Style, Style] = {}

        def on_base(style: Style) -> Style:
            found = combined.get(style)
            if found is None:
                found = combined[style] = base + style
            return found

        state = board.state
        look = (base, self.app.theme)
        cells = [list(row) for row in self._ground(board, layout, on_base, look)]
        for place, (x, y) in layout.marks.items():
            for char, style in _cells(self._forest_mark(board, place))[:1]:
                cells[y][x] = (char, on_base(style))
        for n in state.woodland.numbers:
            x, y = layout.boxes[n]
            for dy, row in enumerate(self._box_cells(board, n, layout, on_base, look)):
                for dx, cell in enumerate(row):
                    if 0 <= x + dx < layout.width and 0 <= y + dy < layout.height:
                        cells[y + dy][x + dx] = cell
        for i, place in enumerate(layout.below):
            start, end = layout.span(i)
            line = self._place_line(board, place)
            if len(layout.below) > 1:  # (its share of the line: cut, says so)
                line = line.copy()
                line.truncate(end - start - 1, overflow="ellipsis")
            for dx, (char, style) in enumerate(_cells(line)):
                if start + dx < end and layout.below_y < layout.height:
                    cells[layout.below_y][start + dx] = (char, on_base(style))
        strips: list[Strip] = []
        for row in cells:
            segments: list[Segment] = []
            run: list[str] = []
            run_style: Style | None = None
            for char, style in row:
                if style is run_style:
                    run.append(char)
                    continue
                if run:
                    segments.append(Segment("".join(run), run_style))
                run, run_style = [char], style
            if run:
                segments.append(Segment("".join(run), run_style))
            strips.append(Strip(segments, layout.width))
        return strips

    def _ground(
        self, board: Board, layout: MapLayout, on_base: OnBase, look: tuple[Style, str]
    ) -> list[list[Glyph]]:
        """The map under the boxes: the river, the closed paths, the paths
        (lit by the cursor) and the Lake's word; made again only for
        another layout, map, cursor or ``look`` (the map's style and the
        theme), not at every move."""
        state = board.state
        woodland = state.woodland
        # (a forest at the cursor: the paths between its clearings bound it)
        forest = forest_places(state).get(board.cursor)
        key = (layout, woodland, board.cursor, forest, look)
        if self._ground_for is not None and self._ground_for[0] == key:
            return self._ground_for[1]
        blank = (" ", look[0])
        cells = [[blank for _ in range(layout.width)] for _ in range(layout.height)]
        inside = box_cells(layout)

        def trail(a: int, b: int, glyph: str, style: Style) -> None:
            for x, y in trail_cells(layout, a, b, inside):
                cells[y][x] = (glyph, on_base(style))

        near = self.st("root--near")
        rim = set(woodland.forests[forest - 1].clearings) if forest is not None else set()
        water = self.st("root--river")
        for a, b in water_lines(woodland):
            trail(a, b, "~", water)
        for a, b in woodland.closed_paths:
            trail(a, b, CLOSED_MARK, self.st("root--dim"))
        # (those by the cursor last: where two paths share a cell, it is lit)
        lit = {
            (a, b): board.cursor in (a, b) or (a in rim and b in rim) for a, b in woodland.paths()
        }
        for (a, b), touches in sorted(lit.items(), key=lambda item: item[1]):
            trail(a, b, "•" if touches else "·", near if touches else self.st("root--path"))
        label = lake_label(layout, woodland)
        if label is not None:
            x, y = label
            for dx, char in enumerate(LAKE_WORD):
                if (x + dx, y) not in inside and 0 <= x + dx < layout.width:
                    cells[y][x + dx] = (char, on_base(water))
        self._ground_for = (key, cells)
        return cells

    def _box_cells(
        self, board: Board, n: int, layout: MapLayout, on_base: OnBase, look: tuple[Style, str]
    ) -> list[list[Glyph]]:
        """A clearing's box as cells, made again only when what it shows
        changed (its pieces, its ruler, the cursor or a mark on it, the
        layout, the style): a move changes a clearing or two."""
        state = board.state
        key = (
            layout.box_w, layout.box_h, n == board.cursor, n in board.targets and board.live,
            n in board.changed, core.ruler(state, n), repr(state.clearings[n]),
            n in state.ruins_gone, n == state.ferry, state.woodland, look,
        )  # fmt: skip
        made = self._boxes.get(n)
        if made is not None and made[0] == key:
            return made[1]
        rows = [
            [(char, on_base(style)) for char, style in _cells(line)]
            for line in self._box(board, n, layout)
        ]
        self._boxes[n] = (key, rows)
        return rows

    def _box(self, board: Board, n: int, layout: MapLayout) -> list[Text]:
        state = board.state
        w, h = layout.box_w, layout.box_h
        inner = w - 2
        cursor = n == board.cursor
        target = n in board.targets and board.live
        ruler = core.ruler(state, n)
        frame_style = faction_style(ruler) if ruler is not None else self.st("root--dim")
        if cursor:
            frame_style = frame_style + Style(bold=True)
        tl, tr, bl, br, hz, vt = (
            ("┏", "┓", "┗", "┛", "━", "┃") if cursor else ("╭", "╮", "╰", "╯", "─", "│")
        )
        spot = state.woodland.clearing(n)
        title = Text()
        title.append(tl, style=frame_style)
        mark = Text("◆", style=self.st("root--target")) if target else Text("")
        if n in board.changed:  # changed since this person last looked
            mark = Text("✱", style=Style(bold=True)) + mark
        feature = map_mark(state, n)
        label = Text(box_title(n, spot.name, layout.wide, name_room(w, len(mark), len(feature))))
        if cursor:
            label.stylize(self.st("root--cursor") + Style(bold=True))
        if feature:
            # The Ferry or the Tower after the name, whatever the name loses.
            style = "root--river" if n == state.ferry else "root--title"
            label.append(feature, style=self.st(style) + Style(bold=True))
        title.append_text(label)
        title.append(hz * (inner - len(label) - len(mark)), style=frame_style)
        title.append_text(mark)
        title.append(tr, style=frame_style)
        slots, warriors, tokens = self.pieces(state, n, layout.wide)
        rows: list[Text] = []
        if layout.wide:
            first = self.suit(state.woodland.suit_of(n), word=True)
            first.append(" ")
            pad = inner - 2 - len(first) - len(slots)
            first.append(" " * max(0, pad))
            first.append_text(slots)
            rows = [first, warriors, tokens]
        elif h > 3:
            first = self.suit(state.woodland.suit_of(n))
            first.append(" ")
            first.append_text(slots)
            if tokens:
                first.append(" ")
                first.append_text(tokens)
            rows = [first, warriors]
        else:
            suit = self.suit(state.woodland.suit_of(n))
            rows = [compact_row(suit, slots, warriors, tokens, inner)]
        lines = [title]
        for row in rows[: h - 2]:
            line = Text(vt, style=frame_style)
            body = Text(" ") if h > 3 else Text()
            body.append_text(row)
            line.append_text(fit(body, inner, "crop"))
            line.append(vt, style=frame_style)
            lines.append(line)
        bottom = Text(bl, style=frame_style)
        word = (
            Text(ruler_word(ruler), style=faction_style(ruler)) if ruler is not None else Text("")
        )
        bottom.append(hz, style=frame_style)
        bottom.append_text(word)
        bottom.append(hz * (inner - 1 - len(word)), style=frame_style)
        bottom.append(br, style=frame_style)
        lines.append(bottom)
        return lines

    def _forest_mark(self, board: Board, place: int) -> Text:
        """A forest that is a place, in one cell: what its faction's screen
        part says stands there, else where Enter acts (◆), else the forest
        (♣); the cursor's reversed."""
        owner = PLACES.get(place)
        mark = screen_of(owner).place_mark(self, board, place) if owner is not None else None
        if mark is None:
            target = place in board.targets and board.live
            mark = (
                Text("◆", style=self.st("root--target"))
                if target
                else Text(FOREST_MARK, style=self.st("root--forest"))
            )
        if place == board.cursor:
            mark.stylize(self.st("root--cursor") + Style(bold=True))
        return mark

    def _place_line(self, board: Board, place: int) -> Text:
        """A place off the map on its line, drawn by its faction's screen part."""
        owner = PLACES.get(place)
        line = screen_of(owner).place_line(self, board, place) if owner is not None else None
        return line if line is not None else Text("")

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._resizing or self._drawn_for[1:3] != (width, self.size.height):
            self._resizing = False  # (painted whole, at its size now: on_resize draws no more)
            self._rebuild(repaint=False)
        if y >= len(self._lines):
            return Strip.blank(width, self.rich_style)
        return self._lines[y].crop_extend(0, width, self.rich_style)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return 17

    # ------------------------------------------------------------ cursor
    def action_move(self, direction: str) -> None:
        """To the nearest clearing that way (the places off the map lie under it)."""
        if self.board is None:
            return
        state = self.board.state
        found = step(state.woodland, self.cursor, direction, below(state), forest_places(state))
        if found is not None:
            self.cursor = found

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.drawn is None:
            return
        found = self.drawn.box_at(offset.x, offset.y)
        if found is None:
            return
        event.stop()
        if found == self.cursor:
            self.activate()
            return
        self.cursor = found


#: How a closed path (the Mountain's) is drawn, a forest with nothing in it,
#: and the marks of the Lake's Ferry and the Mountain's Tower in a
#: clearing's title.
CLOSED_MARK = "×"
FOREST_MARK = "♣"
FERRY_MARK = "≋"
TOWER_MARK = "⌂"


def map_mark(state: RootState, n: int) -> str:
    """What the map puts in a clearing, as a mark after its name: the
    Ferry (the Lake), the Tower (the Mountain's Pass)."""
    if n == state.ferry:
        return FERRY_MARK
    if n == state.woodland.tower:
        return TOWER_MARK
    return ""


def position(
    woodland: WoodlandMap,
    n: int,
    places: tuple[int, ...] = (),
    forests: Mapping[int, int] | None = None,
) -> tuple[float, float]:
    """Where a clearing lies on the printed map (a forest that is a place:
    in the middle of its clearings; a place off the map: under it, side by
    side in the order of ``places``, as drawn)."""
    if forests and n in forests:
        return forest_position(woodland, forests[n])
    if n in places:
        x, y = BELOW_POSITION
        return (places.index(n) + x) / len(places), y
    x, y = woodland.clearing(n).position
    return x, y


def step(
    woodland: WoodlandMap,
    cursor: int,
    direction: str,
    places: tuple[int, ...] = (),
    forests: Mapping[int, int] | None = None,
) -> int | None:
    """The place an arrow key moves the cursor to from ``cursor``: the
    nearest one that way, preferring those straight ahead (the clearings,
    the ``forests`` that are places, and the ``places`` off the map drawn
    under it); None at the edge."""
    here = position(woodland, cursor, places, forests)
    dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[direction]
    best: tuple[float, int] | None = None
    for n in (*woodland.numbers, *(forests or {}), *places):
        if n == cursor:
            continue
        x, y = position(woodland, n, places, forests)
        ahead = (x - here[0]) * dx + (y - here[1]) * dy
        if ahead <= 0.02:
            continue
        aside = abs((x - here[0]) * dy) + abs((y - here[1]) * dx)
        if aside > ahead * 2.5:
            continue
        score = ahead + 2 * aside
        if best is None or score < best[0]:
            best = (score, n)
    return None if best is None else best[1]


def _cells(text: Text) -> list[tuple[str, Style]]:
    """A line of text as (character, style) cells: every character here is
    one cell wide, and every style a Style (no markup), so the spans are
    read directly (far cheaper than rendering through a console)."""
    base = text.style if isinstance(text.style, Style) else Style()
    styles = [base] * len(text.plain)
    for span in text.spans:
        style = span.style
        if isinstance(style, Style):
            for i in range(span.start, min(span.end, len(styles))):
                styles[i] = styles[i] + style
    return list(zip(text.plain, styles, strict=True))


__all__ = [
    "BELOW_POSITION",
    "CLOSED_MARK",
    "FERRY_MARK",
    "FOREST_MARK",
    "MORE",
    "SHORT_NAMES",
    "TOWER_MARK",
    "MapLayout",
    "WoodlandView",
    "below",
    "box_title",
    "compact_row",
    "forest_places",
    "map_layout",
    "map_mark",
    "name_room",
    "position",
    "step",
    "water_lines",
]
