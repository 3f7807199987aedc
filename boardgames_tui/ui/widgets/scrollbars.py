"""A vertical scrollbar drawn straight into rows.

Textual draws a scrollbar as any widget with a Rich renderable: through the
console, then line by line through the styles cache.  A game screen's log and
action list move their thumbs on every move, and drawing their two bars that
way took 0.9 ms each, a visible part of a move's frame.  A bar is a column of
three or four kinds of cell, so :class:`StraightScrollBar` makes each kind of
row once and repeats it, and looks exactly as Textual's own drawing of it
does (a test compares the two across positions, sizes, hover and themes).

Mix :class:`StraightScrollbars` in before a scrolling widget's base to give
it such a bar.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Self, cast

from rich.color import Color
from rich.segment import Segment
from rich.style import Style
from textual.color import Color as TextualColor
from textual.containers import VerticalScroll
from textual.filter import LineFilter
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.scrollbar import ScrollBar, ScrollBarRender
from textual.strip import Strip
from textual.widget import Widget

from ..compat import start_vertical_scrollbar
from ..kit.kept_frame import KeptContainer

if TYPE_CHECKING:
    from textual.widget import Widget as _Base
else:
    # A plain mixin at run time: as a widget class it would bring its own
    # default CSS into the widget's stylesheet.
    _Base = object

#: What Textual's bar falls back to when its style has no colour.
_BACK = Color.parse("#555555")
_BAR = Color.parse("bright_magenta")

#: A straight-drawn bar's picture: width, height, cells, style, background,
#: line filters (``StraightScrollBar._picture``).
_Picture = tuple[int, int, tuple[Segment, ...], Style, TextualColor, tuple[LineFilter, ...]]


class StraightScrollBar(ScrollBar):
    """A scrollbar whose vertical bar is drawn straight into rows (a
    horizontal one, or one whose own styles add a border, padding, tint or
    transparency, is drawn by Textual as before)."""

    #: The rows made for each kind of cell, and what they were made with
    #: (the widget's style, its background, the line filters).
    _rows: dict[Segment, Strip]
    _rows_for: tuple[object, ...] = ()
    #: How the bar looked when it was last painted (``_picture``).
    _painted: tuple[object, ...] | None = None
    #: The rows last given, and for what crop and picture.
    _kept: list[Strip] = []
    _kept_for: tuple[object, ...] | None = None
    #: A repaint was asked for and is to be looked at (``refresh``).
    _refresh_due = False
    #: A bar's scrolled size is its size (it scrolls nothing): Textual sets
    #: it as the layout sizes the bar, and as a widget's it asked for a
    #: layout pass of its own when it changed, a frame after the move's for
    #: every bar made longer or shorter.  The bar comes, goes and is placed
    #: by the layout of the widget it scrolls (its ``show_vertical_scrollbar``).
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def _looks(self) -> tuple[object, ...]:
        """Everything the bar's picture depends on."""
        return (
            self.window_virtual_size,
            self.window_size,
            self.position,
            self.mouse_over,
            self.grabbed,
            self.size,
            self.rich_style,
        )

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        # Textual repaints a scrolling widget's bars on every layout pass
        # that finds the widget's scrolled size other than its own (always,
        # for a widget that scrolls): a frame of its own after the move's,
        # for a bar that looks as it did.  Repainted here only when it
        # would look different (a bar moved, shown or resized is painted
        # by the layout itself).
        if not (regions or layout or recompose) and self.is_mounted:
            # Looked at once the messages before it are handled: a frame
            # drawn meanwhile has painted the bar as it looks now.
            if not self._refresh_due:
                self._refresh_due = True
                self.call_later(self._refresh_if_stale)
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _refresh_if_stale(self) -> None:
        self._refresh_due = False
        painted = self._painted
        cells = None
        if painted is not None and painted[0] != "drawn by Textual" and self.vertical:
            # Its cells alone (the thumb moved, grew or shrank: most moves
            # of a log or a list) tell a straight-drawn bar's picture apart,
            # before the styles it is drawn over are looked up.
            cells = self._cells(self.render())
            if cells is not None and cells != painted[:3]:
                super().refresh()
                return
        if painted != self._picture(cells):
            super().refresh()

    def _cells(self, bar: object) -> tuple[int, int, tuple[Segment, ...]] | None:
        """The size and the cells of a straight-drawn bar rendered as
        ``bar`` (None for one Textual draws otherwise)."""
        if not isinstance(bar, ScrollBarRender) or not isinstance(bar.style, Style):
            return None
        style = bar.style
        width, height = self.size
        cells = bar.render_bar(
            size=height,
            virtual_size=bar.virtual_size,
            window_size=bar.window_size,
            position=bar.position,
            thickness=width,
            vertical=True,
            back_color=style.bgcolor or _BACK,
            bar_color=style.color or _BAR,
        ).segments
        return (width, height, tuple(cells))

    def _picture(
        self, cells: tuple[int, int, tuple[Segment, ...]] | None = None
    ) -> tuple[object, ...]:
        """What the bar shows: its size and its cells as drawn (the thumb's
        place and size in cells, its colours), over its style, background
        and line filters; for a bar Textual draws, what that reads
        (``_looks``).  A log one entry longer, its thumb in the same cells,
        shows the same picture: nothing to repaint.  (``cells``: the bar's
        cells as just worked out, where they were.)"""
        if not (self.vertical and self._plain()):
            cells = None
        elif cells is None:
            cells = self._cells(self.render())
        if cells is None:
            return ("drawn by Textual", *self._looks())
        filters = tuple(self.get_line_filters())
        return (*cells, self.rich_style, self.background_colors[1], filters)

    def render_lines(self, crop: Region) -> list[Strip]:
        picture = self._picture()
        self._painted = picture
        if picture[0] == "drawn by Textual":
            self._kept_for = None
            return super().render_lines(crop)
        if (crop, picture) == self._kept_for:
            # (The compositor draws every part under the rows it redraws:
            # the rows given last time, which it has cut before.)
            return list(self._kept)
        width, _height, cells, base, background, filters = cast(_Picture, picture)
        made_for = (width, base, background, filters)
        if made_for != self._rows_for:
            self._rows = {}
            self._rows_for = made_for
        rows = self._rows
        strips: list[Strip] = []
        for cell in cells[crop.y : crop.bottom]:
            strip = rows.get(cell)
            if strip is None:
                strip = Strip([Segment(cell.text, base + cell.style)], width)
                for line_filter in filters:
                    strip = strip.apply_filter(line_filter, background)
                rows[cell] = strip
            strips.append(strip)
        if crop.column_span != (0, width):
            strips = [strip.crop(crop.x, crop.right) for strip in strips]
        self._kept_for = (crop, picture)
        self._kept = strips
        return list(strips)

    def _plain(self) -> bool:
        """Whether the bar's own styles leave its cells as the bar draws them."""
        styles = self.styles
        return (
            not styles.tint.a
            and self.opacity == 1
            and styles.text_opacity == 1
            and not any(edge for edge, _ in styles.border)
            and not any(edge for edge, _ in styles.outline)
            and not any(styles.padding)
            and (not styles.has_rule("hatch") or styles.hatch == "none")
        )


