"""Phase 3: Placing Elements on Eggs, Eggs Hatched in the Wild (rulebook) and
rulings R-PLACE-ORDER, R-COMBINATION, R-STAFF, R-KEEP, R-WILD-CRYSTALS,
R-SEALED."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import IllegalAction
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AddToGroup,
    ChooseSpace,
    Place,
    PlaceGroup,
    StartGroup,
)
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.model import Nursling, UnderwingState

from .helpers import (
    check,
    clear_slot,
    decisions,
    empty_storages,
    fill,
    give,
    new_game,
    phase,
    play,
    put_card,
    run,
    texts,
    with_spaces,
)

RED_ORANGE = with_spaces("red", "orange")  # wild: scare handlers (no choice)
RED_RED = with_spaces("red", "red")  # wild: scatter one red
BLUE_GREEN = with_spaces("blue", "green")


def placing(n: int = 2, seat: int = 0) -> UnderwingState:
    """Empty storages, empty grounds (the tests put the eggs they need), and
    ``seat`` about to place."""
    state = new_game(n)
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    phase(state, 3, seat)
    return state


def bo_waits(state: UnderwingState) -> None:
    """Bo has a placement to make after Ana (so the phase does not move on)."""
    put_card(state, 5, with_spaces("yellow", "yellow"))
    give(state, 1, "yellow")


def places(state: UnderwingState) -> list[Place]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, Place)]


def test_one_placement_per_handler_on_staff_then_the_next_player() -> None:
    # "each player MUST place one of their collected Elements on an Egg card for
    # EACH Dragon Handler they currently have on their staff"
    state = placing()
    put_card(state, 0, RED_ORANGE)
    put_card(state, 1, with_spaces("red", "red", "red"))
    give(state, 0, "red", "red", "red", "red")
    run(state)
    assert GAME.to_act(state) == 0
    assert GAME.prompt(state) == "Ana: place 2 more elements"
    play(state, Place(slot=1, space=0, crystals=("red",)))
    assert GAME.prompt(state) == "Ana: place 1 more element"
    play(state, Place(slot=1, space=1, crystals=("red",)))
    # two handlers, two placements: Ana keeps her other reds; Bo's turn (he has
    # nothing to place, so the phase moves on)
    assert state.players[0].storage["red"] == 2
    assert state.phase != 3 or GAME.to_act(state) == 1
    check(state)


def test_handlers_waiting_with_a_completed_egg_are_on_staff() -> None:
    # R-STAFF: every handler not on the tracker counts
    state = placing()
    ana = state.players[0]
    ana.ready -= 1
    ana.nursery.append(Nursling(card=state.deck.pop(), round=1))
    ana.tracker -= 1
    ana.ready += 1
    assert state.staff(0) == 3
    put_card(state, 0, with_spaces("red", "red", "red"), claimant=1)
    give(state, 0, "red", "red", "red")
    bo_waits(state)
    run(state)
    for _ in range(3):
        play(state, places(state)[0])
    assert ana.storage["red"] == 0


def test_any_space_on_any_egg() -> None:
    # "any color space on any Egg can be played onto by any player"
    state = placing()
    put_card(state, 0, RED_RED, claimant=1)  # Bo's egg
    put_card(state, 1, with_spaces("red", "red", "red"), claimant=0)  # Ana's
    put_card(state, 2, with_spaces("red", "red", "red", "red"))  # unclaimed
    give(state, 0, "red")
    run(state)
    assert {a.slot for a in places(state)} >= {0, 1, 2}


def test_a_partial_combination_counts_as_one_placement() -> None:
    # "Player 1 may place a Red Element on a Purple Element space and then later
    # place a Blue Element to complete the combination. Any Element placed in
    # this manner counts ... as one Element played per Dragon Handler."
    state = placing()
    put_card(state, 0, with_spaces("red", "purple", "purple"), claimant=1)
    give(state, 0, "red", "blue", "blue")
    run(state)
    play(state, Place(slot=0, space=1, crystals=("red",)))
    assert state.grounds[0].fill[1] == ("red",)
    assert not state.grounds[0].space_complete(1)
    assert state.placed == 1
    play(state, Place(slot=0, space=1, crystals=("blue",)))
    assert state.grounds[0].space_complete(1)
    check(state)


def test_a_combination_placed_at_once_counts_as_one_placement() -> None:
    # "multiple Elements played at the same time count as one Element played
    # per Dragon Handler no matter how many individual Elements are included"
    state = placing()
    put_card(state, 0, with_spaces("red", "purple", "purple"), claimant=1)
    fill(state, 0, 0, "red")
    give(state, 0, "red", "blue", "red", "blue")
    bo_waits(state)
    run(state)
    offered = decisions(state)
    assert StartGroup(slot=0, space=1, element="red") in offered
    # identical spaces of one egg are offered once (space 2 is like space 1)
    assert not any(
        isinstance(a, Place | StartGroup) and a.slot == 0 and a.space == 2 for a in offered
    )
    # the group is built one element at a time, then placed
    play(state, StartGroup(slot=0, space=1, element="red"))
    assert decisions(state) == [AddToGroup(element="blue"), PlaceGroup()]
    assert state.placed == 0 and state.players[0].storage["red"] == 2  # nothing placed yet
    play(state, AddToGroup(element="blue"))
    assert decisions(state) == [PlaceGroup()]  # purple is full with red + blue
    play(state, PlaceGroup())
    assert state.placed == 1 and state.grounds[0].fill[1] == ("red", "blue")
    play(state, StartGroup(slot=0, space=2, element="blue"))
    play(state, AddToGroup(element="red"))
    play(state, PlaceGroup())
    assert state.grounds[0].complete
    assert state.players[0].stored() == 0
    check(state)


def test_a_group_counts_as_one_placement_even_when_it_does_not_complete_the_space() -> None:
    # Ruling R-COMBINATION: the rule has no condition. Red + yellow placed
    # together on a black space is one placement; the space then needs green +
    # purple, or blue.
    state = placing()
    put_card(state, 0, with_spaces("black", "black"), claimant=1)
    give(state, 0, "red", "yellow", "blue", "red")
    bo_waits(state)
    run(state)
    assert state.staff(0) == 2
    play(state, StartGroup(slot=0, space=0, element="red"))
    # blue could join too (red + yellow + blue is black), but Ana stops at two
    assert set(decisions(state)) == {
        AddToGroup(element="yellow"),
        AddToGroup(element="blue"),
        PlaceGroup(),
    }
    play(state, AddToGroup(element="yellow"))
    play(state, PlaceGroup())
    assert state.placed == 1
    assert state.grounds[0].fill[0] == ("red", "yellow")
    assert not state.grounds[0].space_complete(0)
    assert GAME.to_act(state) == 0  # one placement left
    play(state, Place(slot=0, space=0, crystals=("blue",)))
    assert state.grounds[0].space_complete(0)
    assert GAME.to_act(state) == 1  # two placements made: Bo's turn
    check(state)


def test_a_group_of_several_crystals_from_an_older_save_is_still_accepted() -> None:
    # Saves from before the group chain hold Place actions of several crystals.
    state = placing()
    put_card(state, 0, with_spaces("red", "purple", "purple"), claimant=1)
    give(state, 0, "red", "blue", "red", "yellow")
    bo_waits(state)
    run(state)
    assert not any(isinstance(a, Place) and len(a.crystals) > 1 for a in GAME.legal_actions(state))
    play(state, Place(slot=0, space=1, crystals=("red", "blue")))
    assert state.placed == 1 and state.grounds[0].space_complete(1)
    with pytest.raises(IllegalAction):
        play(state, Place(slot=0, space=2, crystals=("red", "green")))  # Ana has no green
    with pytest.raises(IllegalAction):
        play(state, Place(slot=0, space=2, crystals=("red", "yellow")))  # never purple
    play(state, Place(slot=0, space=2, crystals=("red",)))
    assert state.grounds[0].fill[2] == ("red",)
    check(state)


def test_no_primary_with_a_secondary_to_make_black() -> None:
    # "They COULD NOT, however, have combined a single Primary Element with the
    # appropriate Secondary Element to make Black (i.e.; a Red Element plus a
    # Green)": red + green may lie on a black space only as the start of red +
    # yellow + green + purple; it never fills it.
    state = placing()
    black = with_spaces("black", "black")
    put_card(state, 0, black, claimant=1)
    give(state, 0, "red", "green", "yellow", "blue")
    bo_waits(state)
    run(state)
    play(state, StartGroup(slot=0, space=0, element="red"))
    play(state, AddToGroup(element="green"))
    play(state, PlaceGroup())
    assert state.grounds[0].fill[0] == ("red", "green")
    assert not state.grounds[0].space_complete(0)  # it still needs yellow + purple
    check(state)


def test_white_only_from_a_white_crystal() -> None:
    state = placing()
    put_card(state, 0, with_spaces("black", "white", "red", "orange", "yellow"), claimant=1)
    give(state, 0, "red", "yellow", "blue", "orange", "green", "purple", "black")
    run(state)
    assert not any(a.slot == 0 and a.space == 1 for a in places(state))


def test_nowhere_to_place_keeps_the_elements() -> None:
    # "If there are no spaces available for a player to spend a given Element,
    # that player will retain the Element in their Storage and is no longer
    # required (for that round) to spend ..."
    state = placing()
    for slot, egg in enumerate([RED_ORANGE, RED_RED, BLUE_GREEN]):
        put_card(state, slot, egg)
    give(state, 0, "white", "black")
    give(state, 1, "red")
    events = run(state)
    assert "Ana has nowhere to place and keeps their elements." in texts(events)
    assert state.players[0].storage["white"] == 1
    assert GAME.to_act(state) == 1


def test_players_place_in_turn_order_all_their_placements_at_once() -> None:
    # R-PLACE-ORDER
    state = placing(n=3, seat=1)
    put_card(state, 0, with_spaces("red", "red", "red", "red"), claimant=0)
    put_card(state, 1, with_spaces("red", "red", "red"), claimant=0)
    for seat in range(3):
        give(state, seat, "red", "red")
    run(state)
    order = []
    while state.phase == 3:
        order.append(GAME.to_act(state))
        play(state, places(state)[0])
    assert order == [1, 1, 2, 2, 0, 0]


def test_an_unclaimed_egg_completed_hatches_wild_at_once() -> None:
    # "If, during this phase, an Egg is completed but unclaimed by a player,
    # that Egg is immediately hatched and the Dragon inside is released into the
    # wild (i.e., it occupies its previous 'Egg' space on the grid). Negative
    # hatching effects should be resolved immediately as well."
    state = placing()
    put_card(state, 0, RED_ORANGE)
    put_card(state, 1, RED_RED, claimant=1)  # adjacent, claimed by Bo
    fill(state, 0, 0, "red")
    give(state, 0, "orange")
    bo_waits(state)
    run(state)
    events = play(state, Place(slot=0, space=1, crystals=("orange",)))
    assert state.grounds[0].wild and state.grounds[0].card == RED_ORANGE
    assert state.grounds[0].fill == ()  # R-WILD-CRYSTALS: back to the bag
    assert "hatches in the wild" in texts(events)
    # its red ribbon: handlers on adjacent eggs flee to the Break Room
    assert state.grounds[1].claimant is None
    assert state.players[1].break_room == 1
    check(state)


def test_the_player_who_completed_the_wild_egg_decides_its_effects() -> None:
    # "The player who placed the Element that caused the Wild Dragon to hatch
    # makes any decisions regarding its negative effects."
    state = placing(seat=1)
    put_card(state, 0, RED_RED)  # scatters one red onto an adjacent egg
    put_card(state, 1, with_spaces("red", "purple", "purple"))
    put_card(state, 3, with_spaces("red", "orange", "red"))
    fill(state, 0, 0, "red")
    give(state, 1, "red", "red")
    run(state)
    play(state, Place(slot=0, space=1, crystals=("red",)))
    assert state.jobs and GAME.to_act(state) == 1
    options = decisions(state)
    # a red may go on a red space or start a combination (R-SCATTER)
    assert ChooseSpace(slot=1, space=1) in options  # purple, as a partial
    assert ChooseSpace(slot=3, space=0) in options
    play(state, ChooseSpace(slot=1, space=1))
    assert state.grounds[1].fill[1] == ("red",)
    assert GAME.to_act(state) == 1  # back to Bo's own placements
    check(state)


def test_a_claimed_egg_completed_waits_for_phase_four() -> None:
    state = placing()
    put_card(state, 0, RED_ORANGE, claimant=1)
    fill(state, 0, 0, "red")
    give(state, 0, "orange")
    bo_waits(state)
    run(state)
    events = play(state, Place(slot=0, space=1, crystals=("orange",)))
    assert state.grounds[0].complete and not state.grounds[0].wild
    assert "is complete" in texts(events)
    assert card(RED_ORANGE).name in texts(events)


def test_a_chain_of_wild_hatchings_is_decided_by_the_same_player() -> None:
    # R-WILD-DECIDER: the wild dragons hatched by a wild dragon's effect are
    # decided by the player who completed the first egg, all the way down.
    state = placing(seat=1)
    hatcher = with_spaces("blue", "blue")  # wild: hatch 1 adjacent egg
    put_card(state, 0, hatcher)
    put_card(state, 1, RED_RED)  # wild: scatter 1 red
    put_card(state, 2, RED_ORANGE)
    fill(state, 0, 0, "blue")
    give(state, 1, "blue", "yellow")
    put_card(state, 5, with_spaces("yellow", "yellow"))
    run(state)
    play(state, Place(slot=0, space=1, crystals=("blue",)))
    # the only unclaimed egg next to slot 0 hatched; its red now scatters
    assert state.grounds[1].wild
    assert GAME.to_act(state) == 1
    assert decisions(state) == [
        ChooseSpace(slot=2, space=0),
        ChooseSpace(slot=2, space=1),
    ]
    play(state, ChooseSpace(slot=2, space=0))
    assert state.grounds[2].fill == (("red",), ())
    check(state)
