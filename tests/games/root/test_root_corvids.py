"""The Corvid Conspiracy (Law 13), a test per paragraph: their pieces and
setup, crafting with plots, Nimble, Exposure, Embedded Agents, Birdsong's
flips and recruit, Daylight's plot and trick, Evening's Exert and draw,
and every plot's effect, against the Marquise, the Eyrie and the Duchy."""

from __future__ import annotations

from collections import Counter

import pytest

from boardgames_tui.games.root import GAME, core, turn
from boardgames_tui.games.root.actions import DECLINE, Battle, Craft, Move, Recruit
from boardgames_tui.games.root.factions.corvids import (
    CORVIDS,
    CORVIDS_FACTION,
    FACE_DOWN,
    PLOTS,
    UNKNOWN,
)
from boardgames_tui.games.root.factions.corvids.actions import (
    Expose,
    FlipPlot,
    PlacePlot,
    PlaceWarrior,
    RecruitCorvids,
    Scatter,
    Trick,
)
from boardgames_tui.games.root.factions.corvids.decisions import CorvidWarriors, ExposureChance
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.duchy.actions import Dig
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.eyrie.actions import BuildRoost, DecreeRecruit, Turmoil
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import BuildCats, Overwork
from boardgames_tui.games.root.model import HIDDEN, RootState
from tests.games.root.pieces import corvids_of, duchy_of, eyrie_of, marquise_of
from tests.games.root.tables import deal, legal, put, table

from .corvid_helpers import blank, plot
from .eyrie_helpers import decree
from .helpers import act, dice, done


def to_birdsong(state: RootState) -> None:
    turn.enter(state, "birdsong")
    turn.settle(state)


# ------------------------------------------------------------ 13.3 setup
def test_setup_gathers_15_warriors_and_8_plots_two_of_each_face_down() -> None:
    """13.3.1: "Form supplies of 15 warriors and 8 plot tokens face down." """
    player = blank().player(CORVIDS)
    assert player.warriors == 15
    assert Counter(corvids_of(blank()).supply) == dict.fromkeys(PLOTS, 2)


def test_scatter_places_one_warrior_in_a_clearing_of_each_suit_never_the_keep() -> None:
    """13.3.2: "Place 1 warrior in any clearing of each suit (total of 3)."
    The Marquise set up first (letter A): her keep's clearing is closed."""
    state = table("marquise,corvids")
    while state.setting_up != CORVIDS:
        act(state, legal(state)[0])
    keep = marquise_of(state).keep
    options = legal(state)
    assert options and all(isinstance(a, Scatter) for a in options)
    assert Scatter(clearing=keep) not in options
    suits = state.woodland.suits
    for _ in range(3):
        choice = legal(state)[0]
        act(state, choice)
    placed = [n for n in state.woodland.numbers if core.warriors(state, CORVIDS, n)]
    assert sorted(suits[n] for n in placed) == ["fox", "mouse", "rabbit"]
    assert corvids_of(state).warriors == 12
    assert not corvids_of(state).plots and len(corvids_of(state).supply) == 8


# ------------------------------------------------------- 13.2.1 crafting
def test_they_craft_in_birdsong_with_plots_face_up_or_down_each_once() -> None:
    """13.2.1 / 13.4.1: "activate plot tokens (whether face up or down)"."""
    state = blank(step="corvid_craft")
    plot(state, 1, "snare")  # fox, face down
    plot(state, 6, "raid", up=True)  # fox, face up
    (card,) = deal(state, CORVIDS, "fox-anvil")
    crafts = [a for a in legal(state) if isinstance(a, Craft)]
    assert crafts == [Craft(card=card, using=("fox",))]
    (boots,) = deal(state, CORVIDS, "bird-crossbow")
    act(state, Craft(card=card, using=("fox",)))
    assert [a for a in legal(state) if isinstance(a, Craft)] == [Craft(card=boots, using=("fox",))]


