"""A Tyrants game started through the menu and the setup screen looks exactly
as one started from the command line: every panel has the same size, at 80x24
and 120x40, and after a resize (Tyrants' own run of the shared check, with
the hand-off passed first)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.setup import SetupScreen
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from tests.ui.helpers import lifted, past_the_cover, wait_until, widget_sizes

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


async def tyrants_screen(app: BoardgamesApp, pilot: Pilot[Any]) -> TyrantsScreen:
    await past_the_cover(pilot)
    return await lifted(app, pilot, TyrantsScreen)


async def test_started_from_the_menu_it_looks_as_from_the_command_line(
    new_app: AppFactory,
) -> None:
    expected = {}
    for size in SIZES:
        session = Session.new(
            "tyrants", [Seat(name="Ana"), Seat(name="Ben")], seed=1, autosave=False
        )
        app = new_app(session=session)
        async with app.run_test(size=size) as pilot:
            expected[size] = widget_sizes(await tyrants_screen(app, pilot))
    for size in SIZES:
        app = new_app(seed=1)
        async with app.run_test(size=size) as pilot:
            await pilot.press("n")
            await wait_until(pilot, lambda app=app: isinstance(app.screen, SetupScreen))
            await pilot.pause()
            await pilot.press("enter", "t", "enter")
            await pilot.pause()
            setup = app.screen
            assert isinstance(setup, SetupScreen) and setup.game_id == "tyrants"
            await pilot.press("f2")
            screen = await tyrants_screen(app, pilot)
            assert widget_sizes(screen) == expected[size], f"at {size}"
            other = SIZES[1] if size == SIZES[0] else SIZES[0]
            for now in (other, size):
                await pilot.resize_terminal(*now)
                await pilot.pause()
                await pilot.pause()
                assert widget_sizes(screen) == expected[now], f"resized to {now}"
