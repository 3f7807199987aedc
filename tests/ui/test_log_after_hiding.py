"""The game log of a game screen wraps at the panel's width, also for the
entries that came while it was hidden at 80x24 after being shown once (it
had drawn them a few columns wide: "3 Ana / ends / their / turn.")."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets import GameLog
from tests.ui.helpers import wait_until
from tests.ui.tyrants.helpers import played, screen_of

AppFactory = Callable[..., BoardgamesApp]


async def test_tyrants_log_opened_after_a_turn_at_80x24_is_as_wide_as_its_panel(
    new_app: AppFactory,
) -> None:
    session = played(2, seed=3, moves=12)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        seat = session.to_act
        await pilot.press("l")  # the log shown once...
        await pilot.pause()
        await pilot.press("escape")  # ...and hidden again
        await pilot.pause()
        before = len(session.log)
        for _ in range(60):  # the turn played to its end, log hidden
            if session.to_act != seat:
                break
            if not screen.play(screen.legal()[-1]):  # ending the turn asks first
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
            await pilot.pause()
        assert session.to_act != seat
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await screen_of(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        await pilot.pause()
        log = screen.query_one("#log", GameLog)
        room = log.scrollable_content_region.width
        assert room > 20
        texts = [strip.text for strip in log.lines]
        # The first words of every new entry stand on one line, as wide as
        # the panel allows (the number's column and a word's wrap aside).
        first = room - 12
        new = [entry.text for entry in session.log[before:] if len(entry.text) > first]
        assert new
        for text in new:
            assert any(text[:first] in line for line in texts), (text, texts[-8:])
