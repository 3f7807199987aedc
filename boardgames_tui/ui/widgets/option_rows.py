"""An action list's option rows drawn without Textual's content layout,
and kept by what they show (issue 49).

A move's list shows two or three options it has not drawn before.  Textual
draws an option as any text: it makes the option's ``Content``, splits it
into lines, wraps each line, works out its alignment and its ellipsis, and
makes each line's segments, each segment's style carrying its place in the
text (for selecting text with the mouse).  An option's text is wrapped
already (``option_text``): each of its lines fits the list's width, and for
such a line the wrapping, the alignment (left) and the ellipsis change
nothing.  What is left is the segments, made here the way Textual makes
them (the same pieces, each styled as the option's style plus its spans,
and given its offset by Textual's own ``rich_style_with_offset``); an
option this cannot draw the same (a line too wide, a tab or another
control code, the text's own style, a span with a link or meta, alignment,
``line-pad``, padding, a selection) is drawn by Textual as before.  A test
compares the two drawings over many options.

Each row is kept by what it shows (its line's text and spans, the option's
style, the row's place in the option, the width): an option's row that
reads as a row drawn before, even in another option, is that row, the same
object; so the list's painted rows (``picker_rows.KeptRows``, kept by
their content line) take its painting too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style as RichStyle
from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual.css.styles import RulesMap
from textual.geometry import Spacing
from textual.strip import Strip
from textual.style import Style
from textual.widget import Widget

#: A line of an option: its text, and its spans (start, end, style) in it.
Line = tuple[str, tuple[tuple[int, int, Style], ...]]

#: Rows kept at most (then forgotten, and kept afresh).
ROWS_KEPT = 2000


#: A control code besides the line end: Textual takes some out of its text,
#: and expands tabs (an option holding one is drawn by Textual).
_CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f]")


def plain_lines(
    text: Text, console: Console | None, ansi_theme: TerminalTheme
) -> list[Line] | None:
    """``text``'s lines, each with its spans as Textual's styles (as
    ``Content.from_rich_text`` makes them and ``Content.split`` cuts them);
    None for a text drawn only by Textual: a style of the text's own, a
    control code besides the line ends, an empty span, or a span whose style
    is a link or carries meta (a link is drawn in the link style)."""
    if text.style:
        return None
    plain = text.plain
    if _CONTROL.search(plain):
        return None
    get_style = RichStyle.parse if console is None else console.get_style
    spans: list[tuple[int, int, Style]] = []
    for start, end, rich in text.spans:
        if end <= start:
            return None
        try:
            style = Style.from_rich_style(
                get_style(rich) if isinstance(rich, str) else rich, ansi_theme
            )
        except Exception:  # (a style Rich cannot read: Textual says so, drawing it)
            return None
        if style.link is not None or style.meta:
            return None
        spans.append((start, end, style))
    lines: list[Line] = []
    line_start = 0
    for line in plain.split("\n"):
        line_end = line_start + len(line)
        clipped = tuple(
            (max(start, line_start) - line_start, min(end, line_end) - line_start, style)
            for start, end, style in spans
            if min(end, line_end) > max(start, line_start)
        )
        lines.append((line, clipped))
        line_start = line_end + 1
    return lines


def _pieces(line: Line, base: Style) -> list[tuple[str, Style]]:
    """The line's pieces, each with its style, as Textual's ``Content``
    gives them (``Content.render``): cut where a span starts or ends, each
    styled as the base plus the spans over it, in their order."""
    text, spans = line
    if not spans:
        return [(text, base)]
    bounds = [(0, False, 0)]
    bounds.extend((start, False, index) for index, (start, _, _) in enumerate(spans, 1))
    bounds.extend((end, True, index) for index, (_, end, _) in enumerate(spans, 1))
    bounds.append((len(text), True, 0))
    bounds.sort(key=lambda bound: (bound[0], bound[1]))
    styles = [base, *(style for _, _, style in spans)]
    active: list[int] = []
    pieces: list[tuple[str, Style]] = []
    for (offset, leaving, index), (next_offset, _, _) in zip(bounds, bounds[1:], strict=False):
        if leaving:
            active.remove(index)
        else:
            active.append(index)
        if next_offset > offset:
            ordered = sorted(active)
            style = styles[ordered[0]]
            for other in ordered[1:]:
                style = style + styles[other]
            pieces.append((text[offset:next_offset], style))
    return pieces


def draws_plainly(widget: Widget, rules: RulesMap, padding: Spacing) -> bool:
    """Whether ``widget`` draws its options' text with nothing to work out
    beyond the lines' segments: aligned left and top, no ``line-pad``, no
    padding in an option, no text selected."""
    rule = rules.get
    return (
        rule("text_align", "left") in ("left", "start")
        and not rule("line_pad", 0)
        and not padding
        and widget.styles.content_align == ("left", "top")
        and widget.text_selection is None
    )


@dataclass
class Drawing:
    """What every line of one drawing of an action list reads."""

    top: int
    highlighted: int | None
    hover: int | None
    padding: Spacing
    width: int
    #: The list's lines (``_update_lines``), worked out once for the drawing.
    lines: list[tuple[int, int]] = field(default_factory=list)
    #: The option style for each state (highlighted, ...), as first asked.
    styles: dict[str, Style] = field(default_factory=dict)


class OptionRows:
    """One list's option rows, by what they show."""

    def __init__(self) -> None:
        self._rows: dict[tuple[object, ...], Strip] = {}
        #: Each piece's Rich style, by the option's style, the piece's and
        #: the piece's place (a list's pieces are a few, in a few places).
        self._looks: dict[tuple[Style, Style, int, int], RichStyle] = {}
        #: Rows made (the rest were given back as kept).
        self.made = 0

    def clear(self) -> None:
        self._rows.clear()
        self._looks.clear()

    def draw(
        self,
        widget: Widget,
        lines_of: Callable[[TerminalTheme], list[Line] | None],
        padding: Spacing,
        width: int,
        style: Style,
    ) -> list[Strip] | None:
        """The rows of an option of ``widget`` (its lines for a colour
        theme: ``Prompt.lines``) in ``style`` with ``padding``, ``width``
        cells wide; None for an option Textual is to draw."""
        if not draws_plainly(widget, cast(RulesMap, widget.styles), padding):
            return None
        lines = lines_of(widget.app.ansi_theme)
        return None if lines is None else self.rows(lines, width, style)

    def rows(self, lines: list[Line], width: int, style: Style) -> list[Strip] | None:
        """The rows of an option of these ``lines`` in ``style``, each
        ``width`` cells wide (as Textual draws the option's text and the
        list pads it); None when a line is too wide to be drawn unwrapped."""
        if width <= 0 or any(cell_len(text) > width for text, _ in lines):
            return None
        rows = self._rows
        if len(rows) > ROWS_KEPT:
            rows.clear()
            self._looks.clear()
        strips: list[Strip] = []
        for y, line in enumerate(lines):
            key = (line, style, y, width)
            row = rows.get(key)
            if row is None:
                row = rows[key] = self._row(line, y, width, style)
                self.made += 1
            strips.append(row)
        return strips

    def _row(self, line: Line, y: int, width: int, style: Style) -> Strip:
        segments: list[Segment] = []
        x = 0
        looks = self._looks
        for text, piece in _pieces(line, style):
            key = (style, piece, x, y)
            look = looks.get(key)
            if look is None:
                look = looks[key] = (style + piece).rich_style_with_offset(x, y)
            segments.append(Segment(text, look))
            x += len(text)
        strip = Strip(segments, cell_len(line[0]))
        return strip.extend_cell_length(width, style.rich_style)


__all__ = ["Drawing", "Line", "OptionRows", "draws_plainly", "plain_lines"]
