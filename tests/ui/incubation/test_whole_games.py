"""Whole 2-player games on the Incubation screen, from the starting eggs to the
game-over screen, with keys only: the direct keys wherever a decision has one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.incubation.actions import ClaimObjective, PlaceToken, TakeEgg
from boardgames_tui.games.incubation.cards import COLOURS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.games.incubation.queries import claimable
from boardgames_tui.ui.incubation.choices import decision
from boardgames_tui.ui.incubation.look import LETTERS
from boardgames_tui.ui.incubation.panel import IncubationPanel
from boardgames_tui.ui.incubation.screen import IncubationScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from tests.ui.helpers import screen_lines, wait_until, yes_if_asked

from .helpers import screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]


def keys_for(state: IncubationState, session: Session, turn: int) -> list[str]:
    """The keys a player presses for the decision at hand: take eggs when an
    incubator is free, feed the first egg that needs a token, put the excess
    on the section after the spinner, claim the first objective met."""
    legal = session.legal_actions()
    step = decision(state)
    if step == "starting_egg":
        return [str(next(d for d in range(3) if state.decks[d]) + 1)]
    if step == "roll":
        return ["enter"]
    if step == "reroll":
        # Reroll a chest now and then (die 1 on odd turns), else keep.
        return ["1", "enter"] if state.dice[0] == "chest" and turn % 2 else ["enter"]
    if step == "double_chest":
        totals = [t.silver + t.water + t.fire for t in state.market]
        return [LETTERS[COLOURS[totals.index(max(totals))]].lower()]
    if step == "dice":
        takes = [a for a in legal if isinstance(a, TakeEgg)]
        if takes:
            # The screen's chosen die is the first free one.
            return [str(takes[0].deck + 1)]
        return ["enter"]
    if step == "place":
        slot = next(a.incubator for a in legal if isinstance(a, PlaceToken))
        return [str(slot + 1)]
    if step == "excess":
        return ["right", "enter"] if turn % 3 else [LETTERS[COLOURS[state.spinner]].lower()]
    if step == "objective":
        claims = [a for a in legal if isinstance(a, ClaimObjective)]
        met = claimable(state, state.current)
        assert claims and met
        return [str(state.objectives.index(claims[0].objective) + 1)] if turn % 4 else ["n"]
    raise AssertionError(f"no keys for {step}")


def panels_read_as_drawn(app: BoardgamesApp) -> None:
    """Every panel on screen shows what it would draw afresh for the board
    it was last given (a panel draws its lines again only when what it
    reads changed: this checks that it reads everything it draws)."""
    screen = app.screen
    if not isinstance(screen, IncubationScreen):
        return
    shown = screen_lines(app)
    for panel in screen.query(IncubationPanel):
        if panel.on_screen and panel.board is not None and panel._drawn is not None:
            fresh = panel.lines(panel.board)
            assert panel._drawn == fresh, type(panel).__name__
            # And the screen shows those lines (a panel no one asked to
            # repaint keeps the rows it drew: they must still be these).
            box = panel.content_region
            rows = [row[box.x : box.right].rstrip() for row in shown[box.y : box.bottom]]
            for y, line in enumerate(fresh[: box.height]):
                if line.cell_len <= box.width:
                    assert rows[y] == line.plain.rstrip(), (type(panel).__name__, y)


async def play_to_the_end(
    app: BoardgamesApp, pilot: Pilot[Any], session: Session, people: set[int]
) -> int:
    """Press keys for the people until the game is over; returns the number
    of key presses."""
    presses = 0
    turn = 0
    while not session.is_over:
        seat = session.to_act
        assert seat is not None
        if seat not in people:
            before = len(session.actions)
            await wait_until(pilot, lambda n=before: len(session.actions) > n or session.is_over)
            continue
        state = state_of(session)
        before = len(session.actions)
        legal = session.legal_actions()
        keys = keys_for(state, session, turn)
        await pilot.press(*keys)
        presses += len(keys)
        turn += 1
        # The keys made one move, one the engine offered (a bot may have
        # answered since); claiming none while one is met asks first.
        await yes_if_asked(pilot, lambda n=before: len(session.actions) > n)
        assert session.actions[before] in legal, (keys, session.prompt())
        await pilot.pause()
        panels_read_as_drawn(app)
        if people == {0, 1}:
            assert len(session.actions) == before + 1, keys
        assert presses < 2000
    return presses


@pytest.mark.first(19)
async def test_two_people_play_a_whole_game_with_keys(new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new(
        "incubation", [Seat(name="Ana"), Seat(name="Ben")], seed=21, saves_dir=saves_dir
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        presses = await play_to_the_end(app, pilot, session, {0, 1})
        assert presses > 50
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        outcome = session.outcome()
        assert len(outcome.results) == 2 and outcome.winners
        assert session.path is not None and session.path.exists()
        await pilot.press("b")  # back to the finished table
        await wait_until(pilot, lambda: isinstance(app.screen, IncubationScreen))


async def test_a_person_against_a_bot_plays_to_the_end(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = Session.new(
        "incubation",
        [Seat(name="Ana"), Seat(name="Bot", bot="random")],
        seed=8,
        saves_dir=saves_dir,
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        await play_to_the_end(app, pilot, session, {0})
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert session.outcome().summary
