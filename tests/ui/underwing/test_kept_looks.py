"""The action list's looks kept (issue 49): the list loses the focus to the
board after every move made from it and takes it again with A, and each
time Textual matched the whole stylesheet against it and each of its
component classes again.  Its styles for a look met before are put back as
they were worked out (``kit.looks.KeptLooks``): they must be exactly the
styles Textual works out, and its lines exactly the lines drawn with them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.geometry import Region

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.kit.looks import component_classes, scrollbars
from boardgames_tui.ui.kit.panels import shown
from boardgames_tui.ui.underwing.mats import UnderwingPicker
from tests.ui.underwing.helpers import mid_game, screen_of


def look_of(picker: UnderwingPicker) -> tuple[Any, ...]:
    """The list's own rules, its component classes', its scrollbars' and its
    lines on screen."""
    components = {
        name: picker.get_component_styles(name).base.get_rules()
        for name in component_classes(picker)
    }
    width, height = picker.size
    lines = [
        [(segment.text, segment.style) for segment in strip]
        for strip in picker.render_lines(Region(0, 0, width, height))
    ]
    bars = [bar.styles.base.get_rules() for bar in scrollbars(picker) if bar is not None]
    return picker.styles.base.get_rules(), components, bars, lines


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_kept_look_is_the_look_textual_works_out(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = new_app(session=mid_game(names=("Ana", "Ben", "Cy", "Di")))
    matched: list[object] = []
    update_styles = BoardgamesApp.update_styles

    def counted(self: BoardgamesApp, node: Any, animate: bool = True) -> None:
        if isinstance(node, UnderwingPicker):
            matched.append(node.has_focus)
        update_styles(self, node, animate)

    monkeypatch.setattr(BoardgamesApp, "update_styles", counted)
    async with app.run_test(size=size) as pilot:
        screen = await screen_of(app, pilot)
        picker = screen.one("#actions", UnderwingPicker)
        looks = 0
        for key in ("a", "escape", "a", "escape", "a", "escape", "a"):
            await pilot.press(key)
            await pilot.pause()
            if not shown(picker, screen):
                continue  # (styled as it shows again: ActionPicker's own)
            looks += 1
            kept = look_of(picker)
            # Textual's own restyle, from the stylesheet: the same look.
            update_styles(app, picker, False)
            await pilot.pause()
            assert look_of(picker) == kept, f"after {key!r} (focused: {picker.has_focus})"
        assert looks >= 4
        # Each look matched against the stylesheet once, not at every change.
        assert len(matched) <= 3, matched
