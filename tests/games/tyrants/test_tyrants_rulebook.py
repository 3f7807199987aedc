"""Four rules the full rulebook settles (issue 30), each tested from its
quoted sentence (rulings R-START, R-SPY-MOVE, R-MARKER and R-TIE in
``docs/rules/tyrants.md``), and the save of a game played before them, which
replays under the rules it was played by (ruling R-RULES)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from boardgames_tui.engine.game import IllegalAction
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants import GAME, ops
from boardgames_tui.games.tyrants import actions as a
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState

from .helpers import ANA, BEN, act, clear, count, put, seats, spy, table

OLD_SAVE = Path(__file__).parents[2] / "engine" / "old_saves" / "tyrants-rules-1.json"

#: Five sites for Ana's five spies, none of them where the tests act.
SPY_SITES = ("blingdenstone", "gracklstugh", "kanaglym", "everfire", "llacerellyn")


# ----------------------------------------------------------- start sites
def test_a_start_site_taken_by_another_player_is_not_offered() -> None:
    """Rulebook, setup: "Starting with the first player, each player deploys
    a troop in any starting site on the game map not already taken by
    another player." """
    state = GAME.setup(seats(2), {"first_player": 0}, 0)
    GAME.apply(state, a.PlaceStartTroop(site="mantol-derith"))
    offered = {x.site for x in GAME.legal_actions(state)}  # type: ignore[union-attr]
    assert offered == {"skullport", "eryndlyn", "ched-nasad"}
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, a.PlaceStartTroop(site="mantol-derith"))
    message = str(refused.value)
    assert "Mantol-Derith" in message and "taken by Ana" in message and "\n" not in message
    assert state.troops["mantol-derith"].count(BEN) == 0 and state.placing == [BEN]


def test_white_troops_do_not_take_a_start_site() -> None:
    state = GAME.setup(seats(2), {"first_player": 0}, 0)
    assert WHITE in state.troops["mantol-derith"]
    assert a.PlaceStartTroop(site="mantol-derith") in GAME.legal_actions(state)


# ------------------------------------------------------------ a spy moved
def test_with_all_five_spies_placed_one_may_be_returned_and_placed_again() -> None:
    """Rulebook, place a spy: "If you take this action while all your spies
    are already placed, you may either do nothing or first return one of
    your spies and then place it." """
    s = table(hand=["spy-master"])
    for site in SPY_SITES:
        spy(s, site, ANA)
    act(s, a.PlayCard(card="spy-master"))
    offered = set(GAME.legal_actions(s))
    assert offered == {a.ReturnOwnSpy(site=site) for site in SPY_SITES} | {a.Stop()}
    assert "all your spies are placed" in GAME.prompt(s)
    words = GAME.describe(s, a.ReturnOwnSpy(site="kanaglym"))
    assert words == "Return your spy from Kanaglym to place it again."
    assert GAME.describe(s, a.Stop()) == "Place no spy: leave all five where they are."
    act(s, a.ReturnOwnSpy(site="kanaglym"))
    assert s.players[ANA].spies == 1 and ANA not in s.spies["kanaglym"]
    places = {x.site for x in GAME.legal_actions(s)}  # type: ignore[union-attr]
    assert "ched-nasad" in places and not places & (set(SPY_SITES) - {"kanaglym"})
    act(s, a.PlaceSpy(site="ched-nasad"))
    assert not s.jobs and s.players[ANA].spies == 0
    assert ANA in s.spies["ched-nasad"] and ANA not in s.spies["kanaglym"]


def test_with_all_five_spies_placed_the_player_may_do_nothing() -> None:
    s = table(hand=["spy-master"])
    for site in SPY_SITES:
        spy(s, site, ANA)
    before = dict(s.spies)
    events = act(s, a.PlayCard(card="spy-master"), a.Stop())
    assert not s.jobs and s.spies == before
    assert any("leaves their spies where they are" in e.text for e in events)


def test_the_spys_site_is_where_the_moved_spy_went() -> None:
    """Yan-C-Bin, "place a spy, then assassinate a troop at the spy's site",
    with all five spies out: one spy moves to Ched Nasad and the troop there
    is assassinated."""
    s = table(hand=["yan-c-bin"])
    for site in SPY_SITES:
        spy(s, site, ANA)
    act(
        s,
        a.PlayCard(card="yan-c-bin"),
        a.ReturnOwnSpy(site="everfire"),
        a.PlaceSpy(site="ched-nasad"),
    )
    assert count(s, "ched-nasad", BEN) == 0 and s.players[ANA].trophies == {"1": 1}


