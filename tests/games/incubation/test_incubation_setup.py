"""Setup, steps 1 to 8."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import SetupError
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import ChooseStartingEgg, RollDice
from boardgames_tui.games.incubation.model import pointer_sections, top_card

from .helpers import act, check, new_game, seats


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_1_each_player_has_an_incubator_board_of_two(n: int) -> None:
    state = new_game(n)
    assert len(state.players) == n
    for p in state.players:
        assert len(p.incubators) == 2
        assert all(inc.egg is None for inc in p.incubators)
        assert p.silver == p.gold == 0 and not p.dragons and not p.objectives


@pytest.mark.parametrize("seed", range(8))
def test_3_one_silver_water_and_fire_where_the_spinner_points(seed: int) -> None:
    state = new_game(2, seed)
    pointers = pointer_sections(state.spinner)
    for i, t in enumerate(state.market):
        assert t.silver == (i == pointers["silver"])
        assert t.water == (i == pointers["water"])
        assert t.fire == (i == pointers["fire"])
    # 4. The rest is the Reserve.
    assert state.reserve.silver == state.reserve.water == state.reserve.fire == 29
    assert state.reserve.gold == 15
    check(state)


def test_ruling_pointers_face_three_sections() -> None:
    """Ruling: coin pointer on the spinner's section, water 3 and fire 5
    sections further clockwise."""
    assert pointer_sections(0) == {"silver": 0, "water": 3, "fire": 5}
    assert pointer_sections(6) == {"silver": 6, "water": 1, "fire": 3}


def test_ruling_the_spinner_starts_anywhere() -> None:
    assert len({new_game(2, seed).spinner for seed in range(40)}) > 4


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_5_three_face_up_decks_of_equal_size(n: int) -> None:
    state = new_game(n)
    assert [len(d) for d in state.decks] == [12, 12, 12]
    assert sorted(c for d in state.decks for c in d) == [f"E{i:02d}" for i in range(1, 37)]


def test_5_the_decks_are_shuffled_by_the_seed() -> None:
    assert new_game(2, 1).decks != new_game(2, 2).decks
    assert new_game(2, 1).decks == new_game(2, 1).decks


@pytest.mark.parametrize(("n", "count"), [(2, 5), (3, 5), (4, 4), (5, 3)])
def test_6_objectives_by_player_count(n: int, count: int) -> None:
    state = new_game(n)
    assert len(state.objectives) == count
    assert len(state.objectives_out) == 10 - count
    assert len({*state.objectives, *state.objectives_out}) == 10


def test_6_objectives_are_chosen_at_random() -> None:
    assert len({tuple(sorted(new_game(5, s).objectives)) for s in range(20)}) > 5


def test_7_the_first_player_is_an_option() -> None:
    assert new_game(3).first_player == 0
    assert new_game(3, first_player=2).first_player == 2
    firsts = {new_game(4, s, random_first_player=True).first_player for s in range(30)}
    assert firsts == {0, 1, 2, 3}


def test_7_the_first_player_must_sit_at_the_table() -> None:
    with pytest.raises(SetupError):
        new_game(2, first_player=2)
    with pytest.raises(SetupError):
        new_game(2, first_player=9)


@pytest.mark.parametrize("n", [1, 6])
def test_two_to_five_players(n: int) -> None:
    with pytest.raises(SetupError):
        GAME.setup(seats(n) if n <= 5 else [*seats(5), *seats(1)], None, 0)


@pytest.mark.parametrize(
    ("n", "first", "order"),
    [(2, 0, [1, 0]), (3, 0, [2, 1, 0]), (4, 1, [0, 3, 2, 1]), (5, 2, [1, 0, 4, 3, 2])],
)
def test_8_starting_eggs_from_the_last_player_counter_clockwise(
    n: int, first: int, order: list[int]
) -> None:
    state = new_game(n, first_player=first)
    assert state.step == "starting_egg"
    seen = []
    while state.step == "starting_egg":
        seat = GAME.to_act(state)
        assert seat is not None
        seen.append(seat)
        act(state, ChooseStartingEgg(deck=0))
    assert seen == order
    assert seen[0] == (first - 1) % n  # the player to the right of the First Player
    assert state.current == first and state.step == "roll"
    assert GAME.legal_actions(state) == [RollDice()]


def test_8_a_starting_egg_is_a_top_card_of_any_deck() -> None:
    state = new_game(2)
    legal = GAME.legal_actions(state)
    assert legal == [ChooseStartingEgg(deck=d) for d in range(3)]
    top = top_card(state, 2)
    act(state, ChooseStartingEgg(deck=2))
    assert state.players[1].incubators[0].egg == top
    assert len(state.decks[2]) == 11
    assert state.players[1].incubators[1].egg is None


def test_8_an_empty_deck_offers_no_starting_egg() -> None:
    state = new_game(2)
    state.decks[0], state.decks[1] = [], state.decks[1] + state.decks[0]
    assert GAME.legal_actions(state) == [ChooseStartingEgg(deck=1), ChooseStartingEgg(deck=2)]
