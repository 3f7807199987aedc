"""Whole games and every card: random play at 2, 4 and 6 players never loses or
creates a crystal, a card or a handler, always offers a legal action, and
ends; every card's green and red ribbons resolve."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.engine import Event
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import Place
from boardgames_tui.games.underwing.cards import card, deck
from boardgames_tui.games.underwing.model import Nursling, UnderwingState
from boardgames_tui.games.underwing.rules import advance, hatch_eggs

from .helpers import (
    bot_game,
    check,
    clear_slot,
    empty_storages,
    give,
    new_game,
    phase,
    play,
    put_card,
    run,
)

ORIGIN = 5


@pytest.mark.parametrize(("n", "seeds"), [(2, range(10)), (4, range(6)), (6, range(4))])
def test_random_games_conserve_everything_and_end(n: int, seeds: range) -> None:
    for seed in seeds:
        state = bot_game(n, seed=seed)
        bots = [get_bot("random", seed=seed * 7 + i) for i in range(n)]
        steps = 0
        while not GAME.is_over(state):
            check(state)
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            assert legal and len(legal) == len(set(legal))
            action = bots[seat].choose(GAME, state)
            assert GAME.parse_action(json.loads(json.dumps(to_json(action)))) == (action)
            assert GAME.describe(state, action)
            assert GAME.prompt(state)
            play(state, action)
            steps += 1
            assert steps < 5000
        check(state)
        outcome = GAME.outcome(state)
        assert sorted(outcome.ranking) == list(range(n))
        assert state.doom or state.round == state.rounds
        assert not state.doom or outcome.winners == []


@pytest.mark.parametrize("n", [2, 4])
def test_people_trading_without_limit_at_random_conserve_everything(n: int) -> None:
    """People may open trades at any time without limit (R-TRADE): random
    choices for people, trades included, never lose or create anything."""
    state = new_game(n, seed=n)
    bot = get_bot("random", seed=n)
    trades = 0
    for _ in range(1500):
        if GAME.is_over(state):
            break
        check(state)
        action = bot.choose(GAME, state)
        trades += action.kind == "offer_trade"
        play(state, action)
    check(state)
    assert trades > 20


def random_choices(state: UnderwingState, seed: int) -> None:
    """Resolve pending effect choices at random until none is left."""
    bot = get_bot("random", seed=seed)
    while state.jobs and not state.over:
        play(state, bot.choose(GAME, state))
    assert not state.jobs


def surroundings(index: int) -> UnderwingState:
    """Four players; card ``index`` as an unclaimed egg at ORIGIN, ready to be
    completed by Ana's last crystal, among eggs with crystals, claimed eggs,
    a wild dragon, and players with stored crystals."""
    state = new_game(4, seed=index)
    empty_storages(state)
    phase(state, 3, 0)
    put_card(state, ORIGIN, index)
    spaces = card(index).spaces
    for i, e in enumerate(spaces[:-1]):
        state.bag[e] -= 1
        state.grounds[ORIGIN].with_space(i, [e])
    give(state, 0, spaces[-1])
    # neighbours 1, 4, 6, 9: open eggs, one claimed, one with crystals
    others = [c for c in state.deck if c != index]
    put_card(state, 1, others[0])
    put_card(state, 4, others[1], claimant=1)
    put_card(state, 6, others[2])
    put_card(state, 12, others[3], wild=True)
    first = card(others[0]).spaces[0]
    if state.bag[first]:
        state.bag[first] -= 1
        state.grounds[1].with_space(0, [first])
    for seat in range(1, 4):
        give(state, seat, "red", "blue")
    clear_slot(state, 9)
    return state


@pytest.mark.parametrize("index", range(90))
def test_every_card_hatches_wild_and_tame(index: int) -> None:
    c = deck()[index]
    # red ribbon: Ana completes the unclaimed egg
    state = surroundings(index)
    run(state)
    last = len(c.spaces) - 1
    play(state, Place(slot=ORIGIN, space=last, crystals=(c.spaces[-1],)))
    assert state.grounds[ORIGIN].wild and state.grounds[ORIGIN].card == index
    random_choices(state, index)
    check(state)

    # green ribbon: it hatches from Ana's nursery in Phase 4
    state = surroundings(index)
    clear_slot(state, ORIGIN)
    state.deck.remove(index)
    state.players[0].ready -= 1
    state.players[0].nursery.append(Nursling(card=index, round=1))
    state.round = 2
    events: list[Event] = []
    hatch_eggs(state, events)
    advance(state, events)
    random_choices(state, index)
    assert index in state.players[0].dragons
    assert state.players[0].score >= c.score
    check(state)
