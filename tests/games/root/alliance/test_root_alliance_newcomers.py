"""The Alliance against the factions that came after them: a revolt is a
"remove all enemy pieces" effect, so the Vagabond's pawn stays and three of
his items are damaged (Law 9.2.2.I), and a Corvid plot there is removed
like any token (a point for the Alliance)."""

from __future__ import annotations

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.factions.alliance import ALLIANCE, SYMPATHY
from boardgames_tui.games.root.factions.alliance.actions import Revolt
from boardgames_tui.games.root.factions.alliance.decisions import Outrage, OutrageDue
from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import ALLIED, PAWN, VAGABOND
from boardgames_tui.games.root.factions.vagabond import rules as vrules
from boardgames_tui.games.root.factions.vagabond.actions import Walk
from tests.games.root.corvid_helpers import plot
from tests.games.root.helpers import act
from tests.games.root.vagabond_helpers import blank as vblank
from tests.games.root.vagabond_helpers import deal, items, vagabond_of

from .helpers import alliance_of, blank, put, supporters, sympathy


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
    hits = state.stack[-1]  # he chooses which (a ready item or the exhausted)
    assert hits.faction == VAGABOND and getattr(hits, "count", 0) == 3
    while state.stack and state.stack[-1].faction == VAGABOND:
        act(state, GAME.legal_actions(state)[0])
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
