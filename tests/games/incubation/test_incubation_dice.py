"""2. Perform the Actions on the Dice, and Take a Dragon Egg Card."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import IllegalAction
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import PlaceExcess, PlaceToken, TakeEgg, UseDice
from boardgames_tui.games.incubation.model import Treasure

from .helpers import act, blank, on_top, put_egg, rolled, section


def test_one_coin_die_takes_one_silver() -> None:
    state = blank()
    rolled(state, "coin", "fire")
    act(state, UseDice(dice=(0,)))
    assert state.players[0].silver == 1 and state.reserve.silver == 29


def test_two_coin_dice_take_three_silver() -> None:
    state = blank()
    rolled(state, "coin", "coin")
    # A pair is used together: 3, never 1 + 1.
    assert UseDice(dice=(0, 1)) in GAME.legal_actions(state)
    assert UseDice(dice=(0,)) not in GAME.legal_actions(state)
    act(state, UseDice(dice=(0, 1)))
    assert state.players[0].silver == 3
    assert state.current == 1  # nothing else to do: next player


def test_one_water_die_goes_on_the_incubator_that_needs_it() -> None:
    state = blank()
    put_egg(state, 0, 0, "E01")  # needs fire only
    put_egg(state, 0, 1, "E10")  # Mossling: 2 water
    rolled(state, "water", "coin")
    act(state, UseDice(dice=(0,)))
    # Only one Incubator requires water: no choice to make.
    assert state.placement is None
    assert state.players[0].incubators[1].water == 1
    assert state.players[0].incubators[0].water == 0


def test_the_player_chooses_between_two_incubators_that_need_it() -> None:
    state = blank()
    put_egg(state, 0, 0, "E02")  # Emberback: 1 water 2 fire
    put_egg(state, 0, 1, "E10")  # Mossling: 2 water
    rolled(state, "water", "coin")
    act(state, UseDice(dice=(0,)))
    assert GAME.legal_actions(state) == [PlaceToken(incubator=0), PlaceToken(incubator=1)]
    assert GAME.prompt(state) == "Ana: place a water token on an incubator"
    act(state, PlaceToken(incubator=1))
    assert state.players[0].incubators[1].water == 1


def test_two_water_dice_give_three_spread_over_incubators() -> None:
    state = blank()
    put_egg(state, 0, 0, "E02")  # 1 water
    put_egg(state, 0, 1, "E14")  # Tidecaller: 3 water
    rolled(state, "water", "water")
    act(state, UseDice(dice=(0, 1)))
    act(state, PlaceToken(incubator=0))  # incubator 0 is now full of water
    assert state.placement is None
    assert state.players[0].incubators[0].water == 1
    assert state.players[0].incubators[1].water == 2
    assert state.reserve.water == 27


def test_fire_works_like_water() -> None:
    state = blank()
    put_egg(state, 0, 0, "E05")  # Kilnscale: 3 fire
    rolled(state, "fire", "fire")
    act(state, UseDice(dice=(0, 1)))
    # Three fire complete the egg, which hatches at once.
    assert state.players[0].dragons == ["E05"]
    assert state.reserve.fire == 30


def test_too_many_resources_the_excess_goes_to_a_treasure_of_choice() -> None:
    state = blank()
    put_egg(state, 0, 0, "E16")  # Duskmote: 2 water
    rolled(state, "fire", "fire")
    act(state, UseDice(dice=(0, 1)))
    assert state.placement is not None
    assert GAME.legal_actions(state) == [PlaceExcess(section=s) for s in range(8)]
    assert GAME.prompt(state) == "Ana: choose a treasure for the excess (3 fire)"
    act(state, PlaceExcess(section=section("purple")))
    assert state.market[section("purple")] == Treasure(fire=3)
    assert state.reserve.fire == 27


def test_ruling_no_excess_while_an_incubator_has_room() -> None:
    state = blank()
    put_egg(state, 0, 0, "E10")  # 2 water
    rolled(state, "water", "water")
    act(state, UseDice(dice=(0, 1)))
    # Two fit, one is excess: the excess choice comes only after placing.
    assert state.players[0].incubators[0].water == 2
    assert state.placement is not None and state.placement.excess_water == 1
    act(state, PlaceExcess(section=0))
    assert state.players[0].dragons == ["E10"]


def test_take_an_egg_with_a_non_chest_die_instead_of_its_action() -> None:
    state = blank()
    on_top(state, 1, "E07")
    rolled(state, "coin", "water")
    legal = GAME.legal_actions(state)
    for die in (0, 1):
        for deck in range(3):
            assert TakeEgg(die=die, deck=deck) in legal
    act(state, TakeEgg(die=0, deck=1))
    assert state.players[0].incubators[0].egg == "E07"
    assert state.players[0].silver == 0  # instead of its action
    assert state.used == [True, False]


def test_both_dice_can_take_two_eggs() -> None:
    state = blank()
    on_top(state, 0, "E01")
    on_top(state, 2, "E13")
    rolled(state, "fire", "fire")
    act(state, TakeEgg(die=0, deck=0))
    act(state, TakeEgg(die=1, deck=2))
    assert [inc.egg for inc in state.players[0].incubators] == ["E01", "E13"]


def test_a_pair_may_split_one_egg_and_one_token() -> None:
    state = blank()
    on_top(state, 0, "E05")  # Kilnscale: 3 fire
    rolled(state, "fire", "fire")
    act(state, TakeEgg(die=0, deck=0))
    assert GAME.legal_actions(state)[0] == UseDice(dice=(1,))
    act(state, UseDice(dice=(1,)))
    assert state.players[0].incubators[0].fire == 1  # the new egg takes the fire


def test_ruling_the_player_orders_the_dice() -> None:
    """Using the water die after taking an egg may feed the new egg."""
    state = blank()
    on_top(state, 0, "E10")  # Mossling: 2 water
    rolled(state, "water", "coin")
    act(state, TakeEgg(die=1, deck=0))
    act(state, UseDice(dice=(0,)))
    assert state.players[0].incubators[0].water == 1


def test_an_empty_incubator_is_needed_to_take_an_egg() -> None:
    state = blank()
    put_egg(state, 0, 0, "E01")
    put_egg(state, 0, 1, "E02")
    rolled(state, "coin", "water")
    assert not any(isinstance(a, TakeEgg) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="empty incubator"):
        GAME.apply(state, TakeEgg(die=0, deck=0))


def test_an_empty_deck_cannot_be_drawn() -> None:
    state = blank()
    state.decks[2], state.decks[0] = [], state.decks[0] + state.decks[2]
    rolled(state, "coin", "water")
    assert TakeEgg(die=0, deck=2) not in GAME.legal_actions(state)
    with pytest.raises(IllegalAction, match="empty"):
        GAME.apply(state, TakeEgg(die=0, deck=2))


def test_ruling_a_taken_egg_goes_in_the_first_empty_incubator() -> None:
    state = blank()
    put_egg(state, 0, 0, "E01")
    on_top(state, 0, "E13")
    rolled(state, "coin", "water")
    act(state, TakeEgg(die=0, deck=0))
    assert state.players[0].incubators[1].egg == "E13"


def test_taking_an_egg_reveals_the_card_beneath() -> None:
    state = blank()
    rolled(state, "coin", "water")
    events = act(state, TakeEgg(die=0, deck=0))
    assert events[-1].reveals
