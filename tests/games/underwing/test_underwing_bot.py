"""The rule-based Underwing bot (``underwing``): legal whole games, the same
game for the same seed, only its view read, and its priorities in small
positions."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import bot_names, get_bot
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AssignEgg,
    AssignField,
    Pass,
    Place,
    RecallEgg,
    StartGroup,
)
from boardgames_tui.games.underwing.bots import UnderwingBot
from boardgames_tui.games.underwing.model import UnderwingState

from .helpers import (
    bot_game,
    check,
    clear_slot,
    empty_storages,
    fill,
    give,
    new_game,
    phase,
    play,
    put_card,
    wild_give,
    with_spaces,
)

BLUE_GREEN = with_spaces("blue", "green")
RED_RED = with_spaces("red", "red")


def play_out(n: int, seed: int) -> tuple[UnderwingState, list[str]]:
    """A whole game with every seat the rule bot, each action checked legal."""
    state = bot_game(n, seed=seed, bot="underwing")
    bots = [UnderwingBot(seed=seed * 10 + s) for s in range(n)]
    moves: list[str] = []
    for _ in range(20_000):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, state)
        assert action in legal
        moves.append(repr(action))
        play(state, action)
    assert GAME.is_over(state), "the game did not end"
    check(state)
    return state, moves


@pytest.mark.parametrize(("n", "seed"), [(1, 0), (1, 3), (2, 0), (2, 7), (4, 1), (6, 2)])
def test_whole_games_are_legal_and_end(n: int, seed: int) -> None:
    state, _ = play_out(n, seed)
    if n > 1 and not state.doom:
        assert any(p.score > 0 for p in state.players), "nobody hatched a dragon"


def test_same_seed_same_game() -> None:
    assert play_out(2, 5)[1] == play_out(2, 5)[1]


def test_offered_for_underwing() -> None:
    assert "underwing" in bot_names(GAME)
    assert isinstance(get_bot("underwing", seed=1, game=GAME), UnderwingBot)


def test_reads_only_its_view() -> None:
    # Underwing hides only the draw pile's order and the coming draws: states
    # that differ in them get the same choices.
    state = bot_game(2, seed=4, bot="underwing")
    driver = UnderwingBot(seed=9)
    for _ in range(120):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state)
        other = GAME.determinize(
            GAME.view(state, seat), 0 if seat is None else seat, Rng.from_seed(7)
        )
        other.deck.reverse()
        assert UnderwingBot(seed=1).pick(GAME, state, legal) == UnderwingBot(seed=1).pick(
            GAME, other, legal
        )
        play(state, driver.choose(GAME, state))


def choose(state: UnderwingState) -> object:
    return UnderwingBot(seed=0).choose(GAME, state)


def two_eggs(state: UnderwingState) -> None:
    """Only two eggs on the grounds (slots 0 and 1), nothing stored."""
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    put_card(state, 0, BLUE_GREEN)
    put_card(state, 1, RED_RED)


def test_recalls_a_handler_from_a_hopeless_egg() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 2)
    state.round = state.rounds - 1  # one collection left
    put_card(state, 0, BLUE_GREEN, claimant=0)
    put_card(state, 1, RED_RED, claimant=0)
    give(state, 0, "red", "red")  # the red egg is filled from storage
    assert choose(state) == RecallEgg(slot=0)


def test_does_not_claim_an_egg_it_cannot_fill() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 2)
    state.round = state.rounds  # the final round: no collection left
    give(state, 0, "yellow")
    action = choose(state)
    assert not isinstance(action, AssignEgg)
    assert isinstance(action, AssignField | Pass)


def test_claims_an_egg_it_can_fill_now() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 2)
    state.round = state.rounds
    give(state, 0, "red", "red")
    assert choose(state) == AssignEgg(slot=1)


def test_keeps_a_handler_for_the_field_of_what_its_egg_misses() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 2)
    put_card(state, 0, BLUE_GREEN, claimant=0)
    give(state, 0, "blue")  # the egg misses green (or yellow and blue)
    assert choose(state) == AssignField(space="green")


def test_completes_its_own_egg_before_anything_else() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 3)
    put_card(state, 0, BLUE_GREEN, claimant=0)
    fill(state, 0, 0, "blue")
    give(state, 0, "yellow", "blue", "red")
    action = choose(state)
    # a group of yellow and blue fills the green space in one placement
    assert action in (StartGroup(slot=0, space=1, element=e) for e in ("yellow", "blue"))


def test_never_hatches_an_unclaimed_egg_in_the_wild() -> None:
    state = new_game(2)
    two_eggs(state)
    phase(state, 3)
    fill(state, 1, 0, "red")
    give(state, 0, "red", "blue")
    action = choose(state)
    assert isinstance(action, Place)
    assert action != Place(slot=1, space=1, crystals=("red",))


def solo_two_eggs() -> UnderwingState:
    """Solo, phase 2, two Ready handlers, only two eggs: blue-green (slot 0)
    and red-red (slot 1)."""
    state = new_game(1)
    two_eggs(state)
    phase(state, 2)
    player = state.players[0]
    player.ready, player.break_room = player.ready + player.break_room, 0
    return state


def test_solo_claims_the_egg_the_wild_forces_will_complete() -> None:
    # The Wild Forces hold two reds: their scan puts both on the red egg,
    # which would hatch in the wild; claimed, it is a dragon for nothing.
    state = solo_two_eggs()
    wild_give(state, "red", "red")
    give(state, 0, "blue", "green")  # the blue-green egg could be filled now
    assert choose(state) == AssignEgg(slot=1)


def test_solo_claims_what_it_can_fill_when_the_wild_forces_hold_nothing() -> None:
    state = solo_two_eggs()
    # late in the game, so that the red egg's new handler adds nothing
    state.round = state.rounds - 2
    give(state, 0, "blue", "green")
    assert choose(state) == AssignEgg(slot=0)
