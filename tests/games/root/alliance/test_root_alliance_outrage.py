"""Outrage (Law 8.2.6) from every other faction at the table: "Whenever
another player removes a sympathy token or moves any warriors into a
sympathetic clearing, they must add one card matching the affected clearing
from their hand to the Supporters stack.  If they have no matching cards
(including no birds), they must show their hand to the Alliance, and then
the Alliance draws a card from the deck and adds it to the Supporters
stack."  Placing warriors never causes it (the FAQ), nor the Alliance's own
moves.  The Vagabond is not yet at the table: his pawn (not a warrior)
moving in is his package's test when it comes."""

from __future__ import annotations

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Battle, Craft, Decline, Move, Recruit
from boardgames_tui.games.root.factions.alliance import ALLIANCE, SYMPATHY
from boardgames_tui.games.root.factions.alliance.actions import GiveSupporter
from boardgames_tui.games.root.factions.alliance.decisions import Outrage, OutrageDue
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.duchy.actions import Dig, Warriors
from boardgames_tui.games.root.factions.duchy.decisions import Brigadier
from boardgames_tui.games.root.factions.eyrie import EYRIE, Eyrie
from boardgames_tui.games.root.factions.eyrie.decree import column_cards
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState
from tests.games.root.helpers import act, dice
from tests.games.root.pieces import alliance_of
from tests.games.root.tables import deal, legal, put

from .helpers import base, blank, officers, supporters, sympathy


def marquise_turn(factions: str = "alliance,marquise") -> RootState:
    state = blank(factions=factions, turn=CATS, step="actions")
    state.actions_left = 3
    return state


def outrage_asked(state: RootState, faction: int, clearing: int) -> None:
    top = state.stack[-1]
    assert isinstance(top, Outrage) and top.faction == faction and top.clearing == clearing
    assert GAME.to_act(state) == state.seat(faction)


# ---------------------------------------------------------- the Marquise
def test_a_marquise_march_into_a_sympathetic_clearing_costs_a_matching_card() -> None:
    state = marquise_turn()
    sympathy(state, 5)  # Creek, rabbit
    put(state, 1, CATS, 3)
    rabbit, bird, fox = deal(state, CATS, "rabbit-cobbler", "bird-crossbow", "fox-anvil")
    act(state, Move(origin=1, to=5, count=2))
    act(state, DONE)  # no second move of the March
    outrage_asked(state, CATS, 5)
    assert {a.card for a in legal(state) if isinstance(a, GiveSupporter)} == {rabbit, bird}
    act(state, GiveSupporter(card=bird))
    assert alliance_of(state).supporters == [bird]
    assert sorted(state.player(CATS).hand) == sorted([rabbit, fox])


def test_with_no_matching_card_the_hand_is_shown_and_the_alliance_draw() -> None:
    """No card of the suit and no bird: the hand is shown to the Alliance
    (and to no one else), and the Alliance draw one onto the stack."""
    state = marquise_turn("alliance,marquise,duchy")
    sympathy(state, 5)
    put(state, 1, CATS, 3)
    hand = deal(state, CATS, "fox-anvil", "mouse-sword")
    top = state.draw_pile[-1]
    act(state, Move(origin=1, to=5, count=1))
    act(state, DONE)
    cats = state.player(CATS)
    assert cats.hand == hand
    assert alliance_of(state).supporters == [top]
    assert cats.seen_by == {ALLIANCE: hand}
    assert GAME.view(state, state.seat(ALLIANCE)).player(CATS).hand == sorted(hand)
    assert GAME.view(state, state.seat(DUCHY)).player(CATS).hand == [HIDDEN, HIDDEN]
    assert GAME.view(state, state.seat(DUCHY)).player(ALLIANCE).supporters == [HIDDEN]


def test_placing_warriors_in_a_sympathetic_clearing_is_no_outrage() -> None:
    """The FAQ: placing is not moving. The Marquise's Recruit places warriors
    at her recruiters."""
    state = marquise_turn()
    sympathy(state, 5)
    put(state, 5, CATS, 0, "recruiter")
    deal(state, CATS, "rabbit-cobbler")
    act(state, Recruit())
    assert core.warriors(state, CATS, 5) == 1
    assert not any(isinstance(p, Outrage) for p in state.stack)
    assert alliance_of(state).supporters == []


def test_a_marquise_battle_that_removes_sympathy_costs_a_card() -> None:
    state = marquise_turn()
    sympathy(state, 5)
    put(state, 5, CATS, 2)
    (card,) = deal(state, CATS, "rabbit-cobbler")
    dice(state, 2, 1)
    act(state, Battle(clearing=5))
    outrage_asked(state, CATS, 5)
    act(state, GiveSupporter(card=card))
    assert alliance_of(state).supporters == [card]
    assert alliance_of(state).sympathy == 10  # the token back on the track
    assert state.player(CATS).vp == 1


