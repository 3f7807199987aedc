"""The action list paints through Textual only the rows it has not shown
before in the same look (issue 49): a row seen before (the same option's
line, highlighted or not, focused look or not, at the same width) is given
back as painted, and reads exactly as painting it afresh does."""

from __future__ import annotations

from collections import Counter

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from boardgames_tui.ui.widgets import ActionPicker
from tests.toygame import Play

LISTS = [
    ["Roll", "Place red on the purple space of the Cobalt Hatchling egg (row 1)", "Pass"],
    ["Keep both", "Take deck 2", "Roll", "Pass"],
]


class TitledPickerApp(App[None]):
    CSS = "ActionPicker { width: 44; height: 10; }"

    def compose(self) -> ComposeResult:
        picker = ActionPicker(id="actions")
        picker.border_title = "All actions (A)"
        yield picker


def cells(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(segment.text, segment.style) for segment in strip] for strip in strips]


async def test_a_list_shown_before_paints_no_row_again(monkeypatch: pytest.MonkeyPatch) -> None:
    count: Counter[str] = Counter()
    paint = Widget.render_lines
    to_strips = Visual.to_strips

    def counted_paint(widget: Widget, crop: Region) -> list[Strip]:
        if isinstance(widget, ActionPicker):
            count["rows painted"] += crop.height
        return paint(widget, crop)

    def counted_to_strips(widget: Widget, *args: object, **named: object) -> list[Strip]:
        if isinstance(widget, ActionPicker):
            count["drawn through Rich"] += 1
        return to_strips(widget, *args, **named)  # type: ignore[arg-type]

    monkeypatch.setattr(Widget, "render_lines", counted_paint)
    monkeypatch.setattr(Visual, "to_strips", staticmethod(counted_to_strips))
    app = TitledPickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)

        def offer(descriptions: list[str]) -> None:
            picker.set_actions([(Play(card=i), d) for i, d in enumerate(descriptions)])

        # Each list in each look once: blurred, focused, a move's blur.
        for descriptions in LISTS:
            offer(descriptions)
            await pilot.pause()
            picker.focus()
            await pilot.pause()
            app.screen.set_focus(None)
            await pilot.pause()
        assert count["rows painted"] > 0
        # Again, as moves go: the focus, a blur and a new list, each shown before.
        count.clear()
        for descriptions in [*LISTS, *LISTS]:
            picker.focus()
            await pilot.pause()
            app.screen.set_focus(None)
            offer(descriptions)
            await pilot.pause()
        assert count == Counter()
        whole = Region(0, 0, *picker.outer_size)
        shown = cells(picker.render_lines(whole))
        # What painting every row afresh shows.
        picker._styles_cache.clear()
        picker._rows_kept.clear()
        assert shown == cells(picker.render_lines(whole))


async def test_a_row_is_painted_again_for_a_new_title_or_width() -> None:
    app = TitledPickerApp()
    async with app.run_test(size=(60, 20)) as pilot:
        picker = app.query_one(ActionPicker)
        picker.set_actions([(Play(card=i), d) for i, d in enumerate(LISTS[0])])
        await pilot.pause()
        for change in ("title", "width"):
            if change == "title":
                picker.border_title = "Other actions"
            else:
                picker.styles.width = 36
            await pilot.pause()
            whole = Region(0, 0, *picker.outer_size)
            painted = picker._rows_kept.painted
            shown = cells(picker.render_lines(whole))
            assert picker._rows_kept.painted == painted  # (kept by the frame just drawn)
            picker._styles_cache.clear()
            picker._rows_kept.clear()
            assert shown == cells(picker.render_lines(whole)), change
