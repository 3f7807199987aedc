"""A question's "Yes" is drawn as a warning only where it loses or ends
something (issue 45.16: "Watch" a game open elsewhere was drawn in the
danger colour)."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Button

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]


async def test_yes_is_a_warning_unless_harmless(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for harmless, variant in ((False, "error"), (True, "success")):
            app.push_screen(ConfirmDialog("Go on?", yes="Watch", harmless=harmless))
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            await pilot.pause()
            assert app.screen.query_one("#yes", Button).variant == variant
            await pilot.press("n")
            await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
