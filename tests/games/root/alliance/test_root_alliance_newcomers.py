"""The Alliance against the factions that came after them: a revolt is a
"remove all enemy pieces" effect, so the Vagabond's pawn stays and three of
his items are damaged (Law 9.2.2.I), and a Corvid plot there is removed
like any token (a point for the Alliance); Outrage from the newcomers
(allied warriors forced along are their owner's move, a Favor or a Strike
of his, a Corvid bomb or move; never a plot placed or flipped); a Favor of
the Alliance's against his items."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DECLINE, Craft, Move
from boardgames_tui.games.root.factions.alliance import ALLIANCE, SYMPATHY
from boardgames_tui.games.root.factions.alliance.actions import Revolt
from boardgames_tui.games.root.factions.alliance.decisions import Outrage, OutrageDue
from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN
from boardgames_tui.games.root.factions.corvids.actions import FlipPlot, PlacePlot
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import ALLIED, PAWN, VAGABOND
from boardgames_tui.games.root.factions.vagabond import rules as vrules
from boardgames_tui.games.root.factions.vagabond.actions import Strike, Walk
from boardgames_tui.games.root.model import RootState
from tests.games.root.corvid_helpers import plot
from tests.games.root.helpers import act
from tests.games.root.pieces import alliance_of, vagabond_of
from tests.games.root.tables import deal, put
from tests.games.root.vagabond_helpers import blank as vblank
from tests.games.root.vagabond_helpers import items, takes_hits

from .helpers import blank, supporters, sympathy


def test_a_revolt_leaves_the_vagabonds_pawn_and_damages_three_items() -> None:
    """9.2.2.I: the pawn is never removed; an effect removing all enemy
    pieces in his clearing damages three of his items instead."""
    state = blank(factions="alliance,vagabond")
    vrules.prepare(state)
    vagabond_of(state).character = "thief"
    vrules.put_pawn(state, 8)
    items(state, "hammer", "hammer", "hammer", exhausted=("boots",))
    sympathy(state, 8)
    supporters(state, "fox-anvil", "bird-crossbow")
    act(state, Revolt(clearing=8))
    c = state.clearings[8]
    assert PAWN in c.tokens and SYMPATHY in c.tokens and c.buildings == ["fox base"]
    v = vagabond_of(state)
    assert v.place == 8
    takes_hits(state, 3)  # he chooses which (a ready item or the exhausted)
    assert len(v.damaged) + len(v.damaged_down) == 3 and v.place == 8
    assert alliance_of(state).vp == 0  # the pawn is no building or token
    assert c.warriors.get(ALLIANCE, 0) == 1


def test_a_revolt_removes_a_corvid_plot_and_a_raid_places_its_warriors() -> None:
    """8.4.1: every enemy piece, a point per token: a face-down plot is a
    token. 13.2.4 (Raid): removed by anything but Exposure, a Corvid warrior
    goes to each adjacent clearing."""
    state = blank(factions="alliance,corvids")
    sympathy(state, 8)
    put(state, 8, CORVIDS, 1)
    plot(state, 8, "raid")
    supporters(state, "fox-anvil", "bird-crossbow")
    before = {n: state.clearings[n].warriors.get(CORVIDS, 0) for n in state.woodland.numbers}
    act(state, Revolt(clearing=8))
    while state.stack and state.stack[-1].faction == CORVIDS:
        act(state, GAME.legal_actions(state)[0])
    c = state.clearings[8]
    assert FACE_DOWN not in c.tokens and CORVIDS not in c.warriors
    assert alliance_of(state).vp == 1  # the plot
    for n in state.woodland.neighbours(8):
        assert state.clearings[n].warriors.get(CORVIDS, 0) == before[n] + 1


def test_allied_warriors_he_forces_along_owe_outrage_themselves() -> None:
    """8.2.6: whoever moves warriors into a sympathetic clearing owes
    Outrage. 9.2.9.2.2: he may "force warriors of one Allied faction to
    move"; 1.5.5: "Resolve this exactly as if that player were choosing to
    do this" -- so the Marquise moved them and pays, not the Vagabond (the
    FAQ: "If I move Allied warriors ... do I trigger Outrage? Nope!"). His
    pawn alone is no warrior (9.2.2) and owes nothing."""
    state = vblank(factions="alliance,marquise,vagabond", place=5)
    items(state, "boots", "boots")
    put(state, 5, CATS, 3)
    vagabond_of(state).relations[CATS] = ALLIED
    sympathy(state, 1, 10)
    (his,) = deal(state, VAGABOND, "bird-crossbow")  # a bird matches any clearing
    (theirs,) = deal(state, CATS, "bird-sappers")
    act(state, Walk(clearing=1, ally=CATS, count=2))
    assert state.stack and state.stack[-1].faction == CATS
    while state.stack and isinstance(state.stack[-1], (Outrage, OutrageDue)):
        assert state.stack[-1].faction == CATS
        act(state, GAME.legal_actions(state)[0])
    assert alliance_of(state).supporters == [theirs]
    assert state.player(VAGABOND).hand == [his] and state.player(CATS).hand == []
    act(state, Walk(clearing=10, ally=-1, count=0))
    assert vagabond_of(state).place == 10 and alliance_of(state).supporters == [theirs]
    assert not [p for p in state.stack if isinstance(p, (Outrage, OutrageDue))]


def test_allied_alliance_warriors_he_takes_into_sympathy_owe_nothing() -> None:
    """The FAQ (since the 8th printing): "If I move Allied warriors of the
    Woodland Alliance into a sympathetic clearing, do I trigger Outrage?
    Nope!" -- forced, they move as the Alliance's own."""
    state = vblank(factions="alliance,marquise,vagabond", place=5)
    items(state, "boots")
    put(state, 5, ALLIANCE, 2)
    vagabond_of(state).relations[ALLIANCE] = ALLIED
    sympathy(state, 1)
    deal(state, VAGABOND, "bird-crossbow")
    act(state, Walk(clearing=1, ally=ALLIANCE, count=2))
    assert state.clearings[1].warriors[ALLIANCE] == 2
    assert not [p for p in state.stack if isinstance(p, (Outrage, OutrageDue))]
    assert alliance_of(state).supporters == []


