"""Room at 80x24 (issue 45, item 13): what the Tyrants screen shows behind
a key at 80 columns is there whole."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import HousesPanel
from tests.ui.helpers import lifted, screen_text, wait_until

from .helpers import played

AppFactory = Callable[..., BoardgamesApp]


@pytest.mark.parametrize("players", [3, 4])
async def test_every_house_is_whole_behind_h_at_80x24(new_app: AppFactory, players: int) -> None:
    """With four houses the narrow panel (H) cut the last house's piles
    off its bottom: each house took five lines.  A house's pieces and piles
    run together where that takes fewer lines, and every house's every
    line is in view."""
    session = played(players, seed=21, moves=60)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lifted(app, pilot, TyrantsScreen)
        await pilot.press("h")
        panel = screen.one("#houses", HousesPanel)
        await wait_until(pilot, lambda: panel.display and panel.region.height > 0)
        await pilot.pause()
        lines = panel._lines(panel.content_region.width)
        assert len(lines) <= panel.content_region.height, [line.plain for line in lines]
        text = screen_text(app)
        for seat in session.seats:
            assert seat.name in text
        assert text.count("inner ") == players, text
        assert text.count("trophies") + text.count("trophy") == players, text
