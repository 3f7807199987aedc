"""Esc closes what is open and never leaves a game unasked (Tyrants and
Root): with nothing open it asks whether to leave for the menu, a second Esc
answers "Stay", so Esc, Esc, q (the habit of dismissing things) keeps the
game; leaving is a key the footer shows.  From the menu, hot-seat, and
against a bot, at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.ui.helpers import footer_text, lifted, wait_until

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]
CHOOSE = {"tyrants": ["enter", "t", "enter"], "root": ["enter", "r", "enter"]}


async def from_menu(app: BoardgamesApp, pilot: Pilot[Any], game: str) -> GameScreen:
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    await pilot.press(*CHOOSE[game])
    await pilot.pause()
    await pilot.press("f2")
    return await lifted(app, pilot, GameScreen)


async def escapes_keep_the_game(app: BoardgamesApp, pilot: Pilot[Any], screen: GameScreen) -> None:
    # Shown wherever the line has room after the decision's own keys: it
    # gives way after Save, Undo and the log (a Root turn's six action keys
    # fill 80 columns).
    line = footer_text(app)
    assert "esc Menu" in line or ("^z Undo" not in line and len(line.strip()) > 70), line
    await pilot.press("l")  # a panel open: Esc closes it, nothing asked
    await pilot.pause()
    await pilot.press("escape")
    await pilot.pause()
    assert app.screen is screen
    await pilot.press("escape")  # nothing open: asks
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("escape")  # "Stay"
    await wait_until(pilot, lambda: app.screen is screen)
    await pilot.press("q")
    await pilot.pause()
    assert app.is_running and app.screen is screen
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("y")  # "Leave"
    await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(CHOOSE))
async def test_escape_asks_before_leaving_a_hot_seat_game(
    game: str, size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=1)
    async with app.run_test(size=size) as pilot:
        screen = await from_menu(app, pilot, game)
        await escapes_keep_the_game(app, pilot, screen)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", sorted(CHOOSE))
async def test_escape_asks_before_leaving_a_game_against_a_bot(
    game: str, size: tuple[int, int], new_app: AppFactory
) -> None:
    session = Session.new(
        game, [Seat(name="Ana"), Seat(name="Ben", bot="greedy")], seed=3, autosave=False
    )
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and session.to_act == 0 and not app.workers,
        )
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await escapes_keep_the_game(app, pilot, screen)