# ------------------------------------------------------ 13.2.2 the plots
def test_one_plot_per_clearing() -> None:
    """13.2.2.2: "Each clearing can hold only one plot token." """
    state = blank()
    put(state, 5, CORVIDS, 3)
    put(state, 2, CORVIDS, 3)
    plot(state, 5, "bomb")
    places = {a.clearing for a in legal(state) if isinstance(a, PlacePlot)}
    assert places == {2}


# --------------------------------------------------------- 13.2.3 Nimble
def test_nimble_they_move_whoever_rules_either_clearing() -> None:
    """13.2.3: "The Corvids can move regardless of who rules their origin or
    destination clearing." """
    state = blank()
    put(state, 5, CORVIDS, 1)
    put(state, 5, CATS, 3)
    put(state, 2, CATS, 3)
    assert Move(origin=5, to=2, count=1) in legal(state)
    assert Move(origin=5, to=1, count=1) in legal(state)


# ------------------------------------------------------- 13.2.4 Exposure
def exposure_table(guess_card: str = "rabbit-a-visit-to-friends") -> tuple[RootState, int]:
    """The Corvids' Birdsong begins with a face-down bomb in Creek (5,
    rabbit), a Marquise warrior there and a rabbit card in her hand."""
    state = blank(step="birdsong")
    put(state, 5, CORVIDS, 1)
    put(state, 5, CATS, 1)
    plot(state, 5, "bomb")
    (card,) = deal(state, CATS, guess_card)
    to_birdsong(state)
    return state, card


def test_an_enemy_with_pieces_there_may_expose_at_the_start_of_birdsong() -> None:
    """13.2.4: "an enemy player with faction pieces in a clearing with a
    facedown plot token may show the Corvids a matching card to guess the
    type"; the guesses are the four types with each matching card."""
    state, card = exposure_table()
    assert state.stack and isinstance(state.stack[-1], ExposureChance)
    assert GAME.to_act(state) == state.seat(CATS)
    assert legal(state) == [*(Expose(clearing=5, card=card, plot=k) for k in PLOTS), DECLINE]


def test_a_wrong_guess_gives_the_card_to_the_corvids() -> None:
    """13.2.4: "If incorrect, the Corvids say "no," and the enemy player
    gives that card to the Corvids." """
    state, card = exposure_table()
    act(state, Expose(clearing=5, card=card, plot="snare"))
    assert card in corvids_of(state).hand and card not in marquise_of(state).hand
    assert corvids_of(state).plots == {5: "bomb"}
    assert marquise_of(state).vp == 0


def test_a_right_guess_removes_the_plot_scores_a_point_and_ignores_a_raid() -> None:
    """13.2.4: "If correct, the enemy player removes the plot token (scoring
    a victory point) and ignores its effect"; 13.7.4 "(Ignore this effect
    if the raid is removed by Exposure.)" """
    state = blank(step="birdsong")
    put(state, 5, CATS, 1)
    plot(state, 5, "raid")
    (card,) = deal(state, CATS, "rabbit-a-visit-to-friends")
    to_birdsong(state)
    act(state, Expose(clearing=5, card=card, plot="raid"))
    assert FACE_DOWN not in state.clearings[5].tokens
    assert marquise_of(state).vp == 1
    assert card in marquise_of(state).hand  # shown, kept
    assert corvids_of(state).warriors == 15  # no raid
    assert corvids_of(state).supply.count("raid") == 2


def test_a_bird_card_matches_and_a_card_of_another_suit_does_not() -> None:
    state, bird = exposure_table("bird-royal-claim")
    (fox,) = deal(state, CATS, "fox-travel-gear")
    cards = {a.card for a in legal(state) if isinstance(a, Expose)}
    assert cards == {bird} and fox not in cards


def test_no_window_for_an_enemy_without_pieces_there_or_without_face_down_plots() -> None:
    state = blank(step="birdsong")
    put(state, 5, CORVIDS, 1)
    put(state, 2, CATS, 1)
    plot(state, 5, "bomb")
    plot(state, 2, "raid", up=True)
    to_birdsong(state)
    assert not any(isinstance(p, ExposureChance) for p in state.stack)


