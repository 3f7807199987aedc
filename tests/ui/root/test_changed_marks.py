"""After a hand-off, the clearings that changed since the person last saw
the Woodland are marked (✱) until their first key: the places the recap's
lines speak of.  Only public contents are compared."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.ui.root.screen import RootScreen, board_signature
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import screen_text, wait_for, wait_until

from .helpers import new_session, state_of

AppFactory = Callable[..., BoardgamesApp]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_what_changed_is_marked_until_the_first_key(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = new_session(seed=5)
    bots = [RootBot(seed=1), RootBot(seed=2)]
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen: RootScreen | None = None
        handoffs = 0
        seen_before: dict[int, str] | None = None
        for _ in range(400):
            await wait_until(
                pilot,
                lambda: (
                    isinstance(app.screen, HandoffScreen | ConfirmDialog)
                    or (isinstance(app.screen, RootScreen) and app.screen.live)
                ),
            )
            if isinstance(app.screen, ConfirmDialog):
                await pilot.press("y")
                continue
            if isinstance(app.screen, HandoffScreen):
                handoffs += 1
                seat = session.to_act
                screen = next(s for s in app.screen_stack if isinstance(s, RootScreen))
                assert seat is not None
                seen_before = screen.handoffs.last_seen.get(seat)
                await pilot.press("enter")
                await wait_until(pilot, lambda: isinstance(app.screen, RootScreen))
                await pilot.pause()
                if seen_before is not None:
                    break
                continue
            screen = app.screen
            assert isinstance(screen, RootScreen)
            seat = session.to_act
            assert seat is not None
            before = len(session.actions)
            if not screen.play(bots[seat].choose(session.game, session.view(seat))):
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
            await wait_until(pilot, lambda before=before: len(session.actions) > before)
        assert seen_before is not None and screen is not None, "no second hand-off to a seat"
        now = board_signature(state_of(session))
        changed = {n for n, what in now.items() if seen_before.get(n) != what}
        assert changed, "the other seat changed the Woodland"
        assert screen.changed_marks == changed
        # (Drawn in the frame after the cover lifts, and gone in the frame
        # after the first key: waited for, not read a pause after.)
        await wait_for(pilot, lambda: "✱" in screen_text(app))
        assert "✱" in screen_text(app)
        await pilot.press("right")  # any key: the marks go
        await wait_for(pilot, lambda: "✱" not in screen_text(app))
        assert screen.changed_marks == frozenset()
        assert "✱" not in screen_text(app)
