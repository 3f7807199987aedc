"""Drawing a panel of wrapped lines a line at a time (issue 49).

Root's side panel (the score, the hands, every faction's board) is one
text of many lines that Textual wraps to the panel's width.  Textual draws
the whole text again on every repaint, and a move repaints the panel (at
80 columns it comes back from behind the action list): that was the
largest part of a move's drawing, while a move changes a line or two.

:class:`LineRows` is the same text as Textual's own content (made where
Textual makes it, from the part's ``render``, and measured the same way),
drawn the same way: each line through Textual's own drawing of content,
its rows kept until that line reads differently, stands elsewhere, or the
width, the style or the rules of the text change.  A line wraps on its own
in Textual's drawing too (the text is split at its line ends before it is
wrapped), so the rows are Textual's, the place each piece carries (for
selecting text with the mouse) included.  While text is selected Textual
draws the whole text as before.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

#: The most lines' heights kept (a panel's lines over many moves).
HEIGHTS_KEPT = 4000

#: What a line's rows are kept by: where it stands, and how it reads.
LineKey = tuple[object, ...]


class LineCache:
    """A part's lines' rows as last drawn (by :func:`line_key`), and the
    width, style and rules they were drawn with; and the last text made
    content (a part measured and then drawn renders the same text twice)."""

    def __init__(self) -> None:
        self.rows: dict[LineKey, list[Strip]] = {}
        self.drawn_for: tuple[object, ...] = ()
        self.content: tuple[Text, Content] | None = None
        #: Each line's height by its words, and the width and rules of the
        #: text they were measured for (``LineRows.get_height``).
        self.heights: dict[str, int] = {}
        self.measured_for: tuple[object, ...] = ()


def line_key(y: int, line: Content) -> LineKey:
    return (y, line.plain, tuple(line.spans))


def at_row(strip: Strip, y: int) -> Strip:
    """``strip``, drawn for a text's first line, carrying line ``y``'s place
    instead (the ``offset`` Textual gives each piece for selecting)."""
    segments = []
    for text, style, control in strip:
        if style is not None and "offset" in style.meta:
            x = style.meta["offset"][0]
            style = style + RichStyle.from_meta({"offset": (x, y)})
        segments.append(Segment(text, style, control))
    return Strip(segments, strip.cell_length)


class LineRows(Content):
    """Textual's content of a text of lines, drawn a line at a time from
    the rows kept in a :class:`LineCache`."""

    def __init__(self, content: Content, cache: LineCache) -> None:
        super().__init__(content.plain, list(content.spans), content.cell_length)
        self.cache = cache

    @classmethod
    def of(cls, text: Text, console: Console, cache: LineCache) -> LineRows:
        made = cache.content
        if made is None or made[0] is not text:
            made = cache.content = (text, Content.from_rich_text(text, console))
        return cls(made[1], cache)

    def get_height(self, rules: RulesMap, width: int) -> int:
        """The rows the text takes at ``width``: each line's, measured once
        for its words at that width (a line wraps on its own: the text's
        height is its lines' added up), the layout measuring the panel on
        every move that shows it again while a move changes a line or two."""
        if "\n" not in self.plain:
            return Content.get_height(self, rules, width)
        rule = rules.get
        measured_for = (
            width,
            rule("line_pad", 0),
            rule("text_overflow", "fold"),
            rule("text_wrap", "wrap"),
        )
        cache = self.cache
        if measured_for != cache.measured_for or len(cache.heights) > HEIGHTS_KEPT:
            cache.heights, cache.measured_for = {}, measured_for
        heights = cache.heights
        total = 0
        for line in self.plain.split("\n"):
            height = heights.get(line)
            if height is None:
                height = heights[line] = Content(line).get_height(rules, width)
            total += height
        return total

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        if not width or options.selection is not None or "\n" not in self.plain:
            return Content.render_strips(self, width, height, style, options)
        rules = options.rules.get
        drawn_for = (
            width,
            style,
            options.post_style,
            rules("text_align", "left"),
            rules("text_overflow", "fold"),
            rules("text_wrap", "wrap"),
            rules("line_pad", 0),
        )
        cache = self.cache
        kept = cache.rows if drawn_for == cache.drawn_for else {}
        made: dict[LineKey, list[Strip]] = {}
        rows: list[Strip] = []
        for y, line in enumerate(self.split("\n", allow_blank=True)):
            key = line_key(y, line)
            strips = kept.get(key)
            if strips is None:
                strips = Content.render_strips(
                    Content(line.plain, list(line.spans), line.cell_length),
                    width,
                    None,
                    style,
                    options,
                )
                if y:
                    strips = [at_row(strip, y) for strip in strips]
            made[key] = strips
            rows += strips
            if height is not None and len(rows) >= height:
                break
        cache.rows, cache.drawn_for = made, drawn_for
        return rows if height is None else rows[:height]


__all__ = ["LineCache", "LineRows", "at_row", "line_key"]