def test_an_enemy_holding_no_matching_card_is_still_asked_so_no_hand_is_revealed() -> None:
    state = blank(step="birdsong")
    put(state, 5, CATS, 1)
    plot(state, 5, "bomb")
    to_birdsong(state)
    assert legal(state) == [DECLINE]
    assert GAME.to_act(state) == state.seat(CATS)
    act(state, DECLINE)
    assert not any(isinstance(p, ExposureChance) and p.when == "birdsong" for p in state.stack)


def test_the_window_comes_again_before_the_evening_draw_after_exert() -> None:
    """13.2.4: "Anytime on their turn, but before drawing any cards in their
    Evening": the last window is after Exert, before the draw."""
    state = blank(step="corvid_actions")
    state.actions_left = 0
    put(state, 5, CATS, 1)
    put(state, 5, CORVIDS, 2)
    deal(state, CATS, "rabbit-a-visit-to-friends")
    state.actions_left = 1
    act(state, PlacePlot(clearing=5, plot="extortion"))
    # The plot placed opens a window for the Marquise there (R-CORVID-EXPOSURE).
    assert isinstance(state.stack[-1], ExposureChance) and state.stack[-1].when == "plot"
    act(state, DECLINE)
    # Daylight over; Exert offered first, then the window.
    assert state.step == "exert"
    hand = len(corvids_of(state).hand)
    done(state)
    assert state.step == "exposure" and isinstance(state.stack[-1], ExposureChance)
    assert len(corvids_of(state).hand) == hand  # not drawn yet
    act(state, DECLINE)
    assert state.turn != CORVIDS or len(corvids_of(state).hand) == hand + 1


def test_guesses_go_on_until_the_enemy_declines_or_nothing_is_left_to_guess() -> None:
    state, card = exposure_table()
    (other,) = deal(state, CATS, "rabbit-smuggler-s-trail")
    act(state, Expose(clearing=5, card=card, plot="raid"))
    assert isinstance(state.stack[-1], ExposureChance)
    act(state, Expose(clearing=5, card=other, plot="bomb"))
    assert not any(isinstance(p, ExposureChance) for p in state.stack)
    assert marquise_of(state).vp == 1


# ------------------------------------------------ 13.2.5 Embedded Agents
@pytest.mark.parametrize("warriors", [0, 2])
def test_embedded_agents_an_extra_hit_defending_with_a_face_down_plot(warriors: int) -> None:
    """13.2.5: "As defender in battle, if the Corvids have a facedown plot
    token (even defenseless) in the clearing of battle, they deal an extra
    hit." """
    state = blank(step="actions", turn=CATS)
    put(state, 5, CATS, 3)
    put(state, 5, CORVIDS, warriors)
    plot(state, 5, "snare")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    # The Marquise lost one warrior to the extra hit (the roll's low die is 0).
    assert core.warriors(state, CATS, 5) == 2


def test_no_embedded_agents_with_a_face_up_plot_or_as_attacker() -> None:
    state = blank(step="actions", turn=CATS)
    put(state, 5, CATS, 3)
    put(state, 5, CORVIDS, 2)
    plot(state, 5, "snare", up=True)
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    assert core.warriors(state, CATS, 5) == 3
    assert CORVIDS_FACTION.extra_hits(state, "attacker") == 0


# ------------------------------------------------------ 13.4.2 flipping
def test_flip_needs_a_corvid_warrior_and_scores_per_face_up_plot() -> None:
    """13.4.2: "flip a plot token face up in a clearing with any Corvid
    warriors, score one victory point per face-up plot token on the map
    (including the newly flipped one)" """
    state = blank(step="flip")
    plot(state, 1, "snare", up=True)
    plot(state, 5, "raid")
    plot(state, 2, "snare")
    put(state, 5, CORVIDS, 1)
    assert [a for a in legal(state) if isinstance(a, FlipPlot)] == [FlipPlot(clearing=5)]
    act(state, FlipPlot(clearing=5))
    assert "raid" in state.clearings[5].tokens and FACE_DOWN not in state.clearings[5].tokens
    assert corvids_of(state).vp == 2
    assert corvids_of(state).plots == {2: "snare"}


