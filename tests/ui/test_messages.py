"""Messages (toasts): one at a time, a new one replacing the old, and none
crosses a hand-off: the next person's first screen shows nothing the
previous one was told.  From the menu, at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets._toast import Toast

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.tyrants.actions import EndTurn
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import wait_until
from tests.ui.test_escape import from_menu
from tests.ui.tyrants.test_end_turn import to_main_turn

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


def toasts(app: BoardgamesApp) -> list[str]:
    return [str(toast.render()) for toast in app.screen.query(Toast)]


@pytest.mark.parametrize("size", SIZES)
async def test_one_message_at_a_time_and_none_across_the_hand_off(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await from_menu(app, pilot, "tyrants")
        session = screen.session
        await to_main_turn(app, pilot, session)
        for _ in range(3):  # three quick undos: "Can't undo ..." each time
            await pilot.press("ctrl+z")
            await pilot.pause()
        assert len(toasts(app)) == 1
        screen.notify("House Guard costs 3 influence; you have 2")
        await pilot.pause()
        shown = toasts(app)
        assert len(shown) == 1 and "House Guard costs 3 influence" in shown[0]
        before = len(session.actions)
        screen.play(EndTurn())  # cards left: asks first
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert toasts(app) == []
        app.notify("Saved.")  # said while the table is covered
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.pause()
        assert toasts(app) == []
