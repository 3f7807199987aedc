"""1. Roll the Dice: the roll, the one reroll, one chest and two chests."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import copy_state
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import (
    CollectTreasure,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    UseDice,
)
from boardgames_tui.games.incubation.model import Treasure

from .helpers import act, blank, put_egg, rolled, section, set_treasure


def test_roll_then_a_choice_to_reroll_one_or_both_or_keep() -> None:
    state = blank()
    act(state, RollDice())
    assert len(state.dice) == 2 and state.step == "reroll"
    assert GAME.legal_actions(state) == [
        KeepDice(),
        RerollDice(dice=(0,)),
        RerollDice(dice=(1,)),
        RerollDice(dice=(0, 1)),
    ]
    assert GAME.prompt(state).startswith("Ana: choose dice to reroll")


def test_a_reroll_changes_only_the_chosen_die_and_happens_once() -> None:
    for seed in range(30):
        state = blank(seed=seed)
        act(state, RollDice())
        kept = state.dice[0]
        act(state, RerollDice(dice=(1,)))
        assert state.dice[0] == kept
        # "You may not reroll either die again."
        assert state.step != "reroll"
        assert not any(isinstance(a, RerollDice) for a in GAME.legal_actions(state))


def test_the_dice_come_from_the_state_rng() -> None:
    a, b = blank(seed=5), blank(seed=5)
    act(a, RollDice())
    act(b, RollDice())
    assert a.dice == b.dice and a.rng == b.rng
    faces = set()
    for seed in range(40):
        state = blank(seed=seed)
        act(state, RollDice())
        faces.update(state.dice)
    assert faces == {"chest", "coin", "water", "fire"}


def test_a_single_chest_turns_the_spinner_then_adds_treasure() -> None:
    """(A) turn the spinner 1 section clockwise; (B) then a silver, a water and a
    fire in the Treasures the pointers face."""
    state = blank()
    events = rolled(state, "chest", "coin")
    assert state.spinner == 1
    assert state.market[1] == Treasure(silver=1)  # coin pointer
    assert state.market[4] == Treasure(water=1)  # water pointer, +3
    assert state.market[6] == Treasure(fire=1)  # fire pointer, +5
    assert sum(t.silver + t.water + t.fire for t in state.market) == 3
    assert "spinner turns to orange" in events[-1].text
    # The chest die is spent; the other die is still to use.
    assert state.step == "dice" and state.used == [True, False]
    assert GAME.legal_actions(state)[0] == UseDice(dice=(1,))


def test_the_spinner_wraps_round_the_ring() -> None:
    state = blank()
    state.spinner = 7
    rolled(state, "fire", "chest")
    assert state.spinner == 0
    assert state.market[0].silver == 1 and state.market[3].water == 1
    assert state.market[5].fire == 1


def test_chests_resolve_after_the_reroll_not_before() -> None:
    state = blank()
    state.dice = ["chest", "coin"]
    state.used = [False, False]
    state.step = "reroll"
    before = state.spinner
    # Rerolling the chest: the chest of the first roll does nothing.
    for seed in range(50):
        state.rng.state = seed
        trial = copy_state(state)
        act(trial, RerollDice(dice=(0,)))
        if trial.dice[0] != "chest":
            assert trial.spinner == before
            assert all(t.is_empty() for t in trial.market)
            return
    raise AssertionError("no reroll left the chest")


def test_two_chests_collect_one_section_instead_of_turning() -> None:
    state = blank()
    set_treasure(state, "blue", silver=2)
    set_treasure(state, "red", silver=1)
    rolled(state, "chest", "chest")
    assert state.step == "double_chest"
    assert GAME.legal_actions(state) == [CollectTreasure(section=s) for s in range(8)]
    act(state, CollectTreasure(section=section("blue")))
    assert state.spinner == 0  # "don't turn the Market spinner"
    assert state.players[0].silver == 2
    assert state.market[section("blue")].is_empty()
    assert state.market[section("red")].silver == 1
    # Both dice were chests: the turn moves on to the next player.
    assert (state.current, state.step) == (1, "roll")


def test_ruling_two_chests_place_water_and_fire_on_incubators() -> None:
    """Ruling: the water and fire of a double chest are resources acquired on the
    turn: on Incubators that need them, the excess to a treasure of choice."""
    state = blank()
    put_egg(state, 0, 0, "E01")  # Cinderling: 0 water, 2 fire
    set_treasure(state, "green", water=2, fire=1)
    rolled(state, "chest", "chest")
    act(state, CollectTreasure(section=section("green")))
    assert state.players[0].incubators[0].fire == 1
    assert state.placement is not None
    assert (state.placement.excess_water, state.placement.excess_fire) == (2, 0)
    assert GAME.legal_actions(state) == [PlaceExcess(section=s) for s in range(8)]
    act(state, PlaceExcess(section=section("green")))  # even back where it came from
    assert state.market[section("green")] == Treasure(water=2)


@pytest.mark.parametrize("faces", [("chest", "water"), ("water", "chest")])
def test_a_chest_die_cannot_take_an_egg(faces: tuple[str, str]) -> None:
    state = blank()
    rolled(state, faces[0], faces[1])  # type: ignore[arg-type]
    chest = faces.index("chest")
    for action in GAME.legal_actions(state):
        assert getattr(action, "die", None) != chest
        assert chest not in getattr(action, "dice", ())
    assert all(not isinstance(a, PlaceToken) for a in GAME.legal_actions(state))
