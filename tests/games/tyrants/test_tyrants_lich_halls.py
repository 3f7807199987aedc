"""The Lich takes from the trophy hall of a player with a troop at its spy's
site, and from no other (issue 46 item 11; ruling R-TROPHY-DEPLOY in
docs/rules/tyrants.md: "Lich takes up to 2, from the hall of one player
with a troop at the new spy's site (the first troop taken names the
hall)").  Three players, so that a hall it may not take from is there to
be offered by mistake."""

from __future__ import annotations

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import TyrantsState

from .helpers import ANA, BEN, CAL, act, put, table

EXPANSION = {"half_decks": ("aberrations", "undead")}


def lich_table() -> TyrantsState:
    """Ana holds the Lich; Ben has a troop at Ched Nasad and Cal none; both
    their trophy halls hold troops (Ana's own too)."""
    s = table(3, hand=["lich"], options=EXPANSION)
    s.players[ANA].trophies = {str(BEN): 1}
    s.players[BEN].trophies = {str(ANA): 1, str(CAL): 1}
    s.players[CAL].trophies = {str(ANA): 1, "white": 1}
    assert BEN in s.troops["ched-nasad"] and CAL not in s.troops["ched-nasad"]
    return s


def offered_halls(s: TyrantsState) -> set[int]:
    return {x.hall for x in GAME.legal_actions(s) if isinstance(x, a.TakeTrophy)}


def test_the_lich_offers_only_the_hall_of_a_player_at_its_spy_site_for_both_troops() -> None:
    s = lich_table()
    act(s, a.PlayCard(card="lich"), a.PlaceSpy(site="ched-nasad"))
    assert offered_halls(s) == {BEN}
    act(s, a.TakeTrophy(hall=BEN, colour=CAL), a.MoveTo(space="ched-nasad"))
    assert offered_halls(s) == {BEN}, "the second troop from another hall"
    act(s, a.TakeTrophy(hall=BEN, colour=ANA), a.MoveTo(space="ched-nasad"))
    assert not s.jobs
    assert s.players[BEN].trophies in ({}, {str(ANA): 0, str(CAL): 0})
    assert s.players[CAL].trophies == {str(ANA): 1, "white": 1}  # untouched
    assert s.troops["ched-nasad"].count(CAL) == 1 and s.troops["ched-nasad"].count(ANA) == 1


def test_with_two_players_at_the_site_the_first_troop_names_the_hall() -> None:
    s = lich_table()
    put(s, "ched-nasad", CAL)
    act(s, a.PlayCard(card="lich"), a.PlaceSpy(site="ched-nasad"))
    assert offered_halls(s) == {BEN, CAL}
    act(s, a.TakeTrophy(hall=CAL, colour=ANA), a.MoveTo(space="ched-nasad"))
    assert offered_halls(s) == {CAL}
    assert s.players[BEN].trophies == {str(ANA): 1, str(CAL): 1}


def test_with_no_other_player_at_the_site_no_hall_is_offered() -> None:
    s = lich_table()
    act(s, a.PlayCard(card="lich"), a.PlaceSpy(site="gauntlgrym"))
    assert offered_halls(s) == set()
    assert s.players[BEN].trophies == {str(ANA): 1, str(CAL): 1}
    assert s.players[CAL].trophies == {str(ANA): 1, "white": 1}
