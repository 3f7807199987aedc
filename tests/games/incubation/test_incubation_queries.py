"""Small questions a screen asks the engine (so no rule is repeated in the UI):
do the dice act as a pair, which token is being placed, who meets an
objective."""

from __future__ import annotations

from boardgames_tui.games.incubation.actions import PlaceToken, TakeEgg, UseDice
from boardgames_tui.games.incubation.queries import fulfilled_by, paired, token_in_hand

from .helpers import act, blank, give_dragons, give_silver, offer, put_egg, rolled


def test_paired_when_both_free_dice_show_the_same_face() -> None:
    state = blank()
    put_egg(state, 0, 0, "E14")  # Tidecaller: 3 water
    rolled(state, "water", "water")
    assert paired(state)
    act(state, TakeEgg(die=0, deck=0))
    # One die left: no pair any more.
    assert not paired(state)


def test_not_paired_on_different_faces_or_before_the_roll() -> None:
    state = blank()
    assert not paired(state)
    rolled(state, "coin", "fire")
    assert not paired(state)


def test_token_in_hand_while_placing() -> None:
    state = blank()
    assert token_in_hand(state) is None
    put_egg(state, 0, 0, "E02")  # 1 water 2 fire
    put_egg(state, 0, 1, "E03")  # 1 water 4 fire
    rolled(state, "fire", "coin")
    act(state, UseDice(dice=(0,)))
    assert token_in_hand(state) == "fire"
    act(state, PlaceToken(incubator=1))
    assert token_in_hand(state) is None


def test_fulfilled_by_lists_the_seats_meeting_an_objective() -> None:
    state = blank()
    offer(state, "O01", "O09")  # Twin Clutch, Dragon Hoard
    give_dragons(state, 0, "E01", "E02")  # two red dragons
    give_dragons(state, 1, "E10", "E35")  # green + a wild mystery dragon
    give_silver(state, 1, gold=2)
    assert fulfilled_by(state, "O01") == [0, 1]
    assert fulfilled_by(state, "O09") == [1]
