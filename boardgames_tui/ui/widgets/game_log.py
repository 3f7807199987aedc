"""The scrolling game log: one line per event, numbered by the move that
caused it (``↶`` marks what an undo took back).  Undo rewrites history, so the widget redraws when the log it is
given no longer starts with what it shows."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Self

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment, Segments
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.events import Resize
from textual.geometry import Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import RichLog

from boardgames_tui.engine.session import LogEntry

from ..compat import LogLines, scrolled_size_changed
from .frame_look import FrameLook
from .scrollbars import StraightScrollbars

#: How many drawn lines the log keeps.
STYLED_KEPT = 500


class GameLog(FrameLook, StraightScrollbars, LogLines, RichLog):
    DEFAULT_CSS = """
    GameLog {
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

    def watch_virtual_size(self, size: Size) -> None:
        if self.is_mounted:
            scrolled_size_changed(self, size)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(
            id=id, classes=classes, wrap=True, markup=False, auto_scroll=True, min_width=10
        )
        self._shown: list[LogEntry] = []
        self._drawn_width = 0
        #: Lines as drawn on screen, by place and look (see render_line).
        self._styled: dict[tuple[object, ...], Strip] = {}

    def render_line(self, y: int) -> Strip:
        width, style = self.frame_look()
        scroll_x, scroll_y = self.scroll_offset
        index = scroll_y + y
        if index >= len(self.lines):
            return Strip.blank(width, style)
        # A line is drawn again as the log scrolls past it: drawn once, for
        # its place in the log and the way it is drawn.
        key = (index + self.first_line_number, scroll_x, width, self.widest_line, style)
        strip = self._styled.get(key)
        if strip is None:
            if len(self._styled) > STYLED_KEPT:
                self._styled.clear()
            strip = self._styled[key] = self.log_line(index, scroll_x, width).apply_style(style)
        return strip

    def clear(self) -> Self:
        self._styled.clear()  # its lines' places are taken by others
        return super().clear()

    @property
    def shown(self) -> list[LogEntry]:
        """The entries on display, oldest first."""
        return list(self._shown)

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        """Show exactly ``entries``: append what is new, or redraw after an undo."""
        entries = list(entries)
        if entries[: len(self._shown)] != self._shown:
            self.clear()
            self._shown = []
        if self.size_known and not self.scrollable_content_region.width:
            # Hidden (``display: none``) after being shown: a line wrapped
            # now would be wrapped at no width at all, and showing the log
            # again may not change its size.  Drawn at the next resize,
            # which showing it sends.
            self._shown = entries
            self._drawn_width = 0
            return
        new = entries[len(self._shown) :]
        # Laid out already: scroll to the end now, in the frame that shows
        # the new lines (RichLog scrolls after the next frame, which costs
        # the move a second frame).  Not yet laid out: as RichLog does.
        now = self.size_known and self.size.height > 0
        drawn_lines: list[Segments] = []
        for entry in new:
            drawn = self._drawn_line(entry) if now else None
            if drawn is not None:
                drawn_lines.append(drawn[0])
                continue
            self._append(drawn_lines)
            drawn_lines = []
            self.write(self._line(entry), scroll_end=False if now else None)
        self._append(drawn_lines)
        if new and now:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        self._shown = entries

    def _append(self, drawn: list[Segments]) -> None:
        """Add lines drawn already (by :func:`entry_lines`), as
        ``RichLog.write`` adds each, with one new size for them all rather
        than one (and the scrollbars worked out again) for each."""
        if not drawn:
            return
        widest = self.widest_line
        for segments in drawn:
            strips = Strip.from_lines(list(Segment.split_lines(segments.segments)))
            self.lines.extend(strips)
            widest = max([widest, *(strip.cell_length for strip in strips)])
        self.widest_line = widest
        self.virtual_size = Size(widest, len(self.lines))

    def on_resize(self, event: Resize) -> None:
        """Lines are wrapped when written: wrap them again at the new width."""
        super().on_resize(event)
        width = self.scrollable_content_region.width
        if width != self._drawn_width and self._shown:
            self._drawn_width = width
            entries, self._shown = self._shown, []
            self.clear()
            self.show_entries(entries)
        self._drawn_width = width

    def _drawn_line(self, entry: LogEntry) -> tuple[Segments, int] | None:
        """:meth:`_line` as this log draws it now, already wrapped, and the
        width it is drawn at: the same cells, without laying out a table
        (None for an entry without text, which the table draws its own way)."""
        console = self.app.console
        return entry_lines(
            _number(entry),
            entry.text,
            console,
            console.options.max_width,
            self.scrollable_content_region.width,
            self.min_width,
        )

    @staticmethod
    def _line(entry: LogEntry) -> Table:
        """The move number (a dot for setup), then the text, wrapped lines
        indented under it."""
        line = Table.grid(padding=(0, 1))
        line.add_column(width=3, justify="right", style="dim", no_wrap=True)
        line.add_column(overflow="fold")
        line.add_row(_number(entry), Text(entry.text))
        return line


def _number(entry: LogEntry) -> str:
    if entry.undo:
        return "↶"
    if entry.action_index < 0:
        return "·"
    return str(entry.action_index + 1)


#: The number's column, and the space after it.
NUMBER = 3
INDENT = NUMBER + 1


def entry_lines(
    number: str, text: str, console: Console, max_width: int, room: int, min_width: int
) -> tuple[Segments, int] | None:
    """A log line as :meth:`GameLog._line`'s table draws it in a RichLog
    ``room`` columns wide (at most ``max_width``, at least ``min_width``):
    the number right-aligned and dim, then the text folded into the columns
    left, each wrapped line padded to the widest, later ones indented by a
    dim margin.  With the width the RichLog draws it at (the table's widest
    line, shrunk to the room).  Working the table out for every line was
    most of what a move's log line cost.  None for a text with no width.
    """
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
