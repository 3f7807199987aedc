"""A title that has a short form for a narrow screen (Underwing's, Root's)
takes the form for the screen's width as the terminal is resized, both
ways, not only at the next move."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.helpers import lifted, screen_of

AppFactory = Callable[..., BoardgamesApp]


def title(app: BoardgamesApp) -> str:
    return str(app.screen.query_one("#game-title", Static).render())


async def test_underwings_title_follows_the_width(new_app: AppFactory) -> None:
    seats = [Seat(name=name) for name in ("Ana", "Ben", "Cy")]
    session = Session.new("underwing", seats, seed=5, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot, GameScreen)
        assert title(app).startswith("Underlings of Underwing ·")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert title(app).startswith("Underwing ·"), title(app)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert title(app).startswith("Underlings of Underwing ·"), title(app)


async def test_roots_title_follows_the_width(new_app: AppFactory) -> None:
    seats = [Seat(name=name) for name in ("Ana", "Ben", "Cy")]
    options = {"factions": "marquise,eyrie,duchy", "seating": "chosen"}
    session = Session.new("root", seats, options, seed=5, autosave=False)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lifted(app, pilot, RootScreen)
        wide = title(app)
        assert wide == screen.title_shown()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        narrow = title(app)
        assert narrow != wide
        assert narrow == screen.title_shown()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        assert title(app) == wide