def test_a_spy_moved_before_the_rules_changed_was_not() -> None:
    """Rules 1 (saves from before the change) keep the old reading: nothing
    is placed."""
    s = table(hand=["spy-master"], options={"rules": 1})
    for site in SPY_SITES:
        spy(s, site, ANA)
    act(s, a.PlayCard(card="spy-master"))
    assert not s.jobs


# ---------------------------------------------------------------- markers
def green_dragon_position() -> TyrantsState:
    """Ana holds the Tsenviilyq marker; Menzoberranzan is tied 2-2 between
    Ana and Ben with Ana's only spy there."""
    s = table(hand=["green-dragon"])
    clear(s, "tsenviilyq")
    put(s, "tsenviilyq", ANA)
    clear(s, "menzoberranzan")
    put(s, "menzoberranzan", ANA, 2)
    put(s, "menzoberranzan", BEN, 2)
    spy(s, "menzoberranzan", ANA)
    ops.sync_markers(s)
    assert s.markers["tsenviilyq"] == ANA and s.markers["menzoberranzan"] is None
    return s


def test_a_marker_is_taken_the_moment_control_is_taken() -> None:
    """Rulebook, site control markers: "When you take control of a site that
    has a control marker, take that marker".  Green Dragon's second option
    supplants at the returned spy's site, taking Menzoberranzan, and then
    gains 1 VP per site control marker held: the marker just taken counts."""
    s = green_dragon_position()
    vp = s.players[ANA].vp
    act(
        s,
        a.PlayCard(card="green-dragon"),
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="menzoberranzan"),
    )
    assert not s.jobs and s.markers["menzoberranzan"] == ANA
    assert s.players[ANA].vp - vp == 2


def test_before_the_rules_changed_markers_waited_for_the_end_of_the_action() -> None:
    s = green_dragon_position()
    s.rules = 1
    vp = s.players[ANA].vp
    act(
        s,
        a.PlayCard(card="green-dragon"),
        a.ChooseOption(option=1),
        a.ReturnOwnSpy(site="menzoberranzan"),
    )
    assert s.markers["menzoberranzan"] == ANA and s.players[ANA].vp - vp == 1


# ------------------------------------------------------------------- ties
def test_a_tie_for_most_vp_the_tied_players_each_win() -> None:
    """Rulebook, end of the game: "If there's a tie for most, the tied
    players each win." """
    s = table(standard_troops=False)
    s.players[ANA].vp = 4
    s.players[BEN].vp = 4
    outcome = GAME.outcome(s)
    assert outcome.winners == [ANA, BEN]
    assert [r.rank for r in outcome.results] == [1, 1]
    assert outcome.summary == "Ana and Ben tie with 4 VP: the tied players each win."


# ------------------------------------------------------------- old saves
def test_a_game_saved_before_the_change_replays_under_its_rules(tmp_path: Path) -> None:
    """The save (written by the engine before these rulings) has both first
    troops at Mantol-Derith and a spy placed with all five out; it loads,
    replays and goes on under rules 1, its undo and its save too."""
    path = tmp_path / OLD_SAVE.name
    shutil.copy(OLD_SAVE, path)
    session = Session.load(path)
    assert session.options.rules == 1 and session.state.rules == 1  # type: ignore[attr-defined]
    first, second = session.actions[:2]
    assert first == second == a.PlaceStartTroop(site="mantol-derith")
    session.undo()
    assert session.state.rules == 1  # type: ignore[attr-defined]
    session.save()
    assert Session.load(path).options.rules == 1  # type: ignore[attr-defined]


def test_the_old_saves_moves_are_refused_under_the_new_rules() -> None:
    state = GAME.setup(seats(2), {"first_player": 0}, 1)
    assert state.rules == 2
    GAME.apply(state, a.PlaceStartTroop(site="mantol-derith"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, a.PlaceStartTroop(site="mantol-derith"))


# ------------------------------------------------------------------- bots
def test_the_rule_bot_moves_its_least_useful_spy_where_the_card_kills() -> None:
    """Yan-C-Bin with all five spies out: the rule bot takes back a spy from
    a site where it does least (an empty one) and places it where the card's
    assassination at the spy's site has a target."""
    from boardgames_tui.games.tyrants.bots import TyrantsBot

    s = table(hand=["yan-c-bin"])
    for site in SPY_SITES:
        spy(s, site, ANA)
    act(s, a.PlayCard(card="yan-c-bin"))
    bot = TyrantsBot(seed=0)
    first = bot.choose(GAME, s)
    assert isinstance(first, a.ReturnOwnSpy) and s.troops[first.site] == ()
    act(s, first)
    second = bot.choose(GAME, s)
    assert isinstance(second, a.PlaceSpy)
    assert any(c != ANA for c in s.troops[second.site])
    act(s, second)
    assert sum(s.players[ANA].trophies.values()) == 1
