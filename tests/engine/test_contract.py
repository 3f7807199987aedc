"""The Game contract, checked for every registered game.

Every game added to the registry is checked here for free: random games end
without an exception and are deterministic, an illegal action changes nothing,
saves reproduce the state exactly, and views answer for the deciding seat.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import Game, IllegalAction, Seat, registry
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.session import Session

GAMES = registry.all_games()
IDS = [g.id for g in GAMES]
#: Random games per game; the player count cycles through the game's range.
RANDOM_GAMES = 200
#: No random game may take more actions than this (a loop guard, not a rule).
MAX_ACTIONS = 20_000


def player_counts(game: Game[Any, Any]) -> list[int]:
    return list(range(game.min_players, game.max_players + 1))


def seats_for(n: int) -> list[Seat]:
    return [Seat(name=f"P{i + 1}", bot="random") for i in range(n)]


def dump(state: Any) -> str:
    return json.dumps(to_json(state), sort_keys=True)


def play_random(game: Game[Any, Any], n: int, seed: int) -> tuple[Any, list[Any]]:
    state = game.setup(seats_for(n), None, seed)
    bots = [get_bot("random", seed=seed * 31 + i) for i in range(n)]
    actions = []
    while not game.is_over(state):
        assert len(actions) < MAX_ACTIONS, f"{game.id} seed {seed}: no end in sight"
        seat = game.to_act(state)
        assert seat is not None and 0 <= seat < n
        legal = game.legal_actions(state)
        assert legal, f"{game.id} seed {seed}: no legal action while running"
        # The list is handed on, as the session and the bots do: listing a
        # position's actions is the dearest part of a random game.
        action = bots[seat].choose(game, state, legal)
        # A bot picks among the legal actions, or at a table of bots
        # proposes to end a game its bots agree is over, which no list
        # offers (engine/agreement.py: Root's R-AGREE).
        agreed = action not in legal
        if agreed:
            proposal = game.agreement(state, seat)
            assert proposal is not None and action == proposal
        game.apply(state, action, legal)
        assert not agreed or game.outcome(state).agreed
        actions.append(action)
    assert game.to_act(state) is None
    return state, actions


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_random_games_end_and_score(game: Game[Any, Any]) -> None:
    counts = player_counts(game)
    for seed in range(RANDOM_GAMES):
        n = counts[seed % len(counts)]
        state, _ = play_random(game, n, seed)
        outcome = game.outcome(state)
        assert sorted(r.seat for r in outcome.results) == list(range(n))
        assert sorted(outcome.ranking) == list(range(n))
        assert set(outcome.winners) <= set(range(n))
        assert outcome.summary


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_same_seed_and_actions_give_same_game(game: Game[Any, Any]) -> None:
    for n in player_counts(game):
        first, actions = play_random(game, n, seed=1000 + n)
        again = game.setup(seats_for(n), None, 1000 + n)
        for action in actions:
            game.apply(again, game.parse_action(to_json(action)))
        assert dump(again) == dump(first)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_actions_round_trip_through_json(game: Game[Any, Any]) -> None:
    for n in player_counts(game):
        _, actions = play_random(game, n, seed=2000 + n)
        for action in actions:
            assert game.parse_action(json.loads(json.dumps(to_json(action)))) == action


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_illegal_action_raises_and_changes_nothing(game: Game[Any, Any]) -> None:
    n = player_counts(game)[0]
    state = game.setup(seats_for(n), None, 77)
    bot = get_bot("random", seed=77)
    seen: list[Any] = []
    tried = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        illegal = [a for a in seen if a not in legal]
        if illegal:
            before = dump(state)
            with pytest.raises(IllegalAction) as err:
                game.apply(state, illegal[-1])
            assert str(err.value).strip()
            assert dump(state) == before
            tried += 1
        seen.extend(a for a in legal if a not in seen)
        seen = seen[-200:]
        game.apply(state, bot.choose(game, state))
    assert tried > 0
    with pytest.raises(IllegalAction):
        game.apply(state, seen[0])


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_save_and_load_reproduce_the_state(game: Game[Any, Any], tmp_path: Path) -> None:
    for n in player_counts(game):
        session = Session.new(game.id, seats_for(n), seed=3000 + n, saves_dir=tmp_path)
        bot_rng = get_bot("random", seed=n)
        step = 0
        while not session.is_over:
            session.play_bot()
            step += 1
            if bot_rng.rng.randbelow(25) == 0 or session.is_over:
                assert session.path is not None
                loaded = Session.load(session.path)
                assert dump(loaded.state) == dump(session.state)
                assert loaded.actions == session.actions
                assert [e.text for e in loaded.log] == [e.text for e in session.log]
        assert step > 0


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_view_answers_for_the_deciding_seat(game: Game[Any, Any]) -> None:
    for n in player_counts(game):
        state = game.setup(seats_for(n), None, 4000 + n)
        bot = get_bot("random", seed=n)
        for _ in range(60):
            if game.is_over(state):
                break
            seat = game.to_act(state)
            before = dump(state)
            view = game.view(state, seat)
            assert dump(state) == before, "view must not change the state"
            assert game.legal_actions(view) == game.legal_actions(state)
            if not game.hidden_information:
                assert dump(view) == dump(state)
            game.apply(state, bot.choose(game, state))


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_describe_prompt_and_progress_speak(game: Game[Any, Any]) -> None:
    n = player_counts(game)[0]
    state = game.setup(seats_for(n), None, 5)
    assert game.prompt(state).strip()
    assert isinstance(game.progress(state), str)
    for action in game.legal_actions(state):
        text = game.describe(state, action)
        assert text.strip() and "kind=" not in text


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_options_have_defaults_and_seat_counts_are_checked(game: Game[Any, Any]) -> None:
    from boardgames_tui.engine import SetupError

    game.Options()  # every field has a default
    with pytest.raises(SetupError):
        game.setup(seats_for(game.max_players + 1), None, 0)
    if game.min_players > 1:
        with pytest.raises(SetupError):
            game.setup(seats_for(game.min_players - 1), None, 0)


#: What the search bots tune, which lives in a game's search profile
#: (``engine.bots.profile.SearchProfile``), not in the Game contract.
SEARCH_TUNING = (
    "evaluate_scale",
    "search_rate",
    "search_evaluate",
    "playout_bot",
    "playout_round",
    "paired_width",
    "paired_margin",
    "paired_seats",
    "paired_challenger",
    "searchable",
)


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_the_contract_holds_no_search_tuning(game: Game[Any, Any]) -> None:
    """The Game contract is the rules, persistence, the views and the
    evaluation; the search's parameters and hooks are its profile's, which
    the game names in one attribute (or none: the search's defaults)."""
    from boardgames_tui.engine.bots import SearchProfile, profile_of

    for name in SEARCH_TUNING:
        assert not hasattr(Game, name), f"Game.{name} belongs in the search profile"
        assert not hasattr(game, name), f"{game.id}: {name} belongs in its search profile"
    declared = type(game).search_profile
    assert declared is None or isinstance(declared, SearchProfile)
    profile = profile_of(game)
    assert isinstance(profile, SearchProfile)
    if profile.playout_bot is not None:
        assert profile.playout_bot in game.own_bots()
