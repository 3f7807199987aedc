"""Choices that can do nothing say so (issue 45, item 5): the rules let the
player choose them (a die's action, "collect all the Treasures from one
Section of your choice"), so they stay offered, and their words say they do
nothing.  Each failed before: the option read like any other."""

from __future__ import annotations

from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import CollectTreasure, UseDice
from boardgames_tui.games.incubation.model import Treasure

from .helpers import blank, rolled, section, set_treasure


def test_an_empty_treasure_to_collect_says_it_does_nothing() -> None:
    state = blank()
    set_treasure(state, "blue", silver=2)
    rolled(state, "chest", "chest")
    blue = GAME.describe(state, CollectTreasure(section=section("blue")))
    red = GAME.describe(state, CollectTreasure(section=section("red")))
    assert blue == "Collect the blue treasure (2 silver)"
    assert red == "Collect the red treasure (no effect: it is empty)"


def test_a_die_with_nothing_left_to_take_says_it_does_nothing() -> None:
    state = blank()
    rolled(state, "fire", "coin")
    fire = UseDice(dice=(0,))
    assert fire in GAME.legal_actions(state)
    assert GAME.describe(state, fire) == "Use die 1 (fire): take 1 fire"
    state.reserve.fire = 0  # none in the Reserve, none in a treasure
    state.market = [Treasure() for _ in state.market]
    assert GAME.describe(state, fire) == "Use die 1 (fire): take 1 fire (no effect: no fire left)"
    state.market[section("green")] = Treasure(fire=1)
    assert "no effect" not in GAME.describe(state, fire), "a treasure still holds one"
