"""The action picker: exactly the engine's legal actions, described in words.

Enter (or a click) chooses the highlighted action; the digits 1-9 choose the
numbered ones directly.  The picker posts :class:`ActionChosen` and changes
nothing itself: the screen applies the action.

A list of a game screen is redrawn on most moves, so it is drawn with the
Line API (``render_line``): each option's text is made once, its rows
drawn without Textual's content layout where they fit and kept by what they
show (``option_rows.py``), its rows as painted kept (``picker_rows.py``),
and a new list repaints only the rows that read differently.  It looks, and is styled, as
Textual's option list is (``option-list--option-highlighted`` ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Self, cast

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.css.styles import RulesMap
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import Reactive, reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style
from textual.visual import Padding, Visual

from boardgames_tui.engine.game import Action

from ..messages import ActionChosen
from .option_rows import Drawing, OptionRows, rows_shown
from .option_text import option_plain, option_text, option_text_of
from .picker_rows import KeptRows
from .prompt import Option, Prompt
from .scrollbars import StraightScrollbars, refit_scrollbars

#: How many options an action picker keeps for reuse.
MADE_KEPT = 1000
#: The width a description is "wrapped" to before the list has a width:
#: wide enough that no line is cut (it is wrapped again when drawn).
UNWRAPPED = 10_000


class ActionPicker(StraightScrollbars, ScrollView, can_focus=True):
    """A list of ``(action, description)`` pairs, drawn line by line."""

    DEFAULT_CSS = """
    ActionPicker {
        height: 1fr;
        max-height: 100%;
        color: $foreground;
        overflow-x: hidden;
        border: tall $border-blurred;
        padding: 0 1;
        background: $surface;
        & > .option-list--option-highlighted {
            color: $block-cursor-blurred-foreground;
            background: $block-cursor-blurred-background;
            text-style: $block-cursor-blurred-text-style;
        }
        &:focus {
            border: tall $border;
            background-tint: $foreground 5%;
            & > .option-list--option-highlighted {
                color: $block-cursor-foreground;
                background: $block-cursor-background;
                text-style: $block-cursor-text-style;
            }
        }
        & > .option-list--separator {
            color: $foreground 15%;
        }
        & > .option-list--option-highlighted {
            color: $foreground;
            background: $block-cursor-blurred-background;
        }
        & > .option-list--option-disabled {
            color: $text-disabled;
        }
        & > .option-list--option-hover {
            background: $block-hover-background;
        }
    }
    """
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "option-list--option",
        "option-list--option-disabled",
        "option-list--option-highlighted",
        "option-list--option-hover",
        "option-list--separator",
    }
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page(1)", "Page Down", show=False),
        Binding("pageup", "page(-1)", "Page Up", show=False),
        Binding("enter", "select", "Select", show=False),
        *(Binding(str(n), f"pick({n})", f"Choose {n}", show=False) for n in range(1, 10)),
    ]

    highlighted: reactive[int | None] = reactive(None)  # (None: none)
    hovered: reactive[int | None] = reactive(None)  # the option under the mouse
    #: A new list changes how far the picker scrolls, its size on screen only
    #: when its height follows its content: laid out again only then (or when
    #: a scrollbar comes or goes), not on every move.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    class Highlighted(Message):
        """The highlight moved to ``index`` (a screen redraws what it says
        about the highlighted action)."""

        def __init__(self, picker: ActionPicker, index: int) -> None:
            super().__init__()
            self.picker = picker
            self.index = index

        @property
        def control(self) -> ActionPicker:
            return self.picker

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._actions: list[Action] = []
        self._descriptions: list[str] = []
        self.options: list[Option] = []
        #: Each line of the list (the option's index, the line in it), and
        #: the width they were worked out for.
        self._lines: list[tuple[int, int]] = []
        self._lines_at = -1
        self._wrapped_at = 0
        #: The options shown before, by (number, description, width): a
        #: move's list repeats most of the last ones.
        self._made: dict[tuple[int, str, int], Option] = {}
        #: Options' drawings, by what they were drawn for, and the list's
        #: styles they were drawn with (see notify_style_update).
        self._renders: dict[tuple[object, ...], list[Strip]] = {}
        self._renders_look: tuple[object, ...] = ()
        self._drawing: Drawing | None = None  # (while it draws: what its lines read)
        self._rows_kept = KeptRows()  # its rows as painted, by what they show
        self._option_rows = OptionRows()  # options' rows drawn, by what they show

    def focus(self, scroll_visible: bool = True) -> Self:  # (not while the board has Enter)
        return super().focus(scroll_visible) if self.can_focus else self

    #: A restyle asked for the whole list to be painted, not painted yet (a
    #: move gives the board the focus back before the new list is set): a
    #: new list need not work out which of its rows read differently.
    _whole_due = False

    #: The focus was lost while the list was hidden, and it was not styled
    #: for that (``watch_has_focus``): styled as it shows again.
    _blur_unstyled = False

    def watch_has_focus(self, has_focus: bool) -> None:
        # Textual styles a widget again, its options' component classes
        # with it, whenever it takes or loses the focus.  A list that loses
        # it as it is hidden (closed after a move where it takes the side's
        # place, at 80 columns) is not styled for a look no one sees: it is
        # styled as it shows again, by the focus it takes then or, shown
        # without it, as it shows (``on_show``).
        if not has_focus and not self.display:
            self._blur_unstyled = True
            return
        self._blur_unstyled = False
        super().watch_has_focus(has_focus)

    def on_show(self) -> None:
        if self._blur_unstyled and not self.has_focus:
            self._blur_unstyled = False
            self.update_node_styles(animate=False)

    # ---------------------------------------------------------- the list
    @property
    def actions(self) -> list[Action]:
        """The actions on offer, in the order shown."""
        return list(self._actions)

    @property
    def option_count(self) -> int:
        return len(self.options)

    def get_option_at_index(self, index: int) -> Option:
        return self.options[index]

    def set_actions(self, choices: Sequence[tuple[Action, str]]) -> None:
        """Offer these actions (each with its description), highlighting the
        first.  Only the rows that read differently are repainted."""
        region = self.scrollable_content_region  # (read once: it is worked out each time)
        before = None if self._whole_due else self._rows_shown(region)
        self._actions = [action for action, _ in choices]
        self._descriptions = [description for _, description in choices]
        self._wrapped_at = width = self._text_width(region.width)
        self._show(self._make_options(width), 0 if choices else None, before, region)

    def _make_options(self, width: int) -> list[Option]:
        """The options of the actions on offer, their descriptions wrapped
        for ``width`` columns of text (0: the width is not known yet, as
        before the list is first laid out: not wrapped, each line as given;
        they are wrapped when the list is drawn or measured at a width)."""
        if len(self._made) > MADE_KEPT:
            self._made.clear()
        options: list[Option] = []
        used: set[int] = set()
        later = type(self)._prompt is option_text  # (its text made when first asked)
        console = self.app.console
        for number, description in enumerate(self._descriptions, start=1):
            key = (min(number, 10), description, width)  # 10 and on show no number
            option = self._made.get(key)
            if option is None or id(option) in used:
                if later:
                    plain = option_plain(number, description, width or UNWRAPPED)
                    prompt = Prompt.later(plain, option_text_of, console)
                else:
                    prompt = Prompt(self._prompt(number, description, width or UNWRAPPED), console)
                option = self._made[key] = Option(prompt)
            used.add(id(option))
            options.append(option)
        return options

    def set_waiting(self, message: str) -> None:
        """Offer nothing, and say why (a bot is thinking, the game is over)."""
        before = None if self._whole_due else self._rows_shown()
        self._actions = []
        self._descriptions = []
        text = Text(message, style="italic")
        option = Option(Prompt(text, self.app.console), True)
        self._show([option], None, before)

    def _show(
        self,
        options: list[Option],
        highlighted: int | None,
        before: object,
        region: Region | None = None,
    ) -> None:
        self.options = options
        self._lines_at = -1
        self._update_lines(region)  # (a scrollbar may come or go: the region read again after)
        self.set_reactive(ActionPicker.highlighted, highlighted)
        if (
            self.scroll_y
            or self.scroll_target_y
            or self.app.animator.is_being_animated(self, "scroll_y")
        ):  # (at the top already, as after most moves: nothing to stop or move)
            self.scroll_to(y=0, animate=False, immediate=True)
        if highlighted is not None:
            self.post_message(self.Highlighted(self, highlighted))
        after = None if before is None else self._rows_shown()
        if before is None or after is None or len(before) != len(after):  # type: ignore[arg-type]
            self.refresh()
            return
        width = self.size.width
        changed = [Region(0, y, width, 1) for y, row in enumerate(after) if row != before[y]]  # type: ignore[index]
        if changed:
            self.refresh(*changed)

    def _rows_shown(self, region: Region | None = None) -> list[tuple[object, ...]] | None:
        """What each row on screen shows (``option_rows.rows_shown``); None
        before the list has a size.  (``region``: the scrollable content's,
        when just read.)"""
        if region is None:
            region = self.scrollable_content_region
        if not self.is_mounted or not region.height:
            return None
        lines = self._update_lines(region)
        top = self.scroll_offset.y
        return rows_shown(lines, self.options, top, region.height, self.highlighted, self.hovered)

    def _update_lines(self, region: Region | None = None) -> list[tuple[int, int]]:
        """Each line of the list, worked out for the list's width (of
        ``region``, the scrollable content's when just read); the
        descriptions wrapped again first if they were wrapped for another
        (set before the list had its width, or while it had none: whatever
        the order of the events, a drawing never shows text wrapped for a
        width it does not have)."""
        width = (self.scrollable_content_region if region is None else region).width
        if width <= 0:
            return []  # not laid out yet
        padding = self.get_component_styles("option-list--option").padding
        text_width = self._text_width(width, padding.width)
        if self._actions and text_width != self._wrapped_at:
            self._wrapped_at = text_width
            self.options = self._make_options(text_width)
            self._lines_at = -1
        if width == self._lines_at:
            return self._lines
        self._lines_at = width
        lines: list[tuple[int, int]] = []
        add, extend = lines.append, lines.extend
        rules = cast(RulesMap, self.styles)
        room, line_pad = width - padding.width, rules.get("line_pad", 0)
        for index, option in enumerate(self.options):
            height = option.prompt.height(rules, room, line_pad)
            if height == 1:
                add((index, 0))
            else:
                extend((index, line) for line in range(height))
        self._lines = lines
        size = Size(width, len(lines))
        if size != self.virtual_size:
            self.virtual_size = size
        return lines

    def watch_virtual_size(self, size: Size) -> None:
        if not self.is_mounted:
            return
        height = self.styles.height
        if height is None or height.is_auto:
            self.refresh(layout=True)
        else:
            refit_scrollbars(self)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width <= 0:
            return 0
        room = width - self.get_component_styles("option-list--option").padding.width
        rules = cast(RulesMap, self.styles)
        options = self.options
        if self._actions and self._text_width(width) != self._wrapped_at:
            # Measured for a width the descriptions were not wrapped for
            # (the layout asks before the list has that width): as they
            # will be wrapped there.
            options = self._make_options(self._text_width(width))
        return sum(option.prompt.get_height(rules, room) for option in options)

    def _text_width(self, width: int | None = None, padding: int | None = None) -> int:
        """Columns for a description: the list's width (``width``, else as
        laid out) less an option's padding (``padding``, else as styled) and
        the number's; 0 while the list has no width yet."""
        if width is None:
            width = self.scrollable_content_region.width
        if width <= 0:
            return 0
        if padding is None:
            padding = self.get_component_styles("option-list--option").padding.width
        return max(8, width - padding - 3)

    #: An option's text: its number and its description wrapped.
    _prompt = staticmethod(option_text)

    def on_resize(self) -> None:
        """Wrap the descriptions again when the list's width changes."""
        self._rewrap()

    def watch_show_vertical_scrollbar(self, shown: bool) -> None:
        # The scrollbar takes columns from the text (a long list shows one): wrapped
        # for the width without it, a word ran over and the last line was lost.
        self._rewrap()

    def _rewrap(self) -> None:
        self._lines_at = -1
        width = self._text_width()
        if self._actions and width and width != self._wrapped_at:
            highlighted = self.highlighted
            self.set_actions(list(zip(self._actions, self._descriptions, strict=True)))
            self.highlighted = highlighted
        else:
            self._update_lines()

    # ---------------------------------------------------------- drawing
    def render_lines(self, crop: Region) -> list[Strip]:
        """Every line of one drawing reads the scroll, the highlight and the
        styles, worked out once for the whole drawing."""
        self._whole_due = False
        bar = self.show_vertical_scrollbar
        region = self.scrollable_content_region
        lines = self._update_lines(region)
        if self.show_vertical_scrollbar != bar:  # (its lines changed its width)
            region = self.scrollable_content_region
            lines = self._update_lines(region)
        self._drawing = Drawing(
            top=self.scroll_offset.y,
            highlighted=self.highlighted,
            hover=self.hovered,
            padding=self.get_component_styles("option-list--option").padding,
            width=region.width,
            lines=lines,
        )
        try:
            return self._rows_kept.render(self, crop, self._line, super().render_lines)
        finally:
            self._drawing = None

    def render_line(self, y: int) -> Strip:  # (Textual's ask, for a row not kept)
        return self._line(y)

    def _line(self, y: int) -> Strip:  # (a kept row is looked up by its line)
        drawing = self._drawing
        if drawing is not None:
            top, lines, width = drawing.top, drawing.lines, drawing.width
        else:
            top, lines = self.scroll_offset.y, self._update_lines()
            width = self.scrollable_content_region.width
        if not 0 <= top + y < len(lines):
            return self._blank_row(width, drawing)
        index, offset = lines[top + y]
        option = self.options[index]
        highlighted = drawing.highlighted if drawing is not None else self.highlighted
        hover = drawing.hover if drawing is not None else self.hovered
        if option.disabled:
            state = "option-list--option-disabled"
        elif index == highlighted:
            state = "option-list--option-highlighted"
        elif index == hover:
            state = "option-list--option-hover"
        else:
            state = ""
        styles = drawing.styles if drawing is not None else {}
        style = styles.get(state)
        if style is None:
            style = styles[state] = self.get_visual_style(
                "option-list--option", *([state] if state else [])
            )
        strips = self.draw_option(index, option, style)
        return strips[offset] if offset < len(strips) else self._blank_row(width, drawing)

    def _blank_row(self, width: int, drawing: Drawing | None) -> Strip:
        """A row past the options (kept: a painted row is kept by its line),
        in the options' style (read once a drawing)."""
        styles = {} if drawing is None else drawing.styles
        style = styles.get("")
        if style is None:
            style = styles[""] = self.get_visual_style("option-list--option")
        rich_style = style.rich_style
        key = (None, rich_style, width)
        blank = self._renders.get(key)
        if blank is None:
            blank = self._renders[key] = [Strip.blank(width, rich_style)]
        return blank[0]

    def draw_option(self, index: int, option: Option, style: Style) -> list[Strip]:
        """An option's drawing, kept from one list to the next: a move's
        list shows mostly the last one's options, in the same places."""
        drawing = self._drawing
        if drawing is not None:
            padding, width = drawing.padding, drawing.width
        else:
            padding = self.get_component_styles("option-list--option").padding
            width = self.scrollable_content_region.width
        key = (option, style, padding, width)
        strips = self._renders.get(key)
        if strips is None:
            if len(self._renders) > MADE_KEPT:
                self._renders.clear()
            strips = self._option_rows.draw(
                self, drawing, option.prompt.lines, padding, width, style
            )
            if strips is None:  # (Textual's drawing: see option_rows.py)
                visual: Visual = option.prompt
                if padding:
                    visual = Padding(visual, padding)
                drawn = Visual.to_strips(self, visual, width, None, style)
                strips = [strip.extend_cell_length(width, style.rich_style) for strip in drawn]
            self._renders[key] = strips
        return strips

    def notify_style_update(self) -> None:
        # A restyle comes with every change of focus.  A drawing is kept by
        # the option's style, padding and width (its key); the list's own
        # styles it reads besides are these: only a change in them makes the
        # kept drawings wrong.
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
            self._option_rows.clear()
            self._lines_at = -1
            self._renders_look = look
        self.refresh()
        self._whole_due = self.is_mounted  # (until it is painted: ``render_lines``)
        super().notify_style_update()

    # ---------------------------------------------------------- moving
    def validate_highlighted(self, highlighted: int | None) -> int | None:
        if highlighted is None or not self.options:
            return None
        return max(0, min(highlighted, len(self.options) - 1))

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        self._repaint_options(old, new)
        if new is None or self.options[new].disabled:
            return
        self.scroll_to_highlight()
        self.post_message(self.Highlighted(self, new))

    def watch_hovered(self, old: int | None, new: int | None) -> None:
        self._repaint_options(old, new)

    def _repaint_options(self, *indexes: int | None) -> None:
        """Repaint the rows of these options only."""
        lines, top = self._update_lines(), self.scroll_offset.y
        width = self.size.width
        rows = [
            Region(0, y - top, width, 1)
            for y, (index, _) in enumerate(lines)
            if index in indexes and top <= y < top + self.size.height
        ]
        if rows:
            self.refresh(*rows)

    def scroll_to_highlight(self) -> None:
        index = self.highlighted
        if index is None or not self.is_mounted:
            return
        lines = self._update_lines()
        rows = [y for y, (at, _) in enumerate(lines) if at == index]
        if rows:
            region = Region(0, rows[0], self.scrollable_content_region.width, len(rows))
            self.scroll_to_region(region, force=True, animate=False, immediate=True)

    def _enabled(self, start: int, step: int) -> int | None:
        """The first enabled option from ``start`` going by ``step``."""
        index = start
        while 0 <= index < len(self.options):
            if not self.options[index].disabled:
                return index
            index += step
        return None

    def action_cursor(self, step: int) -> None:
        current = self.highlighted
        start = (0 if step > 0 else len(self.options) - 1) if current is None else current + step
        found = self._enabled(start, step)
        if found is not None:
            self.highlighted = found

    def action_first(self) -> None:
        self.highlighted = self._enabled(0, 1)

    def action_last(self) -> None:
        self.highlighted = self._enabled(len(self.options) - 1, -1)

    def action_page(self, direction: int) -> None:
        lines = self._update_lines()
        if not lines:
            return
        current = self.highlighted
        if current is None:
            self.action_first() if direction < 0 else self.action_last()
            return
        at = next(y for y, (index, _) in enumerate(lines) if index == current)
        y = max(0, min(at + direction * self.scrollable_content_region.height, len(lines) - 1))
        found = self._enabled(lines[y][0], direction)
        if found is not None:
            self.highlighted = found

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
        up through the containers between."""
        if 0 <= index < len(self._actions):
            self.screen.post_message(ActionChosen(self._actions[index], self))

    # ---------------------------------------------------------- the mouse
    def _option_at(self, y: int) -> int | None:
        lines = self._update_lines()
        line = self.scroll_offset.y + y
        return lines[line][0] if 0 <= line < len(lines) else None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        self.hovered = self._option_at(event.y)

    def on_leave(self, event: events.Leave) -> None:
        self.hovered = None

    def on_click(self, event: events.Click) -> None:
        index = self._option_at(event.y)
        if index is not None and not self.options[index].disabled:
            self.highlighted = index
            self.action_select()


__all__ = ["ActionPicker", "Option", "Prompt"]
