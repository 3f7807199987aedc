"""The Corvids against the Vagabond (his pawn is a faction piece: he may be
extorted, may expose, a bomb damages his items; Slip leaves a snare; his
Strike takes a plot), and Exposure's windows through the Corvids' turn."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, turn
from boardgames_tui.games.root.actions import DECLINE
from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN, PLOTS
from boardgames_tui.games.root.factions.corvids.actions import (
    Expose,
    FlipPlot,
    PlacePlot,
    Trick,
)
from boardgames_tui.games.root.factions.corvids.decisions import ExposureChance
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import HOSTILE, INDIFFERENT, PAWN, VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import Slip, Strike, Walk
from boardgames_tui.games.root.model import RootState
from tests.games.root.corvid_helpers import plot
from tests.games.root.helpers import act
from tests.games.root.pieces import corvids_of, vagabond_of
from tests.games.root.tables import deal, put
from tests.games.root.vagabond_helpers import blank as vblank
from tests.games.root.vagabond_helpers import forest, items, takes_hits


def table(turn: int = CORVIDS, step: str = "flip", place: int = 5) -> RootState:
    """The Corvids and the Vagabond (a Thief with no items, in ``place``)."""
    state = vblank(factions="corvids,vagabond", turn=turn, step=step, place=place)
    state.actions_left = 3
    return state


def chances(state: RootState) -> list[ExposureChance]:
    return [p for p in state.stack if isinstance(p, ExposureChance)]


# ----------------------------------------------------------- the Vagabond
def test_an_extortion_takes_a_random_card_from_the_vagabond_there() -> None:
    """13.7.3: "take a random card from each enemy player with faction
    pieces in its clearing"; his pawn is a faction piece (the glossary:
    "All the warriors, pawns, buildings, and tokens listed on the back of a
    faction board"), and he holds a hand like anyone (9.6.2)."""
    state = table()
    put(state, 5, CORVIDS, 1)
    plot(state, 5, "extortion")
    (card,) = deal(state, VAGABOND, "fox-anvil")
    act(state, FlipPlot(clearing=5))
    assert vagabond_of(state).hand == [] and card in corvids_of(state).hand


def test_the_vagabond_exposes_a_plot_where_his_pawn_stands() -> None:
    """13.2.4: "an enemy player with faction pieces in a clearing with a
    facedown plot token may show the Corvids a matching card"; right, he
    removes it and scores. Removing a token makes no one hostile (FAQ)."""
    state = table(step="birdsong")
    plot(state, 5, "bomb")
    (card,) = deal(state, VAGABOND, "rabbit-a-visit-to-friends")  # Creek is rabbit
    turn.enter(state, "birdsong")
    turn.settle(state)
    assert chances(state) and chances(state)[-1].faction == VAGABOND
    assert GAME.to_act(state) == state.seat(VAGABOND)
    act(state, Expose(clearing=5, card=card, plot="bomb"))
    assert FACE_DOWN not in state.clearings[5].tokens
    v = vagabond_of(state)
    assert v.vp == 1 and card in v.hand and v.relations[CORVIDS] == INDIFFERENT


def test_a_bomb_damages_three_of_his_items_and_leaves_his_pawn() -> None:
    """13.7.1 with 9.2.2.I: "Whenever an enemy player uses an effect that
    says it removes all enemy pieces from a clearing (such as ... Conspiracy
    bombs) with the Vagabond, the Vagabond damages three items." The pawn
    "cannot be removed from the map"."""
    state = table()
    items(state, "boots", "sword", "torch", "tea")
    put(state, 5, CORVIDS, 1)
    plot(state, 5, "bomb")
    act(state, FlipPlot(clearing=5))
    assert PAWN in state.clearings[5].tokens and vagabond_of(state).place == 5
    v = takes_hits(state, 3)
    assert len(v.damaged) == 3 and len(v.ready) == 1
    assert "bomb" not in state.clearings[5].tokens


def test_slip_leaves_a_snared_clearing_his_move_does_not() -> None:
    """13.7.2: "enemy pieces cannot be ... moved from its clearing"; 9.4.2:
    Slip "ignores all effects that prevent movement out of a clearing (such
    as the Corvids' snare)". Moving into a snared clearing is allowed."""
    state = table(turn=VAGABOND, step="wander")
    items(state, "boots", "boots")
    plot(state, 5, "snare", up=True)
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Walk)]
    state.step = "slip"
    slips = {a.to for a in GAME.legal_actions(state) if isinstance(a, Slip)}
    assert slips >= set(state.woodland.neighbours(5))
    state = table(turn=VAGABOND, step="wander", place=1)
    items(state, "boots")
    plot(state, 5, "snare", up=True)
    assert Walk(clearing=5) in GAME.legal_actions(state)