def test_a_bomb_removes_every_enemy_piece_scores_and_leaves() -> None:
    """13.7.1: "Whenever a bomb token is flipped, remove all enemy pieces in
    its clearing, then remove the bomb token."  A roost is a building (1),
    the Marquise's wood a token (1)."""
    state = blank("marquise,eyrie,corvids", step="flip")
    put(state, 2, CORVIDS, 1)
    put(state, 2, EYRIE, 2, "roost")
    put(state, 2, CATS, 1, "sawmill", "wood")
    marquise_of(state).wood -= 1
    plot(state, 2, "bomb")
    act(state, FlipPlot(clearing=2))
    c = state.clearings[2]
    assert c.warriors == {CORVIDS: 1} and not c.buildings and not c.tokens
    # 1 for the flip, 3 for the roost, the sawmill and the wood.
    assert corvids_of(state).vp == 4
    assert corvids_of(state).supply.count("bomb") == 2
    assert eyrie_of(state).roosts == 7  # the roost back on its track


def test_a_bomb_in_the_keep_clearing_removes_the_keep_for_good() -> None:
    state = blank(step="flip")
    put(state, 1, CORVIDS, 1)
    put(state, 1, CATS, 2, "keep")
    plot(state, 1, "bomb")
    deal(state, CATS, "fox-travel-gear")
    act(state, FlipPlot(clearing=1))
    assert marquise_of(state).keep == 0 and marquise_of(state).keep_removed
    assert corvids_of(state).vp == 2
    # No Field Hospitals: the keep is gone.
    assert not state.stack


def test_an_extortion_takes_a_random_card_from_each_enemy_there() -> None:
    """13.7.3: "take a random card from each enemy player with faction pieces
    in its clearing." """
    state = blank("marquise,eyrie,corvids", step="flip")
    put(state, 5, CORVIDS, 1)
    put(state, 5, CATS, 1)
    deal(state, CATS, "fox-travel-gear", "rabbit-smuggler-s-trail")
    deal(state, EYRIE, "mouse-sword")
    plot(state, 5, "extortion")
    act(state, FlipPlot(clearing=5))
    assert len(marquise_of(state).hand) == 1
    assert len(eyrie_of(state).hand) == 1  # no piece there
    assert len(corvids_of(state).hand) == 1


# ------------------------------------------------------- 13.4.3 recruit
def test_recruit_places_a_warrior_in_every_clearing_of_the_suit_skipping_the_keep() -> None:
    """13.4.3: "spend any card to place one warrior in each matching clearing.
    (If you spend a bird, choose one suit to place warriors in.)" """
    state = blank(step="corvid_recruit")
    put(state, 1, CATS, 1, "keep")
    (bird,) = deal(state, CORVIDS, "bird-royal-claim")
    options = [a for a in legal(state) if isinstance(a, RecruitCorvids)]
    assert {a.suit for a in options} == {"fox", "rabbit", "mouse"}
    act(state, RecruitCorvids(card=bird, suit="fox"))
    foxes = [n for n in state.woodland.of_suit("fox")]
    assert [core.warriors(state, CORVIDS, n) for n in foxes] == [0 if n == 1 else 1 for n in foxes]
    assert bird in state.discard


def test_recruit_once_per_turn_and_short_supply_chooses() -> None:
    state = blank(step="corvid_recruit")
    corvids_of(state).warriors = 2
    (card,) = deal(state, CORVIDS, "fox-travel-gear")
    deal(state, CORVIDS, "rabbit-smuggler-s-trail")
    act(state, RecruitCorvids(card=card, suit="fox"))
    top = state.stack[-1]
    assert isinstance(top, CorvidWarriors) and top.count == 2
    act(state, PlaceWarrior(clearing=12))
    act(state, PlaceWarrior(clearing=6))
    assert corvids_of(state).warriors == 0
    assert "recruit" in corvids_of(state).used