class StraightScrollbars(_Base):
    """Mix in before a scrolling widget's base: its vertical scrollbar is a
    :class:`StraightScrollBar`."""

    @property
    def vertical_scrollbar(self) -> ScrollBar:
        return start_vertical_scrollbar(self, StraightScrollBar)


def refit_scrollbars(widget: Widget) -> None:
    """Tell ``widget``'s vertical scrollbar that its scrolled size changed,
    without a layout pass of the whole screen (unless the bar comes or goes,
    which changes the widget's content width: the bar's reactive asks for
    one then).  A scrolling Line-API widget whose ``virtual_size`` does not
    ask for a layout (the log, the action list) calls it when that changes."""
    styles = widget.styles
    height = widget.container_size.height
    virtual = widget.virtual_size.height
    overflow = styles.overflow_y
    show = overflow == "scroll" or (overflow == "auto" and virtual > height)
    if show or widget.show_vertical_scrollbar:
        bar = widget.vertical_scrollbar
        bar.display = show
        if show:
            bar.window_virtual_size = virtual
            bar.window_size = height - widget.scrollbar_size_horizontal
            bar.refresh()
    widget.show_vertical_scrollbar = show
    widget.scroll_y = widget.validate_scroll_y(widget.scroll_y)


class PanelScroll(KeptContainer, StraightScrollbars, VerticalScroll):
    """A game screen's scrolling column of panels, with a straight-drawn bar,
    its frame kept as painted (``KeptContainer``)."""

    #: How far it scrolls is set by the layout that sizes what it holds, and
    #: its bar is told then (a bar coming or going asks for a layout through
    #: ``show_vertical_scrollbar``): a layout pass of its own after that one,
    #: a frame after the move's, is not needed.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


__all__ = ["PanelScroll", "StraightScrollBar", "StraightScrollbars", "refit_scrollbars"]
