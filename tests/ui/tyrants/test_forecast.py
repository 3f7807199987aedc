"""The score as it stands (V): each house's VP if the game ended now, by the
game's own final scoring, from public information only.  Against hand-built
positions: the parts add up as the rulebook counts them, and two positions
that differ only in what is hidden (which of a house's cards are in its hand
and which in its deck, and in what order) give the same forecast."""

from __future__ import annotations

import copy

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.model import TyrantsState, breakdowns
from boardgames_tui.ui.tyrants.dialogs import forecast, own_cards_text, score_text
from tests.games.tyrants.helpers import ANA, BEN, clear, put, spy, table


def position() -> TyrantsState:
    """Ana totally controls Eryndlyn (3 VP) and has 2 white trophies, a
    House Guard in her inner circle, a Blackguard in her discard pile and 4
    VP tokens; Ben controls Ched Nasad (3 VP, not totally: a spy of Ana's is
    there), holds a troop of Ana's as a trophy and has a Priestess of Lolth
    and an Advocate in his hand and a Drow Negotiator in his deck."""
    state = table(hand=("noble", "soldier"), discard=("blackguard",))
    clear(state, "eryndlyn")
    put(state, "eryndlyn", ANA, 3)
    put(state, "ched-nasad", BEN, 3)
    spy(state, "ched-nasad", ANA)
    ana, ben = state.players[ANA], state.players[BEN]
    ana.trophies = {"white": 2}
    ana.inner_circle = ["house-guard"]
    ana.vp = 4
    ben.trophies = {str(ANA): 1}
    ben.hand = ["priestess-of-lolth", "advocate"]
    ben.deck = ["drow-negotiator"]
    return state


def test_the_forecast_counts_each_part_of_final_scoring() -> None:
    state = position()
    ana, ben = forecast(GAME, state)
    assert ana == {
        "sites": 3,
        "total control": 2,
        "trophies": 2,
        "deck": 1,  # the Blackguard (Nobles and Soldiers are worth nothing in the deck)
        "inner circle": 3,  # the House Guard
        "tokens": 4,
    }
    assert ben == {
        "sites": 3,
        "total control": 0,  # Ana's spy is at Ched Nasad
        "trophies": 1,
        "deck": 3,  # Priestess, Advocate and Negotiator, hidden but all bought in the open
        "inner circle": 0,
        "tokens": 0,
    }
    # The game's own scoring on the whole state says the same.
    assert forecast(GAME, state) == breakdowns(state)


def test_hidden_information_does_not_change_the_forecast() -> None:
    state = position()
    other = copy.deepcopy(state)
    ben = other.players[BEN]
    # Ben's hand and deck hold the same cards, dealt otherwise.
    ben.hand, ben.deck = ["drow-negotiator", "priestess-of-lolth"], ["advocate"]
    other.players[ANA].hand.reverse()
    assert forecast(GAME, other) == forecast(GAME, state)
    # It is computed where nobody's hand is: the view no seat's cards are in.
    public = GAME.view(state, None)
    assert not public.players[BEN].hand and not public.players[BEN].deck
    assert forecast(GAME, state) == breakdowns(public)


def test_the_score_text_lists_the_totals_first_and_every_part() -> None:
    text = str(score_text(GAME, position()))
    assert text.startswith("If the game ended now (public information only):")
    # Ana 15, Ben 7: the leader first.
    assert text.index("Ana: 15 VP") < text.index("Ben: 7 VP")
    assert "sites 3 · total control 2 · trophies 2 · deck 1 · inner circle 3 · tokens 4" in text


def test_ones_own_cards_by_zone() -> None:
    state = position()
    state.players[ANA].deck = ["noble", "noble", "soldier"]
    text = str(own_cards_text(state, ANA))
    assert "Hand (2)\nNoble, Soldier" in text
    assert "Deck (3, in no order)\nNoble ×2, Soldier" in text
    assert "Discard pile (1)\nBlackguard" in text
    assert "Inner circle (1)\nHouse Guard" in text
    assert "Played this turn (0)\nnone" in text