# ---------------------------------------------------------- 13.5.2 plot
def test_plot_costs_one_warrior_more_per_plot_placed_this_turn() -> None:
    """13.5.2: "Remove a Corvid warrior, plus another Corvid warrior per plot
    you have placed this turn, from a clearing with no plot tokens to place
    a facedown plot token there." """
    state = blank()
    put(state, 5, CORVIDS, 1)
    put(state, 2, CORVIDS, 2)
    put(state, 6, CORVIDS, 2)
    act(state, PlacePlot(clearing=5, plot="bomb"))
    assert core.warriors(state, CORVIDS, 5) == 0 and corvids_of(state).plots == {5: "bomb"}
    assert FACE_DOWN in state.clearings[5].tokens
    act(state, PlacePlot(clearing=2, plot="bomb"))
    assert core.warriors(state, CORVIDS, 2) == 0
    assert "bomb" not in corvids_of(state).supply
    # A third plot costs 3: nowhere has three.
    assert not [a for a in legal(state) if isinstance(a, PlacePlot)]


def test_a_plot_placed_by_exert_counts_for_the_cost_and_no_card_is_drawn() -> None:
    """13.6.1: "You may take one action listed in Daylight if you choose to
    not draw cards during Evening."  13.6.2: the draw is skipped."""
    state = blank()
    put(state, 5, CORVIDS, 1)
    put(state, 2, CORVIDS, 2)
    act(state, PlacePlot(clearing=5, plot="raid"))
    state.actions_left = 0
    done(state)  # end Daylight
    assert state.step == "exert"
    assert PlacePlot(clearing=2, plot="raid") in legal(state)
    hand = len(corvids_of(state).hand)
    act(state, PlacePlot(clearing=2, plot="raid"))
    assert core.warriors(state, CORVIDS, 2) == 0
    assert len(corvids_of(state).hand) == hand
    assert state.turn_number >= 2


def test_the_evening_draw_is_one_plus_one_per_face_up_extortion() -> None:
    """13.6.2: "Draw one card plus one card per face-up extortion token on the map." """
    state = blank(step="corvid_actions")
    state.actions_left = 0
    plot(state, 5, "extortion", up=True)
    plot(state, 2, "extortion", up=True)
    done(state)  # end Daylight
    done(state)  # no Exert
    assert len(corvids_of(state).hand) == 3


# ---------------------------------------------------------- 13.5.4 trick
def test_trick_swaps_two_face_down_or_two_face_up_plots_never_one_of_each() -> None:
    """13.5.4: "Swap two plot tokens on the map. Both plot tokens must be face
    up or face down." """
    state = blank()
    plot(state, 5, "bomb")
    plot(state, 2, "raid")
    plot(state, 6, "snare", up=True)
    plot(state, 7, "extortion", up=True)
    tricks = [a for a in legal(state) if isinstance(a, Trick)]
    assert tricks == [Trick(first=2, second=5), Trick(first=6, second=7)]
    act(state, Trick(first=2, second=5))
    assert corvids_of(state).plots == {5: "raid", 2: "bomb"}
    act(state, Trick(first=6, second=7))
    assert "extortion" in state.clearings[6].tokens and "snare" in state.clearings[7].tokens


# ----------------------------------------------------------- 13.7 snare
def test_a_snare_stops_the_marquise_placing_and_marching_out() -> None:
    """13.7.2: "While a snare token is face up, enemy pieces cannot be placed
    in or moved from its clearing."  Her recruit, build, wood and Overwork
    skip it; her warriors there stay."""
    state = blank(turn=CATS, step="actions")
    put(state, 5, CATS, 3, "recruiter", "sawmill")
    put(state, 2, CATS, 1, "recruiter")
    plot(state, 5, "snare", up=True)
    deal(state, CATS, "rabbit-smuggler-s-trail")
    marquise_of(state).wood = 8
    put(state, 2, CATS, 0, "wood")
    marquise_of(state).wood -= 1
    options = legal(state)
    assert not any(isinstance(a, Move) and a.origin == 5 for a in options)
    assert not any(isinstance(a, BuildCats) and a.clearing == 5 for a in options)
    assert not any(isinstance(a, Overwork) and a.clearing == 5 for a in options)
    act(state, Recruit())
    assert core.warriors(state, CATS, 5) == 3 and core.warriors(state, CATS, 2) == 2


