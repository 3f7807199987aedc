"""A whole 2-player game on the Underwing screen, from setup to the results,
with keys only: the direct keys (Enter at the cursor, element letters, C, D,
N, T, Y, Tab and the arrows) for every decision, never the action picker."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import (
    AddToGroup,
    ChooseElement,
    ChooseSeat,
    OfferTrade,
    Place,
    RandomFirst,
    RecallEgg,
    RecallField,
    StartGroup,
    Stop,
)
from boardgames_tui.games.underwing.colours import ELEMENTS
from boardgames_tui.ui.underwing import choices
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.look import ELEMENT_KEYS
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from boardgames_tui.ui.underwing.table import FieldRing
from boardgames_tui.ui.underwing.targets import decision
from tests.ui.helpers import wait_until, yes_if_asked

from .helpers import new_session, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]


def keys_for(screen: UnderwingScreen, session: Session, turn: int) -> list[str]:
    """The keys a player presses for the decision at hand."""
    state = state_of(session)
    legal = session.legal_actions()
    step = decision(state)
    target = screen.target
    at = choices.at(state, legal, target)
    if step == "collect":
        if turn % 2 and any(isinstance(a, RandomFirst) for a in legal):
            return ["f"]
        return ["c"] if turn % 3 else ["d"]
    if step == "group":
        more = [a for a in legal if isinstance(a, AddToGroup)]
        if more and turn % 2:
            return [ELEMENT_KEYS[more[0].element]]
        return ["enter"]
    if step == "answer":
        return ["y"] if turn % 2 else ["n"]
    if step == "trade":
        trade = state.trade
        assert trade is not None
        if trade.give or trade.ask:
            return ["enter"]
        mine = [e for e in ELEMENTS if state.players[trade.proposer].storage[e]]
        theirs = [e for e in ELEMENTS if state.players[trade.partner].storage[e]]
        if mine:
            return [ELEMENT_KEYS[mine[0]]]
        return [ELEMENT_KEYS[theirs[0]].upper()]
    offers = [a for a in legal if isinstance(a, OfferTrade)]
    if turn % 11 == 5 and offers:
        # who proposes (when several may): the first, the deciding player;
        # then with whom (when several): the first
        keys = ["t"]
        if len({a.proposer for a in offers}) > 1:
            keys.append("1")
        if len([a for a in offers if a.proposer == offers[0].proposer]) > 1:
            keys.append("1")
        return keys
    if step == "assign":
        if turn % 5 == 0:
            return ["n"]
        if turn % 5 == 1 and not target.on_field:
            return ["tab"]  # over to the Field; Enter there on the next turn
        recall = isinstance(at.single, RecallEgg | RecallField)
        if at.single is not None and (not recall or turn % 6 == 2):
            return ["enter"]
        if target.on_field:
            return ["right"] if turn % 2 else ["down"]
        return ["n"]
    if step == "place":
        if turn % 3 == 0:
            singles = [a for a in at.actions if isinstance(a, Place) and len(a.crystals) == 1]
            # a letter that may be combined starts a group (then more letters, Enter)
            starts = [
                a
                for a in singles
                if StartGroup(slot=a.slot, space=a.space, element=a.crystals[0]) in legal
            ]
            if singles:
                return [ELEMENT_KEYS[(starts or singles)[0].crystals[0]]]
        if at.single is not None:
            return ["enter"]
        if at.actions:
            return ["enter", "1"]
        raise AssertionError(f"the cursor points at nothing to place on: {target}")
    # A dragon's effect.
    elements = [a for a in legal if isinstance(a, ChooseElement)]
    if elements:
        return [ELEMENT_KEYS[elements[-1].element]]
    seats = [a for a in legal if isinstance(a, ChooseSeat)]
    if seats:
        return [str(seats[0].seat + 1)]
    if at.single is not None:
        return ["enter"]
    if at.actions:
        return ["enter", "1"]
    if any(isinstance(a, Stop) for a in legal):
        return ["n"]
    raise AssertionError(f"no key for {state.jobs[-1].effect.kind} at {target}")


def warnings(app: BoardgamesApp) -> list[str]:
    return [n.message for n in app.notes if n.title == "Not possible"]


async def play_to_the_end(
    app: BoardgamesApp, pilot: Pilot[Any], screen: UnderwingScreen, session: Session
) -> tuple[int, int]:
    """Press keys until the game is over: returns (key presses, moves)."""
    presses = 0
    turn = 0
    while not session.is_over:
        before = len(session.actions)
        keys = keys_for(screen, session, turn)
        for key in keys:
            await pilot.press(key)
            if len(keys) > 1:
                await pilot.pause()
        presses += len(keys)
        turn += 1
        if keys in (["tab"], ["right"], ["down"]):
            assert len(session.actions) == before
            continue
        if keys == ["n"]:  # passing with handlers left, or taking no more: asked
            await yes_if_asked(pilot, lambda before=before: len(session.actions) > before)
        assert not warnings(app), (keys, warnings(app))
        assert len(session.actions) == before + 1, (keys, session.prompt())
        assert presses < 3000
    return presses, len(session.actions)


async def test_two_people_play_a_whole_game_with_keys(new_app: AppFactory, saves_dir: Path) -> None:
    session = new_session(seed=21, saves_dir=saves_dir, rounds=8)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        started = time.perf_counter()
        presses, moves = await play_to_the_end(app, pilot, screen, session)
        assert moves > 60 and presses >= moves, (moves, presses)
        print(f"{moves} moves, {presses} presses in {time.perf_counter() - started:.1f}s")
        kinds = {a.kind for a in session.actions}
        assert {"collect", "assign_egg", "assign_field", "pass", "place", "offer_trade"} <= kinds
        assert "random_first" in kinds
        assert {"trade_add", "trade_send", "trade_answer"} <= kinds
        outcome = session.outcome()
        assert len(outcome.results) == 2
        assert session.path is not None and session.path.exists()
        assert time.perf_counter() - started < 60
        from boardgames_tui.ui.underwing.dialogs import UnderwingGameOver

        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingGameOver))
        await pilot.press("b")  # back to the finished table
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingScreen))
        assert screen.query_one(GroundsView) and screen.query_one(FieldRing)


async def test_a_person_against_a_bot_at_120_columns(new_app: AppFactory, saves_dir: Path) -> None:
    session = new_session(seed=8, saves_dir=saves_dir, bots={"Ben": "random"}, rounds=3)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        turn = 0
        while not session.is_over:
            if session.bot_to_act:
                moved = len(session.actions)
                await wait_until(
                    pilot, lambda moved=moved: len(session.actions) > moved or session.is_over
                )
                continue
            for key in keys_for(screen, session, turn):
                await pilot.press(key)
                await pilot.pause()
            turn += 1
            assert not warnings(app)
        from boardgames_tui.ui.underwing.dialogs import UnderwingGameOver

        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingGameOver))
        assert session.outcome().summary
