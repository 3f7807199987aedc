"""The action picker: exactly the engine's legal actions, described in words.

Enter (or a click) chooses the highlighted action; the digits 1-9 choose the
numbered ones directly.  The picker posts :class:`ActionChosen` and changes
nothing itself: the screen applies the action.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Self

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region, Size, Spacing
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widget import Widget
from textual.widgets.option_list import Option

from boardgames_tui.engine.game import Action

from ..compat import OptionDrawing, scrolled_size_changed
from ..messages import ActionChosen
from .scrollbars import StraightScrollbars

#: How many options an action picker keeps for reuse.
MADE_KEPT = 1000


class Prompt(Visual):
    """An option's text, drawn by Textual as any text is, and kept: a move's
    list repeats most of the last one's options, and drawing them again was
    the larger part of the list's share of a move's frame.  (The list keeps
    its options' drawings only until its options are set again.)"""

    def __init__(self, text: Text, content: Content) -> None:
        self.text = text
        self._content = content
        #: Each drawing, by what it was drawn for.
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}
        #: Its lines as given, and the widest (in cells).
        lines = text.plain.split("\n")
        self._rows = len(lines)
        self._widest = max(cell_len(line) for line in lines)
        #: Its height at each width (and way of wrapping) asked.
        self._heights: dict[tuple[object, ...], int] = {}

    def __str__(self) -> str:
        return self.text.plain

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
        rule = rules.get
        if width >= self._widest and not rule("line_pad", 0):
            # Wrapped already: every line fits, one row each.
            return self._rows
        key = (width, rule("line_pad", 0), rule("text_overflow", "fold"), rule("text_wrap", "wrap"))
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 8:
                self._heights.clear()
            height = self._heights[key] = self._content.get_height(rules, width)
        return height


@dataclass
class _Drawing:
    """What every line of one drawing of the list reads."""

    top: int
    lines: Sequence[tuple[int, int]]
    highlighted: int | None
    hover: int | None
    padding: Spacing
    width: int
    #: The option style for each state (highlighted, ...), as first asked.
    styles: dict[str, Style] = field(default_factory=dict)