def test_his_strike_removes_a_plot_where_no_corvid_warrior_stands() -> None:
    """9.5.6: "If that enemy has no warriors there, you may instead remove
    one of their other faction pieces there": a face-down plot is a token
    (a point, 3.2.1); a raid removed places its warriors (13.7.4); no
    warrior removed, so no hostility (9.2.9.3)."""
    state = table(turn=VAGABOND, step="wander")
    items(state, "crossbow")
    plot(state, 5, "raid")
    put(state, 5, CORVIDS, 1)
    assert Strike(faction=CORVIDS) in GAME.legal_actions(state)
    assert Strike(faction=CORVIDS, piece=FACE_DOWN) not in GAME.legal_actions(state)
    state.clearings[5].warriors.pop(CORVIDS)
    corvids_of(state).warriors += 1
    act(state, Strike(faction=CORVIDS, piece=FACE_DOWN))
    assert FACE_DOWN not in state.clearings[5].tokens
    v = vagabond_of(state)
    assert v.vp == 1 and v.relations[CORVIDS] == INDIFFERENT
    for n in state.woodland.neighbours(5):
        assert state.clearings[n].warriors.get(CORVIDS) == 1
    assert corvids_of(state).supply.count("raid") == 2


def test_striking_a_corvid_warrior_makes_them_hostile() -> None:
    state = table(turn=VAGABOND, step="wander")
    items(state, "crossbow")
    put(state, 5, CORVIDS, 1)
    act(state, Strike(faction=CORVIDS))
    assert vagabond_of(state).relations[CORVIDS] == HOSTILE


# ------------------------------------------------- Exposure's windows
def test_a_plot_placed_opens_a_window_for_the_enemies_there() -> None:
    """13.2.4: "Anytime on their turn": a plot placed beside an enemy's
    pieces may be guessed before the Corvids act again (R-CORVID-EXPOSURE);
    an enemy elsewhere is not asked."""
    state = table(step="corvid_actions")
    put(state, 5, CORVIDS, 3)
    (card,) = deal(state, VAGABOND, "rabbit-a-visit-to-friends")
    act(state, PlacePlot(clearing=5, plot="bomb"))
    (chance,) = chances(state)
    assert chance.faction == VAGABOND and chance.when == "plot"
    assert GAME.legal_actions(state) == [
        *(Expose(clearing=5, card=card, plot=k) for k in PLOTS),
        DECLINE,
    ]
    act(state, DECLINE)
    assert state.turn == CORVIDS and state.actions_left == 2 and not chances(state)
    state = table(step="corvid_actions", place=forest(0))
    put(state, 5, CORVIDS, 3)
    act(state, PlacePlot(clearing=5, plot="bomb"))
    assert not chances(state)


def test_a_trick_of_face_down_plots_opens_a_window_face_up_does_not() -> None:
    state = table(step="corvid_actions")
    plot(state, 5, "bomb")
    plot(state, 1, "raid")
    act(state, Trick(first=1, second=5))
    assert [c.when for c in chances(state)] == ["trick"]
    act(state, DECLINE)
    plot(state, 2, "snare", up=True)
    plot(state, 10, "extortion", up=True)
    act(state, Trick(first=2, second=10))
    assert not chances(state)


def test_a_flip_with_another_plot_to_flip_opens_a_window_there() -> None:
    """Between two flips (each its own, "Any number of times"), an enemy
    beside the next plot may guess it before it goes off."""
    state = table()
    put(state, 1, CORVIDS, 1)
    put(state, 5, CORVIDS, 1)
    plot(state, 1, "snare")
    plot(state, 5, "bomb")
    act(state, FlipPlot(clearing=1))
    assert [(c.faction, c.when) for c in chances(state)] == [(VAGABOND, "flip")]
    act(state, DECLINE)
    act(state, FlipPlot(clearing=5))  # the bomb: nothing left face down to flip
    while state.stack and state.stack[-1].faction == VAGABOND:
        act(state, GAME.legal_actions(state)[0])
    assert not chances(state)


def test_the_window_comes_after_what_the_action_set_off() -> None:
    """1.4.2: "You cannot interrupt an action": a flipped bomb is over (his
    items damaged) before the window it opens for the Marquise beside the
    next plot is asked."""
    state = vblank(factions="marquise,corvids,vagabond", turn=CORVIDS, step="flip", place=5)
    items(state, "boots", "sword")
    put(state, 5, CORVIDS, 1)
    put(state, 1, CORVIDS, 1)
    put(state, 1, CATS, 1)
    plot(state, 5, "bomb")
    plot(state, 1, "snare")
    act(state, FlipPlot(clearing=5))
    assert state.stack[-1].faction == VAGABOND  # his items first
    assert [c.faction for c in chances(state)] == [CATS]
    while state.stack[-1].faction == VAGABOND:
        act(state, GAME.legal_actions(state)[0])
    assert isinstance(state.stack[-1], ExposureChance) and state.stack[-1].faction == CATS
