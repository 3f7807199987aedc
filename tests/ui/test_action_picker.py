"""The action picker wraps each description to the width its list has for
text, the vertical scrollbar's columns taken off when a long list shows one."""

from __future__ import annotations

from typing import cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.app import App, ComposeResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.strip import Strip
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
    prompt = Prompt(text, console)
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


def cells(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(char, seg.style) for seg in strip for char in seg.text] for strip in strips]


@settings(max_examples=25, deadline=None)
@given(
    lists=st.lists(
        st.tuples(
            st.lists(
                st.sampled_from(["Roll", "Keep both", LONG, "Take deck 2", "Pass"]), max_size=14
            ),
            st.integers(min_value=0, max_value=13),
        ),
        min_size=2,
        max_size=5,
    )
)
async def test_a_new_list_repaints_every_row_that_changed(
    lists: list[tuple[list[str], int]],
) -> None:
    """A new list repaints only the rows that read differently: what the
    picker shows after each new list (highlight moved, scrolled or not) is
    what drawing it afresh shows."""
    app = PickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        await pilot.pause()
        for descriptions, highlight in lists:
            picker.set_actions([(Play(card=i), d) for i, d in enumerate(descriptions)])
            if descriptions:
                picker.highlighted = min(highlight, len(descriptions) - 1)
            await pilot.pause()
            whole = Region(0, 0, *picker.outer_size)
            shown = cells(picker.render_lines(whole))
            picker._styles_cache.clear()
            picker._rows_kept.clear()
            assert shown == cells(picker.render_lines(whole))


class RestyledPickerApp(App[None]):
    CSS = """
    ActionPicker { width: 44; height: 10; }
    ActionPicker.-right { text-align: right; }
    ActionPicker.-cut { text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def compose(self) -> ComposeResult:
        yield ActionPicker(id="actions")


@settings(max_examples=15, deadline=None)
@given(
    changes=st.lists(
        st.sampled_from(["focus", "blur", "-right", "-cut", "list"]), min_size=1, max_size=8
    )
)
async def test_a_restyled_list_shows_what_drawing_it_afresh_shows(changes: list[str]) -> None:
    """The list keeps its options' drawings through a change of focus (a
    restyle that changes only their colours) and draws them again when a
    style they are laid out by changes: after each change it shows what a
    list that kept nothing would."""
    app = RestyledPickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        lists = [["Roll", LONG, "Pass"], ["Keep both", LONG, "Take deck 2", "Roll"]]
        picker.set_actions([(Play(card=i), d) for i, d in enumerate(lists[0])])
        await pilot.pause()
        for count, change in enumerate(changes):
            if change == "focus":
                picker.focus()
            elif change == "blur":
                app.screen.set_focus(None)
            elif change == "list":
                descriptions = lists[count % 2]
                picker.set_actions([(Play(card=i), d) for i, d in enumerate(descriptions)])
            else:
                picker.toggle_class(change)
            await pilot.pause()
            whole = Region(0, 0, *picker.outer_size)
            shown = cells(picker.render_lines(whole))
            picker._styles_cache.clear()
            picker._rows_kept.clear()
            picker._renders.clear()
            for option in picker.options:
                option.prompt._drawn.clear()
            assert shown == cells(picker.render_lines(whole)), changes[: count + 1]


class HiddenPickerApp(App[None]):
    """A list given its actions while hidden, as the advice dialog's is
    (the search answers before the list has ever been laid out)."""

    CSS = "ActionPicker { width: 44; height: auto; max-height: 14; }"

    def compose(self) -> ComposeResult:
        picker = ActionPicker(id="actions")
        picker.display = False
        yield picker


@pytest.mark.parametrize("resize_handled", [True, False])
async def test_a_list_given_its_actions_before_it_had_a_width_is_drawn_wrapped_for_its_width(
    resize_handled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seen under a heavy load: the advice's moves wrapped at ten columns.
    The list was given them while hidden (no width yet), wrapped them for the
    narrowest width, and drew its first frame that way before its resize
    handler wrapped them again.  Whatever the order of the events (here:
    with and without the resize handled), the list measures and draws its
    descriptions wrapped for the width it has."""
    if not resize_handled:
        monkeypatch.setattr(ActionPicker, "on_resize", lambda self: None)
        monkeypatch.setattr(ActionPicker, "watch_show_vertical_scrollbar", lambda self, on: None)
    app = HiddenPickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        await pilot.pause()
        picker.set_actions([(Play(card=i), f"{LONG} #{i}") for i in range(2)])
        picker.display = True
        await pilot.pause()
        await pilot.pause()
        width = picker.scrollable_content_region.width
        assert width > 30
        drawn = [
            "".join(seg.text for seg in strip).rstrip()
            for strip in picker.render_lines(Region(0, 0, *picker.outer_size))
        ]
        text = [line.strip("▊▎▔▁ ") for line in drawn]
        text = [line for line in text if line]
        # Each description of 80 characters on three lines of at most the
        # list's width (not ten lines each at eight columns), every word whole.
        expected = [ActionPicker._prompt(i + 1, f"{LONG} #{i}", width - 3) for i in range(2)]
        assert [line.strip() for line in text] == [
            line.strip() for prompt in expected for line in prompt.plain.split("\n")
        ]
        assert len(text) == 6
        assert picker.size.height == 6  # measured as drawn
