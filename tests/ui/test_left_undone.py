"""Ending a step or a turn that leaves something undone asks first, in every
game (issue 45, item 3): Underwing's N passing with handlers in the Ready
Room or taking no more of an "up to" effect, Incubation's N claiming no
objective while one is met (Tyrants' E: ``tyrants/test_end_turn.py``).
The question names what is left; "Keep playing" (n or Esc) changes
nothing; nothing left, no question."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.incubation.actions import ClaimObjective, DeclineObjective
from boardgames_tui.games.underwing.actions import Pass, Stop
from boardgames_tui.games.underwing.cards import TakeFromEgg
from boardgames_tui.games.underwing.model import Job
from boardgames_tui.ui.incubation import choices as incubation_choices
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.underwing import choices as underwing_choices
from tests.games.incubation.helpers import blank, give_dragons, offer
from tests.ui.helpers import asks_then_ends, wait_until
from tests.ui.incubation.helpers import session_at as incubation_at
from tests.ui.incubation.helpers import state_of as incubation_state
from tests.ui.underwing.helpers import new_session, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]


def test_underwing_names_the_handlers_left_and_the_effect_cut_short() -> None:
    session = new_session()
    while state_of(session).phase != 2:
        session.apply(session.legal_actions()[0])
    state, legal = state_of(session), session.legal_actions()
    ready = state.players[state.current()].ready
    assert ready > 0
    ask = underwing_choices.left_undone(state, legal, Pass())
    assert ask is not None and f"{ready} handler" in ask.question and "Ready Room" in ask.question
    # Nowhere to send them (only Pass offered): nothing is left undone.
    assert underwing_choices.left_undone(state, [Pass()], Pass()) is None
    # Another move never asks.
    assert underwing_choices.left_undone(state, legal, legal[0]) is None
    # An "up to" effect under way: taking no more says how many were left.
    state.jobs.append(Job(effect=TakeFromEgg(), seat=state.current(), left=2))
    ask = underwing_choices.left_undone(state, legal, Stop())
    assert ask is not None and "2 more to take" in ask.question


def test_incubation_names_the_objective_left_unclaimed() -> None:
    state = blank()
    offer(state, "O09", "O01")
    claim = ClaimObjective(objective="O01")
    ask = incubation_choices.left_undone([claim, DeclineObjective()], DeclineObjective())
    assert ask is not None and "Twin Clutch" in ask.question
    assert incubation_choices.left_undone([DeclineObjective()], DeclineObjective()) is None
    assert incubation_choices.left_undone([claim, DeclineObjective()], claim) is None


async def test_underwing_pass_asks_and_keep_playing_changes_nothing(
    new_app: AppFactory,
) -> None:
    session = new_session()
    while state_of(session).phase != 2:
        session.apply(session.legal_actions()[0])
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        assert "Ready Room" in await asks_then_ends(pilot, session, screen)
        assert session.actions[-1] == Pass()


async def test_incubation_no_claim_asks_while_one_is_met(new_app: AppFactory) -> None:
    state = blank()
    offer(state, "O09", "O01")  # Dragon Hoard; Twin Clutch (2 of one colour)
    give_dragons(state, 0, "E01", "E02")  # two red dragons: Twin Clutch is met
    state.step = "objective"
    session = incubation_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: getattr(app.screen, "live", False))
        screen = app.screen
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "Twin Clutch" in cast(ConfirmDialog, app.screen).question
        await pilot.press("n")  # keep playing
        await wait_until(pilot, lambda: app.screen is screen)
        assert session.actions == []
        await pilot.press("2")  # claiming asks nothing
        await wait_until(pilot, lambda: len(session.actions) == 1)
        assert session.actions == [ClaimObjective(objective="O01")]
        assert incubation_state(session).current == 1
