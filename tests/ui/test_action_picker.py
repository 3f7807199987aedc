"""The action picker wraps each description to the width its list has for
text, the vertical scrollbar's columns taken off when a long list shows one."""

from __future__ import annotations

from textual.app import App, ComposeResult

from boardgames_tui.ui.widgets import ActionPicker
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
