"""Drawing a widget's text a row at a time, without Textual's content layout.

A widget whose text is one line per row (``text-wrap: nowrap``: a line too
long is cut, with an ellipsis where ``text-overflow: ellipsis`` asks for one)
need not have Textual lay its text out as content on every repaint, which on
a game screen cost a move more than building the text did.  :class:`TextRows`
draws such a widget with the Line API from Rich's rendering of each line,
kept until the lines, the width or the colours change, and looks exactly as
Textual's own drawing of the same text would (each piece carries its place,
for selecting text with the mouse).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def text_strips(lines: list[Text], widget: Widget, width: int, base: Style) -> list[Strip]:
    """``lines`` drawn as ``widget`` draws text: over its style ``base``,
    each cut to ``width`` cells (with an ellipsis when its stylesheet says
    so) and padded with its background."""
    ellipsis = widget.styles.text_overflow == "ellipsis"
    console = widget.app.console
    blank = Style.from_color(bgcolor=base.bgcolor)
    strips = []
    for y, line in enumerate(lines):
        if line.cell_len > width:
            line = line.copy()
            line.truncate(width, overflow="ellipsis" if ellipsis else "crop")
        segments = Segment.apply_style(line.render(console), base)
        strip = Strip(segments).apply_offsets(0, y)
        strips.append(strip.adjust_cell_length(width, blank))
    return strips


class TextRows:
    """Mixin for a :class:`~textual.widget.Widget` drawn as a line of text
    per row: it says what the lines are (:meth:`text_rows`) and this draws
    them.  ``render`` still gives the text, for whatever measures it."""

    #: The rows drawn, and what they were drawn for (lines, width, style).
    _rows: list[Strip] = []
    _rows_for: tuple[object, ...] = ()
    _rows_blank: Style = Style()

    def text_rows(self) -> list[Text]:
        """The widget's lines now."""
        return []

    def render_lines(self, crop: Region) -> list[Strip]:
        assert isinstance(self, Widget)
        lines = self.text_rows()
        width = self.size.width
        base = self.rich_style
        key = (lines, width, base)
        if key != self._rows_for:
            self._rows = text_strips(lines, self, width, base)
            self._rows_for = key
            self._rows_blank = Style.from_color(bgcolor=base.bgcolor)
        return Widget.render_lines(self, crop)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._rows):
            return self._rows[y]
        assert isinstance(self, Widget)
        return Strip.blank(self.size.width, self._rows_blank)


__all__ = ["TextRows", "text_strips"]