def test_the_snare_binds_only_while_face_up_and_never_the_corvids() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 5, CATS, 3)
    plot(state, 5, "snare")
    assert any(isinstance(a, Move) and a.origin == 5 for a in legal(state))
    state = blank()
    put(state, 5, CORVIDS, 3)
    plot(state, 5, "snare", up=True)
    assert any(isinstance(a, Move) and a.origin == 5 for a in legal(state))


def test_a_snare_throws_the_eyrie_into_turmoil_when_its_decree_cannot_build_or_recruit() -> None:
    """A Decree card whose only matching clearing is snared cannot be
    carried out: Turmoil (Law 7.7 with 13.7.2)."""
    state = blank("marquise,eyrie,corvids", step="resolve", turn=EYRIE)
    eyrie = eyrie_of(state)
    eyrie.leader = "builder"
    eyrie.leaders = ["charismatic", "commander", "despot"]
    put(state, 4, EYRIE, 1, "roost")  # Haven, rabbit
    plot(state, 4, "snare", up=True)
    decree(state, 0, "rabbit-smuggler-s-trail")
    eyrie.decree[1:] = [[], [], []]
    state.step = "craft"
    done(state)
    options = legal(state)
    assert not any(isinstance(a, DecreeRecruit) for a in options)
    assert any(isinstance(a, Turmoil) for a in options)


def test_a_snare_stops_a_decree_build() -> None:
    state = blank("marquise,eyrie,corvids", step="resolve", turn=EYRIE)
    eyrie = eyrie_of(state)
    eyrie.leader = "despot"
    eyrie.leaders = ["charismatic", "commander", "builder"]
    put(state, 5, EYRIE, 2)  # Creek, rabbit, ruled
    plot(state, 5, "snare", up=True)
    put(state, 8, EYRIE, 1, "roost")
    decree(state, 3, "rabbit-smuggler-s-trail")
    state.step = "craft"
    done(state)
    while legal(state) and not any(isinstance(a, (BuildRoost, Turmoil)) for a in legal(state)):
        act(state, legal(state)[0])
    assert not any(isinstance(a, BuildRoost) and a.clearing == 5 for a in legal(state))


def test_a_snare_stops_a_duchy_dig_into_its_clearing() -> None:
    state = blank("duchy,corvids", step="assembly", turn=DUCHY)
    state.actions_left = 3
    put(state, 0, DUCHY, 3)
    deal(state, DUCHY, "rabbit-smuggler-s-trail")
    before = {a.clearing for a in legal(state) if isinstance(a, Dig)}
    assert 5 in before
    plot(state, 5, "snare", up=True)
    after = {a.clearing for a in legal(state) if isinstance(a, Dig)}
    assert 5 not in after and after == before - {5}


# ------------------------------------------------------------ 13.7.4 raid
def test_a_raid_removed_in_battle_places_a_warrior_in_each_adjacent_clearing() -> None:
    """13.7.4: "Whenever a raid token is removed (face up or down), place one
    warrior in each clearing adjacent to the clearing from which the raid
    was removed."  The keep's clearing (1) is skipped; the Marquise scores
    the token."""
    state = blank(turn=CATS, step="actions")
    put(state, 5, CATS, 3)
    put(state, 1, CATS, 1, "keep")
    plot(state, 5, "raid")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    while state.battle is not None:
        act(state, legal(state)[0])
    assert FACE_DOWN not in state.clearings[5].tokens
    assert core.warriors(state, CORVIDS, 2) == 1 and core.warriors(state, CORVIDS, 1) == 0
    assert marquise_of(state).vp >= 1
    assert corvids_of(state).supply.count("raid") == 2


