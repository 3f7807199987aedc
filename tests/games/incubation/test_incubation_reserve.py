"""Rulings on the components: gold coins by change, and an empty Reserve."""

from __future__ import annotations

from boardgames_tui.games.incubation.actions import UseDice
from boardgames_tui.games.incubation.model import Treasure

from .helpers import act, blank, give_silver, put_egg, rolled, section, set_treasure, texts


def test_ruling_five_silver_are_changed_for_a_gold_coin() -> None:
    state = blank()
    give_silver(state, 0, silver=4)
    rolled(state, "coin", "fire")
    act(state, UseDice(dice=(0,)))
    p = state.players[0]
    assert (p.silver, p.gold) == (0, 1)
    assert (state.reserve.silver, state.reserve.gold) == (30, 14)


def test_a_pair_of_coins_changes_on_the_way() -> None:
    state = blank()
    give_silver(state, 0, silver=3)
    rolled(state, "coin", "coin")
    act(state, UseDice(dice=(0, 1)))
    assert (state.players[0].silver, state.players[0].gold) == (1, 1)


def test_ruling_without_gold_in_the_reserve_silver_is_kept() -> None:
    state = blank()
    give_silver(state, 1, gold=15)
    give_silver(state, 0, silver=4)
    rolled(state, "coin", "coin")
    act(state, UseDice(dice=(0, 1)))
    assert (state.players[0].silver, state.players[0].gold) == (7, 0)


def test_ruling_an_empty_reserve_pays_from_the_richest_treasure() -> None:
    state = blank()
    give_silver(state, 1, silver=26, gold=15)
    set_treasure(state, "blue", silver=2)
    set_treasure(state, "black", silver=2)
    assert state.reserve.silver == 0
    state.spinner = 5  # coin pointer on purple: black comes first clockwise
    rolled(state, "coin", "water")
    events = act(state, UseDice(dice=(0,)))
    assert state.players[0].silver == 1
    assert state.market[section("black")].silver == 1
    assert state.market[section("blue")].silver == 2
    assert "1 from the black treasure" in texts(events)


def test_ruling_water_from_the_richest_treasure_when_the_reserve_is_dry() -> None:
    state = blank()
    put_egg(state, 0, 0, "E14")  # Tidecaller: 3 water
    set_treasure(state, "green", water=10)
    set_treasure(state, "red", water=20)
    assert state.reserve.water == 0
    rolled(state, "water", "water")
    act(state, UseDice(dice=(0, 1)))
    assert state.players[0].dragons == ["E14"]
    assert state.market[section("red")].water == 17


def test_ruling_nothing_anywhere_gives_nothing() -> None:
    state = blank(5)
    # All 30 water on Incubators; Ana's Amethyst Matriarch still needs one.
    eggs = ["E18", "E31", "E15", "E12", "E24", "E35", "E36", "E28", "E29", "E14"]
    for k, egg_id in enumerate(eggs):
        put_egg(state, k // 2, k % 2, egg_id, water=3)
    assert state.reserve.water == 0 and all(t.water == 0 for t in state.market)
    rolled(state, "coin", "water")
    events = act(state, UseDice(dice=(1,)))
    assert state.players[0].incubators[0].water == 3
    assert "1 not available" in texts(events)


def test_ruling_the_spinner_adds_only_what_the_reserve_has() -> None:
    state = blank()
    set_treasure(state, "yellow", fire=30)
    rolled(state, "chest", "coin")
    assert state.market[1] == Treasure(silver=1)
    assert state.market[4] == Treasure(water=1)
    assert state.market[6] == Treasure()  # no fire in the Reserve: none added
    assert state.market[section("yellow")] == Treasure(fire=30)
