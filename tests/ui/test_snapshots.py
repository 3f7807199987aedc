"""Snapshots at 80x24: the main menu, the setup screen and the generic game
screen.  Deterministic: empty saves folder, fixed seeds, no clock, animations
off, the list of games pinned to the test games."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import game_info
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens import menu, setup
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.toygame import GAME as SEVENS
from tests.ui.tally import GAME as TALLY

AppFactory = Callable[..., BoardgamesApp]


@pytest.fixture(autouse=True)
def pinned_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games being written elsewhere must not change these pictures."""
    monkeypatch.setattr(menu, "installed_games", lambda: [SEVENS, TALLY])
    monkeypatch.setattr(menu, "game_infos", lambda: [game_info(SEVENS.id), game_info(TALLY.id)])
    monkeypatch.setattr(setup, "installed_games", lambda: [SEVENS, TALLY])


def test_main_menu(snap_compare: Any, new_app: AppFactory) -> None:
    async def saves_read(pilot: Pilot[Any]) -> None:
        await pilot.pause()  # the menu reads the saves just after its first frame

    assert snap_compare(new_app(), terminal_size=(80, 24), run_before=saves_read)


def test_setup_screen(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app()

    async def open_setup(pilot: Pilot[Any]) -> None:
        await app.push_screen(SetupScreen(app.settings, "sevens"))
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=open_setup)


def test_generic_game_screen(snap_compare: Any, new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=8, saves_dir=saves_dir
    )
    app = new_app(session=session)
    assert snap_compare(app, press=["2", "4", "down"], terminal_size=(80, 24))
