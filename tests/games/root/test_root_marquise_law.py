"""Two rules of the Marquise's Daylight that no test held (issue 46 item
12), each from a position reached through the turn's own steps rather than
with ``actions_left`` set by hand:

- Law 6.5 (Daylight): after crafting, the Marquise "may take up to three
  actions" (a march, two moves, is one action): the actions step begins with
  three, and a fourth is not offered without a bird card;
- Law 6.5.4 (Build): the cost is the wood over the building's space on its
  track, removed from the clearing and clearings connected to it through
  clearings she rules: wood in reach exactly equal to the cost is enough.
"""

from __future__ import annotations

import pytest

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Move
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import BuildCats, ExtraAction, PayWood
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import wood_in

from .helpers import act, blank, craft_for, done, give, put


def hold_daylight(state: RootState) -> None:
    """Codebreakers keeps every Daylight step open (see the Duchy's tests)."""
    craft_for(state, CATS, "mouse-codebreakers")


def moves(state: RootState) -> list[Move]:
    return [a for a in GAME.legal_actions(state) if isinstance(a, Move)]


def test_the_marquise_daylight_begins_with_three_actions() -> None:
    state = blank(turn=CATS, step="craft", actions=0)
    hold_daylight(state)
    put(state, 1, cats=9)
    done(state)  # crafting over: her actions begin
    assert state.step == "actions" and state.actions_left == 3
    # Three marches of two moves each, and no fourth action.
    for made in range(6):
        assert moves(state), f"no move offered after {made} moves"
        act(state, moves(state)[0])
    assert state.actions_left == 0
    assert moves(state) == []
    # A bird card buys one more (Law 6.5's extra action), and only then.
    (bird,) = give(state, CATS, "bird-crossbow")
    act(state, ExtraAction(card=bird))
    assert state.actions_left == 1 and moves(state)


def test_a_new_daylight_gives_three_actions_again() -> None:
    """The count is the Daylight's, not what was left of the last one."""
    state = blank(turn=CATS, step="craft", actions=1)
    hold_daylight(state)
    put(state, 1, cats=9)
    done(state)
    assert state.actions_left == 3


@pytest.mark.parametrize(("on_map", "cost"), [(1, 1), (2, 2), (3, 3)])
def test_building_with_exactly_the_wood_the_cost_asks_is_allowed(on_map: int, cost: int) -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    # Sawmills already built in clearings of hers; the next costs ``cost``
    # wood (the track: 0, 1, 2, 3, 3, 4).
    for clearing in (2, 6, 8)[:on_map]:
        put(state, clearing, cats=1, buildings=("sawmill",))
    put(state, 5, cats=1)  # where the next one goes (Creek: free slots)
    put(state, 1, cats=1, wood=cost)  # Hill, next to Creek: exactly the cost
    build = BuildCats(building="sawmill", clearing=5)
    assert build in GAME.legal_actions(state)
    act(state, build)
    # One clearing holds the wood: it is paid from there without asking.
    while PayWood(clearing=1) in GAME.legal_actions(state):
        act(state, PayWood(clearing=1))
    assert state.clearings[5].buildings == ["sawmill"]
    assert wood_in(state.clearings[1]) == 0


def test_one_wood_short_of_the_cost_builds_nothing() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    for clearing in (2, 6):
        put(state, clearing, cats=1, buildings=("sawmill",))
    put(state, 5, cats=1)
    put(state, 1, cats=1, wood=1)  # the third sawmill costs 2
    assert not any(
        isinstance(a, BuildCats) and a.building == "sawmill" for a in GAME.legal_actions(state)
    )
