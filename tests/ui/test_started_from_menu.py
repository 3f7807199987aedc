"""A game started through the menu and the setup screen looks exactly as the
same game started from the command line: every panel has the same size, at
80x24 and 120x40, and after a resize.  (The setup screen's stylesheet once
gave Incubation's Players panel the ten columns of its own "Players"
select.)"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.ui.helpers import lifted, wait_until, widget_sizes

AppFactory = Callable[..., BoardgamesApp]
SEED = 1
SIZES = [(80, 24), (120, 40)]
#: Keys that choose each game in the setup screen's game select.
CHOOSE = {
    "underwing": ["enter", "u", "enter"],
    "incubation": ["enter", "i", "enter"],
    "root": ["enter", "r", "enter"],
}


async def from_command_line(
    new_app: AppFactory, game: str, size: tuple[int, int]
) -> dict[str, tuple[int, int]]:
    session = Session.new(game, [Seat(name="Ana"), Seat(name="Ben")], seed=SEED, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        return widget_sizes(await lifted(app, pilot, GameScreen))


async def from_the_menu(
    new_app: AppFactory, game: str, size: tuple[int, int], expected: dict[Any, Any]
) -> None:
    """Start ``game`` with N, its name in the game select and F2; compare the
    panels with ``expected`` (size -> panel sizes), then resize both ways."""
    app = new_app(seed=SEED)
    async with app.run_test(size=size) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        await pilot.press(*CHOOSE[game])
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game_id == game
        await pilot.press("f2")
        screen = await lifted(app, pilot, GameScreen)
        assert screen.session.game_id == game
        assert widget_sizes(screen) == expected[size], f"{game} at {size}"
        other = SIZES[1] if size == SIZES[0] else SIZES[0]
        for now in (other, size):
            await pilot.resize_terminal(*now)
            # (A resize lays the screen out in a few steps: what it settles to.)
            with suppress(AssertionError):  # (the assertion below says how they differ)
                await wait_until(pilot, lambda now=now: widget_sizes(screen) == expected[now])
            assert widget_sizes(screen) == expected[now], f"{game} resized to {now}"


# Tyrants has its own (tests/ui/tyrants/test_started_from_menu.py).
@pytest.mark.parametrize("game", ["underwing", "incubation", "root"])
async def test_a_game_started_from_the_menu_looks_as_from_the_command_line(
    new_app: AppFactory, game: str
) -> None:
    expected = {size: await from_command_line(new_app, game, size) for size in SIZES}
    for size in SIZES:
        await from_the_menu(new_app, game, size, expected)
