"""The greedy bot: it finishes games, plays the same way for the same seed,
never touches the state it is given, and beats the random bot; and each game's
``evaluate`` rates a few hand-built positions sensibly."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine import Game, GameState, Seat, registry
from boardgames_tui.engine.bots import GreedyBot, bot_names, get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.games.incubation import GAME as INCUBATION
from boardgames_tui.games.incubation.cards import egg
from boardgames_tui.games.incubation.model import Incubator
from boardgames_tui.games.underwing import GAME as UNDERWING
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.model import Nursling

#: More actions than any of these games takes: a game that runs past it loops.
LIMIT = 5000


def play(game_id: str, bots: list[str], seed: int) -> tuple[GameState, list[Any]]:
    """A whole game between the named bots; the final state and every action."""
    game: Game[Any, Any] = registry.get_game(game_id)
    seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(bots)]
    state = game.setup(seats, None, seed)
    players = [get_bot(name, seed=seed * 31 + i) for i, name in enumerate(bots)]
    actions: list[Any] = []
    while not game.is_over(state):
        assert len(actions) < LIMIT, f"{game_id} did not finish in {LIMIT} actions"
        seat = game.to_act(state)
        assert seat is not None
        action = players[seat].choose(game, state)
        game.apply(state, action)
        actions.append(action)
    return state, actions


def test_greedy_is_a_named_bot() -> None:
    assert "greedy" in bot_names()
    assert isinstance(get_bot("greedy", seed=3), GreedyBot)


@pytest.mark.parametrize(
    ("game_id", "players"),
    [
        ("sevens", 2),
        ("sevens", 4),
        ("underwing", 1),
        ("underwing", 2),
        ("underwing", 4),
        ("incubation", 2),
        ("incubation", 3),
    ],
)
def test_greedy_bots_finish_a_game(game_id: str, players: int) -> None:
    state, actions = play(game_id, ["greedy"] * players, seed=5)
    game = registry.get_game(game_id)
    assert game.is_over(state)
    assert actions
    assert len(game.outcome(state).results) == players


@pytest.mark.parametrize("game_id", ["sevens", "underwing", "incubation"])
def test_the_same_seed_gives_the_same_choices(game_id: str) -> None:
    first = play(game_id, ["greedy", "greedy"], seed=11)[1]
    again = play(game_id, ["greedy", "greedy"], seed=11)[1]
    assert first == again


@pytest.mark.parametrize("game_id", ["sevens", "underwing", "incubation"])
def test_the_bot_never_changes_the_state_or_the_view(game_id: str) -> None:
    game: Game[Any, Any] = registry.get_game(game_id)
    seats = [Seat(name="A", bot="greedy"), Seat(name="B", bot="greedy")]
    state = game.setup(seats, None, 2)
    bot = get_bot("greedy", seed=2)
    for _ in range(150):
        if game.is_over(state):
            break
        before = to_json(state)
        seat = game.to_act(state)
        view = game.view(state, seat)
        seen = to_json(view)
        legal = game.legal_actions(view)
        bot.pick(game, view, legal)
        assert to_json(view) == seen
        action = bot.choose(game, state)
        assert to_json(state) == before
        game.apply(state, action)


@pytest.mark.parametrize("game_id", ["underwing", "incubation"])
def test_greedy_beats_random(game_id: str) -> None:
    games = 20
    wins = 0
    for seed in range(games):
        greedy = seed % 2
        bots = ["greedy" if seat == greedy else "random" for seat in range(2)]
        state = play(game_id, bots, seed)[0]
        if registry.get_game(game_id).outcome(state).winners == [greedy]:
            wins += 1
    assert wins > 0.6 * games, f"greedy won only {wins} of {games} games of {game_id}"


# ------------------------------------------------------------ evaluate
def test_underwing_values_progress_on_a_claimed_egg() -> None:
    state = UNDERWING.setup([Seat(name="Ana"), Seat(name="Bo")], None, 0)
    slot_index = next(i for i, s in enumerate(state.grounds) if s.is_egg)
    slot = state.grounds[slot_index]
    assert slot.card is not None
    spaces = card(slot.card).spaces
    start = UNDERWING.evaluate(state, 0)

    slot.claimant = 0
    claimed = UNDERWING.evaluate(state, 0)
    slot.with_space(0, [spaces[0]])
    assert slot.space_complete(0)
    one_space = UNDERWING.evaluate(state, 0)
    for index, element in enumerate(spaces):
        slot.with_space(index, [element])
    assert slot.complete
    full = UNDERWING.evaluate(state, 0)
    assert start < claimed < one_space < full
    # the same progress for the opponent is bad news for Ana
    assert UNDERWING.evaluate(state, 1) < UNDERWING.evaluate(state, 0)

    # an egg in the nursery is nearly the dragon's points; hatched is all of them
    state.grounds[slot_index].claimant = None
    state.grounds[slot_index].fill = tuple(() for _ in spaces)
    state.players[0].nursery.append(Nursling(card=slot.card, round=state.round))
    nursery = UNDERWING.evaluate(state, 0)
    state.players[0].nursery.clear()
    state.players[0].score += card(slot.card).score
    hatched = UNDERWING.evaluate(state, 0)
    assert full < nursery < hatched


def test_underwing_wild_dragons_lower_everyone() -> None:
    state = UNDERWING.setup([Seat(name="Ana")], None, 0)
    calm = UNDERWING.evaluate(state, 0)
    for slot in state.grounds[:2]:
        slot.wild = True
    assert UNDERWING.evaluate(state, 0) < calm
    state.doom = state.over = True
    assert UNDERWING.evaluate(state, 0) < -100


def test_incubation_values_tokens_on_an_egg_and_coins() -> None:
    state = INCUBATION.setup([Seat(name="Ana"), Seat(name="Bo")], None, 0)
    state.players[0].incubators = [Incubator(), Incubator()]
    state.players[1].incubators = [Incubator(), Incubator()]
    empty = INCUBATION.evaluate(state, 0)
    egg_id = next(c for deck in state.decks for c in deck if egg(c).water >= 1 and egg(c).fire >= 1)
    state.players[0].incubators[0] = Incubator(egg=egg_id)
    taken = INCUBATION.evaluate(state, 0)
    state.players[0].incubators[0].water = 1
    one_token = INCUBATION.evaluate(state, 0)
    state.players[0].incubators[0] = Incubator()
    state.players[0].dragons.append(egg_id)
    hatched = INCUBATION.evaluate(state, 0)
    assert empty < taken < one_token < hatched
    state.players[0].silver += 3
    assert INCUBATION.evaluate(state, 0) > hatched
    # Bo's view of the same position is the mirror image
    assert INCUBATION.evaluate(state, 1) < 0 < INCUBATION.evaluate(state, 0)
