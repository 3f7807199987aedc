"""The Vagabond against the rules others bring: the cards whose "initiate a
battle" and "take a move" are no action of his (Command Warren, the
Cobbler), and the Lake's Ferry for his pawn and the allied warriors he
forces along, with its draw ordered against Outrage by the mover."""

from __future__ import annotations

import json

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import DECLINE, DONE, DrawFirst, Sail
from boardgames_tui.games.root.factions.alliance import ALLIANCE
from boardgames_tui.games.root.factions.alliance.decisions import Outrage, OutrageDue
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import ALLIED, HOSTILE, VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import Attack, Slip, Walk
from boardgames_tui.games.root.map_rules import FerryCard, FerryOrder
from boardgames_tui.games.root.model import RootState
from tests.games.root.alliance.helpers import sympathy
from tests.games.root.helpers import act, card_ids
from tests.games.root.pieces import alliance_of, vagabond_of
from tests.games.root.tables import deal, put
from tests.games.root.vagabond_helpers import blank, items


def crafted(state: RootState, faction: int, design: str) -> None:
    """A persistent card of this design in the faction's play area."""
    card = next(i for i in card_ids(design, 3) if i in state.draw_pile)
    state.draw_pile.remove(card)
    state.player(faction).crafted.append(card)


# ------------------------------------------------------- Command Warren
def test_command_warren_lets_him_battle_at_the_start_of_daylight_with_no_sword() -> None:
    """Command Warren: "At start of Daylight, you may initiate a battle."
    4.3: a battle in a clearing with his pawn; 9.5.2's sword is the cost of
    his Battle action, not of a battle a card starts, so none is
    exhausted (and with none undamaged he deals no rolled hit, 9.2.6)."""
    state = blank(step="daylight_start", place=5)
    items(state, "boots", exhausted=("sword",))
    put(state, 5, CATS, 1)
    crafted(state, VAGABOND, "rabbit-command-warren")
    legal = GAME.legal_actions(state)
    assert Attack(clearing=5, defender=CATS) in legal and DONE in legal
    act(state, Attack(clearing=5, defender=CATS))
    v = vagabond_of(state)
    assert v.exhausted == ["sword"] and v.ready == ["boots"]
    assert state.step == "wander"  # the battle opens his Daylight


def test_command_warren_with_an_ally_and_never_in_a_forest() -> None:
    """9.2.9.2.3: "At the start of battle as the attacker, you may treat the
    warriors of one Allied faction ... as your own" -- any battle he
    initiates. In a forest there is no clearing of battle."""
    state = blank(factions="marquise,eyrie,vagabond", step="daylight_start", place=5)
    items(state, "sword")
    put(state, 5, CATS, 2)
    put(state, 5, EYRIE, 1)
    vagabond_of(state).relations[CATS] = ALLIED
    crafted(state, VAGABOND, "rabbit-command-warren")
    legal = GAME.legal_actions(state)
    assert Attack(clearing=5, defender=EYRIE, ally=CATS) in legal
    assert Attack(clearing=5, defender=CATS, ally=CATS) not in legal
    state = blank(step="daylight_start", place=17)
    crafted(state, VAGABOND, "rabbit-command-warren")
    assert GAME.legal_actions(state) == [DONE]


# ------------------------------------------------------------- the Cobbler
def test_the_cobbler_gives_him_a_move_paying_only_the_hostile_boots() -> None:
    """Cobbler: "At start of Evening, you may take a move." His Move action
    costs a boots (9.5.1); the card's move does not, but 9.2.9.3.2 still
    asks "an extra boots to move into a clearing with any warriors of any
    Hostile faction" (only Slip is said to be free of it, 9.4.2)."""
    state = blank(step="evening_start", place=5)
    items(state, "sword")
    crafted(state, VAGABOND, "rabbit-cobbler")
    put(state, 1, CATS, 1)
    vagabond_of(state).relations[CATS] = HOSTILE
    targets = {a.clearing for a in GAME.legal_actions(state) if isinstance(a, Walk)}
    assert targets == set(state.woodland.neighbours(5)) - {1}  # no boots for Hostile 1
    act(state, Walk(clearing=2))
    v = vagabond_of(state)
    assert v.place == 2 and v.ready == ["sword"]
    state = blank(step="evening_start", place=5)
    items(state, "boots")
    crafted(state, VAGABOND, "rabbit-cobbler")
    put(state, 1, CATS, 1)
    vagabond_of(state).relations[CATS] = HOSTILE
    act(state, Walk(clearing=1))
    assert vagabond_of(state).exhausted == ["boots"]


def test_the_cobblers_move_takes_allied_warriors_along() -> None:
    """9.2.9.2.2: "Whenever you move to an adjacent clearing, you may also
    force warriors of one Allied faction to move"."""
    state = blank(step="evening_start", place=5)
    crafted(state, VAGABOND, "rabbit-cobbler")
    put(state, 5, CATS, 2)
    vagabond_of(state).relations[CATS] = ALLIED
    act(state, Walk(clearing=2, ally=CATS, count=2))
    assert state.clearings[2].warriors[CATS] == 2 and vagabond_of(state).place == 2


# ---------------------------------------------------------------- the Ferry
def lake(factions: str = "marquise,vagabond", place: int = 1) -> RootState:
    state = blank(factions=factions, place=place, map="lake")
    assert state.ferry == 1
    return state


