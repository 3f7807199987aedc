"""An option's text in the action list: drawn by Textual as any text is,
and kept (see :class:`Prompt`).

Its Textual text (a ``Content``) is made the first time it is drawn or
measured the long way: a move's list makes about eight new options, of
which two or three are on screen, and the others were made into text that
was never read.  (Their text is plain or styled without colours, dim or
italic: made later, it is the same text.)  The list's own options are
drawn without it where their lines fit (``option_rows.py``), and their Rich
text is made when first asked (:meth:`Prompt.later`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from .option_rows import Line, SpanStyles, has_control, plain_lines


class Prompt(Visual):
    """An option's text, drawn by Textual as any text is, and kept: a move's
    list repeats most of the last one's options, and drawing them again was
    the larger part of the list's share of a move's frame."""

    def __init__(self, text: Text, console: Console | None = None) -> None:
        self._start(text.plain, console)
        self._text: Text | None = text

    @classmethod
    def later(cls, plain: str, make: Callable[[str], Text], console: Console | None) -> Prompt:
        """A prompt whose text, reading ``plain``, is made by ``make`` from
        it when first asked (a move's list makes some thirty options, most
        of them never drawn nor measured the long way).  (Made at once when
        ``plain`` holds a control code: the text may not read it as given.)"""
        if has_control(plain):
            return cls(make(plain), console)
        prompt = cls.__new__(cls)
        prompt._start(plain, console)
        prompt._text = None
        prompt._make = make
        return prompt

    #: What makes its text from its plain text (``later``).
    _make: Callable[[str], Text] | None = None

    @property
    def text(self) -> Text:
        """Its text (Rich's)."""
        text = self._text
        if text is None:
            assert self._make is not None
            text = self._text = self._make(self._plain)
        return text

    def _start(self, plain: str, console: Console | None) -> None:
        self._plain = plain
        #: The console whose styles the text's style names are read by.
        self._console = console
        self._made: Content | None = None
        #: Each drawing, by what it was drawn for.
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}
        #: Its lines as given, and the widest (in cells).
        lines = plain.split("\n")
        self._rows = len(lines)
        self._widest = max(cell_len(line) for line in lines)
        #: Its height at each width (and way of wrapping) asked.
        self._heights: dict[tuple[object, ...], int] = {}
        #: Its lines and their spans as Textual's styles, and the reading of
        #: styles they were read with (``lines``).
        self._lines: tuple[SpanStyles, list[Line] | None] | None = None

    def __str__(self) -> str:
        return self._plain

    @property
    def _content(self) -> Content:
        """The text as Textual's, made once, when first asked."""
        made = self._made
        if made is None:
            made = self._made = Content.from_rich_text(self.text, console=self._console)
        return made

    def lines(self, span_styles: SpanStyles) -> list[Line] | None:
        """Its lines with their spans (``option_rows.plain_lines``), read once
        for a reading of styles; None for a text only Textual draws (or
        styles read by a console other than its own)."""
        kept = self._lines
        if kept is None or kept[0] is not span_styles:
            lines = None
            if span_styles.console is self._console:
                lines = plain_lines(self.text, span_styles)
            kept = self._lines = (span_styles, lines)
        return kept[1]

    def render_strips(
        self, width: int, height: int | None, style: Style, options: RenderOptions
    ) -> list[Strip]:
        if options.selection is not None:  # text selected with the mouse: draw afresh
            return self._content.render_strips(width, height, style, options)
        rule = options.rules.get
        key = (
            width,
            height,
            style,
            rule("text_align", "left"),
            rule("text_overflow", "fold"),
            rule("text_wrap", "wrap"),
            rule("line_pad", 0),
        )
        strips = self._drawn.get(key)
        if strips is None:
            if len(self._drawn) > 8:
                self._drawn.clear()
            strips = self._drawn[key] = self._content.render_strips(width, height, style, options)
        return strips

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return self._content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        return self._content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        return self.height(rules, width, rules.get("line_pad", 0))

    def height(self, rules: RulesMap, width: int, line_pad: int) -> int:
        """``get_height``, given the rules' ``line_pad`` (read once for a
        whole list)."""
        if width >= self._widest and not line_pad:
            # Wrapped already: every line fits, one row each.
            return self._rows
        rule = rules.get
        key = (width, line_pad, rule("text_overflow", "fold"), rule("text_wrap", "wrap"))
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 8:
                self._heights.clear()
            height = self._heights[key] = self._content.get_height(rules, width)
        return height


@dataclass(eq=False)
class Option:
    """An option of the action list: its text, and whether it can be
    chosen (a waiting line cannot)."""

    prompt: Prompt
    disabled: bool = False


__all__ = ["Option", "Prompt"]
