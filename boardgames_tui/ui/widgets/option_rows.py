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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, cast

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


def has_control(plain: str) -> bool:
    """Whether ``plain`` holds a control code besides the line ends."""
    return _CONTROL.search(plain) is not None


#: A span's style not read yet (``SpanStyles``).
_UNREAD = object()


class SpanStyles:
    """Spans' styles read as Textual reads them (``Content.from_rich_text``:
    a name by the console, colours by the app's ANSI theme), each once."""

    def __init__(self, console: Console | None, ansi_theme: TerminalTheme) -> None:
        self.console = console
        self.ansi_theme = ansi_theme
        self._read: dict[str | RichStyle, Style | None] = {}

    def __call__(self, rich: str | RichStyle) -> Style | None:
        """The span's style as Textual's; None for one only Textual draws
        (a link or meta: drawn in the link style; one Rich cannot read:
        Textual says so)."""
        style = self._read.get(rich, _UNREAD)
        if style is not _UNREAD:
            return cast(Style | None, style)
        get_style = RichStyle.parse if self.console is None else self.console.get_style
        try:
            read = get_style(rich) if isinstance(rich, str) else rich
            made: Style | None = Style.from_rich_style(read, self.ansi_theme)
        except Exception:
            made = None
        if made is not None and (made.link is not None or made.meta):
            made = None
        if len(self._read) > 256:
            self._read.clear()
        self._read[rich] = made
        return made


def plain_lines(text: Text, span_styles: SpanStyles) -> list[Line] | None:
    """``text``'s lines, each with its spans as Textual's styles (as
    ``Content.from_rich_text`` makes them and ``Content.split`` cuts them);
    None for a text drawn only by Textual: a style of the text's own, a
    control code besides the line ends, an empty span, or a span whose style
    only Textual draws (``SpanStyles``)."""
    if text.style:
        return None
    plain = text.plain
    if has_control(plain):
        return None
    spans: list[tuple[int, int, Style]] = []
    for start, end, rich in text.spans:
        style = span_styles(rich) if end > start else None
        if style is None:
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


class Choosable(Protocol):
    """An option of an action list, as its rows read it."""

    disabled: bool


def rows_shown(
    lines: list[tuple[int, int]],
    options: Sequence[Choosable],
    top: int,
    height: int,
    highlighted: int | None,
    hovered: int | None,
) -> list[tuple[object, ...]]:
    """What each of ``height`` rows from line ``top`` of an action list
    shows: an option's line (the option, by identity), and how it is drawn
    (highlighted, under the mouse, disabled); ``()`` past the options."""
    rows: list[tuple[object, ...]] = []
    add = rows.append
    count = len(lines)
    for line in range(top, top + height):
        if line >= count:
            add(())
            continue
        index, offset = lines[line]
        option = options[index]
        add(
            (
                id(option),
                offset,
                index,
                index == highlighted,
                index == hovered,
                option.disabled,
            )
        )
    return rows


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
    #: Whether options are drawn here, and how their spans read, as first
    #: asked (``OptionRows.draw``).
    plain: tuple[bool, SpanStyles | None] | None = None


class OptionRows:
    """One list's option rows, by what they show."""

    def __init__(self) -> None:
        self._rows: dict[tuple[object, ...], Strip] = {}
        #: Each piece's Rich style, by the option's style, the piece's and
        #: the piece's place (a list's pieces are a few, in a few places).
        self._looks: dict[tuple[Style, Style, int, int], RichStyle] = {}
        self._spans: SpanStyles | None = None
        #: Rows made (the rest were given back as kept).
        self.made = 0

    def clear(self) -> None:
        self._rows.clear()
        self._looks.clear()

    def draw(
        self,
        widget: Widget,
        drawing: Drawing | None,
        lines_of: Callable[[SpanStyles], list[Line] | None],
        padding: Spacing,
        width: int,
        style: Style,
    ) -> list[Strip] | None:
        """The rows of an option of ``widget`` (its lines as ``SpanStyles``
        read them: ``Prompt.lines``) in ``style`` with ``padding``, ``width``
        cells wide, for ``drawing`` (what it reads is read once a drawing);
        None for an option Textual is to draw."""
        setting = None if drawing is None else drawing.plain
        if setting is None:
            plain = draws_plainly(widget, cast(RulesMap, widget.styles), padding)
            setting = (plain, self._span_styles(widget) if plain else None)
            if drawing is not None:
                drawing.plain = setting
        span_styles = setting[1]
        lines = None if span_styles is None else lines_of(span_styles)
        return None if lines is None else self.rows(lines, width, style)

    def _span_styles(self, widget: Widget) -> SpanStyles:
        """The spans' styles for ``widget``'s console and ANSI theme."""
        app = widget.app
        console, theme = app.console, app.ansi_theme
        kept = self._spans
        if kept is None or kept.console is not console or kept.ansi_theme is not theme:
            kept = self._spans = SpanStyles(console, theme)
        return kept

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


__all__ = [
    "Drawing",
    "Line",
    "OptionRows",
    "SpanStyles",
    "draws_plainly",
    "has_control",
    "plain_lines",
]