def test_his_pawn_sails_on_the_ferry_and_he_draws() -> None:
    """16.2.2.V: "pieces moving from the coastal clearing with the Ferry can
    move on the lake to any other coastal clearing, ignoring adjacency, and
    moving the Ferry along with them. (You still must rule the origin or
    destination clearing.) After this, the moving player draws one card."
    His pawn is a piece; he is Nimble (9.2.3), so rule does not matter; the
    move is his Move, a boots."""
    state = lake()
    items(state, "boots", "boots")
    put(state, 1, CATS, 3)
    put(state, 11, CATS, 3)
    sails = {a.clearing for a in GAME.legal_actions(state) if isinstance(a, Walk) and a.sail}
    assert sails == {10, 11, 12}
    act(state, Walk(clearing=11, sail=True))
    v = vagabond_of(state)
    assert v.place == 11 and state.ferry == 11 and len(v.hand) == 1
    assert v.ready == ["boots"]
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Walk) and a.sail]


def test_his_allies_sail_with_him_and_both_draw() -> None:
    """The FAQ on 16.2.2.V: "Can the Vagabond move Allied warriors using the
    Ferry ...? If so, does the Ally faction also draw a card? Yes to both!"
    """
    state = lake()
    items(state, "boots", "boots")
    put(state, 1, CATS, 2)
    vagabond_of(state).relations[CATS] = ALLIED
    act(state, Walk(clearing=12, ally=CATS, count=2, sail=True))
    assert state.clearings[12].warriors[CATS] == 2 and state.ferry == 12
    assert len(vagabond_of(state).hand) == 1 and len(state.player(CATS).hand) == 1


def test_the_ferry_never_carries_him_from_a_forest_or_another_clearing() -> None:
    state = lake(place=12)
    items(state, "boots")
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, Walk) and a.sail]


def test_a_sail_into_sympathy_lets_the_mover_order_the_draw_and_the_outrage() -> None:
    """The FAQ: "If I move the Ferry to a clearing with a sympathy token, do
    I draw the card first or trigger Outrage first? These happen at the
    same time, so you decide the order." Forced allied warriors move as
    their owner (1.5.5): the Marquise draws, owes Outrage and orders them."""
    for first in (True, False):
        state = lake(factions="alliance,marquise,vagabond")
        items(state, "boots", "boots")
        put(state, 1, CATS, 1)
        vagabond_of(state).relations[CATS] = ALLIED
        sympathy(state, 10)
        act(state, Walk(clearing=10, ally=CATS, count=1, sail=True))
        assert isinstance(state.stack[-1], FerryOrder) and state.stack[-1].faction == CATS
        assert len(vagabond_of(state).hand) == 1  # his own card: his pawn owes nothing
        assert GAME.legal_actions(state) == [DrawFirst(), DECLINE]
        top = state.draw_pile[-1]
        if first:
            act(state, DrawFirst())
            # The card drawn may pay the Outrage.
            assert state.player(CATS).hand == [top]
            assert isinstance(state.stack[-1], (Outrage, OutrageDue))
        else:
            act(state, DECLINE)
            # The hand was empty: shown, the Alliance draw; then the Ferry's card.
            assert not state.stack
            assert len(alliance_of(state).supporters) == 1
            assert len(state.player(CATS).hand) == 1
            assert not [p for p in state.stack if isinstance(p, FerryCard)]


def test_a_marquise_sail_into_sympathy_is_hers_to_order() -> None:
    """The shared move on the Ferry: the same choice for any mover."""
    state = lake(factions="alliance,marquise,vagabond")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 1, CATS, 2)
    sympathy(state, 11)
    act(state, Sail(origin=1, to=11, count=1))
    act(state, DONE)  # the March's second move not taken: the action is over (1.4.2)
    assert isinstance(state.stack[-1], FerryOrder)
    act(state, DECLINE)
    assert len(alliance_of(state).supporters) == 1 and len(state.player(CATS).hand) == 1
    assert alliance_of(state).faction == ALLIANCE


def test_his_slip_may_take_the_ferry() -> None:
    """9.4.2's Slip is a move; 16.2.2.V's Ferry carries "pieces moving from
    the coastal clearing with the Ferry": a Slip from there may cross the
    lake (no boots, as any Slip), and he draws."""
    state = lake()
    items(state, "boots")
    state.step = "slip"
    sails = {a.to for a in GAME.legal_actions(state) if isinstance(a, Slip) and a.sail}
    assert sails == {10, 11, 12}
    act(state, Slip(to=11, sail=True))
    v = vagabond_of(state)
    assert v.place == 11 and state.ferry == 11 and len(v.hand) == 1
    assert v.ready == ["boots"] and state.step == "wander"


def test_the_ferrys_order_and_its_card_waiting_are_saved_and_loaded() -> None:
    """Both waits are decisions on the stack, a part of the save format:
    the order asked, then the card waiting beneath the Outrage to pay."""
    state = lake(factions="alliance,marquise,vagabond")
    state.turn, state.step, state.actions_left = CATS, "actions", 3
    put(state, 1, CATS, 2)
    sympathy(state, 11)
    (card,) = deal(state, CATS, "bird-crossbow")
    act(state, Sail(origin=1, to=11, count=1))
    act(state, DONE)
    assert isinstance(state.stack[-1], FerryOrder)
    assert GAME.load_state(json.loads(json.dumps(GAME.dump_state(state)))) == state
    act(state, DECLINE)
    assert isinstance(state.stack[-1], Outrage) and isinstance(state.stack[-2], FerryCard)
    assert GAME.load_state(json.loads(json.dumps(GAME.dump_state(state)))) == state
    act(state, GAME.legal_actions(state)[0])
    assert alliance_of(state).supporters == [card] and len(state.player(CATS).hand) == 1