def test_a_face_down_plot_other_than_a_raid_goes_back_unnamed() -> None:
    state = blank(turn=CATS, step="actions")
    put(state, 5, CATS, 3)
    plot(state, 5, "bomb")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    while state.battle is not None:
        act(state, legal(state)[0])
    assert corvids_of(state).warriors == 15
    assert corvids_of(state).supply.count("bomb") == 2


# ------------------------------------------------------- hidden information
def test_another_seat_sees_where_plots_are_never_their_type() -> None:
    state = blank()
    plot(state, 5, "bomb")
    plot(state, 2, "raid", up=True)
    theirs = GAME.view(state, state.seat(CATS))
    corvids = theirs.player(CORVIDS)
    assert corvids.plots == {5: UNKNOWN}  # type: ignore[attr-defined]
    assert corvids.supply == [UNKNOWN] * 6  # type: ignore[attr-defined]
    assert FACE_DOWN in theirs.clearings[5].tokens and "raid" in theirs.clearings[2].tokens
    mine = GAME.view(state, state.seat(CORVIDS))
    assert mine.player(CORVIDS).plots == {5: "bomb"}  # type: ignore[attr-defined]


def test_views_of_states_differing_only_in_a_face_down_plot_are_the_same() -> None:
    one, two = blank(), blank()
    plot(one, 5, "bomb")
    plot(two, 5, "snare")
    seat = one.seat(CATS)
    assert GAME.dump_state(GAME.view(one, seat)) == GAME.dump_state(GAME.view(two, seat))
    assert GAME.dump_state(GAME.view(one, None)) == GAME.dump_state(GAME.view(two, None))


def test_the_search_deals_the_hidden_plots_from_the_types_not_face_up() -> None:
    from boardgames_tui.engine.rng import Rng

    state = blank()
    plot(state, 5, "bomb")
    plot(state, 2, "bomb", up=True)
    plot(state, 6, "raid")
    seat = state.seat(CATS)
    for seed in range(20):
        dealt = GAME.determinize(GAME.view(state, seat), seat, Rng.from_seed(seed))
        corvids = corvids_of(dealt)
        assert set(corvids.plots) == {5, 6}
        every = Counter(corvids.supply) + Counter(corvids.plots.values()) + Counter({"bomb": 1})
        assert every == dict.fromkeys(PLOTS, 2)
        assert corvids.plots[5] != "bomb" or corvids.plots[6] != "bomb"


def test_the_log_of_a_plot_placed_names_no_type() -> None:
    state = blank()
    put(state, 5, CORVIDS, 1)
    events = GAME.apply(state, PlacePlot(clearing=5, plot="extortion"))
    assert events and not any("extortion" in e.text for e in events)


def test_the_corvids_are_told_the_card_a_guesser_shows_and_no_one_else() -> None:
    state = blank("marquise,eyrie,corvids", step="birdsong")
    put(state, 5, CATS, 1)
    plot(state, 5, "bomb")
    (card,) = deal(state, CATS, "rabbit-a-visit-to-friends")
    to_birdsong(state)
    act(state, Expose(clearing=5, card=card, plot="bomb"))
    assert marquise_of(state).seen_by == {CORVIDS: [card]}
    eyrie_view = GAME.view(state, state.seat(EYRIE))
    assert eyrie_view.player(CATS).hand == [HIDDEN]
    corvid_view = GAME.view(state, state.seat(CORVIDS))
    assert corvid_view.player(CATS).hand == [card]


def test_field_hospitals_bring_no_one_to_a_snared_keep() -> None:
    """13.7.2 with Law 6.2.2: the warriors Field Hospitals bring are placed
    in the keep's clearing, which a face-up snare closes."""
    state = blank(turn=CORVIDS, step="corvid_actions")
    put(state, 1, CATS, 1, "keep")
    plot(state, 1, "snare", up=True)
    put(state, 5, CATS, 1)
    put(state, 5, CORVIDS, 3)
    deal(state, CATS, "rabbit-a-visit-to-friends")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    while state.battle is not None:
        act(state, legal(state)[0])
    assert core.warriors(state, CATS, 5) == 0
    assert core.warriors(state, CATS, 1) == 1
    assert len(marquise_of(state).hand) == 1  # no card spent


