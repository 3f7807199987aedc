"""A recap at the hand-off: when a person takes the seat, the public lines
of what the others did since their last turn (the log's), the latest that
fit the terminal, and how many earlier ones the log holds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.actions import EndTurn
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import screen_lines, wait_until
from tests.ui.test_escape import from_menu
from tests.ui.tyrants.test_end_turn import to_main_turn

AppFactory = Callable[..., BoardgamesApp]


def test_the_recap_is_the_log_since_the_seats_last_action() -> None:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=3, autosave=False)
    assert session.recap(0) == [e for e in session.log if e.action_index >= 0] == []
    for _ in range(6):
        session.apply(session.legal_actions()[0])
    for seat in (0, 1):
        last = max(i for i, _ in enumerate(session.actions) if session._steps[i].seat == seat)
        assert session.recap(seat) == [e for e in session.log if e.action_index > last]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_hand_off_recaps_the_other_turn(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await from_menu(app, pilot, "tyrants")
        session = screen.session
        await to_main_turn(app, pilot, session)
        first = session.to_act
        assert first is not None
        while session.to_act == first:  # a whole turn, then its end
            legal = session.legal_actions()
            plays = [a for a in legal if a.kind == "play_card"]
            action = plays[0] if plays else EndTurn()
            before = len(session.actions)
            if not screen.play(action):
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
            await wait_until(pilot, lambda before=before: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        seat = session.to_act
        assert seat is not None
        expected = [entry.text for entry in session.recap(seat)]
        assert expected and handoff.recap == expected
        text = "\n".join(screen_lines(app))
        assert "Since your last turn:" in text
        shown = handoff.recap_lines()
        assert len(shown) <= size[1] - 13
        # The latest line is on screen (cut to the box if long), and the
        # first says how many earlier ones there are when not all fit.
        assert shown[-1] == expected[-1]
        assert expected[-1][:30] in text
        if len(shown) < len(expected):
            assert shown[0].startswith(f"… {len(expected) - len(shown) + 1} earlier")
        assert all(line.rstrip() == line.rstrip()[: size[0]] for line in screen_lines(app))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)
