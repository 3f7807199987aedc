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
from textual.app import App
from textual.geometry import Region
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.kit.looks import (
    KeptLooks,
    component_classes,
    node_look,
    pseudo_classes_asked,
    scrollbars,
)
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


async def test_a_look_is_keyed_by_the_pseudo_classes_the_stylesheet_names(
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The key of a look reads of each node on the list's path only the
    pseudo-classes some selector names (Textual has nineteen; a class no
    selector names matches nothing): ``first-child``, ``odd`` and the like,
    which walk a node's siblings, are not read to restyle the list."""
    app = new_app(session=mid_game(names=("Ana", "Ben", "Cy", "Di")))
    read: list[str] = []
    restyling = [False]

    def counted(name: str, check: Callable[[Any], bool]) -> Callable[[Any], bool]:
        def checked(node: Any) -> bool:
            if restyling[0]:
                read.append(name)
            return check(node)

        return checked

    for cls in (Widget, App):
        checks = dict(cls._PSEUDO_CLASSES)
        monkeypatch.setattr(
            cls, "_PSEUDO_CLASSES", {name: counted(name, f) for name, f in checks.items()}
        )
    restyle = KeptLooks.restyle

    def watched(self: KeptLooks, widget: Any, animate: bool = True) -> None:
        restyling[0] = True
        try:
            restyle(self, widget, animate)
        finally:
            restyling[0] = False

    monkeypatch.setattr(KeptLooks, "restyle", watched)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        for key in ("a", "escape", "a", "escape", "a"):
            await pilot.press(key)
            await pilot.pause()
        asked = pseudo_classes_asked(app.stylesheet.rules)
        assert read, "the list was not restyled"
        assert set(read) <= set(asked), sorted(set(read) - set(asked))
        assert len(asked) < len(Widget._PSEUDO_CLASSES)
        for node in app.screen.query("*"):
            whole = node_look(node)
            assert node_look(node, asked) == (*whole[:3], whole[3] & set(asked))
