"""The action picker wraps each description to the width its list has for
text, the vertical scrollbar's columns taken off when a long list shows one."""

from __future__ import annotations

from typing import cast

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.app import App, ComposeResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions

from boardgames_tui.ui.widgets import ActionPicker
from boardgames_tui.ui.widgets.action_picker import Prompt
from tests.toygame import Play
from tests.ui.helpers import wait_until

LONG = "Place red on the purple space of the Cobalt Hatchling egg (row 1, column 3)"


class PickerApp(App[None]):
    CSS = "ActionPicker { width: 44; height: 10; }"

    def compose(self) -> ComposeResult:
        yield ActionPicker(id="actions")


def widest_line(picker: ActionPicker) -> int:
    return max(
        len(line)
        for index in range(picker.option_count)
        for line in str(picker.get_option_at_index(index).prompt).split("\n")
    )


async def test_descriptions_fit_beside_the_scrollbar_of_a_long_list() -> None:
    app = PickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        picker.set_actions([(Play(card=i), f"{LONG} #{i}") for i in range(2)])
        await pilot.pause()
        assert not picker.show_vertical_scrollbar
        assert widest_line(picker) <= picker.scrollable_content_region.width
        short_width = picker.scrollable_content_region.width
        picker.set_actions([(Play(card=i), f"{LONG} #{i}") for i in range(12)])
        await wait_until(pilot, lambda: picker.show_vertical_scrollbar)
        await pilot.pause()
        width = picker.scrollable_content_region.width
        assert width < short_width
        assert widest_line(picker) <= width
        # Each description keeps all its words.
        text = " ".join(
            " ".join(str(picker.get_option_at_index(i).prompt).split()) for i in range(12)
        )
        assert all(f"(row 1, column 3) #{i}" in text for i in range(12))


WORDS = ["Claim", "the", "Fire", "egg", "(3)", "handler", "→", "Field", "李雷"]
WORDS += ["supercalifragilisticexpialidocious"]


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.sampled_from(WORDS), min_size=1, max_size=20),
    number=st.integers(min_value=1, max_value=12),
    wrapped_at=st.integers(min_value=8, max_value=60),
    asked=st.integers(min_value=-8, max_value=12),
    rules=st.sampled_from([{}, {"text_wrap": "nowrap"}, {"text_overflow": "ellipsis"}]),
)
def test_a_prompt_draws_and_measures_as_its_text(
    words: list[str], number: int, wrapped_at: int, asked: int, rules: dict[str, str]
) -> None:
    """An option's prompt (kept drawings, heights known from its own
    wrapping) measures and draws as Textual's own text would."""
    console = Console(width=120)
    text = ActionPicker._prompt(number, " ".join(words), wrapped_at)
    prompt = Prompt(text, Content.from_rich_text(text, console=console))
    plain = Content.from_rich_text(text, console=console)
    width = max(1, wrapped_at + asked)
    assert prompt.get_height(cast(RulesMap, rules), width) == plain.get_height(
        cast(RulesMap, rules), width
    )
    assert str(prompt) == text.plain
    style = VisualStyle(bold=True)
    options = RenderOptions(lambda name: VisualStyle(), cast(RulesMap, rules))
    first = prompt.render_strips(width, None, style, options)
    assert first == plain.render_strips(width, None, style, options)
    assert prompt.render_strips(width, None, style, options) is first  # kept
