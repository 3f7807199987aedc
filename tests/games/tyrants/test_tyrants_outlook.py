"""The search's evaluation of a Tyrants position (its search profile's
``evaluate``, ``search_profile.search_evaluate``): VP plus what the deck
and the control markers held should still bring."""

from __future__ import annotations

import pytest

from boardgames_tui.games.tyrants import GAME, outlook
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.cards import card, promotes
from boardgames_tui.games.tyrants.ops import sync_markers
from boardgames_tui.games.tyrants.search_profile import PROFILE, search_evaluate

from .helpers import ANA, BEN, clear, put, table

STARTING = ["noble"] * 7 + ["soldier"] * 3


def test_a_better_deck_scores_higher() -> None:
    s = table(deck=STARTING)
    s.players[BEN].deck = list(STARTING)
    before = search_evaluate(s, ANA)
    s.players[ANA].deck[0] = "deathblade"  # a Noble swapped for a 6-cost card
    assert search_evaluate(s, ANA) > before
    assert search_evaluate(s, BEN) == -search_evaluate(s, ANA)


def test_a_card_bought_early_is_worth_more_than_its_deck_vp() -> None:
    s = table(deck=STARTING, influence=6)
    s.players[BEN].deck = list(STARTING)
    s.market[0] = "deathblade"
    before_search = search_evaluate(s, ANA)
    before_vp = GAME.evaluate(s, ANA)
    GAME.apply(s, a.Recruit(card="deathblade"))
    vp_gain = GAME.evaluate(s, ANA) - before_vp
    assert search_evaluate(s, ANA) - before_search > vp_gain + 5.0


def test_the_deck_counts_less_as_the_game_nears_its_end() -> None:
    s = table(deck=["deathblade"] + STARTING)
    s.players[BEN].deck = list(STARTING)
    early = search_evaluate(s, ANA)
    s.round = 15
    later = search_evaluate(s, ANA)
    s.round = 40
    last = search_evaluate(s, ANA)
    assert early > later > last > GAME.evaluate(s, ANA)
    assert outlook.rounds_left(s) == 1.0


def test_thinning_a_deck_of_starting_cards_around_a_strong_card_scores_higher() -> None:
    s = table(deck=["deathblade"] + STARTING)
    before = outlook.deck_yield(s, ANA)
    s.players[ANA].deck.remove("noble")
    s.players[ANA].inner_circle.append("noble")
    assert outlook.deck_yield(s, ANA) > before


def test_an_insane_outcast_weakens_the_deck() -> None:
    s = table(deck=STARTING)
    before = outlook.deck_yield(s, ANA)
    s.players[ANA].discard.append("insane-outcast")
    assert outlook.deck_yield(s, ANA) < before
    assert outlook.card_yield("insane-outcast") == 0.0
    assert outlook.card_yield("noble") == outlook.card_yield("soldier") == 1.0


def test_a_control_marker_held_counts_for_every_round_to_come() -> None:
    s = table(deck=STARTING)
    s.players[BEN].deck = list(STARTING)
    clear(s, "araumycos")
    sync_markers(s)
    before = search_evaluate(s, ANA)
    vp_before = GAME.evaluate(s, ANA)
    put(s, "araumycos", ANA, 2)
    sync_markers(s)
    assert s.markers["araumycos"] == ANA
    site_vp = GAME.evaluate(s, ANA) - vp_before
    gain = search_evaluate(s, ANA) - before
    assert gain == site_vp + outlook.MARKER_WEIGHT * outlook.rounds_left(s)


def test_deploying_a_troop_does_not_shorten_the_outlook() -> None:
    s = table(deck=STARTING, power=1)
    left = outlook.rounds_left(s)
    GAME.apply(s, a.Deploy(space="erynd-llace"))
    assert outlook.rounds_left(s) == left


def test_a_finished_game_is_its_score() -> None:
    s = table(deck=["deathblade"] + STARTING)
    s.phase = "over"
    assert outlook.rounds_left(s) == 0.0
    assert search_evaluate(s, ANA) == GAME.evaluate(s, ANA)


def test_a_card_that_promotes_is_worth_more_than_one_of_its_cost_that_does_not() -> None:
    # The Advocate promotes and the Spy Master does not; both cost 2.
    assert card("advocate").cost == card("spy-master").cost == 2
    assert promotes("advocate") and not promotes("spy-master")
    s = table(deck=STARTING)
    s.players[BEN].deck = list(STARTING)
    s.players[ANA].discard = ["spy-master"]
    without = search_evaluate(s, ANA)
    assert outlook.promote_rate(s, ANA) == 0.0
    s.players[ANA].discard = ["advocate"]
    assert outlook.promote_rate(s, ANA) == 5 / 11
    gain = outlook.PROMOTE_WEIGHT * 5 / 11 * outlook.rounds_left(s)
    assert search_evaluate(s, ANA) - without == pytest.approx(gain)


def test_the_search_profile_scores_by_the_outlook() -> None:
    """Tyrants' search profile names this evaluation; the greedy bot's
    ``evaluate`` stays the game's own."""
    assert GAME.search_profile is PROFILE
    assert PROFILE.evaluate is search_evaluate
    s = table(deck=["deathblade"] + STARTING)
    s.players[BEN].deck = list(STARTING)
    assert search_evaluate(s, ANA) != GAME.evaluate(s, ANA)


def test_each_market_weighs_by_its_own_fit() -> None:
    """The base market keeps the weights fitted on it; Aberrations with the
    Undead have their own (fitted on their rule-bot games, smaller: fewer
    of their cards promote another at every play); a market with no fit of
    its own takes the base market's."""
    base = outlook.Weights(deck_yield=0.65, promotions=1.15, markers=1.0)
    assert outlook.weights_for(("drow", "dragons")) == base
    assert outlook.weights_for(("dragons", "drow")) == base
    assert base == outlook.BASE_WEIGHTS
    new = outlook.Weights(deck_yield=0.46, promotions=0.64, markers=0.79)
    assert outlook.weights_for(("aberrations", "undead")) == new
    assert outlook.weights_for(("undead", "aberrations")) == new
    assert outlook.weights_for(("aberrations", "drow")) == base


@pytest.mark.parametrize(
    ("half_decks", "marker", "deck"),
    [(("drow", "dragons"), 1.0, 0.65), (("aberrations", "undead"), 0.79, 0.46)],
)
def test_the_outlook_takes_the_weights_of_the_market_in_play(
    half_decks: tuple[str, str], marker: float, deck: float
) -> None:
    s = table(deck=STARTING, options={"half_decks": list(half_decks)})
    assert s.half_decks == half_decks
    s.players[BEN].deck = list(STARTING)
    clear(s, "araumycos")
    sync_markers(s)
    before = search_evaluate(s, ANA)
    vp_before = GAME.evaluate(s, ANA)
    put(s, "araumycos", ANA, 2)
    sync_markers(s)
    site_vp = GAME.evaluate(s, ANA) - vp_before
    left = outlook.rounds_left(s)
    assert search_evaluate(s, ANA) - before == pytest.approx(site_vp + marker * left)
    # A Noble swapped for a Deathblade: the deck's yield, by the market's weight.
    yield_before = outlook.deck_yield(s, ANA)
    before = search_evaluate(s, ANA)
    vp_before = GAME.evaluate(s, ANA)
    s.players[ANA].deck[0] = "deathblade"
    vp_gain = GAME.evaluate(s, ANA) - vp_before  # the cards' deck VP
    gain = vp_gain + deck * (outlook.deck_yield(s, ANA) - yield_before) * left
    assert search_evaluate(s, ANA) - before == pytest.approx(gain)