# ------------------------------------------------------------ Favor cards
def test_an_alliance_favor_damages_three_of_the_vagabonds_items() -> None:
    """Favor of the Foxes: "Remove all enemy pieces in fox clearings."
    9.2.2.I: "Whenever an enemy player uses an effect that says it removes
    all enemy pieces from a clearing (such as ... Favor of the Mice cards
    ...) with the Vagabond, the Vagabond damages three items." The
    Alliance craft it with sympathy (8.5.1)."""
    state = vblank(factions="alliance,vagabond", place=1, turn=ALLIANCE, step="alliance_daylight")
    items(state, "boots", "sword", "torch", "tea")
    sympathy(state, 1, 6, 8)
    (favor,) = deal(state, ALLIANCE, "fox-favor-of-the-foxes")
    act(state, Craft(card=favor, using=("fox", "fox", "fox")))
    assert vagabond_of(state).place == 1 and PAWN in state.clearings[1].tokens
    v = takes_hits(state, 3)
    assert len(v.damaged) == 3 and len(v.ready) == 1
    assert [SYMPATHY in state.clearings[n].tokens for n in (1, 6, 8)] == [True] * 3


def test_a_vagabond_favor_removing_sympathy_costs_him_a_card_per_token() -> None:
    """8.2.6: "Whenever another player removes a sympathy token ..." -- the
    FAQ: "Any player removing a sympathy token will cause outrage." His
    hammers are all of his clearing's suit (9.2.1)."""
    state = vblank(factions="alliance,vagabond", place=1, step="wander")
    items(state, "hammer", "hammer", "hammer")
    sympathy(state, 6, 8)
    favor, a, b = deal(state, VAGABOND, "fox-favor-of-the-foxes", "bird-crossbow", "fox-anvil")
    act(state, Craft(card=favor, using=("fox", "fox", "fox")))
    asked = []
    while state.stack and isinstance(state.stack[-1], (Outrage, OutrageDue)):
        assert state.stack[-1].faction == VAGABOND
        if isinstance(state.stack[-1], Outrage):
            asked.append(state.stack[-1].clearing)
        act(state, GAME.legal_actions(state)[0])
    assert sorted(asked) == [6, 8]
    assert sorted(alliance_of(state).supporters) == sorted([a, b])
    assert alliance_of(state).sympathy == 10 and vagabond_of(state).vp == 2


