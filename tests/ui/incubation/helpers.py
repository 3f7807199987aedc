"""Sessions for the Incubation screen tests: a hand-built position, or a
seeded mid-game position reached by seeded random bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.ui.incubation.screen import IncubationScreen
from tests.ui import helpers


def session_at(state: IncubationState) -> Session:
    """A session (not saved by itself) showing a hand-built position."""
    session = Session.new("incubation", list(state.seats), seed=0, autosave=False)
    session.state = state
    return session


def mid_game(saves_dir: Path | None = None, seed: int = 12, moves: int = 119) -> Session:
    """Ana and Ben, ``moves`` actions into a game played by seeded random bots:
    with seed 12, Ben is to use a water and a fire die, both have dragons
    (hybrids and a mystery one among them), objectives and tokens on eggs."""
    session = Session.new(
        "incubation",
        [Seat(name="Ana"), Seat(name="Ben")],
        seed=seed,
        saves_dir=saves_dir,
        autosave=saves_dir is not None,
    )
    bots = [get_bot("random", seed * 7 + i) for i in range(2)]
    helpers.played_by(session, bots, moves)
    assert len(session.actions) == moves, "the game ended first"
    return session


def state_of(session: Session) -> IncubationState:
    return cast(IncubationState, session.state)


async def screen_of(app: BoardgamesApp, pilot: Pilot[Any]) -> IncubationScreen:
    return await helpers.screen_of(app, pilot, IncubationScreen)
