"""Solo rules, Phase 3: the player and the Wild Forces alternate; the Wild
Forces' element order, their scan of the grounds and every fallback; the wild
dragons they hatch; rulings R-SOLO-ALTERNATE, R-SOLO-ORDER, R-SOLO-SCAN,
R-SOLO-WILD-DECIDER, R-SOLO-DOOM."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import Event
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AddToGroup,
    ChooseSlot,
    Place,
    PlaceGroup,
    StartGroup,
)
from boardgames_tui.games.underwing.cards import deck
from boardgames_tui.games.underwing.colours import Element
from boardgames_tui.games.underwing.model import WILD_ORDER, UnderwingState
from boardgames_tui.games.underwing.solo import Target, wild_target

from .helpers import (
    check,
    clear_slot,
    empty_storages,
    fill,
    give,
    new_game,
    phase,
    play,
    put_card,
    run,
    texts,
    wild_give,
    with_spaces,
)

RR = with_spaces("red", "red")  # Ember Whelp
BB = with_spaces("blue", "blue")  # Tide Nipper: wild, hatch 1 adjacent egg
YY = with_spaces("yellow", "yellow")
OO = with_spaces("orange", "orange")
GG = with_spaces("green", "green")  # Moss Kit: wild, smash 1 on adjacent eggs
KK = with_spaces("black", "black")
RRR = with_spaces("red", "red", "red")
BBB = with_spaces("blue", "blue", "blue")  # Brook Whelp: wild, scatter 1 blue
YYY = with_spaces("yellow", "yellow", "yellow")
GGG = with_spaces("green", "green", "green")
RO = with_spaces("red", "orange")  # Ruby Sprat: wild, scare handlers
BG = with_spaces("blue", "green")  # Frost Whelp
RG = with_spaces("red", "green")
YP = with_spaces("yellow", "purple")
RPP = with_spaces("red", "purple", "purple")
BPB = with_spaces("blue", "purple", "blue")


def placing(*cards: int | None) -> UnderwingState:
    """A solo game in Phase 3, storages empty, the 2x2 grounds holding
    ``cards`` (slots 0 1 / 2 3; None leaves a space empty)."""
    state = new_game(1)
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    for slot, index in enumerate(cards):
        if index is not None:
            put_card(state, slot, index)
    phase(state, 3)
    return state


def lines(events: list[Event]) -> list[str]:
    return [e.text for e in events]


# ------------------------------------------------------------- alternation
def test_the_player_places_first_then_alternates_with_the_wild_forces() -> None:
    # "During Phase 3: The player places Elements first, alternating placement
    # with the Wild Forces." R-SOLO-ALTERNATE: one placement each, the player
    # first; the Wild Forces have one element per handler they drew for.
    state = placing(RRR, BBB, YYY, GGG)
    give(state, 0, "red", "red")
    wild_give(state, "blue", "yellow", "green")
    run(state)
    assert GAME.to_act(state) == 0
    assert state.wild_forces is not None and state.wild_forces.stored() == 3
    first = lines(play(state, Place(slot=0, space=0, crystals=("red",))))
    assert first[0].startswith("Ana places red")
    assert first[1:] == [
        "The Wild Forces place green on the green space of the Fern Snout egg "
        "(row 2, column 2): an exact fit."
    ]
    second = lines(play(state, Place(slot=0, space=1, crystals=("red",))))
    assert second[0].startswith("Ana places red")
    assert second[1].startswith("The Wild Forces place blue on the blue space of the Brook Whelp")
    assert second[2].startswith("The Wild Forces place yellow on the yellow space of the Gold")
    assert state.round == 2  # and the next round began
    check(state)


def test_a_group_is_one_placement_in_the_alternation() -> None:
    # R-COMBINATION in solo: red + blue put together on a purple space is one
    # placement; the Wild Forces place one element after it, none while the
    # group is being put together.
    state = placing(RPP, BBB, YYY, GGG)
    give(state, 0, "red", "blue", "red")
    wild_give(state, "blue", "yellow", "green")
    run(state)
    play(state, StartGroup(slot=0, space=1, element="red"))
    assert state.wild_forces is not None and state.wild_forces.stored() == 3
    play(state, AddToGroup(element="blue"))
    assert state.wild_forces.stored() == 3
    events = lines(play(state, PlaceGroup()))
    assert events[0].startswith("Ana places red + blue on")
    assert len(events) == 2 and events[1].startswith("The Wild Forces place green")
    assert state.placed == 1 and state.grounds[0].space_complete(1)
    assert GAME.to_act(state) == 0
    check(state)


def test_the_player_places_the_rest_when_the_wild_forces_are_done() -> None:
    state = placing(RRR, BBB, None, None)
    p = state.players[0]
    p.tracker -= 1
    p.ready += 1  # three handlers: three placements
    give(state, 0, "red", "red", "red")
    wild_give(state, "blue")
    assert len(play(state, Place(slot=0, space=0, crystals=("red",)))) == 2
    assert (state.phase, state.placed) == (3, 1)
    assert lines(play(state, Place(slot=0, space=1, crystals=("red",))))[1:] == []
    assert (state.phase, GAME.to_act(state)) == (3, 0)
    play(state, Place(slot=0, space=2, crystals=("red",)))
    assert state.phase != 3 or state.round == 2
    check(state)


def test_the_wild_forces_place_everything_when_the_player_cannot() -> None:
    # R-KEEP for the player ("that player will retain the Element"); the Wild
    # Forces go on placing alone
    state = placing(BB, BBB, None, None)
    give(state, 0, "white")
    wild_give(state, "blue", "blue")
    events = run(state)
    assert lines(events)[:3] == [
        "The Wild Forces place blue on the blue space of the Tide Nipper egg "
        "(row 1, column 1): an exact fit.",
        "The Wild Forces place blue on the blue space of the Tide Nipper egg "
        "(row 1, column 1): an exact fit.",
        "Tide Nipper hatches in the wild at row 1, column 1!",
    ]
    assert "Ana has nowhere to place and keeps their elements." in texts(events)
    assert state.players[0].storage["white"] == 1
    check(state)


def test_the_wild_forces_place_in_their_order() -> None:
    # "The Wild Forces should place Elements in the following order: Black,
    # White, Purple, Orange, Green, Blue, Yellow, Red." With no egg on the
    # grounds every element goes back to the bag, in that order.
    state = placing(None, None, None, None)
    wild_give(state, "red", "yellow", "blue", "green", "orange", "purple", "white", "black")
    events = run(state)
    assert lines(events)[:8] == [
        f"The Wild Forces have nowhere to place {e}: it goes back to the bag." for e in WILD_ORDER
    ]
    assert WILD_ORDER == ("black", "white", "purple", "orange", "green", "blue", "yellow", "red")
    assert state.round == 2
    check(state)


# -------------------------------------------------------------------- the scan
def test_scan_an_exact_fit_left_to_right_top_to_bottom() -> None:
    # "Wild Forces fill Element spaces from left to right, top to bottom, in
    # order of first immediate color fit": the first egg in the grounds (row by
    # row), and on an egg the first space as printed
    state = placing(RR, BPB, BB, None)
    assert wild_target(state, "blue") == Target(1, 0, "fit")
    fill(state, 1, 0, "blue")
    assert wild_target(state, "blue") == Target(1, 2, "fit")
    fill(state, 1, 2, "blue")
    assert wild_target(state, "blue") == Target(2, 0, "fit")


def test_scan_a_fit_includes_completing_a_partial_combination() -> None:
    # "they scan for an available Blue space (including any partially-complete
    # combinations for Green, Purple, etc.)": a space the element completes is a
    # fit like a space of its own colour; the scan order decides between them
    state = placing(RPP, BB, None, None)
    fill(state, 0, 1, "red")  # the first purple space holds red
    assert wild_target(state, "blue") == Target(0, 1, "completes")
    state = placing(KK, BB, None, None)
    fill(state, 0, 0, "red", "yellow")  # red + yellow + blue is black
    assert wild_target(state, "blue") == Target(0, 0, "completes")


def test_scan_then_the_first_empty_secondary_space_the_element_starts() -> None:
    # "If there are no Blue spaces available, they scan for the first available
    # empty Purple or Green spot" -- before any black space, and never a
    # secondary the element is no part of (orange for blue)
    state = placing(KK, RO, RG, YP)
    assert wild_target(state, "blue") == Target(2, 1, "starts")
    fill(state, 2, 1, "yellow")  # that green space now holds yellow: blue completes it
    assert wild_target(state, "blue") == Target(2, 1, "completes")
    state = placing(KK, RO, YP, None)
    assert wild_target(state, "red") == Target(1, 0, "fit")
    assert wild_target(state, "yellow") == Target(2, 0, "fit")
    fill(state, 2, 0, "yellow")
    assert wild_target(state, "yellow") == Target(1, 1, "starts")  # orange, before purple


def test_scan_then_a_black_space() -> None:
    # "Finally, if neither space-type is available, then Wild Forces scan for
    # an available Black space": empty, or a partial black the element may join
    state = placing(RR, KK, None, None)
    assert wild_target(state, "blue") == Target(1, 0, "black")
    fill(state, 1, 0, "red")
    assert wild_target(state, "blue") == Target(1, 0, "black")  # red + blue, not complete
    fill(state, 1, 0, "blue")
    assert wild_target(state, "yellow") == Target(1, 0, "completes")
    # a black space that may not take the element is no space for it
    state = placing(RR, KK, None, None)
    fill(state, 1, 0, "red")
    fill(state, 1, 1, "red")
    assert wild_target(state, "red") == Target(0, 0, "fit")
    fill(state, 0, 0, "red")
    fill(state, 0, 1, "red")
    assert wild_target(state, "red") is None


def test_scan_otherwise_the_element_goes_back_to_the_bag() -> None:
    # "If there are still no spaces available, the Element is returned to bag."
    state = placing(RR, YY, None, None)
    assert wild_target(state, "blue") is None
    wild_give(state, "blue")
    before = state.bag["blue"]
    events = run(state)
    assert (
        lines(events)[0] == "The Wild Forces have nowhere to place blue: it goes back to the bag."
    )
    assert state.bag["blue"] >= before  # back in the bag (the next round draws again)
    check(state)


@pytest.mark.parametrize(
    ("crystal", "cards", "expected"),
    [
        # a secondary: its own space, else completing black, else black
        ("orange", [RG, OO], Target(1, 0, "fit")),
        ("orange", [RG, KK], Target(1, 0, "black")),
        # black and white: their own spaces only
        ("black", [RG, KK], Target(1, 0, "fit")),
        ("black", [RG, YP], None),
        ("white", [KK, RG], None),
    ],
)
def test_scan_secondary_black_and_white_elements(
    crystal: Element, cards: list[int], expected: Target | None
) -> None:
    state = placing(*cards, None, None)
    assert wild_target(state, crystal) == expected


def test_scan_skips_wild_dragons_and_complete_eggs_but_not_claimed_eggs() -> None:
    state = placing(BB, BG, BBB, None)
    put_card(state, 0, BB, wild=True)
    fill(state, 1, 0, "blue")
    fill(state, 1, 1, "green")  # Frost Whelp complete (sealed)
    put_card(state, 2, BBB, claimant=0)
    assert wild_target(state, "blue") == Target(2, 0, "fit")


# ------------------------------------------------------ what the Wild Forces hatch
def test_a_wild_placement_on_a_claimed_egg_completes_it_for_the_player() -> None:
    state = placing(None, None, None, None)
    put_card(state, 0, BB, claimant=0)
    fill(state, 0, 0, "blue")
    wild_give(state, "blue")
    events = run(state)
    text = texts(events)
    assert "The Tide Nipper egg (row 1, column 1) is complete." in text
    assert "Ana collects the completed Tide Nipper egg." in text
    assert [n.card for n in state.players[0].nursery] == [BB]
    check(state)


def test_an_unclaimed_egg_the_wild_forces_complete_hatches_and_they_decide() -> None:
    # "The player who placed the Element that caused the Wild Dragon to hatch
    # makes any decisions regarding its negative effects" -- here the Wild
    # Forces (R-SOLO-WILD-DECIDER): of two adjacent eggs, Tide Nipper's "hatch
    # 1 adjacent egg" takes the first, left to right, top to bottom; that
    # dragon's own red ribbon (scatter 1 blue) is theirs to decide too.
    state = placing(BB, BBB, YP, BG)
    fill(state, 0, 0, "blue")
    wild_give(state, "blue")
    events = run(state)
    assert lines(events)[:6] == [
        "The Wild Forces place blue on the blue space of the Tide Nipper egg "
        "(row 1, column 1): an exact fit.",
        "Tide Nipper hatches in the wild at row 1, column 1!",
        "The Wild Forces hatch the first adjacent egg, left to right, top to bottom.",
        "Brook Whelp hatches in the wild at row 1, column 2!",
        "The Wild Forces send the scattered blue to the blue space of the Frost Whelp egg "
        "(row 2, column 2): an exact fit.",
        "A blue element scatters onto the Frost Whelp egg (row 2, column 2).",
    ]
    assert [s.wild for s in state.grounds] == [True, True, False, False]
    assert state.grounds[3].fill == (("blue",), ())
    assert GAME.to_act(state) == 0
    check(state)


def test_a_scattered_element_follows_the_wild_forces_scan() -> None:
    # Brook Whelp scatters a blue onto an adjacent egg: an exact fit (Frost
    # Whelp's blue space, row 2) comes before starting a combination (Garnet
    # Hatchling's green space, row 1), though row 1 is scanned first
    state = placing(BBB, RG, BG, None)
    fill(state, 0, 0, "blue")
    fill(state, 0, 1, "blue")
    wild_give(state, "blue")
    events = run(state)
    assert (
        "The Wild Forces send the scattered blue to the blue space of the Frost Whelp egg "
        "(row 2, column 1): an exact fit." in texts(events)
    )
    assert state.grounds[2].fill == (("blue",), ())
    assert state.grounds[1].fill == ((), ())
    check(state)


def test_a_smash_takes_the_first_element_left_to_right_top_to_bottom() -> None:
    state = placing(GG, RO, BG, None)
    fill(state, 0, 0, "green")
    fill(state, 1, 1, "orange")
    fill(state, 2, 0, "blue")
    wild_give(state, "green")
    events = run(state)
    text = texts(events)
    assert "The Wild Forces smash the first element on the adjacent eggs, left to right" in text
    assert "The wild dragon smashes orange on the Ruby Sprat egg (row 1, column 2)." in text
    assert state.grounds[1].fill == ((), ())
    assert state.grounds[2].fill == (("blue",), ())
    check(state)


def test_an_egg_the_player_completes_is_still_the_players_to_decide() -> None:
    state = placing(BB, RR, YY, None)
    fill(state, 0, 0, "blue")
    give(state, 0, "blue")
    play(state, Place(slot=0, space=1, crystals=("blue",)))
    assert GAME.to_act(state) == 0
    assert GAME.legal_actions(state) == [ChooseSlot(slot=1), ChooseSlot(slot=2)]
    play(state, ChooseSlot(slot=2))
    assert [s.wild for s in state.grounds[:3]] == [True, False, True]


def test_grounds_full_of_wild_dragons_is_an_immediate_loss() -> None:
    # "IMPORTANT: If at any time the Hatching Grounds become filled with Wild
    # Dragons, the Dragonlord has failed and play immediately ends."
    state = placing(BB, None, None, None)
    others = [c for c in state.deck if not deck()[c].legendary][:3]
    for slot, index in enumerate(others, start=1):
        put_card(state, slot, index, wild=True)
    fill(state, 0, 0, "blue")
    give(state, 0, "red")
    wild_give(state, "blue")
    events = run(state)
    assert state.over and state.doom
    assert lines(events)[-1] == (
        "The hatching grounds are filled with wild dragons: the Dragonlord has failed."
    )
    outcome = GAME.outcome(state)
    assert outcome.winners == []
    assert "has failed as Dragonlord" in outcome.summary
    assert "The Breaker of Eggs" not in outcome.summary
    assert GAME.to_act(state) is None
    check(state)
