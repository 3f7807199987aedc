"""One person against a bot, for every game, as `new GAME --bot Ben=greedy`
starts it: with one person at the table there is no hand-off, so the
person's table is drawn at once, before any other drawing of the board.
The screen opens on the person's decision (or the bot moves first), a move
is made from the action list, the bot answers, and nothing crashes, at
80x24 and at 120x40."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.crash import CRASH_LOG, CrashScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]

#: Options under which the person decides first (then the bot does).  In
#: Incubation the starting eggs are chosen before the first turn, from the
#: player to the first player's right: the first player's opponent first.
FIRST: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "underwing": ({}, {}),
    "incubation": ({"first_player": 1}, {"first_player": 0}),
    "tyrants": ({"first_player": 0}, {"first_player": 1}),
    "root": ({"marquise_seat": 0}, {"marquise_seat": 1}),
}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("bot_first", [False, True])
@pytest.mark.parametrize("game", sorted(FIRST))
async def test_a_person_plays_a_bot(
    game: str, bot_first: bool, size: tuple[int, int], new_app: AppFactory, saves_dir: Path
) -> None:
    if game == "underwing" and bot_first:
        pytest.skip("Underwing's first player is the first seat")
    options = FIRST[game][1 if bot_first else 0]
    session = Session.new(
        game,
        [Seat(name="Ana"), Seat(name="Ben", bot="greedy")],
        options,
        seed=3,
        saves_dir=saves_dir,
    )
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:

        def ana_to_move() -> bool:
            return isinstance(app.screen, GameScreen) and session.to_act == 0 and not app.workers

        await wait_until(pilot, ana_to_move)
        await pilot.pause()
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)
        moves = len(session.actions)
        if bot_first:
            assert moves > 0, "the bot decided first"
        await pilot.press("a")
        await pilot.pause()
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) > moves)
        await wait_until(pilot, lambda: ana_to_move() or session.is_over)
        await pilot.pause()
        assert not any(isinstance(s, CrashScreen) for s in app.screen_stack)
    assert not (saves_dir / CRASH_LOG).exists()
