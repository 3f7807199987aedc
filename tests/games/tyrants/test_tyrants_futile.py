"""Choices that can do nothing (issue 45, item 5; ruling R-FUTILE): an
option of a card's choice that would do nothing says so in its words and
may still be chosen ("Choose one"); a cost is asked for only where paying
it buys something ("Pay the cost ... in order to get the effect").  Each
case here failed before: the option was offered silently, or the card was
devoured, discarded or the spy taken back for nothing.  The last test plays
cards' choices in many positions (test_tyrants_futile_games.py) and checks
that an option said to do nothing changes nothing."""

from __future__ import annotations

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import TyrantsState

from .helpers import ANA, act, put, spy, table

EXPANSION = {"half_decks": ("aberrations", "undead")}


def words(state: TyrantsState) -> list[str]:
    return [GAME.describe(state, x) for x in GAME.legal_actions(state)]


# ------------------------------------------------------------- the choices
def test_nothics_spy_option_says_it_does_nothing_with_no_spy_on_the_board() -> None:
    s = table(hand=["nothic"], options=EXPANSION)
    act(s, a.PlayCard(card="nothic"))
    said = words(s)
    assert said[0] == "Choose: place a spy."
    assert said[1].startswith("Choose (no effect: no spy of yours on the board): return one")
    events = act(s, a.ChooseOption(option=1))
    assert not s.jobs and s.players[ANA].hand == []
    assert "Nothic: no spy of yours on the board, so nothing is paid." in [e.text for e in events]


def test_nothics_spy_option_says_nothing_once_a_spy_is_out() -> None:
    s = table(hand=["nothic"], deck=["noble"], options=EXPANSION)
    spy(s, "kanaglym", ANA)
    act(s, a.PlayCard(card="nothic"))
    assert "no effect" not in words(s)[1]
    act(s, a.ChooseOption(option=1), a.ReturnOwnSpy(site="kanaglym"))
    assert s.players[ANA].hand == ["noble"]


def test_wights_devour_is_not_asked_for_when_nothing_can_be_supplanted() -> None:
    s = table(hand=["wight", "insane-outcast"], options=EXPANSION, standard_troops=False)
    put(s, "llacerellyn", ANA)  # nobody else within reach
    act(s, a.PlayCard(card="wight"))
    assert words(s)[1] == (
        "Choose (no effect: nothing to supplant a troop): "
        "devour a card from your hand to supplant a troop."
    )
    events = act(s, a.ChooseOption(option=1))
    assert not s.jobs, "no devour is asked for"
    assert s.players[ANA].hand == ["insane-outcast"] and s.devoured == []
    assert "Wight: nothing to supplant a troop, so nothing is paid." in [e.text for e in events]


def test_wights_devour_is_asked_for_when_a_troop_can_be_supplanted() -> None:
    s = table(hand=["wight", "insane-outcast"], options=EXPANSION)
    act(s, a.PlayCard(card="wight"))
    assert "no effect" not in words(s)[1]
    act(s, a.ChooseOption(option=1))
    assert a.DevourCard(card="insane-outcast") in GAME.legal_actions(s)


def test_an_option_with_no_target_says_so() -> None:
    """Blackguard's assassination with no enemy troop in reach: still
    offered (either option of a choice may be chosen), marked."""
    s = table(hand=["blackguard"], standard_troops=False)
    put(s, "llacerellyn", ANA)
    act(s, a.PlayCard(card="blackguard"))
    said = words(s)
    assert said == [
        "Choose: gain 2 power.",
        "Choose (no effect: nothing to assassinate a troop): assassinate a troop.",
    ]


def test_an_option_counting_what_the_player_lacks_says_so() -> None:
    s = table(hand=["aboleth"], options=EXPANSION)
    act(s, a.PlayCard(card="aboleth"))
    assert words(s)[1].startswith("Choose (no effect: no spies of yours on the board): draw")


def test_every_option_that_may_do_something_has_no_note() -> None:
    s = table(hand=["advocate"])
    act(s, a.PlayCard(card="advocate"))
    assert all("no effect" not in w for w in words(s))


# ---------------------------------------------------------------- the costs
def test_a_spy_is_taken_back_only_where_the_card_then_acts() -> None:
    """Cloaker: "return one of your spies → assassinate a troop at that
    spy's site": only the spy at a site with an enemy troop is offered."""
    s = table(hand=["cloaker"], options=EXPANSION)
    spy(s, "eryndlyn", ANA)  # Ben's troop there
    spy(s, "kanaglym", ANA)  # nobody's troop there
    act(s, a.PlayCard(card="cloaker"), a.ChooseOption(option=1))
    assert GAME.legal_actions(s) == [a.ReturnOwnSpy(site="eryndlyn"), a.Stop()]


def test_a_cost_that_buys_nothing_is_not_asked_for() -> None:
    """Glabrezu: "devour a card from your hand → assassinate 2 troops" with
    no enemy troop in reach: the card is not devoured, the log says why."""
    s = table(hand=["glabrezu", "noble"], standard_troops=False)
    put(s, "llacerellyn", ANA)
    events = act(s, a.PlayCard(card="glabrezu"))
    assert not s.jobs and s.players[ANA].hand == ["noble"] and s.devoured == []
    assert events[-1].text == "Glabrezu: nothing to assassinate 2 troops, so nothing is paid."


def test_any_number_of_spies_only_where_each_buys_a_supplant() -> None:
    s = table(hand=["grazzt"])
    spy(s, "eryndlyn", ANA)  # Ben's troop: something to supplant
    spy(s, "araumycos", ANA)  # white troops: something to supplant
    spy(s, "llacerellyn", ANA)  # empty: nothing
    act(s, a.PlayCard(card="grazzt"), a.ChooseOption(option=1))
    offered = GAME.legal_actions(s)
    assert a.ReturnOwnSpy(site="llacerellyn") not in offered
    assert {a.ReturnOwnSpy(site="eryndlyn"), a.ReturnOwnSpy(site="araumycos")} <= set(offered)


def test_a_choice_whose_options_both_do_nothing_still_lets_one_be_chosen() -> None:
    s = table(hand=["cloaker"], options=EXPANSION)
    s.players[ANA].spies = 0  # all five out, rules 1: placing is lost
    s.rules = 1
    act(s, a.PlayCard(card="cloaker"))
    said = words(s)
    assert len(said) == 2 and all(w.startswith("Choose (no effect: ") for w in said)
