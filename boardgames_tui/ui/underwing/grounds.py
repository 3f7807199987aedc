"""The hatching grounds: the whole grid of eggs in one Line API widget.

:class:`GroundsView` draws every card (score, temperature, element spaces,
claimant; wild dragons framed double) and has its own cursor over the cards
and their element spaces: the reactive ``cursor``, a ``(slot, item)`` pair.
Setting it goes through ``validate_cursor`` (clamped to the cards there are
and the spaces of the card pointed at) and, when it changed,
``watch_cursor``, which redraws the cards it left and reached and posts
:class:`GroundsView.TargetChanged`; a second click on the place pointed at
posts :class:`GroundsView.TargetActivated` (both carry the grid as
``control``, so ``@on(GroundsView.TargetChanged, "#grounds")`` selects
them).  The screen places the cursor itself with ``point`` (validated, no
message).  :func:`grid_layout` says where each card and space sits for a
width.

Each card's picture (its frame, name, spaces and ribbons, the cursor and
the live marks on it) is drawn by :class:`.eggs.EggPictures`, which the
grid mixes in.
"""

from __future__ import annotations

from typing import ClassVar, cast

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.css.scalar import Scalar
from textual.geometry import Region, Size, Spacing
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from ..kit.drawing import fit
from ..widgets.frame_look import FrameLook
from ..widgets.own_focus import focus_moved
from ..widgets.scrollbars import StraightScrollbars
from ..widgets.text_rows import row_runs
from .drawing import Board
from .eggs import EggPictures
from .grid import GridLayout, grid_layout, space_count
from .targets import Target

#: What every card's picture reads but the card, read once a drawing: the
#: card the cursor is on while the grid has the focus (else None), what of
#: it (-1: the card itself), the theme.
CardReads = tuple[int | None, int, object]