# ------------------------------------------------------------- the Corvids
def corvid_turn(step: str = "flip") -> RootState:
    state = blank(factions="alliance,corvids", turn=CORVIDS, step=step)
    state.actions_left = 3
    return state


def test_a_corvid_bomb_removing_sympathy_costs_the_corvids_a_card() -> None:
    """13.7.1: "Whenever a bomb token is flipped, remove all enemy pieces in
    its clearing" -- a sympathy token among them: 8.2.6, the Corvids removed
    it and owe Outrage (and score it, 3.2.1)."""
    state = corvid_turn()
    sympathy(state, 8)
    put(state, 8, CORVIDS, 1)
    plot(state, 8, "bomb")
    (card,) = deal(state, CORVIDS, "fox-anvil")
    act(state, FlipPlot(clearing=8))
    while state.stack and isinstance(state.stack[-1], (Outrage, OutrageDue)):
        assert state.stack[-1].faction == CORVIDS
        act(state, GAME.legal_actions(state)[0])
    assert SYMPATHY not in state.clearings[8].tokens
    assert alliance_of(state).supporters == [card]
    assert state.player(CORVIDS).vp == 1 + 1  # the flip's point and the token's


def test_a_plot_placed_or_flipped_on_sympathy_is_no_outrage() -> None:
    """The FAQ: "Does placing a piece in a sympathetic clearing trigger
    Outrage? Nope! You have to move in warriors or remove the sympathy."
    A plot is placed (13.5.2); flipping one removes nothing; a raid's
    warriors are placed (13.7.4)."""
    state = corvid_turn(step="corvid_actions")
    sympathy(state, 8, 3)
    put(state, 8, CORVIDS, 2)
    deal(state, CORVIDS, "bird-crossbow")
    act(state, PlacePlot(clearing=8, plot="snare"))
    assert not [p for p in state.stack if isinstance(p, (Outrage, OutrageDue))]
    act(state, DECLINE)  # the Alliance's chance to expose the plot by their token
    assert not state.stack
    state.step = "flip"
    act(state, FlipPlot(clearing=8))
    assert not state.stack and "snare" in state.clearings[8].tokens
    plot(state, 6, "raid")  # next to 3
    put(state, 6, ALLIANCE, 3)
    state.turn = ALLIANCE
    core.remove_piece(state, CORVIDS, 6, FACE_DOWN, ALLIANCE)
    assert state.clearings[3].warriors.get(CORVIDS) == 1
    assert not [p for p in state.stack if isinstance(p, (Outrage, OutrageDue))]
    assert alliance_of(state).supporters == []


def test_a_corvid_move_into_sympathy_costs_a_card() -> None:
    """8.2.6 and 13.5.1: their move is a move; Nimble changes only who may
    take it."""
    state = corvid_turn(step="corvid_actions")
    sympathy(state, 5)
    put(state, 1, CORVIDS, 2)
    deal(state, CORVIDS, "bird-crossbow")
    act(state, Move(origin=1, to=5, count=1))
    assert isinstance(state.stack[-1], (Outrage, OutrageDue))
    assert state.stack[-1].faction == CORVIDS


def test_his_strike_on_a_sympathy_token_costs_him_a_card() -> None:
    """9.5.6: with no Alliance warrior there he may strike another of their
    pieces; 8.2.6 and the FAQ ("Any player removing a sympathy token will
    cause outrage"): he pays, and scores the token (3.2.1)."""
    state = vblank(factions="alliance,vagabond", place=5)
    items(state, "crossbow")
    sympathy(state, 5)
    (card,) = deal(state, VAGABOND, "rabbit-smuggler-s-trail")  # Creek is rabbit
    act(state, Strike(faction=ALLIANCE, piece=SYMPATHY))
    while state.stack and isinstance(state.stack[-1], (Outrage, OutrageDue)):
        assert state.stack[-1].faction == VAGABOND
        act(state, GAME.legal_actions(state)[0])
    assert alliance_of(state).supporters == [card] and vagabond_of(state).vp == 1