class ActionPicker(StraightScrollbars, OptionDrawing):
    """An option list of ``(action, description)`` pairs."""

    DEFAULT_CSS = """
    ActionPicker {
        height: 1fr;
    }
    """

    BINDINGS = [Binding(str(n), f"pick({n})", f"Choose {n}", show=False) for n in range(1, 10)]

    #: A new list changes how far the picker scrolls; its size on screen
    #: changes only when its height follows its content.  So the screen is
    #: laid out again only then (or when a scrollbar comes or goes), not on
    #: every move.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    #: While a list is set, whole repaints are held back (``_hold``), and
    #: noted (``_held``).
    _hold = False
    _held = False
    #: While the list draws itself: what its lines read.
    _drawing: _Drawing | None = None

    def watch_virtual_size(self, size: Size) -> None:
        if not self.is_mounted:
            return
        height = self.styles.height
        if height is None or height.is_auto:
            self.refresh(layout=True)
        else:
            scrolled_size_changed(self, size)

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._actions: list[Action] = []
        self._descriptions: list[str] = []
        self._wrapped_at = 0
        #: The options shown before, by (number, description, width): a
        #: move's list repeats most of the last ones, and an option keeps
        #: what the list worked out for it (its text, wrapped and measured),
        #: which was most of the cost of a new list.
        self._made: dict[tuple[int, str, int], Option] = {}
        #: Options' drawings, by what they were drawn for, and the list's
        #: styles they were drawn with (see notify_style_update).
        self._renders: dict[tuple[object, ...], list[Strip]] = {}
        self._renders_look: tuple[object, ...] = ()

    def render_lines(self, crop: Region) -> list[Strip]:
        """As OptionList draws its lines, with what every line reads (the
        lines, the scroll, the highlight, the styles) worked out once for the
        whole drawing rather than again for each line."""
        self._drawing = _Drawing(
            top=self.scroll_offset.y,
            lines=self.option_lines(),
            highlighted=self.highlighted,
            hover=self.option_hovered(),
            padding=self.get_component_styles("option-list--option").padding,
            width=self.option_width(),
        )
        try:
            return Widget.render_lines(self, crop)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:
        drawing = self._drawing
        if drawing is None or not 0 <= drawing.top + y < len(drawing.lines):
            return super().render_line(y)  # not drawing, or past the end: a blank
        index, offset = drawing.lines[drawing.top + y]
        option = self.options[index]
        if option.disabled:
            state = "option-list--option-disabled"
        elif index == drawing.highlighted:
            state = "option-list--option-highlighted"
        elif index == drawing.hover:
            state = "option-list--option-hover"
        else:
            state = ""
        style = drawing.styles.get(state)
        if style is None:
            style = drawing.styles[state] = self.get_visual_style(
                "option-list--option", *([state] if state else [])
            )
        strips = self.draw_option(option, style)
        return strips[offset] if offset < len(strips) else super().render_line(y)

    def draw_option(self, option: Option, style: Style) -> list[Strip]:
        """An option's drawing, kept from one list to the next: OptionList
        forgets its drawings whenever its options are set, and a move's list
        shows mostly the last one's options, in the same places."""
        drawing = self._drawing
        if drawing is not None:
            padding, width = drawing.padding, drawing.width
        else:
            padding = self.get_component_styles("option-list--option").padding
            width = self.option_width()
        key = (option, style, padding, width, *self.option_key(option))
        strips = self._renders.get(key)
        if strips is None:
            if len(self._renders) > MADE_KEPT:
                self._renders.clear()
            strips = self._renders[key] = super().draw_option(option, style)
        return strips

    def notify_style_update(self) -> None:
        # A restyle comes with every change of focus.  A drawing is kept by
        # the option's style, padding and width (its key); the list's own
        # styles it reads besides are these: only a change in them makes the
        # kept drawings wrong (redrawing every option after each focus change
        # was a visible part of a move's frame).
        styles = self.styles
        look = (
            styles.text_align,
            styles.text_overflow,
            styles.text_wrap,
            styles.line_pad,
            self.app.theme,
        )
        if look != self._renders_look:
            self._renders.clear()
            self.forget_option_drawings()  # OptionList's own, kept by style
            self._renders_look = look
        super().notify_style_update()

    @property
    def actions(self) -> list[Action]:
        """The actions on offer, in the order shown."""
        return list(self._actions)

    def set_actions(self, choices: Sequence[tuple[Action, str]]) -> None:
        """Offer these actions (each with its description), highlighting the
        first.  Only the rows that read differently are repainted (a move's
        list often repeats the last one's options in the same places)."""
        before = self._rows_shown()
        self._held = False
        self._hold = True
        try:
            self._set_actions(choices)
        finally:
            self._hold = False
        if not self._held:
            return
        after = self._rows_shown()
        if before is None or after is None or len(before) != len(after):
            self.refresh()
            return
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, row in enumerate(after) if row != before[y]]
        if changed:
            self.refresh(*changed)

    def refresh(
        self,
        *regions: Region,
        repaint: bool = True,
        layout: bool = False,
        recompose: bool = False,
    ) -> Self:
        if self._hold and repaint and not (regions or layout or recompose):
            self._held = True  # what changed is worked out once the list is set
            return self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _rows_shown(self) -> list[tuple[object, ...]] | None:
        """What each row on screen shows: an option's line, and how it is
        drawn (highlighted, under the mouse, disabled); None before the list
        has a size."""
        height = self.scrollable_content_region.height
        if not self.is_mounted or not height:
            return None
        lines = self.option_lines()
        top = self.scroll_offset.y
        rows: list[tuple[object, ...]] = []
        for line in range(top, top + height):
            if line >= len(lines):
                rows.append(())
                continue
            index, offset = lines[line]
            option = self.options[index]
            rows.append(
                (
                    id(option),
                    offset,
                    index,
                    index == self.highlighted,
                    index == self.option_hovered(),
                    option.disabled,
                )
            )
        return rows

    def _set_actions(self, choices: Sequence[tuple[Action, str]]) -> None:
        self._actions = [action for action, _ in choices]
        self._descriptions = [description for _, description in choices]
        self._wrapped_at = width = self._text_width()
        if len(self._made) > MADE_KEPT:
            self._made.clear()
        options: list[Option] = []
        used: set[int] = set()
        for number, description in enumerate(self._descriptions, start=1):
            key = (min(number, 10), description, width)  # 10 and on show no number
            option = self._made.get(key)
            if option is None or id(option) in used:
                text = self._prompt(number, description, width)
                content = Content.from_rich_text(text, console=self.app.console)
                option = Option(Prompt(text, content))
                self._made[key] = option
            used.add(id(option))
            options.append(option)
        self.set_options(options)
        if options:
            self.highlighted = 0

    def _text_width(self) -> int:
        """Columns for a description: the list's width less the number's."""
        return max(8, self.scrollable_content_region.width - 3)

    @staticmethod
    def _prompt(number: int, description: str, width: int) -> Text:
        """The number (1-9 have one), then the description wrapped with its
        lines indented under it.  Plain text, wrapped here: far cheaper for the
        list to measure and draw than a table laid out on every redraw."""
        lines = textwrap.wrap(description, width, break_long_words=True) or [""]
        prompt = Text(end="")
        prompt.append(f"{number:>2} " if number <= 9 else "   ", style="dim")
        prompt.append(lines[0])
        for line in lines[1:]:
            prompt.append("\n   " + line)
        return prompt

    def on_resize(self) -> None:
        """Wrap the descriptions again when the list's width changes."""
        self._rewrap()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # The scrollbar takes columns from the text (a long list shows one):
        # descriptions wrapped for the width without it ran a word over
        # onto a line of its own and lost their last line.
        self._rewrap()

    def _rewrap(self) -> None:
        if self._actions and self._text_width() != self._wrapped_at:
            highlighted = self.highlighted
            self.set_actions(list(zip(self._actions, self._descriptions, strict=True)))
            self.highlighted = highlighted

    def set_waiting(self, message: str) -> None:
        """Offer nothing, and say why (a bot is thinking, the game is over)."""
        self._actions = []
        self.set_options([Option(Text(message, style="italic"), disabled=True)])

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self._actions):
            self.highlighted = number - 1
            self._choose(number - 1)

    def action_select(self) -> None:
        """Enter (or a click): choose the highlighted action."""
        index = self.highlighted
        if index is not None and not self.options[index].disabled:
            self._choose(index)

    def _choose(self, index: int) -> None:
        """Tell the screen (whose handler selects on this list's id) that
        the action at ``index`` is chosen: told to it straight, not bubbled
        up through the containers between (a message each takes in turn,
        a visible part of the time from the key to the move)."""
        if 0 <= index < len(self._actions):
            self.screen.post_message(ActionChosen(self._actions[index], self))
