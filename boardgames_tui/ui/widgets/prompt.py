"""An option's text in the action list: drawn by Textual as any text is,
and kept (see :class:`Prompt`).

Its Textual text (a ``Content``) is made the first time it is drawn or
measured the long way: a move's list makes about eight new options, of
which two or three are on screen, and the others were made into text that
was never read.  (Their text is plain or styled without colours, dim or
italic: made later, it is the same text.)"""

from __future__ import annotations

from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.terminal_theme import TerminalTheme
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual

from .option_rows import Line, plain_lines


class Prompt(Visual):
    """An option's text, drawn by Textual as any text is, and kept: a move's
    list repeats most of the last one's options, and drawing them again was
    the larger part of the list's share of a move's frame."""

    def __init__(self, text: Text, console: Console | None = None) -> None:
        self.text = text
        #: The console whose styles the text's style names are read by.
        self._console = console
        self._made: Content | None = None
        #: Each drawing, by what it was drawn for.
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}
        #: Its lines as given, and the widest (in cells).
        lines = text.plain.split("\n")
        self._rows = len(lines)
        self._widest = max(cell_len(line) for line in lines)
        #: Its height at each width (and way of wrapping) asked.
        self._heights: dict[tuple[object, ...], int] = {}
        #: Its lines and their spans as Textual's styles, and the colour
        #: theme they were read for (``lines``).
        self._lines: tuple[TerminalTheme, list[Line] | None] | None = None

    def __str__(self) -> str:
        return self.text.plain

    @property
    def _content(self) -> Content:
        """The text as Textual's, made once, when first asked."""
        made = self._made
        if made is None:
            made = self._made = Content.from_rich_text(self.text, console=self._console)
        return made

    def lines(self, ansi_theme: TerminalTheme) -> list[Line] | None:
        """Its lines with their spans (``option_rows.plain_lines``), read once
        for a colour theme; None for a text only Textual draws."""
        kept = self._lines
        if kept is None or kept[0] is not ansi_theme:
            kept = self._lines = (ansi_theme, plain_lines(self.text, self._console, ansi_theme))
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
