"""The Marquise de Cat, every rule in the facts (README "Marquise de Cat",
root-cards.md section 3), from hand-built positions."""

from __future__ import annotations

import pytest

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Craft, Move, Recruit
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import (
    BuildCats,
    ChooseKeep,
    ExtraAction,
    Overwork,
    PayWood,
    PlaceAt,
    PlaceStart,
)
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import cats_in, keep_in, marquise_of, moles_in, tunnel_in, wood_in

from .helpers import SEATS, act, blank, craft_for, done, give, kinds, put


def hold_daylight(state: RootState) -> None:
    """Codebreakers keeps every Daylight step open (see the Duchy's tests)."""
    craft_for(state, CATS, "mouse-codebreakers")


def test_setup_keep_warriors_and_first_buildings() -> None:
    state = GAME.setup(SEATS, {"marquise_seat": 0}, seed=2)
    assert GAME.to_act(state) == 0
    assert GAME.legal_actions(state) == [ChooseKeep(clearing=n) for n in (1, 2, 3, 4)]
    act(state, ChooseKeep(clearing=2))
    assert keep_in(state.clearings[2])
    assert [n for n in range(1, 13) if cats_in(state.clearings[n]) != 1] == [4]
    assert marquise_of(state).warriors == 25 - 11
    places = {a.clearing for a in GAME.legal_actions(state) if isinstance(a, PlaceStart)}
    assert places == {2, 5, 6, 10}  # the keep's clearing and those next to it
    act(state, PlaceStart(building="sawmill", clearing=10))
    # Beach has two slots, one under its ruin: full now.
    act(state, PlaceStart(building="workshop", clearing=2))
    assert 10 not in {a.clearing for a in GAME.legal_actions(state) if isinstance(a, PlaceStart)}
    act(state, PlaceStart(building="recruiter", clearing=2))
    assert state.clearings[2].buildings == ["workshop", "recruiter"]
    assert moles_in(state.clearings[4]) == 2 and tunnel_in(state.clearings[4])
    assert marquise_of(state).vp == 0


def test_birdsong_wood_at_each_sawmill() -> None:
    state = blank(turn=DUCHY, step="discard")
    put(state, 5, cats=1, buildings=("sawmill", "sawmill"))
    put(state, 8, cats=1, buildings=("sawmill",))
    done(state)
    assert state.turn == CATS
    assert wood_in(state.clearings[5]) == 2 and wood_in(state.clearings[8]) == 1
    assert marquise_of(state).wood == 5


def test_short_of_wood_the_marquise_chooses_the_sawmills() -> None:
    state = blank(turn=DUCHY, step="discard")
    put(state, 5, cats=1, buildings=("sawmill",), wood=7)
    put(state, 8, cats=1, buildings=("sawmill",))
    put(state, 2, cats=1, buildings=("sawmill",))
    done(state)
    assert GAME.legal_actions(state) == [PlaceAt(clearing=n) for n in (2, 5, 8)]
    act(state, PlaceAt(clearing=8))
    assert wood_in(state.clearings[8]) == 1 and marquise_of(state).wood == 0
    assert not state.stack


def test_daylight_crafting_with_workshops() -> None:
    state = blank(turn=CATS, step="craft")
    put(state, 1, cats=1, buildings=("workshop",))
    anvil, tea = give(state, CATS, "fox-anvil", "fox-root-tea")
    assert kinds(state) == {"craft", "done"}
    act(state, Craft(card=anvil, using=("fox",)))
    assert marquise_of(state).vp == 2 and marquise_of(state).items == ["hammer"]
    assert state.step == "actions" or state.turn == DUCHY  # the workshop is spent


def test_three_actions_and_a_march_of_two_moves() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    put(state, 1, cats=3)
    act(state, Move(origin=1, to=5, count=2))
    assert kinds(state) == {"move", "done"}  # the march's second move
    act(state, Move(origin=5, to=2, count=1))
    assert state.actions_left == 2
    act(state, Move(origin=1, to=9, count=1))
    done(state)  # no second move
    assert state.actions_left == 1


