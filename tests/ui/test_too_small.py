"""A terminal smaller than 80x24 gets a clear message, and loses nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Static

from boardgames_tui.app import make_app
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.too_small import TooSmallScreen
from tests.ui.helpers import wait_for


def shown_size(app: Any) -> str:
    """The size the cover says ("" on another screen)."""
    if not isinstance(app.screen, TooSmallScreen):
        return ""
    return str(app.screen.query_one("#too-small-size", Static).render())


async def test_small_terminal_is_covered_until_it_grows(saves_dir: Path) -> None:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=1, saves_dir=saves_dir
    )
    app = make_app(saves_dir=saves_dir, session=session, bot_delay=0)
    async with app.run_test(size=(60, 18)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small-size", Static).render())
        assert "60×18" in text
        await pilot.resize_terminal(70, 30)
        await wait_for(pilot, lambda: "70×30" in shown_size(app))
        assert isinstance(app.screen, TooSmallScreen)
        assert "70×30" in str(app.screen.query_one("#too-small-size", Static).render())
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(79, 40)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session is session
        assert len(app.screen_stack) == 2  # menu, game: no cover left behind


async def test_a_large_terminal_is_never_covered(saves_dir: Path) -> None:
    app = make_app(saves_dir=saves_dir, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
