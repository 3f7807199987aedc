"""Direct keys to legal actions, without a screen: every key's action is legal
or comes with the engine's reason, and every legal action has a key."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from boardgames_tui.engine.game import Action
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import (
    ChooseStartingEgg,
    ClaimObjective,
    CollectTreasure,
    DeclineObjective,
    KeepDice,
    PlaceExcess,
    PlaceToken,
    RerollDice,
    RollDice,
    TakeEgg,
    UseDice,
)
from boardgames_tui.games.incubation.cards import SECTIONS
from boardgames_tui.games.incubation.model import IncubationState
from boardgames_tui.ui.incubation import choices
from boardgames_tui.ui.incubation.choices import Pick, Selection, decision
from tests.games.incubation.helpers import (
    act,
    blank,
    give_dragons,
    new_game,
    offer,
    put_egg,
    rolled,
    section,
)


def every_key(state: IncubationState, legal: Sequence[Action]) -> list[Pick]:
    """What every direct key (with every selection) would do now."""
    picks = [choices.pick_roll(state, legal), choices.pick_decline(state, legal)]
    for marked in ({}, {0}, {1}, {0, 1}):
        picks.append(choices.pick_reroll(state, legal, set(marked)))
    for die in (None, 0, 1):
        picks.append(choices.pick_use(state, legal, die))
        picks += [choices.pick_deck(state, legal, deck, die) for deck in range(3)]
    picks += [choices.pick_incubator(state, legal, slot) for slot in range(2)]
    picks += [choices.pick_section(state, legal, s) for s in range(SECTIONS)]
    picks += [choices.pick_objective(state, legal, i) for i in range(5)]
    return picks


@pytest.mark.parametrize("players", [2, 3, 5])
def test_keys_give_only_legal_actions_and_reach_all_of_them(players: int) -> None:
    rng = random.Random(players)
    state = new_game(players, seed=players)
    seen: set[str] = set()
    while not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        picks = every_key(state, legal)
        for pick in picks:
            if pick.action is None:
                assert pick.reason, "a refused key says why"
            else:
                assert pick.action in legal
        reached = [p.action for p in picks if p.action is not None]
        for action in legal:
            assert action in reached, f"no key for {action!r} at {decision(state)}"
        seen.add(decision(state))
        GAME.apply(state, rng.choice(legal))
    assert {"starting_egg", "roll", "reroll", "dice", "objective"} <= seen


def test_starting_egg_from_a_deck() -> None:
    state = new_game(2)
    legal = GAME.legal_actions(state)
    assert choices.pick_deck(state, legal, 2, None).action == ChooseStartingEgg(deck=2)
    state.decks[1] = []
    pick = choices.pick_deck(state, GAME.legal_actions(state), 1, None)
    assert pick.action is None and pick.reason == "That egg deck is empty."


def test_roll_and_reroll_marks() -> None:
    state = blank()
    assert choices.pick_roll(state, GAME.legal_actions(state)).action == RollDice()
    act(state, RollDice())
    legal = GAME.legal_actions(state)
    assert choices.pick_reroll(state, legal, set()).action == KeepDice()
    assert choices.pick_reroll(state, legal, {1}).action == RerollDice(dice=(1,))
    assert choices.pick_reroll(state, legal, {1, 0}).action == RerollDice(dice=(0, 1))
    assert choices.pick_roll(state, legal).action is None


def test_dice_use_the_chosen_die_or_take_an_egg_with_it() -> None:
    state = blank()
    put_egg(state, 0, 0, "E14")  # Tidecaller: 3 water
    rolled(state, "water", "coin")
    legal = GAME.legal_actions(state)
    assert choices.current_die(state, None) == 0
    assert choices.other_die(state, 0) == 1
    assert choices.other_die(state, 1) == 0
    assert choices.pick_use(state, legal, None).action == UseDice(dice=(0,))
    assert choices.pick_use(state, legal, 1).action == UseDice(dice=(1,))
    assert choices.pick_deck(state, legal, 2, 1).action == TakeEgg(die=1, deck=2)
    act(state, TakeEgg(die=1, deck=2))
    # Die 2 is spent: the keys fall back on the die that is left.
    legal = GAME.legal_actions(state)
    assert choices.current_die(state, 1) == 0
    assert choices.pick_use(state, legal, 1).action == UseDice(dice=(0,))
    pick = choices.pick_deck(state, legal, 0, 0)
    assert pick.action is None
    assert pick.reason == "You need an empty incubator to take a Dragon Egg card."


def test_a_pair_is_used_together() -> None:
    state = blank()
    rolled(state, "fire", "fire")
    legal = GAME.legal_actions(state)
    assert choices.pick_use(state, legal, 1).action == UseDice(dice=(0, 1))
    assert choices.pick_deck(state, legal, 0, 1).action == TakeEgg(die=0, deck=0)


def test_tokens_go_on_an_incubator_that_needs_them() -> None:
    state = blank()
    put_egg(state, 0, 0, "E02")  # 1 water 2 fire
    put_egg(state, 0, 1, "E10")  # Mossling: 2 water
    rolled(state, "fire", "water")
    act(state, UseDice(dice=(1,)))
    legal = GAME.legal_actions(state)
    assert choices.pick_incubator(state, legal, 1).action == PlaceToken(incubator=1)
    state2 = blank()
    put_egg(state2, 0, 0, "E02")
    put_egg(state2, 0, 1, "E03")  # 1 water 4 fire
    rolled(state2, "fire", "coin")
    act(state2, UseDice(dice=(0,)))
    legal2 = GAME.legal_actions(state2)
    assert choices.pick_incubator(state2, legal2, 0).action == PlaceToken(incubator=0)
    assert "fire" in choices.hint(state2, Selection(), legal2)


def test_sections_for_two_chests_and_for_the_excess() -> None:
    state = blank()
    rolled(state, "chest", "chest")
    legal = GAME.legal_actions(state)
    pick = choices.pick_section(state, legal, section("green"))
    assert pick.action == CollectTreasure(section=3)
    state = blank()
    rolled(state, "water", "coin")  # no egg needs water: all of it is excess
    act(state, UseDice(dice=(0,)))
    legal = GAME.legal_actions(state)
    assert choices.pick_section(state, legal, 7).action == PlaceExcess(section=7)
    assert choices.pick_section(state, legal, 8).action is None


def test_objectives_by_their_place_on_offer() -> None:
    state = blank()
    offer(state, "O09", "O01")  # Dragon Hoard, Twin Clutch
    give_dragons(state, 0, "E01", "E02")
    rolled(state, "coin", "fire")
    act(state, UseDice(dice=(0,)))
    act(state, UseDice(dice=(1,)))
    assert decision(state) == "excess"
    act(state, PlaceExcess(section=0))
    assert decision(state) == "objective"
    legal = GAME.legal_actions(state)
    assert choices.pick_objective(state, legal, 1).action == ClaimObjective(objective="O01")
    refused = choices.pick_objective(state, legal, 0)
    assert refused.action is None
    assert refused.reason == "Dragon Hoard is not fulfilled yet: Own coins worth 10 VP."
    assert choices.pick_objective(state, legal, 4).reason == "There is no objective 5 on offer."
    assert choices.pick_decline(state, legal).action == DeclineObjective()


def test_keys_out_of_their_decision_say_why() -> None:
    state = blank()
    legal = GAME.legal_actions(state)
    pick = choices.pick_section(state, legal, 0)
    assert pick.action is None
    assert pick.reason == "Choosing a section is not a choice now. Ana: roll the dice."
    why = choices.explain_key(state, legal, "3", Selection())
    assert why == "3 does nothing now. Keys: Enter: roll the dice."
    assert choices.explain_key(state, legal, "r", Selection()).startswith("R chooses a section")
