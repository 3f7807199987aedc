"""Setup for Multiplayer Game (rulebook) and rulings R-GRID, R-FIRST, R-BAG,
R-TRACKER."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import Rng, Seat, SetupError
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.colours import BAG, ELEMENTS

from .helpers import check, new_game, seats


@pytest.mark.parametrize(
    ("n", "cols", "rows", "handlers", "rounds"),
    [(2, 3, 2, 4, 15), (3, 4, 3, 5, 13), (4, 4, 4, 6, 12), (5, 4, 4, 6, 12), (6, 4, 4, 6, 12)],
)
def test_grounds_handlers_and_rounds_by_player_count(
    n: int, cols: int, rows: int, handlers: int, rounds: int
) -> None:
    state = new_game(n, seed=3)
    assert (state.cols, state.rows) == (cols, rows)
    assert len(state.grounds) == cols * rows
    assert state.max_handlers == handlers
    assert state.rounds == rounds
    for p in state.players:
        # "place 2 Handlers in their Ready Room and the remaining Handlers on
        # the Handler Tracker mat"
        assert p.ready == 2 and p.break_room == 0 and not p.field
        assert p.tracker == handlers - 2
    check(state)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_shuffled_deck_fills_the_grounds_left_to_right_top_to_bottom(n: int) -> None:
    state = new_game(n, seed=11)
    order = list(range(90))
    Rng.from_seed(11).shuffle(order)
    size = len(state.grounds)
    assert [s.card for s in state.grounds] == order[:size]
    assert state.deck == order[size:]
    assert all(s.is_egg and s.claimant is None for s in state.grounds)


def test_the_deck_is_shuffled_by_the_seed() -> None:
    assert new_game(4, seed=1).deck != new_game(4, seed=2).deck
    assert new_game(4, seed=1) == new_game(4, seed=1)


def test_the_bag_holds_every_crystal() -> None:
    # R-BAG: 20 each red/yellow/blue, 10 each orange/green/purple, 5 each
    # black/white ("x5 each, x10 each, x20 each") -- 100 crystals.
    assert sum(BAG.values()) == 100
    assert [BAG[e] for e in ELEMENTS] == [20, 10, 20, 10, 20, 10, 5, 5]
    state = new_game(3)
    for e in ELEMENTS:
        assert state.bag[e] + sum(p.storage[e] for p in state.players) == BAG[e]


def test_round_one_draws_a_random_element_per_handler_and_starts_phase_two() -> None:
    # "during the FIRST ROUND, there will be NO Dragon Handlers in the Field"
    state = new_game(4)
    assert all(p.stored() == 2 for p in state.players)
    assert (state.round, state.phase) == (1, 2)
    assert GAME.to_act(state) == 0  # R-FIRST: the first seat holds the Egg Token
    assert GAME.progress(state) == "Round 1 of 12 · phase 2"


def test_options_set_the_rounds_and_the_temperature_bonus() -> None:
    assert new_game(4, rounds=5).rounds == 5
    assert new_game(2).temperature_bonus is False
    assert new_game(3).temperature_bonus is True
    assert new_game(2, temperature_bonus=True).temperature_bonus is True
    assert new_game(5, temperature_bonus=False).temperature_bonus is False
    with pytest.raises(SetupError):
        new_game(2, rounds=0)


def test_one_to_six_players() -> None:
    # one player is the solo game (test_underwing_solo.py)
    with pytest.raises(SetupError):
        GAME.setup([])
    assert GAME.setup(seats(1)).solo
    assert not GAME.setup(seats(2)).solo
    with pytest.raises(SetupError):
        GAME.setup(seats(2) + seats(6)[2:] + [Seat(name="Gus")])
    GAME.setup(seats(6))


def test_adjacent_means_the_orthogonal_neighbours() -> None:
    # R-ADJACENT and R-GRID: slots are numbered left to right, top to bottom;
    # "adjacent" is up, down, left and right, never diagonal.
    state = new_game(2)  # 3 wide, 2 tall: 0 1 2 / 3 4 5
    assert state.adjacent(0) == [1, 3]
    assert state.adjacent(1) == [0, 2, 4]
    assert state.adjacent(5) == [2, 4]
    state = new_game(4)  # 4 x 4
    assert state.adjacent(5) == [1, 4, 6, 9]
    assert state.adjacent(15) == [11, 14]
