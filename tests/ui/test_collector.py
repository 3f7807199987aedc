"""The garbage collector is tuned for the process by the app alone, once:
the program is frozen when the app starts (not when a game screen opens),
and collectable again when the app ends."""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.game_screens import screen_for
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]


async def test_the_app_freezes_the_program_once_at_start(
    new_app: AppFactory, saves_dir: Path
) -> None:
    gc.unfreeze()
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        frozen = gc.get_freeze_count()
        assert frozen > 0  # the menu is up: the program is frozen
        session = Session.new("tally", [Seat(name="Ana"), Seat(name="Ben")], seed=2)
        await app.push_screen(screen_for(session, app.settings))
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        # Opening a game froze nothing more (the game stays collectable) ...
        assert gc.get_freeze_count() <= frozen
        await app.pop_screen()
        await pilot.pause()
        # ... nor did closing it let the program go.
        assert 0 < gc.get_freeze_count() <= frozen
    assert gc.get_freeze_count() == 0  # the app is over: all collectable again
    assert gc.isenabled()