def test_recruit_once_per_turn_a_warrior_per_recruiter() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    put(state, 1, cats=1, buildings=("recruiter",))
    put(state, 2, cats=1, buildings=("recruiter", "recruiter"))
    act(state, Recruit())
    assert cats_in(state.clearings[1]) == 2 and cats_in(state.clearings[2]) == 3
    assert Recruit() not in GAME.legal_actions(state)


def test_build_pays_wood_from_connected_ruled_clearings() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    put(state, 1, cats=1, buildings=("sawmill",), wood=1)
    put(state, 5, cats=1)
    put(state, 2, cats=1, wood=1)
    put(state, 10, cats=1, moles=1, wood=5)  # not ruled: its wood is cut off
    put(state, 1, buildings=())
    # The second sawmill costs 1 wood and scores 1.
    assert BuildCats(building="sawmill", clearing=5) in GAME.legal_actions(state)
    act(state, BuildCats(building="sawmill", clearing=5))
    assert GAME.legal_actions(state) == [PayWood(clearing=1), PayWood(clearing=2)]
    act(state, PayWood(clearing=2))
    assert wood_in(state.clearings[2]) == 0 and wood_in(state.clearings[1]) == 1
    assert state.clearings[5].buildings == ["sawmill"]
    assert marquise_of(state).vp == 1


def test_build_costs_and_points_follow_the_track() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    put(state, 2, cats=3, buildings=("workshop", "workshop"), wood=2)
    put(state, 7, cats=3, buildings=("workshop",))
    # A fourth workshop: 3 wood, but only 2 in reach.
    assert not any(
        isinstance(a, BuildCats) and a.building == "workshop" for a in GAME.legal_actions(state)
    )
    put(state, 5, cats=1, wood=1)
    state.clearings[2].buildings = ["workshop"]
    # The third workshop: 2 wood, 2 points.
    act(state, BuildCats(building="workshop", clearing=5))
    act(state, PayWood(clearing=2))
    act(state, PayWood(clearing=2))
    assert wood_in(state.clearings[5]) == 1
    assert marquise_of(state).vp == 2


def test_building_needs_rule_and_a_free_slot() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 1, cats=1, buildings=("workshop",), wood=4)  # Hill: one slot, full
    put(state, 5, cats=1, moles=1, wood=4)  # a tie: not ruled
    assert not any(isinstance(a, BuildCats) for a in GAME.legal_actions(state))


def test_overwork_spends_a_matching_card_for_wood() -> None:
    state = blank(turn=CATS, step="actions")
    hold_daylight(state)
    put(state, 5, cats=1, buildings=("sawmill",))  # rabbit
    fox, bird = give(state, CATS, "fox-anvil", "bird-crossbow")
    overworks = {a for a in GAME.legal_actions(state) if isinstance(a, Overwork)}
    assert overworks == {Overwork(card=bird, clearing=5)}
    act(state, Overwork(card=bird, clearing=5))
    assert wood_in(state.clearings[5]) == 1 and bird in state.discard


def test_a_bird_card_buys_an_extra_action() -> None:
    state = blank(turn=CATS, step="actions", actions=0)
    hold_daylight(state)
    put(state, 1, cats=2)
    (bird,) = give(state, CATS, "bird-crossbow")
    assert "move" not in kinds(state)
    act(state, ExtraAction(card=bird))
    assert state.actions_left == 1 and "move" in kinds(state)


@pytest.mark.parametrize("recruiters,draws", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_evening_draws_grow_at_the_third_and_fifth_recruiter(recruiters: int, draws: int) -> None:
    state = blank(turn=CATS, step="evening_start")
    for n in (2, 5, 6, 7, 8, 9)[:recruiters]:
        put(state, n, cats=1, buildings=("recruiter",))
    done(state)
    assert len(marquise_of(state).hand) == draws


def test_the_marquise_may_end_daylight_early() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 1, cats=2)
    done(state)
    assert state.step != "actions"