def test_without_the_snare_field_hospitals_are_offered() -> None:
    state = blank(turn=CORVIDS, step="corvid_actions")
    put(state, 1, CATS, 1, "keep")
    put(state, 5, CATS, 1)
    put(state, 5, CORVIDS, 3)
    deal(state, CATS, "rabbit-a-visit-to-friends")
    dice(state, 3, 0)
    act(state, Battle(clearing=5))
    while state.battle is not None and state.stack[-1].kind != "hospital":
        act(state, legal(state)[0])
    assert state.stack[-1].kind == "hospital"


def test_a_bot_guesses_the_type_it_may_know_is_likelier_and_spares_a_good_card() -> None:
    """Every faction's rule bot rates an Exposure guess from what it sees:
    with both bombs face up... and gone, a bomb is never named; a guess of
    a type with both copies still hidden is worth more than one with a
    copy face up."""
    from boardgames_tui.games.root.bots import RootBot

    state, card = exposure_table()
    plot(state, 2, "snare", up=True)
    view = GAME.view(state, state.seat(CATS))
    bot = RootBot(seed=1)
    rate = {k: bot.rate(view, CATS, Expose(clearing=5, card=card, plot=k)) for k in PLOTS}
    assert rate["snare"] < rate["raid"] == rate["extortion"]
    assert rate["bomb"] > rate["snare"]


def test_a_bomb_on_duchy_buildings_sets_off_the_price_of_failure_once_and_scores_the_tunnel() -> (
    None
):
    """A bomb removes a citadel, a market and a tunnel (a point each): the
    Price of Failure (12.2.3) once for that removal, after the bomb is gone."""
    state = blank("duchy,corvids", step="flip")
    put(state, 5, CORVIDS, 1)
    put(state, 5, DUCHY, 2, "citadel", "tunnel")
    plot(state, 5, "bomb")
    duchy_of(state).swayed = ["Captain"]
    act(state, FlipPlot(clearing=5))
    assert not state.clearings[5].buildings and not state.clearings[5].tokens
    assert corvids_of(state).vp == 1 + 2
    assert duchy_of(state).tunnels == 3
    assert "Captain" not in duchy_of(state).swayed


def test_a_snare_keeps_duchy_warriors_in_its_clearing_even_from_the_burrow_tunnel() -> None:
    state = blank("duchy,corvids", step="assembly", turn=DUCHY)
    put(state, 5, DUCHY, 3, "tunnel")
    put(state, 2, DUCHY, 1)
    plot(state, 5, "snare", up=True)
    moves = [a for a in legal(state) if isinstance(a, Move)]
    assert moves and not any(m.origin == 5 for m in moves)
    assert any(m.to == 5 for m in moves)  # moving in is allowed


def test_a_snare_on_the_only_matching_clearing_turns_a_decree_move_into_turmoil() -> None:
    """The Eyrie's warriors in a snared clearing cannot move out: a Move
    card of that suit cannot be carried out, so Turmoil."""
    state = blank("marquise,eyrie,corvids", step="resolve", turn=EYRIE)
    eyrie = eyrie_of(state)
    eyrie.leader = "despot"  # viziers in Move and Build: the Move column comes first
    eyrie.leaders = ["charismatic", "commander", "builder"]
    put(state, 4, EYRIE, 3, "roost")  # Haven, rabbit: the Eyrie's only warriors
    plot(state, 4, "snare", up=True)
    decree(state, 1, "rabbit-smuggler-s-trail")
    eyrie.decree[0] = []
    eyrie.decree[2:] = [[], []]
    state.step = "craft"
    done(state)
    options = legal(state)
    assert not any(isinstance(a, Move) for a in options)
    assert any(isinstance(a, Turmoil) for a in options)
