"""Drawing a panel of wrapped lines a line at a time (issue 49).

Root's side panel (the score, the hands, every faction's board) is one
text of many lines that Textual wraps to the panel's width.  Textual draws
the whole text again on every repaint, and a move repaints the panel (at
80 columns it comes back from behind the action list): that was the
largest part of a move's drawing, while a move changes a line or two.

:class:`LineRows` is the same text as Textual's own content (made where
Textual makes it, from the part's ``render``, and measured the same way),
drawn the same way: each line through Textual's own drawing of content,
its rows kept until that line reads differently, or the width, the style
or the rules of the text change (a line that stands elsewhere, the lines
over it taking other rows, keeps its rows: only the place its pieces carry
moves).  A line wraps on its own
in Textual's drawing too (the text is split at its line ends before it is
wrapped), so the rows are Textual's, the place each piece carries (for
selecting text with the mouse) included.  While text is selected Textual
draws the whole text as before.
"""

from __future__ import annotations

from typing import TypeVar

from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions

K = TypeVar("K")
V = TypeVar("V")

#: The most lines' heights kept (a panel's lines over many moves).
HEIGHTS_KEPT = 4000

#: What a line's rows are kept by: how it reads.
LineKey = tuple[object, ...]
#: A line's rows as Textual draws it first in a text, and as drawn at each
#: line of the text it stood at (the place each piece carries).
LineRowsKept = tuple[list[Strip], dict[int, list[Strip]]]


#: The drawings (and measures) kept, each for a width, style and rules: the
#: side panel is drawn in turn at two widths, with its scroll's bar while
#: the list is read beside it and without it after a move.
DRAWINGS_KEPT = 3


def kept_for(kept: dict[tuple[object, ...], dict[K, V]], key: tuple[object, ...]) -> dict[K, V]:
    """What ``kept`` holds for ``key`` (a new dict, the oldest dropped,
    where it holds nothing yet), as the newest."""
    found = kept.pop(key, None)
    if found is None:
        found = {}
        while len(kept) >= DRAWINGS_KEPT:
            del kept[next(iter(kept))]
    kept[key] = found
    return found


class LineCache:
    """A part's lines' rows as last drawn (by :func:`line_key`), by the
    width, style and rules they were drawn with; and the last text made
    content (a part measured and then drawn renders the same text twice)."""

    def __init__(self) -> None:
        self.drawn: dict[tuple[object, ...], dict[LineKey, LineRowsKept]] = {}
        self.content: tuple[Text, Content] | None = None
        #: Each line's height by its words, by the width and rules of the
        #: text they were measured for (``LineRows.get_height``).
        self.measured: dict[tuple[object, ...], dict[str, int]] = {}


def line_key(line: Content) -> LineKey:
    return (line.plain, tuple(line.spans))


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
        heights = kept_for(self.cache.measured, measured_for)
        if len(heights) > HEIGHTS_KEPT:
            heights.clear()
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
        kept = kept_for(cache.drawn, drawn_for)
        made: dict[LineKey, LineRowsKept] = {}
        rows: list[Strip] = []
        for y, line in enumerate(self.split("\n", allow_blank=True)):
            key = line_key(line)
            # (A line that reads the same is not drawn again where the lines
            # over it took other rows: only the place its pieces carry moves.)
            entry = made.get(key) or kept.get(key)
            if entry is None:
                first = Content.render_strips(
                    Content(line.plain, list(line.spans), line.cell_length),
                    width,
                    None,
                    style,
                    options,
                )
                entry = (first, {})
            first, at = entry
            strips = at.get(y)
            if strips is None:
                strips = [at_row(strip, y) for strip in first] if y else first
            made.setdefault(key, (first, {}))[1][y] = strips
            rows += strips
            if height is not None and len(rows) >= height:
                break
        cache.drawn[drawn_for] = made
        return rows if height is None else rows[:height]


__all__ = ["LineCache", "LineRows", "at_row", "line_key"]
