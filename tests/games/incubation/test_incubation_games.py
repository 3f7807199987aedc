"""Whole random games: they end, conserve every component at every step, and
keep the contract (actions round-trip through JSON, words for every choice)."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import IllegalAction, registry
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import (
    ChooseStartingEgg,
    DeclineObjective,
    IncubationAction,
    RollDice,
    UseDice,
)
from boardgames_tui.games.incubation.model import GOLD_VALUE, IncubationState

from .helpers import check, new_game


def play(n: int, seed: int, each_step: bool = True) -> tuple[IncubationState, int]:
    state = new_game(n, seed)
    bots = [get_bot("random", seed * 31 + i) for i in range(n)]
    steps = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal, "no legal action while the game runs"
        assert len(legal) <= 16
        action = cast(IncubationAction, bots[seat].choose(GAME, state))
        GAME.apply(state, action)
        if each_step:
            check(state)
            for p in state.players:
                if state.reserve.gold:
                    assert p.silver < GOLD_VALUE
        steps += 1
        assert steps < 5000
    return state, steps


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 5), seed=st.integers(0, 2**40))
def test_no_component_is_created_or_lost_at_any_step(n: int, seed: int) -> None:
    state, _ = play(n, seed)
    outcome = GAME.outcome(state)
    assert sorted(outcome.ranking) == list(range(n))
    assert outcome.winners and outcome.summary


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_random_games_end_with_equal_turns(n: int) -> None:
    for seed in range(6):
        state, _ = play(n, seed, each_step=False)
        assert state.final_round
        # The last turn was the player's to the right of the first player.
        assert state.current == (state.first_player - 1) % n
        scores = [r.score for r in GAME.outcome(state).results]
        assert max(scores) > 0


def test_every_legal_action_has_words_and_round_trips_through_json() -> None:
    state = new_game(3, 11)
    bot = get_bot("random", 11)
    while not GAME.is_over(state):
        assert GAME.prompt(state).startswith(state.seats[GAME.to_act(state) or 0].name + ": ")
        assert GAME.progress(state)
        legal = GAME.legal_actions(state)
        words = [GAME.describe(state, a) for a in legal]
        assert all(words) and len(set(words)) == len(words)
        for action in legal:
            data = json.loads(json.dumps(to_json(action)))
            assert GAME.parse_action(data) == action
        GAME.apply(state, cast(IncubationAction, bot.choose(GAME, state)))
    assert GAME.prompt(state) == "The game is over."


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    a, _ = play(4, 99, each_step=False)
    b, _ = play(4, 99, each_step=False)
    assert to_json(a) == to_json(b)


def test_an_illegal_action_changes_nothing() -> None:
    state = new_game(2, 3)
    before = to_json(state)
    for action in (RollDice(), UseDice(dice=(0,)), DeclineObjective()):
        with pytest.raises(IllegalAction):
            GAME.apply(state, action)
        assert to_json(state) == before
    GAME.apply(state, ChooseStartingEgg(deck=0))
    assert to_json(state) != before


def test_the_open_view_is_the_whole_state() -> None:
    """Open information: every seat's view is the state itself (no copy is made;
    readers of a view never change it)."""
    state, _ = play(2, 5, each_step=False)
    assert GAME.view(state, 0) is state and GAME.view(state, None) is state
    assert GAME.hidden_information is False


def test_saved_states_load_back() -> None:
    state = new_game(3, 8)
    GAME.apply(state, ChooseStartingEgg(deck=1))
    data = json.loads(json.dumps(to_json(state)))
    assert GAME.load_state(data) == state


def test_registered() -> None:
    game = registry.get_game("incubation")
    assert game is GAME
    assert (game.id, game.title, game.min_players, game.max_players) == (
        "incubation",
        "Incubation",
        2,
        5,
    )
    assert game.Options().model_dump() == {"first_player": 0, "random_first_player": False}


def test_the_game_imports_no_ui() -> None:
    code = (
        "import sys, boardgames_tui.games.incubation as g; g.GAME.setup; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich') "
        "or m.startswith('boardgames_tui.ui') or m.startswith('boardgames_tui.app')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
