"""One key no longer ends a Tyrants turn unasked: ending it with cards in
hand, or with power or influence that an action offered now could spend,
asks once, naming what is left ("End your turn with 5 cards unplayed?");
"Keep playing" (n or Esc) changes nothing.  Nothing left: no question."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.actions import Deploy, EndTurn, Recruit
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants.choices import left_unused
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from tests.ui.helpers import wait_until
from tests.ui.test_escape import from_menu

from .helpers import new_session, state_of

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


def test_what_is_left_is_named_and_only_what_could_be_spent() -> None:
    session = new_session(2, seed=3)
    while state_of(session).phase != "main":
        session.apply(session.legal_actions()[0])
    state = state_of(session)
    player = state.players[state.current]
    legal = session.legal_actions()
    assert left_unused(state, legal) == "5 cards unplayed"
    player.hand.clear()
    assert left_unused(state, legal) == ""
    player.power, player.influence = 2, 1
    deploy = Deploy(space="menzoberranzan")  # only its kind is read
    recruit = Recruit(card=state.market[0])
    assert left_unused(state, [deploy, EndTurn()]) == "2 power unspent"
    assert left_unused(state, [recruit, EndTurn()]) == "1 influence unspent"
    assert left_unused(state, [deploy, recruit, EndTurn()]) == "2 power and 1 influence unspent"
    # Power nothing could spend now is not worth a question.
    assert left_unused(state, [EndTurn()]) == ""
    player.hand.append("noble")
    assert left_unused(state, [recruit, EndTurn()]) == ("1 card unplayed and 1 influence unspent")


async def to_main_turn(app: BoardgamesApp, pilot: Pilot[Any], session: Session) -> TyrantsScreen:
    """Past the first troops, at a person's first main turn, on the screen."""
    screen = next(s for s in app.screen_stack if isinstance(s, TyrantsScreen))
    for _ in range(20):
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HandoffScreen) or (app.screen is screen and screen.live),
        )
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
            continue
        if state_of(session).phase == "main":
            break
        before = len(session.actions)
        assert screen.play(screen.legal()[0])
        await wait_until(pilot, lambda before=before: len(session.actions) > before)
    await pilot.pause()
    assert state_of(session).phase == "main" and app.screen is screen
    return screen


async def asks_before_ending(app: BoardgamesApp, pilot: Pilot[Any], session: Session) -> None:
    before = len(session.actions)
    seat = session.to_act
    await pilot.press("e")
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    dialog = app.screen
    assert isinstance(dialog, ConfirmDialog)
    assert dialog.question == "End your turn with 5 cards unplayed?"
    await pilot.press("n")  # keep playing: nothing happened
    await pilot.pause()
    assert len(session.actions) == before and session.to_act == seat
    await pilot.press("e")
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("escape")  # Esc keeps playing too
    await pilot.pause()
    assert len(session.actions) == before
    await pilot.press("e")
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("y")
    await wait_until(pilot, lambda: len(session.actions) > before)
    assert isinstance(session.actions[before], EndTurn)


@pytest.mark.parametrize("size", SIZES)
async def test_ending_a_turn_with_cards_left_asks_hot_seat_from_the_menu(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await from_menu(app, pilot, "tyrants")
        await to_main_turn(app, pilot, screen.session)
        await asks_before_ending(app, pilot, screen.session)


@pytest.mark.parametrize("size", SIZES)
async def test_ending_a_turn_with_cards_left_asks_against_a_bot(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben", bot="greedy")],
        {"first_player": 0},
        seed=3,
        autosave=False,
    )
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TyrantsScreen))
        await to_main_turn(app, pilot, session)
        await wait_until(pilot, lambda: session.to_act == 0 and not app.workers)
        await asks_before_ending(app, pilot, session)


async def test_nothing_left_ends_the_turn_at_once(new_app: AppFactory) -> None:
    session = new_session(2, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen | TyrantsScreen))
        screen = await to_main_turn(app, pilot, session)
        state = state_of(session)
        player = state.players[state.current]
        player.hand.clear()  # as after playing every card
        player.power = player.influence = 0
        assert not left_unused(state, session.legal_actions())
        before = len(session.actions)
        assert screen.play(EndTurn())
        assert len(session.actions) == before + 1
        assert not isinstance(app.screen, ConfirmDialog)
