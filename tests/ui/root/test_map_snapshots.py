"""Snapshots of the Root screen on each variant map, at 80x24 and 120x40:
Ana (the Underground Duchy) in her Assembly against the Root bot (the
Marquise), with the suit markers dealt, the Lake's shore and Ferry, the
Mountain's closed paths and Tower; and on every map, Cy (the Vagabond) at
his Slip, the forests drawn among their clearings, the cursor on one.
Deterministic: fixed seeds and size, no clock, no animation, no autosave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.vagabond import VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import Slip
from boardgames_tui.games.root.factions.vagabond.state import is_forest
from boardgames_tui.games.root.woodland import MAPS
from boardgames_tui.ui.root.screen import RootScreen

from .helpers import arrows, on_the_table, state_of

AppFactory = Callable[..., BoardgamesApp]


def on_the_map(map_id: str, seed: int = 4) -> Session:
    """Ana (the Duchy) at the start of her first Assembly on ``map_id``, the
    two first turns played by the rule bot."""
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben", bot="root")],
        {"first": "marquise", "map": map_id},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        state = state_of(session)
        if session.to_act == 0 and state.step == "assembly" and not state.stack:
            return session
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_each_map(
    snap_compare: Any, new_app: AppFactory, map_id: str, size: tuple[int, int]
) -> None:
    app = new_app(session=on_the_map(map_id))
    assert snap_compare(app, terminal_size=size, run_before=on_the_table)


def at_his_slip(map_id: str, seed: int = 4) -> Session:
    """Cy (the Vagabond) at his first Birdsong's Slip on ``map_id``, in the
    forest he started in, against the rule bot (the Marquise): the forests
    drawn on the map, his pawn in his, those he may slip into marked."""
    session = Session.new(
        "root",
        [Seat(name="Ana", bot="root"), Seat(name="Cy")],
        {"factions": "marquise,vagabond", "seating": "chosen", "map": map_id},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        state = state_of(session)
        if state.turn == VAGABOND and state.step == "slip" and not state.stack:
            return session
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))


async def on_a_forest(pilot: Pilot[Any]) -> None:
    """On the table, the cursor moved with the arrows onto the first forest
    he may slip into (its words under the map)."""
    await on_the_table(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, RootScreen)
    state = screen.shown_state()
    target = min(a.to for a in screen.legal() if isinstance(a, Slip) and is_forest(a.to))
    await pilot.press(*arrows(screen.cursor, target, state=state))
    await pilot.pause()
    assert screen.cursor == target


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_forests_on_each_map(
    snap_compare: Any, new_app: AppFactory, map_id: str, size: tuple[int, int]
) -> None:
    app = new_app(session=at_his_slip(map_id))
    assert snap_compare(app, terminal_size=size, run_before=on_a_forest)