class GroundsView(EggPictures, FrameLook, StraightScrollbars, ScrollView, can_focus=True):
    """The hatching grounds: every card with its score, temperature, element
    spaces (required colour, what lies there, empty / part-filled / filled),
    who claimed it and how far it is; wild dragons framed double and marked
    WILD.  The cursor (a heavy frame round the card, the name or space in
    reverse with an arrow) moves with the arrows; a click points, a second
    click acts."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move('up')", "Up", show=False),
        Binding("down", "move('down')", "Down", show=False),
        Binding("left", "move('left')", "Left", show=False),
        Binding("right", "move('right')", "Right", show=False),
        Binding("home", "home", "First egg", show=False),
    ]

    class TargetChanged(Message):
        """The grid's cursor now points at ``target``."""

        def __init__(self, grid: GroundsView, target: Target) -> None:
            self.grid = grid
            self.target = target
            super().__init__()

        @property
        def control(self) -> GroundsView:
            return self.grid

    class TargetActivated(Message):
        """The player clicked ``target`` a second time (the first click points)."""

        def __init__(self, grid: GroundsView, target: Target) -> None:
            self.grid = grid
            self.target = target
            super().__init__()

        @property
        def control(self) -> GroundsView:
            return self.grid

    #: Lines the parts below the grid take (the detail, the bag, the Field).
    RESERVED: ClassVar[int] = 8

    #: The cursor: a slot and an item of its card (-1: the card itself, else
    #: the number of an element space).
    cursor: reactive[tuple[int, int]] = reactive((0, -1), repaint=False, init=False)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.board: Board | None = None
        self.grid: GridLayout | None = None
        self._lines: list[Strip] = []
        #: Each card's lines as last drawn, by everything they depend on.
        self._cards: dict[tuple[object, ...], list[list[Segment]]] = {}
        #: Each line of a card as last drawn, by its text and styles: a card
        #: drawn again for a live mark or the cursor keeps most of its lines
        #: (its frame, its name, its other spaces), which are not rendered
        #: again.
        self._card_rows: dict[tuple[object, ...], list[Segment]] = {}
        #: Each row's lines as last drawn, by its cards' keys (a move changes
        #: a row or two: the others are not put together again).
        self._rows: dict[tuple[object, ...], list[Strip]] = {}
        #: Each row's cards' keys in the grid as last drawn (by the row's
        #: place): what is kept when the caches are trimmed.
        self._drawn_rows: dict[int, tuple[tuple[object, ...], ...]] = {}
        #: The width and the room the grid was last laid out for.
        self._fitted: tuple[int, int] = (0, 0)
        #: Where ``place`` put the cursor for the next drawing (validated
        #: again then, on its board), to be scrolled to.
        self._placed: tuple[int, int] | None = None
        #: The board and everything else the lines were last drawn for.
        self._rebuilt_for: tuple[Board | None, tuple[object, ...]] = (None, ())

    # ------------------------------------------------------------- state
    @property
    def target(self) -> Target:
        slot, item = self.cursor
        return Target(slot=slot, space=None if item < 0 else item)

    def show(self, board: Board) -> None:
        """Draw ``board`` (at the cursor ``place`` put, scrolled to it)."""
        self.board = board
        placed, self._placed = self._placed, None
        # The grounds may have changed under the cursor: it points at
        # something that exists (the screen says so itself; no message).
        self._place(self.cursor if placed is None else placed)
        self._rebuild()
        if placed is not None:
            self._scroll_to_cursor()

    def place(self, target: Target) -> None:
        """Put the cursor at ``target`` for the board drawn next (``show``:
        drawn once, there, and scrolled to)."""
        if target.slot is not None:
            self._placed = (target.slot, -1 if target.space is None else target.space)
            self._place(self._placed)

    def point(self, target: Target) -> None:
        """Move the cursor to ``target`` (from the screen, which knows it
        already: validated, no message)."""
        if target.slot is None:
            return
        self._place((target.slot, -1 if target.space is None else target.space))
        self._rebuild()
        self._scroll_to_cursor()

    def _place(self, value: tuple[int, int]) -> None:
        """Set the cursor, validated, without the watcher (no redraw, no message)."""
        self.set_reactive(GroundsView.cursor, self.validate_cursor(value))

    def _items(self, slot: int) -> int:
        assert self.board is not None
        grounds = self.board.state.grounds
        return space_count(grounds[slot]) if 0 <= slot < len(grounds) else 0

    def validate_cursor(self, value: tuple[int, int]) -> tuple[int, int]:
        """Clamped to the cards there are, and to the card's own spaces (or
        the card itself); as given while there is no board yet."""
        if self.board is None:
            return value
        slot, item = value
        slot = max(0, min(slot, len(self.board.state.grounds) - 1))
        return slot, max(-1, min(item, self._items(slot) - 1))

    def watch_cursor(self, old: tuple[int, int], new: tuple[int, int]) -> None:
        self._redraw_cursor(old[0], new[0])
        self.post_message(self.TargetChanged(self, self.target))

    # ----------------------------------------------------------- drawing
    def on_resize(self, event: events.Resize) -> None:
        self._rebuild()

    # The focus shows as the cursor, drawn by ``_rebuild``: only the lines
    # it changes are repainted (see ``focus_moved``).
    def on_focus(self, event: events.Focus) -> None:
        focus_moved(self, event)
        self._focus_to_draw()

    def on_blur(self, event: events.Blur) -> None:
        focus_moved(self, event)
        self._focus_to_draw()

    def _focus_to_draw(self) -> None:
        """The focus came or went: the grid drawn again for it once the
        messages before are handled, unless it is drawn for the focus as
        the screen has it already (a move gives the board the focus and
        draws the grid for it in one turn: the focus event that follows
        found nothing to draw, after working out all the grid reads)."""
        drawn_key = self._rebuilt_for[1]
        if self.board is None or drawn_key[2:3] != (self.has_cursor,):
            self.call_later(self._rebuild)

    def redraw(self) -> None:
        """Draw again (the focus moved): repainted only if it looks different."""
        self._rebuild()

    def _rebuild(self, repaint: bool = True) -> None:
        board = self.board
        if board is None:
            return
        key = self._drawing_key()
        width, room = self._fitted
        # Drawn already for this board, cursor, focus, size and style (the
        # focus event after the screen moved the focus, a second redraw in
        # one move): nothing to do.
        drawn_board, drawn_key = self._rebuilt_for
        if drawn_board is board and drawn_key == key:
            return
        self._rebuilt_for = (board, key)
        layout = grid_layout(board.state, width)
        if room:
            roomy = grid_layout(board.state, width, ribbons=True)
            if roomy.height <= room:
                layout = roomy
        self.grid = layout
        lines = self._draw(layout, self._base_of(key), self._card_reads(key))
        self.virtual_size = Size(layout.width, layout.height)
        # Repainted only when it looks different: the focus arriving (or
        # leaving) after the screen already drew the cursor changes nothing.
        if repaint:
            self._show_lines(lines)
        else:
            self._lines = lines

    def _drawing_key(self) -> tuple[object, ...]:
        """Everything the grid's lines depend on but the board: the cursor,
        the focus, the width and room (noted in ``_fitted``), the style.
        With no size (hidden for a while: at a crowded table the side now
        lies over the grid, which keeps its size), the size it last had,
        which it has again as it shows: drawn for that, it is not drawn
        again after the layout."""
        drawing = self._drawing  # (in a frame: its width and style, looked up once)
        width = (drawing[0] if drawing else self.scrollable_content_region.width) or self.size.width
        if width:
            self._fitted = (width, self.room())
        elif not self._fitted[0]:
            self._fitted = (60, 0)  # (never laid out yet)
        width, room = self._fitted
        base = drawing[1] if drawing else self.rich_style
        return (self.slot, self.item, self.has_cursor, width, room, base, self.app.theme)

    def _redraw_cursor(self, old: int, new: int) -> None:
        """The cursor moved from the card ``old`` to the card ``new``: draw
        again only the rows of cards holding them when nothing else changed
        since the grid was last drawn, else the whole grid."""
        board, layout = self.board, self.grid
        if board is None or layout is None:
            return
        key = self._drawing_key()
        drawn_board, drawn_key = self._rebuilt_for
        if (
            drawn_board is not board
            or drawn_key[2:] != key[2:]
            or len(self._lines) != layout.height
        ):
            self._rebuild()
            return
        self._rebuilt_for = (board, key)
        self._trim_cache()
        base, reads = self._base_of(key), self._card_reads(key)
        lines = list(self._lines)
        for row in {old // layout.cols, new // layout.cols}:
            if 0 <= row < layout.rows:
                top = layout.tops[row]
                lines[top : top + layout.heights[row]] = self._row(layout, row, base, reads)
        self._show_lines(lines)

    def _show_lines(self, lines: list[Strip]) -> None:
        """Keep ``lines`` as the grid's and repaint those that changed."""
        if lines != self._lines:
            before, self._lines = self._lines, lines
            self._repaint(before, lines)

    def _repaint(
        self, before: list[Strip], after: list[Strip], outside: Region | None = None
    ) -> None:
        """Repaint the lines on view that changed (a move changes a card or
        two), or all of them when the grid's height changed; ``outside``: but
        those in that region (being painted now)."""
        width = self.size.width
        if outside is not None and len(before) != len(after):
            return  # (laid out again: painted whole)
        if len(before) != len(after) or not width:
            self.refresh()
            return
        top = self.scroll_offset.y
        changed = [
            index - top
            for index, (old, new) in enumerate(zip(before, after, strict=True))
            if old != new
            and top <= index < top + self.size.height
            and not (outside is not None and outside.y <= index - top < outside.bottom)
        ]
        rows = row_runs(changed, width)
        if rows:
            self.refresh(*rows)

    def room(self) -> int:
        """Lines the grid may take before it has to scroll: its container's
        height less what the parts below it need."""
        parent = self.parent
        if not isinstance(parent, Widget):
            return 0
        below = [w.outer_size.height for w in parent.children if w is not self and w.display]
        reserved = sum(below) if all(below) else self.RESERVED
        return max(0, parent.content_size.height - reserved)

    def refit(self) -> None:
        """Keep the parts below the grid on screen (the grid scrolls when it
        has less room than it needs) and lay it out again if its room
        changed (after a resize)."""
        room = self.room()
        if room and self.styles.max_height != Scalar.from_number(room):
            self.styles.max_height = room
        width = self.scrollable_content_region.width or self.size.width or 60
        if (width, room) != self._fitted:
            self._rebuild()

    @staticmethod
    def _base_of(key: tuple[object, ...]) -> Style:
        """The grid's own style, as ``_drawing_key`` read it (looking it up
        walks the DOM: once a drawing)."""
        base = key[5]
        assert isinstance(base, Style)
        return base

    def _draw(
        self, layout: GridLayout, base: Style | None = None, reads: CardReads | None = None
    ) -> list[Strip]:
        """The grid's lines, each card's lines taken from the cache when the
        card looks as it did (a move changes one or two cards); ``base``:
        the grid's style, ``reads``: what every card reads, when looked up
        already."""
        if base is None:
            base = self.rich_style
        if reads is None:
            reads = self._card_reads()
        strips: list[Strip] = []
        self._trim_cache()
        for row in range(layout.rows):
            strips += self._row(layout, row, base, reads)
        for row in [row for row in self._drawn_rows if row >= layout.rows]:
            del self._drawn_rows[row]
        return strips

    def _trim_cache(self) -> None:
        """Forget the cards' lines drawn before when they have piled up, but
        those of the grid as last drawn: the next drawing shows most of
        them again (forgotten too, every card was made again every few
        moves, and every line of every card rendered again)."""
        assert self.board is not None
        kept = 4 * max(1, len(self.board.state.grounds))
        if len(self._cards) > kept or len(self._rows) > kept:
            rows = set(self._drawn_rows.values())
            cards = {key for keys in rows for key in keys}
            self._cards = {key: lines for key, lines in self._cards.items() if key in cards}
            self._rows = {keys: strips for keys, strips in self._rows.items() if keys in rows}
        if len(self._card_rows) > 16 * kept:
            self._card_rows.clear()

    def _card_reads(self, key: tuple[object, ...] | None = None) -> CardReads:
        """``CardReads``, from ``key`` (the drawing's ``_drawing_key``) when given."""
        if key is None:
            return (self.slot if self.has_cursor else None, self.item, self.app.theme)
        slot, item = cast(tuple[int, int], key[:2])
        return (slot if key[2] else None, item, key[6])

    def _row(self, layout: GridLayout, row: int, base: Style, reads: CardReads) -> list[Strip]:
        """The lines of one row of cards (as drawn before when its cards
        look as they did)."""
        assert self.board is not None
        total = len(self.board.state.grounds)
        height = layout.heights[row]
        slots = range(row * layout.cols, min(total, (row + 1) * layout.cols))
        keys = tuple(self._card_key(slot, layout, height, base, reads) for slot in slots)
        self._drawn_rows[row] = keys
        strips = self._rows.get(keys)
        if strips is None:
            cards = [
                self._card_lines(slot, key, layout, height, base)
                for slot, key in zip(slots, keys, strict=True)
            ]
            strips = self._rows[keys] = [
                Strip([segment for lines in cards for segment in lines[line]])
                for line in range(height)
            ]
        return strips

    def _card_key(
        self, slot: int, layout: GridLayout, height: int, base: Style, reads: CardReads
    ) -> tuple[object, ...]:
        """Everything a card's picture depends on."""
        assert self.board is not None
        board = self.board
        s = board.state.grounds[slot]
        cursor, item, theme = reads
        here = slot == cursor
        claimant = s.claimant
        return (
            s.card,
            s.wild,
            claimant,
            None if claimant is None else (board.tags[claimant], board.state.seats[claimant].name),
            tuple(tuple(space) for space in s.fill),
            here,
            item if here else None,
            slot in board.live_slots,
            board.live_spaces_by_slot.get(slot, ()),
            layout.outer,
            layout.per_line,
            layout.ribbons,
            height,
            base,
            theme,
        )

    def _card_lines(
        self, slot: int, key: tuple[object, ...], layout: GridLayout, height: int, base: Style
    ) -> list[list[Segment]]:
        """A card's lines (``key``: its ``_card_key``)."""
        lines = self._cards.get(key)
        if lines is None:
            console = self.app.console
            rows = self._card_rows
            lines = []
            for text in self._card(slot, layout, height):
                look = (text.plain, tuple(text.spans), text.style, base)
                line = rows.get(look)
                if line is None:
                    line = rows[look] = list(Segment.apply_style(text.render(console), base))
                lines.append(line)
            self._cards[key] = lines
        return lines

    def render_lines(self, crop: Region) -> list[Strip]:
        # Laid out at another size than the lines were drawn for (a resize
        # while hidden): drawn again for this frame, not repainted in the
        # next.  (Being painted whole, nothing more to repaint; another
        # height than it was laid out for lays it out again.)
        # The frame's width and style are looked up once, for the check and
        # the lines both (FrameLook's, made here: each lookup walks the DOM).
        self._drawing = (self.scrollable_content_region.width, self.rich_style)
        try:
            if self.board is not None and self.size.width:
                before = self._lines
                self._rebuild(repaint=False)
                if self._lines is not before:
                    # (Rows outside what is painted now that read differently.)
                    self._repaint(before, self._lines, outside=crop)
            return super(FrameLook, self).render_lines(crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width, style = self.frame_look()
        marker = self._marker(y, scroll_y)
        if marker:
            text = fit(Text(marker, style=self.st("uw--marker")), width)
            return Strip(text.render(self.app.console)).apply_style(style)
        if index >= len(self._lines):
            return Strip.blank(width, style)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, style)

    def _marker(self, y: int, scroll_y: int) -> str:
        """Where the grid has more rows than its room: on its first line in
        view the eggs above it, on its last the eggs below it (the arrows
        move the cursor there), so a cut egg never passes for the last."""
        height = self.size.height
        if height < 4 or len(self._lines) <= height:
            return ""
        if y == height - 1 and scroll_y + height < len(self._lines):
            return " ▼ more eggs below (↓) "
        if y == 0 and scroll_y > 0:
            return " ▲ more eggs above (↑) "
        return ""

    # ------------------------------------------------------------ cursor
    def action_move(self, direction: str) -> None:
        if self.board is None or self.grid is None:
            return
        layout = self.grid
        cols, per = layout.cols, layout.per_line
        total = len(self.board.state.grounds)
        slot, item = self.slot, self.item
        row, col = divmod(slot, cols)
        count = self._items(slot)
        line, sub = divmod(item, per) if item >= 0 else (-1, 0)
        if direction == "down":
            if item < 0 and count:
                item = 0
            elif item >= 0 and item + per < count:
                item += per
            elif item >= 0 and line < (count - 1) // per:
                item = count - 1
            elif slot + cols < total:
                slot, item = slot + cols, -1
        elif direction == "up":
            if item >= per:
                item -= per
            elif item >= 0:
                item = -1
            elif row > 0:
                slot -= cols
                above = self._items(slot)
                item = ((above - 1) // per) * per + min(sub, per - 1) if above else -1
                item = min(item, above - 1)
        elif direction == "right":
            if item >= 0 and sub + 1 < per and item + 1 < count:
                item += 1
            elif col + 1 < cols and slot + 1 < total:
                slot += 1
                item = self._same_line(slot, line, first=True)
        elif direction == "left":
            if item >= 0 and sub > 0:
                item -= 1
            elif col > 0:
                slot -= 1
                item = self._same_line(slot, line, first=False)
        if (slot, item) != self.cursor:
            self.cursor = (slot, item)
            self._scroll_to_cursor()

    def _same_line(self, slot: int, line: int, first: bool) -> int:
        """On the card ``slot``: the first (or last) space of line ``line``,
        or its name when it has no such line."""
        count = self._items(slot)
        per = self.grid.per_line if self.grid else 2
        if line < 0 or count == 0:
            return -1
        line = min(line, (count - 1) // per)
        return line * per if first else min(count - 1, line * per + per - 1)

    def action_home(self) -> None:
        if self.cursor != (0, -1):
            self.cursor = (0, -1)
            self._scroll_to_cursor()

    def _scroll_to_cursor(self) -> None:
        if self.grid is None:
            return
        # (A line to spare above and below: the markers of more eggs there.)
        self.scroll_to_region(
            self.grid.card_region(self.slot),
            spacing=Spacing(1, 0, 1, 0),
            animate=False,
            immediate=True,
            force=True,
        )

    # ------------------------------------------------------------- mouse
    def hit(self, x: int, y: int) -> tuple[int, int] | None:
        """The (slot, item) drawn at virtual offset (x, y): a space, or the
        card itself anywhere else on it."""
        layout = self.grid
        if layout is None or self.board is None:
            return None
        col = x // layout.outer
        row = next((r for r in range(layout.rows) if layout.tops[r] + layout.heights[r] > y), None)
        if row is None or col >= layout.cols:
            return None
        slot = row * layout.cols + col
        if slot >= len(self.board.state.grounds):
            return None
        for item in range(self._items(slot)):
            if layout.item_region(slot, item).contains(x, y):
                return slot, item
        return slot, -1

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        scroll_x, scroll_y = self.scroll_offset
        found = self.hit(offset.x + scroll_x, offset.y + scroll_y)
        if found is None:
            return
        event.stop()
        if found == self.cursor:
            self.post_message(self.TargetActivated(self, self.target))
            return
        self.cursor = found


__all__ = ["GroundsView"]
