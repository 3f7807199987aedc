"""The scrolling game log: one line per event, numbered by the move that
caused it, counting only the moves that wrote to the log so the numbers run
on without gaps (``↶`` marks what an undo took back).  Undo rewrites history, so
the widget redraws when the log it is given no longer starts with what it
shows.

Drawn with the Line API (``render_line``), as the boards are: each entry is
wrapped to the log's width once, into strips kept in :attr:`GameLog.lines`
(the same cells as Rich draws :meth:`GameLog._line`'s table), and a move
adds its few lines at once; a new width wraps them all again.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import Console
from rich.measure import measure_renderables
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.events import Resize
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from boardgames_tui.engine.session import LogEntry

from .frame_look import FrameLook
from .picker_rows import row_look
from .scrollbars import StraightScrollbars, refit_scrollbars

#: How many drawn lines the log keeps.
STYLED_KEPT = 500


class GameLog(FrameLook, StraightScrollbars, ScrollView, can_focus=True):
    DEFAULT_CSS = """
    GameLog {
        background: $surface;
        color: $foreground;
        &:focus {
            background-tint: $foreground 5%;
        }
        height: 1fr;
        /* Always keep the scrollbar's column, so lines wrapped before the log
           overflows are not clipped by the scrollbar appearing later. */
        overflow-y: scroll;
        scrollbar-size-vertical: 1;
        /* An empty track blends in rather than standing as a dark bar. */
        scrollbar-background: $surface;
        scrollbar-background-hover: $surface;
        scrollbar-background-active: $surface;
    }
    """

    #: A line written changes how far the log scrolls, not its size on
    #: screen (its height is set by the layout, its scrollbar always there):
    #: so no layout pass of the whole screen for each line, only the
    #: scrollbars told (and they ask for a layout if one appears).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    #: The narrowest a line is drawn at.
    min_width = 10

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        #: The lines drawn, as strips (each entry one or more).
        self.lines: list[Strip] = []
        self._widest = 0
        self._shown: list[LogEntry] = []
        #: The width the lines were wrapped at (0: not drawn yet).
        self._drawn_width = 0
        #: Lines as drawn on screen, by place and look (see render_line).
        self._styled: dict[tuple[object, ...], Strip] = {}
        #: The number shown for each move that wrote to the log, by its
        #: index in the game's actions (consecutive, see ``number_of``).
        self._numbers: dict[int, int] = {}
        #: Lines drawn again from the top since the log was made (a place in
        #: ``lines`` is a new line after each such redraw).
        self._redraws = 0
        self._painted = {}

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted:
            refit_scrollbars(self)

    def render_line(self, y: int) -> Strip:
        width, style = self.frame_look()
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        # A line is drawn again as the log scrolls past it: drawn once, for
        # its place in the log and the way it is drawn.
        key = (self._redraws, index, scroll_x, width, self._widest, style)
        strip = self._styled.get(key)
        if strip is None:
            if len(self._styled) > STYLED_KEPT:
                self._styled.clear()
            line = self.lines[index].crop_extend(scroll_x, scroll_x + width, style)
            strip = self._styled[key] = line.apply_style(style)
        return strip

    def clear(self) -> None:
        self.lines = []
        self._widest = 0
        self._redraws += 1
        self._styled.clear()  # their places are taken by others
        self.virtual_size = Size(0, 0)
        self.refresh()

    @property
    def shown(self) -> list[LogEntry]:
        """The entries on display, oldest first."""
        return list(self._shown)

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        """Show exactly ``entries``: append what is new, or redraw after an undo."""
        entries = list(entries)
        width = self.scrollable_content_region.width
        if entries[: len(self._shown)] != self._shown or (width and width != self._drawn_width):
            self.clear()
            self._shown = []
            self._numbers = {}
        if not width:
            # Not laid out yet, or hidden (``display: none``): a line wrapped
            # now would be wrapped at no width at all.  Drawn at the next
            # resize, which showing the log sends.
            self._shown = entries
            self._drawn_width = 0
            self._numbers = {}
            return
        self._drawn_width = width
        new = entries[len(self._shown) :]
        for entry in new:
            self.number_of(entry)
        for entry in new:
            self._add(entry, width)
        self._shown = entries
        self.virtual_size = Size(self._widest, len(self.lines))
        if new:
            self._to_end()
            self.refresh()

    def _add(self, entry: LogEntry, room: int) -> None:
        """An entry's lines, wrapped at ``room``, added at the end."""
        console = self.app.console
        drawn = entry_lines(
            self.number_of(entry),
            entry.text,
            console,
            console.options.max_width,
            room,
            self.min_width,
        )
        if drawn is not None:
            segments, _ = drawn
            strips = Strip.from_lines(list(Segment.split_lines(segments.segments)))
        else:
            # No width of its own (an entry with no text): the table, laid
            # out by Rich at its own width (at least the log's narrowest).
            table = self._line(entry, self.number_of(entry))
            measured = measure_renderables(console, console.options, [table]).maximum
            options = console.options.update_width(max(min(measured, room), self.min_width))
            lines = list(Segment.split_lines(console.render(table, options)))
            strips = Strip.from_lines(lines)
        self.lines.extend(strips)
        self._widest = max([self._widest, *(strip.cell_length for strip in strips)])

    #: The size the log was last painted at.
    _painted_size: Size | None = None
    #: The log shows its last line (a move scrolls it there): a layout at
    #: another height keeps it there.
    _follows_end = True

    #: The log's rows as painted (framed: border, padding and all), by
    #: ``_row_keys``, for the frame they were painted in (``_frame_key``).
    _painted: dict[object, Strip]
    _painted_frame: tuple[object, ...] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        # The layout that resized the log paints it before the log hears of
        # its new size (``on_resize`` comes after): wrapped again here, so
        # that no frame shows the lines wrapped for the old width.
        self._wrap_anew()
        self._painted_size = self.size
        # A move scrolls the log by its new lines, and every row shows what
        # the row below it showed: each row painted once (Textual's styles
        # cache paints the whole log again when it scrolls), only the new
        # ones painted here.
        frame = self._frame_key(crop)
        if frame is None:
            return super().render_lines(crop)
        if frame != self._painted_frame or len(self._painted) > STYLED_KEPT:
            self._painted_frame, self._painted = frame, {}
        painted = self._painted
        keys = self._row_keys(crop)
        missing = [
            y for y, key in zip(range(crop.y, crop.bottom), keys, strict=True) if key not in painted
        ]
        if missing:
            first, last = missing[0], missing[-1] + 1
            drawn = super().render_lines(Region(crop.x, first, crop.width, last - first))
            if len(drawn) != last - first:
                # (Rows asked for beyond the log's own: Textual's answer.)
                return super().render_lines(crop)
            for y, strip in zip(range(first, last), drawn, strict=True):
                painted[keys[y - crop.y]] = strip
        return [painted[key] for key in keys]

    def _frame_key(self, crop: Region) -> tuple[object, ...] | None:
        """Everything a painted row depends on but its line: what Textual's
        styles cache reads (``row_look``, the action list's too), the log's
        own look (its lines' style, its border's colours follow the focus),
        the columns painted.  None: rows painted afresh (``row_look``)."""
        look = row_look(self)
        if look is None:
            return None
        return (
            look,
            crop.x,
            crop.width,
            self.rich_style,
            self.has_focus,
            self.app.theme,
            self.show_horizontal_scrollbar,
        )

    def _row_keys(self, crop: Region) -> list[object]:
        """What each row of ``crop`` shows: a row of the frame (the border)
        by its place, a line of the log by the line (its place in the
        log, the first column shown, the width the lines are padded to),
        wherever it is scrolled to."""
        top = self.styles.gutter.top
        height = self.scrollable_content_region.height
        scroll_x, scroll_y = self.scroll_offset
        count = len(self.lines)
        keys: list[object] = []
        for y in range(crop.y, crop.bottom):
            inside = y - top
            if not 0 <= inside < height:
                keys.append(("frame", y))
                continue
            index = scroll_y + inside
            if index >= count:
                keys.append(("blank",))
            else:
                keys.append((self._redraws, index, scroll_x, self._widest))
        return keys

    def _wrap_anew(self) -> bool:
        """Wrap the lines again where the log's width is not the one they
        were wrapped at (and keep the last in view); whether it did."""
        width = self.scrollable_content_region.width
        if not (width and width != self._drawn_width and self._shown):
            return False
        entries, self._shown = self._shown, []
        self.clear()
        self.show_entries(entries)
        return True

    def _laid_out_anew(self) -> bool:
        """Being laid out at another size than it was painted at (the layout
        then paints it whole)."""
        painted = self._painted_size
        return painted is not None and painted != self.size

    def validate_scroll_y(self, value: float) -> float:
        # The layout that gives the log another height asks its place again
        # (the same value): one that follows the end stays at the end there,
        # drawn once by that layout, not moved after it in a frame of its own.
        if self._follows_end and value == self.scroll_y and self._laid_out_anew():
            value = self.max_scroll_y
        return super().validate_scroll_y(value)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        self._follows_end = new_value >= self.max_scroll_y
        if self._laid_out_anew():
            # (Moved by the layout that resizes it, which paints it whole.)
            if self.show_vertical_scrollbar:
                self.vertical_scrollbar.position = new_value
            return
        super().watch_scroll_y(old_value, new_value)

    def on_resize(self, event: Resize) -> None:
        """Lines are wrapped when drawn: draw them again at the new width;
        and the last line stays in view (the log follows the game)."""
        if not self._wrap_anew() and self.lines:
            self._to_end()

    def _to_end(self) -> None:
        """Scroll to the last line, now.  (Textual's ``scroll_end`` does the
        same and then queues a callback for when it is done, which a log that
        is not anchored has no use for: a message and a turn of the log's
        queue before every move's frame.)"""
        self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)

    def number_of(self, entry: LogEntry) -> str:
        """An entry's number as the player sees it: the moves that wrote to
        the log counted one by one (a move that wrote nothing, such as a
        step of a trade being built, takes no number: they run on without
        a gap), a dot for setup, ``↶`` for an undo's note."""
        if entry.undo:
            return "↶"
        if entry.action_index < 0:
            return "·"
        numbers = self._numbers
        if entry.action_index not in numbers:
            numbers[entry.action_index] = len(numbers) + 1
        return str(numbers[entry.action_index])

    @staticmethod
    def _line(entry: LogEntry, number: str) -> Table:
        """The move number (a dot for setup), then the text, wrapped lines
        indented under it (the table a log line is drawn as)."""
        line = Table.grid(padding=(0, 1))
        line.add_column(width=3, justify="right", style="dim", no_wrap=True)
        line.add_column(overflow="fold")
        line.add_row(number, Text(entry.text))
        return line


#: The number's column, and the space after it.
NUMBER = 3
INDENT = NUMBER + 1


def entry_lines(
    number: str, text: str, console: Console, max_width: int, room: int, min_width: int
) -> tuple[Segments, int] | None:
    """A log line as :meth:`GameLog._line`'s table draws it ``room``
    columns wide (at most ``max_width``, at least ``min_width``): the number
    right-aligned and dim, then the text folded into the columns left, each
    wrapped line padded to the widest, later ones indented by a dim margin.
    With the width it is drawn at (the table's widest line, shrunk to the
    room).  Laying the table out for every line was most of what a move's
    log line cost.  None for a text with no width."""
    body = Text(text)
    widest = max((cell_len(part) for part in text.split("\n")), default=0)
    if not widest:
        return None
    width = max(min(INDENT + widest, max_width, room), min_width)
    column = min(widest, width - INDENT)
    margin = Style(dim=True)
    segments: list[Segment] = []
    for index, line in enumerate(body.wrap(console, column, justify="left", overflow="fold")):
        segments.append(Segment(" " * INDENT if index else f"{number:>{NUMBER}} ", margin))
        segments.extend(line.render(console))
        segments.append(Segment.line())
    return Segments(segments), width