def test_the_defender_that_removes_sympathy_pays_in_the_alliances_turn() -> None:
    """Outrage is owed by whoever removes the token, the defender too: the
    Marquise pays in the Alliance's Evening (the screen hands off to her)."""
    state = blank(step="operations")
    officers(state, 1)
    state.actions_left = 1
    sympathy(state, 5)
    put(state, 5, ALLIANCE, 1)
    put(state, 5, CATS, 3)
    (card,) = deal(state, CATS, "rabbit-cobbler")
    dice(state, 2, 2)  # the Marquise deal 2: the warrior, then the token
    act(state, Battle(clearing=5))
    while state.battle is not None and not isinstance(state.stack[-1], Outrage):
        act(state, legal(state)[-1])
    outrage_asked(state, CATS, 5)
    assert state.turn == ALLIANCE
    act(state, GiveSupporter(card=card))
    assert card in alliance_of(state).supporters


def test_two_outrages_in_one_march_with_one_matching_card() -> None:
    """Each move into a sympathetic clearing is an Outrage; the second finds
    no matching card left, so the hand is shown."""
    state = marquise_turn()
    sympathy(state, 5, 2)
    put(state, 1, CATS, 1)
    put(state, 10, CATS, 1)
    (bird,) = deal(state, CATS, "bird-crossbow")
    top = state.draw_pile[-1]
    act(state, Move(origin=1, to=5, count=1))
    act(state, Move(origin=10, to=2, count=1))
    outrage_asked(state, CATS, 2)
    act(state, GiveSupporter(card=bird))
    assert sorted(alliance_of(state).supporters) == sorted([bird, top])
    assert state.player(CATS).known == []  # an empty hand shown


def test_the_card_owed_with_a_full_stack_and_no_base_is_discarded() -> None:
    state = marquise_turn()
    sympathy(state, 5)
    supporters(state, *["fox-tax-collector"] * 3, "mouse-sword", "mouse-codebreakers")
    put(state, 1, CATS, 1)
    (card,) = deal(state, CATS, "rabbit-cobbler")
    act(state, Move(origin=1, to=5, count=1))
    act(state, DONE)
    act(state, GiveSupporter(card=card))
    assert len(alliance_of(state).supporters) == 5 and card in state.discard


def test_a_favor_removing_sympathy_costs_a_card_per_token() -> None:
    state = marquise_turn()
    sympathy(state, 3, 5)  # two rabbit clearings
    for n in (4, 5, 10):  # three rabbit workshops
        put(state, n, CATS, 0, "workshop")
    favor, a, b = deal(
        state, CATS, "rabbit-favor-of-the-rabbits", "rabbit-cobbler", "bird-crossbow"
    )
    state.step = "craft"
    crafts = [x for x in legal(state) if isinstance(x, Craft) and x.card == favor]
    act(state, crafts[0])
    asked = []
    while state.stack and isinstance(state.stack[-1], Outrage):
        asked.append(state.stack[-1].clearing)
        act(state, legal(state)[0])
    assert sorted(asked) == [3, 5]
    assert len(alliance_of(state).supporters) == 2 and alliance_of(state).sympathy == 10


# ------------------------------------------------------------- the Duchy
def duchy_turn() -> RootState:
    state = blank(factions="alliance,duchy", turn=DUCHY, step="assembly")
    state.actions_left = 3
    return state


def test_a_duchy_move_into_a_sympathetic_clearing_costs_a_card() -> None:
    state = duchy_turn()
    sympathy(state, 5)
    put(state, 1, DUCHY, 2)
    (card,) = deal(state, DUCHY, "rabbit-cobbler")
    act(state, Move(origin=1, to=5, count=1))
    outrage_asked(state, DUCHY, 5)
    act(state, GiveSupporter(card=card))
    assert alliance_of(state).supporters == [card]


def test_a_duchy_dig_into_a_sympathetic_clearing_is_a_move() -> None:
    """Dig (12.4.5) moves warriors out of the Burrow: Outrage (our reading,
    the facts' section 5)."""
    state = duchy_turn()
    sympathy(state, 5)
    put(state, BURROW, DUCHY, 3)
    spend, owed = deal(state, DUCHY, "rabbit-bake-sale", "rabbit-cobbler")
    act(state, Dig(card=spend, clearing=5))
    act(state, Warriors(count=2))
    outrage_asked(state, DUCHY, 5)
    act(state, GiveSupporter(card=owed))
    assert alliance_of(state).supporters == [owed]


