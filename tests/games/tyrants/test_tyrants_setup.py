"""Setup: whites, markers, the market, starting decks, the first player and
the first troops (rulebook, setup paragraph)."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.engine.game import SetupError
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.cards import market_deck
from boardgames_tui.games.tyrants.model import WHITE

from .helpers import seats


@pytest.mark.parametrize(("n", "side"), [(2, "A"), (3, "A"), (3, "B"), (4, "A")])
def test_whites_markers_market_and_hands(n: int, side: str) -> None:
    state = GAME.setup(seats(n), {"side": side}, 5)
    whites = bd.setup_whites(n, side)  # type: ignore[arg-type]
    assert {s: occ.count(WHITE) for s, occ in state.troops.items() if occ} == whites
    assert set(state.troops) == set(bd.board_map(n, side).spaces)  # type: ignore[arg-type]
    assert state.whites_in_box + sum(whites.values()) == 40
    assert state.markers == {s: None for s in bd.marker_sites(n, side)}  # type: ignore[arg-type]
    # "shuffle them together ... revealing the top six cards as the market"
    assert len(state.market) == 6 and len(state.market_deck) == 74
    assert Counter(state.market + state.market_deck) == Counter(market_deck(("drow", "dragons")))
    for p in state.players:
        assert len(p.hand) == 5 and len(p.deck) == 5
        assert Counter(p.hand + p.deck) == {"noble": 7, "soldier": 3}
        assert (p.troops, p.spies, p.vp, p.power, p.influence) == (40, 5, 0, 0, 0)
    assert "insane-outcast" not in state.piles
    assert state.piles == {"priestess-of-lolth": 15, "house-guard": 15}


def test_demons_bring_the_insane_outcasts() -> None:
    state = GAME.setup(seats(2), {"half_decks": ("demons", "elementals")}, 1)
    assert state.piles["insane-outcast"] == 30
    assert Counter(state.market + state.market_deck) == Counter(
        market_deck(("demons", "elementals"))
    )


def test_the_first_player_is_random_or_chosen() -> None:
    firsts = {GAME.setup(seats(4), None, seed).first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = GAME.setup(seats(3), {"first_player": 2}, 0)
    assert state.first_player == 2 and GAME.to_act(state) == 2
    with pytest.raises(SetupError):
        GAME.setup(seats(2), {"first_player": 3}, 0)


def test_each_player_in_turn_places_a_troop_on_a_start_site() -> None:
    state = GAME.setup(seats(3), {"first_player": 1}, 0)
    starts = set(bd.start_sites(3, "A"))
    assert {x.site for x in GAME.legal_actions(state)} == starts  # type: ignore[union-attr]
    order = []
    for site in ("skullport", "ched-nasad", "eryndlyn"):
        order.append(GAME.to_act(state))
        GAME.apply(state, a.PlaceStartTroop(site=site))
    assert order == [1, 2, 0]
    assert sorted(state.troops["skullport"]) == [WHITE, WHITE, 1]
    assert state.troops["ched-nasad"] == (2,) and state.troops["eryndlyn"] == (0,)
    assert state.phase == "main" and state.current == 1 and state.round == 1
    assert [p.troops for p in state.players] == [39, 39, 39]


def test_under_rules_1_start_sites_were_shared_until_full() -> None:
    """A game saved before ruling R-START replays as it was played: players
    shared a start site while it had room."""
    state = GAME.setup(seats(4), {"first_player": 0, "rules": 1}, 0)
    # Fill Eryndlyn (3 spaces, no whites) with three players' troops.
    for _ in range(3):
        GAME.apply(state, a.PlaceStartTroop(site="eryndlyn"))
    assert a.PlaceStartTroop(site="eryndlyn") not in GAME.legal_actions(state)
