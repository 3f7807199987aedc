"""The Load screen shows the list at once: saves new since they were last
checked are marked while a thread checks them, then shown as found."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.saves import SaveInfo
from boardgames_tui.ui.screens import load as load_module
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import plain, wait_until
from tests.ui.test_load import load_screen, played

AppFactory = Callable[..., BoardgamesApp]


async def test_the_list_shows_at_once_and_marks_saves_being_checked(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()
    real = load_module.save_info

    def held_back(path: Path, **options: Any) -> SaveInfo:
        gate.wait(20)
        return real(path, **options)

    monkeypatch.setattr(load_module, "save_info", held_back)
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        await wait_until(pilot, lambda: not menu._saves_pending)
        session = played(saves_dir, moves=2)  # new since the menu looked
        assert session.path is not None
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        screen = load_screen(app)
        (info,) = screen.saves
        assert info.pending and info.path == session.path
        options = screen.query_one("#saves", OptionList)
        assert f"Checking: {session.path.name}" in plain(options.get_option_at_index(0).prompt)
        title = screen.query_one("#load-title", Static)
        assert "checking 1" in str(title.render())
        gate.set()
        await wait_until(pilot, lambda: not load_screen(app).saves[0].pending)
        (info,) = screen.saves
        assert info.ok and info.actions == 2 and info.seats == ["Ana", "Ben"]
        await wait_until(
            pilot,
            lambda: "Tally (test game)" in plain(options.get_option_at_index(0).prompt),
        )
        assert "checking" not in str(title.render())


async def test_a_long_list_is_drawn_a_screen_first(new_app: AppFactory, saves_dir: Path) -> None:
    """Only what the first frame shows is drawn for it; the rest follows."""
    first = played(saves_dir)
    assert first.path is not None
    for number in range(60):
        copy = saves_dir / f"copy-{number:02d}.json"
        copy.write_bytes(first.path.read_bytes())
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        screen = load_screen(app)
        assert screen.count == 61
        await wait_until(pilot, lambda: screen.query_one("#saves", OptionList).option_count == 61)
        await wait_until(pilot, lambda: all(i.ok and not i.pending for i in screen.saves))
        assert len(screen.saves) == 61