def test_the_brigadiers_moves_are_not_interrupted_by_outrage() -> None:
    """1.4.2: an action is not interrupted.  The Brigadier's first move into
    sympathy: the second move is offered first, then Outrage is asked."""
    state = blank(factions="alliance,duchy", turn=DUCHY, step="parliament")
    sympathy(state, 5)
    put(state, 1, DUCHY, 3)
    (card,) = deal(state, DUCHY, "rabbit-cobbler")
    state.stack.append(Brigadier(faction=DUCHY, up_to=2))
    act(state, Move(origin=1, to=5, count=1))
    assert [p.kind for p in state.stack[-2:]] == ["outrage_due", "brigadier_moves"]
    act(state, Move(origin=1, to=5, count=1))
    outrage_asked(state, DUCHY, 5)  # one for each move: the second first
    top = state.draw_pile[-1]
    act(state, GiveSupporter(card=card))
    # The first move's Outrage finds no rabbit left: the hand shown, a card drawn.
    assert alliance_of(state).supporters == [card, top]
    assert not any(isinstance(p, OutrageDue) for p in state.stack)


def test_a_dig_that_brings_no_warriors_is_no_outrage() -> None:
    state = duchy_turn()
    sympathy(state, 5)
    put(state, BURROW, DUCHY, 3)
    spend, _ = deal(state, DUCHY, "rabbit-bake-sale", "rabbit-cobbler")
    act(state, Dig(card=spend, clearing=5))
    act(state, Warriors(count=0))
    assert not any(isinstance(p, Outrage) for p in state.stack)


# ------------------------------------------------------------- the Eyrie
def eyrie_decree(column: int, design: str) -> RootState:
    state = blank(factions="alliance,eyrie", turn=EYRIE, step="resolve")
    eyrie = state.player(EYRIE)
    assert isinstance(eyrie, Eyrie)
    eyrie.leader = "builder"  # viziers in Recruit and Move
    eyrie.leaders = ["charismatic", "commander", "despot"]
    (card,) = deal(state, EYRIE, design)
    eyrie.hand.remove(card)
    eyrie.decree[column].append(card)
    eyrie.column = column
    eyrie.todo = column_cards(eyrie, column)
    return state


def test_an_eyrie_battle_that_removes_a_sympathy_token_costs_a_card() -> None:
    state = eyrie_decree(2, "rabbit-cobbler")
    sympathy(state, 5)
    put(state, 5, EYRIE, 2)
    (card,) = deal(state, EYRIE, "rabbit-bake-sale")
    dice(state, 2, 0)
    act(state, Battle(clearing=5))
    outrage_asked(state, EYRIE, 5)
    act(state, GiveSupporter(card=card))
    assert alliance_of(state).supporters == [card]


def test_an_eyrie_decree_move_into_a_sympathetic_clearing_costs_a_card() -> None:
    state = eyrie_decree(1, "fox-anvil")
    sympathy(state, 5)
    put(state, 1, EYRIE, 2)
    (card,) = deal(state, EYRIE, "bird-crossbow")
    act(state, Move(origin=1, to=5, count=1))
    outrage_asked(state, EYRIE, 5)
    act(state, GiveSupporter(card=card))
    assert alliance_of(state).supporters == [card]


# --------------------------------------------------------- the Alliance
def test_the_alliances_own_moves_and_removals_are_no_outrage() -> None:
    state = blank(step="operations")
    officers(state, 2)
    state.actions_left = 2
    sympathy(state, 5)
    base(state, 1, 3)
    act(state, Move(origin=1, to=5, count=1))
    assert not any(isinstance(p, Outrage) for p in state.stack)
    assert alliance_of(state).supporters == []
    assert SYMPATHY in state.clearings[5].tokens


def test_a_declined_ambush_does_not_disturb_the_outrage_owed() -> None:
    """An Outrage set off in a battle waits on the stack through the rest of
    the battle's decisions."""
    state = marquise_turn()
    sympathy(state, 5)
    put(state, 5, CATS, 3)
    put(state, 5, ALLIANCE, 1)
    deal(state, ALLIANCE, "fox-anvil")  # a card: the ambush is asked
    (card,) = deal(state, CATS, "rabbit-cobbler")
    dice(state, 3, 3)  # Guerrilla War: the Marquise deal the lower, 3 all the same
    act(state, Battle(clearing=5))
    act(state, Decline())
    outrage_asked(state, CATS, 5)
    act(state, GiveSupporter(card=card))
    assert state.battle is None
