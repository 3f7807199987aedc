"""3. Hatch and Sell a Dragon Egg Card: hatching, hybrid eggs, mystery eggs."""

from __future__ import annotations

from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import CollectTreasure, PlaceToken, TakeEgg, UseDice
from boardgames_tui.games.incubation.model import Treasure

from .helpers import act, blank, put_egg, rolled, section, set_treasure, texts


def test_a_complete_egg_hatches_and_sells_for_its_colours_treasure() -> None:
    state = blank()
    put_egg(state, 0, 0, "E10", water=1)  # Mossling (green): 2 water
    put_egg(state, 0, 1, "E02")  # Emberback: 1 water 2 fire
    set_treasure(state, "green", silver=2, water=3, fire=1)
    rolled(state, "water", "coin")
    events = act(state, UseDice(dice=(0,)))
    # Both eggs need water: the player chooses, and completes Mossling.
    events += act(state, PlaceToken(incubator=0))
    p = state.players[0]
    # First, the spent resources go back to the Reserve.
    # Then the egg becomes a dragon in front of the player.
    assert p.dragons == ["E10"] and p.incubators[0].egg is None
    # Then the green treasure: silver taken, what fits placed, the rest stays.
    assert p.silver == 2
    assert (p.incubators[1].water, p.incubators[1].fire) == (1, 1)
    assert state.market[section("green")] == Treasure(water=2)
    # Mossling's 2 water are back; 2 stay on the Market, 1 is on Emberback.
    assert state.reserve.water == 30 - 2 - 1
    assert "Mossling hatches: a green dragon, 2 VP" in texts(events)
    assert "2 water stays" in texts(events)


def test_only_silver_is_taken_when_nothing_fits() -> None:
    state = blank()
    put_egg(state, 0, 0, "E01", fire=1)  # Cinderling (red): 2 fire
    set_treasure(state, "red", silver=1, water=2, fire=2)
    rolled(state, "fire", "coin")
    act(state, UseDice(dice=(0,)))
    assert state.players[0].dragons == ["E01"]
    assert state.players[0].silver == 1
    assert state.market[section("red")] == Treasure(water=2, fire=2)


def test_treasure_tokens_go_only_on_incubators_with_an_egg_that_needs_them() -> None:
    state = blank()
    put_egg(state, 0, 0, "E01", fire=1)
    put_egg(state, 0, 1, "E16")  # Duskmote: 2 water, no fire
    set_treasure(state, "red", fire=3, water=1)
    rolled(state, "fire", "coin")
    act(state, UseDice(dice=(0,)))
    assert (state.players[0].incubators[1].water, state.players[0].incubators[1].fire) == (1, 0)
    assert state.market[section("red")] == Treasure(fire=3)


def test_several_eggs_hatch_in_one_turn() -> None:
    state = blank()
    put_egg(state, 0, 0, "E10", water=1)  # Mossling (green): 2 water
    put_egg(state, 0, 1, "E07", fire=1)  # Sunmote (yellow): 2 fire
    set_treasure(state, "green", fire=2)
    set_treasure(state, "yellow", silver=3)
    rolled(state, "water", "coin")
    events = act(state, UseDice(dice=(0,)))
    p = state.players[0]
    # The green treasure's fire completes Sunmote, which hatches in turn.
    assert p.dragons == ["E10", "E07"]
    assert p.silver == 3
    assert state.market[section("green")] == Treasure(fire=1)
    assert texts(events).count("hatches") == 2


def test_ruling_an_egg_hatches_as_soon_as_complete_freeing_its_incubator() -> None:
    """Hatching does not wait for the other die: the freed Incubator may take
    an egg with it."""
    state = blank()
    put_egg(state, 0, 0, "E10", water=1)
    put_egg(state, 0, 1, "E01")
    rolled(state, "water", "coin")
    assert not any(isinstance(a, TakeEgg) for a in GAME.legal_actions(state))
    act(state, UseDice(dice=(0,)))
    assert state.players[0].dragons == ["E10"]
    assert TakeEgg(die=1, deck=0) in GAME.legal_actions(state)


def test_a_double_chest_can_hatch_an_egg() -> None:
    state = blank()
    put_egg(state, 0, 0, "E19", water=1)  # Soot Whelp (black): 1 water 1 fire
    set_treasure(state, "white", fire=1, silver=1)
    rolled(state, "chest", "chest")
    act(state, CollectTreasure(section=section("white")))
    assert state.players[0].dragons == ["E19"]


def test_hybrid_eggs_collect_a_treasure_per_colour() -> None:
    state = blank()
    put_egg(state, 0, 0, "E25", water=1, fire=2)  # Lavaborn: red/orange, 1 water 3 fire
    set_treasure(state, "red", silver=1)
    set_treasure(state, "orange", silver=2)
    set_treasure(state, "yellow", silver=4)
    rolled(state, "fire", "coin")
    events = act(state, UseDice(dice=(0,)))
    assert state.players[0].dragons == ["E25"]
    assert state.players[0].silver == 3
    assert state.market[section("yellow")].silver == 4
    assert "red and orange hybrid" in texts(events)


def test_ruling_a_hybrids_treasures_come_in_printed_order() -> None:
    state = blank()
    put_egg(state, 0, 0, "E25", water=1, fire=2)  # red first, then orange
    put_egg(state, 0, 1, "E02")  # Emberback: 1 water 2 fire
    set_treasure(state, "red", fire=1)
    set_treasure(state, "orange", fire=5)
    rolled(state, "fire", "coin")
    act(state, UseDice(dice=(0,)))
    act(state, PlaceToken(incubator=0))
    assert state.players[0].incubators[1].fire == 2
    assert state.market[section("red")].is_empty()
    assert state.market[section("orange")] == Treasure(fire=4)


def test_mystery_eggs_collect_no_treasure() -> None:
    state = blank()
    put_egg(state, 0, 0, "E33", water=1, fire=1)  # Whisperling: 1 water 2 fire
    for i, colour in enumerate(["red", "orange", "yellow", "green"]):
        set_treasure(state, colour, silver=i + 1)
    rolled(state, "fire", "coin")
    events = act(state, UseDice(dice=(0,)))
    assert state.players[0].dragons == ["E33"]
    assert state.players[0].silver == 0
    assert "no treasure" in texts(events)


def test_hatching_changes_silver_for_gold() -> None:
    state = blank()
    state.reserve.silver -= 4
    state.players[0].silver = 4
    put_egg(state, 0, 0, "E01", fire=1)
    set_treasure(state, "red", silver=3)
    rolled(state, "fire", "coin")
    act(state, UseDice(dice=(0,)))
    assert (state.players[0].silver, state.players[0].gold) == (2, 1)
