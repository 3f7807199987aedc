"""The mouse on the Field and on the players' mats: the parts report to the
screen with messages nested in them (the Field's is the kit's board cursor),
and the screen plays the legal action they stand for."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.underwing.actions import AssignField, ChooseSeat
from boardgames_tui.games.underwing.cards import StealElements
from boardgames_tui.ui.kit.cursor import BoardCursor
from boardgames_tui.ui.underwing.mats import PlayerMats
from boardgames_tui.ui.underwing.table import FieldRing
from boardgames_tui.ui.underwing.targets import Target
from tests.games.underwing.helpers import give, new_game, phase

from .helpers import screen_of, session_at
from .test_keys import effect, wild_board

AppFactory = Callable[..., BoardgamesApp]


async def test_a_click_points_at_a_field_space_and_a_second_sends_a_handler(
    new_app: AppFactory,
) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        ring = screen.query_one(FieldRing)
        assert isinstance(ring, BoardCursor)
        # The top row's second space is orange; a cell is ring._cell wide.
        at = (2 + ring._cell + 3, 0)
        await pilot.click(FieldRing, offset=at)
        await pilot.pause()
        assert screen.target == Target(field="orange") and session.actions == []
        assert ring.has_focus and ring.space == "orange"
        await pilot.click(FieldRing, offset=at)
        await pilot.pause()
        assert session.actions == [AssignField(space="orange")]


async def test_a_click_on_a_players_mat_chooses_whom_to_steal_from(new_app: AppFactory) -> None:
    state = wild_board(players=3)
    give(state, 2, "black", "white")
    effect(state, StealElements(count=2))
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        mats = screen.query_one(PlayerMats)
        await pilot.click(PlayerMats, offset=(4, mats.starts[2]))
        await pilot.pause()
        assert session.actions == [ChooseSeat(seat=2)]
