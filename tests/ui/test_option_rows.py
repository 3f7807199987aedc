"""An option's rows drawn without Textual's content layout (issue 49) read
exactly as Textual's drawing of the option's text, segment by segment (their
styles and their offsets for selecting text with the mouse); an option the
list cannot draw so is drawn by Textual; a row drawn before is that row."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from rich.text import Span, Text
from textual.app import App, ComposeResult
from textual.color import Color
from textual.strip import Strip
from textual.style import Style
from textual.visual import Visual

from boardgames_tui.ui.widgets import ActionPicker
from boardgames_tui.ui.widgets.option_rows import OptionRows, SpanStyles
from boardgames_tui.ui.widgets.prompt import Prompt
from tests.toygame import Play

WORDS = ["Claim", "the", "Fire", "egg", "(3)", "handler", "→", "Field", "李雷", "x"]
WORDS += ["supercalifragilisticexpialidocious", "", "a  b", "red-blue"]
SPAN_STYLES = ["bold", "italic", "dim", "underline", "red", "on blue", "bold #ff8800", "not dim"]
BASES = [
    Style(),
    Style(bold=True),
    Style(Color(1, 120, 212), Color(221, 237, 249), bold=True),
    Style(Color(39, 39, 39), Color(224, 224, 224, 0.5), italic=True),
    Style(foreground=Color(255, 0, 0, 0.3), dim=True, underline=True),
]


class PickerApp(App[None]):
    CSS = "ActionPicker { width: 44; height: 10; }"

    def compose(self) -> ComposeResult:
        yield ActionPicker(id="actions")


def textual_drawing(picker: ActionPicker, prompt: Prompt, width: int, style: Style) -> list[Strip]:
    """The option drawn by Textual, padded as the list pads it."""
    fresh = Prompt(prompt.text, picker.app.console)  # (nothing kept)
    drawn = Visual.to_strips(picker, fresh, width, None, style)
    return [strip.extend_cell_length(width, style.rich_style) for strip in drawn]


def segments(strips: list[Strip]) -> list[list[tuple[str, object, object]]]:
    return [[(s.text, s.style, s.control) for s in strip] for strip in strips]


def some_text(rng: random.Random) -> tuple[Text, int]:
    """An option's text as the list makes it, or with spans of its own."""
    words = [rng.choice(WORDS) for _ in range(rng.randint(1, 14))]
    wrapped_at = rng.randint(8, 50)
    text = ActionPicker._prompt(rng.randint(1, 12), " ".join(words), wrapped_at)
    if rng.random() < 0.5:
        for _ in range(rng.randint(1, 4)):
            start = rng.randint(0, len(text.plain))
            end = rng.randint(start, len(text.plain))
            text.spans.append(Span(start, end, rng.choice(SPAN_STYLES)))
    return text, wrapped_at


async def test_an_option_is_drawn_as_textual_draws_its_text() -> None:
    app = PickerApp()
    async with app.run_test(size=(60, 20)):
        picker = app.query_one(ActionPicker)
        rng = random.Random(49)
        span_styles = SpanStyles(app.console, app.ansi_theme)
        drawn: Counter[str] = Counter()
        for _ in range(1500):
            text, wrapped_at = some_text(rng)
            prompt = Prompt(text, app.console)
            width = wrapped_at + 3 + rng.randint(-4, 8)
            style = rng.choice(BASES)
            lines = prompt.lines(span_styles)
            rows = None if lines is None else OptionRows().rows(lines, width, style)
            if rows is None:
                drawn["by Textual"] += 1
                continue
            drawn["plainly"] += 1
            assert segments(rows) == segments(textual_drawing(picker, prompt, width, style)), (
                text,
                width,
                style,
            )
        assert drawn["plainly"] > 1000
        assert drawn["by Textual"] > 50  # (too wide, an empty span: Textual's)


def test_only_text_drawn_the_same_is_read_as_plain_lines() -> None:
    span_styles = SpanStyles(None, App().ansi_theme)
    for text in [
        Text("Wait", style="italic"),  # the text's own style
        Text("a\tb"),  # a tab
        Text("a\x1bb"),  # a control code
        Text("link", spans=[Span(0, 4, "link https://example.org")]),
        Text("empty", spans=[Span(2, 2, "bold")]),
    ]:
        assert Prompt(text).lines(span_styles) is None, text
    lines = Prompt(Text("12 ab\n   cd", spans=[Span(0, 4, "dim")])).lines(span_styles)
    assert lines is not None
    assert [(line, [(s, e) for s, e, _ in spans]) for line, spans in lines] == [
        ("12 ab", [(0, 4)]),
        ("   cd", []),
    ]


async def test_a_list_makes_no_textual_text_for_its_options(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Options of plain words are drawn without Textual's content: none is
    made into it (before, each option drawn was), and a row that reads as
    one drawn before is that row."""
    made: Counter[str] = Counter()
    to_strips = Visual.to_strips

    def counted_to_strips(widget: object, *args: object, **named: object) -> list[Strip]:
        if isinstance(widget, ActionPicker):
            made["drawn through Textual"] += 1
        return to_strips(widget, *args, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted_to_strips))
    app = PickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        tail = "and then place it on the purple space (row 1, column 3)"
        picker.set_actions([(Play(card=i), f"Take card {i} {tail}") for i in range(4)])
        await pilot.pause()
        picker.focus()
        await pilot.pause()
        assert made == Counter()
        assert all(option.prompt._made is None for option in picker.options)
        rows = picker._option_rows
        before = rows.made
        # The same descriptions under other numbers: their second rows read
        # as before, in the same look.
        picker.set_actions([(Play(card=i), f"Take card {i + 1} {tail}") for i in range(4)])
        await pilot.pause()
        assert made == Counter()
        assert rows.made - before == 4  # (each option's first row)
