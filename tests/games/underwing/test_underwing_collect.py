"""Phase 1: Element Collection (rulebook) and rulings R-DRAW-ORDER,
R-SHORTAGE, R-PERK."""

from __future__ import annotations

from boardgames_tui.engine import Event
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import Collect, RandomFirst
from boardgames_tui.games.underwing.colours import ELEMENTS
from boardgames_tui.games.underwing.model import Nursling, UnderwingState
from boardgames_tui.games.underwing.rules import advance, collect_elements

from .helpers import check, empty_storages, new_game, play, put_card, texts


def start_phase_one(state: UnderwingState, first: int = 0) -> list[Event]:
    state.first = first
    events: list[Event] = []
    collect_elements(state, events)
    advance(state, events)
    return events


def field_game(n: int = 2) -> UnderwingState:
    """Ana has one handler on the orange Field space and one in the Ready Room."""
    state = new_game(n)
    empty_storages(state)
    state.players[0].ready = 1
    state.players[0].field = ["orange"]
    return state


def test_a_field_handler_offers_its_element_or_a_random_one() -> None:
    state = field_game()
    start_phase_one(state)
    assert GAME.to_act(state) == 0
    assert GAME.legal_actions(state)[:2] == [Collect(guaranteed=True), Collect(guaranteed=False)]
    assert "orange" in GAME.prompt(state)
    play(state, Collect(guaranteed=True))
    ana = state.players[0]
    # the orange, then a random element for the handler in the Ready Room
    assert ana.storage["orange"] >= 1
    assert ana.stored() == 2
    check(state)


def test_a_random_element_may_replace_the_guaranteed_one() -> None:
    # "players are permitted to draw a random Element in place of any Element
    # they would normally receive from a Handler in the Field"
    state = field_game()
    state.bag["red"] += state.bag["orange"]
    state.bag["orange"] = 0
    state.bag["orange"] = 1  # one orange left: the random draw could take it
    state.bag["red"] -= 1
    start_phase_one(state)
    play(state, Collect(guaranteed=False))
    assert state.players[0].stored() == 2
    check(state)


def test_a_missing_guaranteed_element_becomes_a_random_draw() -> None:
    # "If a player cannot draw a guaranteed Element because of a shortage in
    # the bag, that player should instead draw a random Element."
    state = field_game()
    state.bag["red"] += state.bag["orange"]
    state.bag["orange"] = 0
    events = start_phase_one(state)
    assert "No orange is left in the bag" in texts(events)
    assert state.players[0].stored() == 2
    assert GAME.to_act(state) != 0 or state.phase != 1


def test_every_handler_off_the_field_draws_at_random() -> None:
    # "For each of their Dragon Handlers that is NOT in the Field (i.e., in the
    # Break/Ready Rooms or with an Egg), players should draw 1 random Element"
    state = new_game(2)
    empty_storages(state)
    ana = state.players[0]
    put_card(state, 0, state.deck[0], claimant=0)  # one handler on an egg
    ana.tracker -= 2
    ana.break_room = 1
    ana.nursery = [Nursling(card=state.deck.pop(), round=1)]  # one waiting to hatch
    start_phase_one(state)
    assert ana.stored() == 1 + 1 + 1 + 1  # ready, egg, break room, nursery


def test_players_collect_in_turn_order_from_player_one() -> None:
    state = new_game(3)
    empty_storages(state)
    for p in state.players:
        p.ready = 1
        p.field = ["blue"]
    start_phase_one(state, first=1)
    order = []
    while state.phase == 1:
        order.append(GAME.to_act(state))
        play(state, Collect(guaranteed=True))
    assert order == [1, 2, 0]
    assert all(p.storage["blue"] >= 1 for p in state.players)


def test_every_round_elements_from_dragons_are_drawn_too() -> None:
    # "some Dragon effects allow Players to draw more Elements than Handlers
    # they currently have employed"
    state = new_game(2)
    empty_storages(state)
    state.players[0].perks = ["white", None]
    start_phase_one(state)
    ana = state.players[0]
    assert ana.storage["white"] >= 1
    assert ana.stored() == 2 + 2


def test_the_guaranteed_elements_come_first_unless_the_player_asks() -> None:
    # R-DRAW-ORDER: by default the Field's white is taken before any random
    # draw could take the last one.
    state = new_game(2)
    empty_storages(state)
    state.bag["red"] += state.bag["white"] - 1
    state.bag["white"] = 1
    state.players[0].ready = 1
    state.players[0].field = ["white"]
    start_phase_one(state)
    play(state, Collect(guaranteed=True))
    assert state.players[0].storage["white"] == 1


def test_random_elements_may_be_drawn_before_the_guaranteed_ones() -> None:
    # "If desired, players may draw their random Elements before guaranteed
    # Elements (from either Handlers in the Field or Dragon effects) ... players
    # are permitted to draw a random Element in place of any Element they would
    # normally receive from a Handler in the Field"
    state = new_game(2)
    empty_storages(state)
    ana = state.players[0]
    ana.ready = 1
    ana.field = ["orange", "green"]
    ana.tracker -= 1  # three handlers: two on the Field, one in the Ready Room
    ana.perks = ["white", None]  # a named and a random every-round element
    start_phase_one(state)
    assert RandomFirst() in GAME.legal_actions(state)
    assert "random ones first" in GAME.prompt(state)
    events = play(state, RandomFirst())
    # the Ready Room's random element and the random every-round one, now
    assert ana.stored() == 2
    assert "draws the random elements first" in texts(events)
    # then each Field handler, one at a time, its element or a random one
    assert GAME.to_act(state) == 0 and state.collect == ["orange", "green"]
    assert RandomFirst() not in GAME.legal_actions(state)
    play(state, Collect(guaranteed=True))
    assert ana.stored() == 3 and ana.storage["orange"] >= 1
    play(state, Collect(guaranteed=False))
    # the dragon's named white comes last (guaranteed: no random instead)
    assert ana.stored() == 5 and ana.storage["white"] >= 1
    assert GAME.to_act(state) != 0 or state.phase != 1
    assert not state.randoms_drawn
    check(state)


def test_random_first_is_offered_only_with_random_draws_to_make() -> None:
    state = new_game(2)
    empty_storages(state)
    ana = state.players[0]
    ana.ready = 0
    ana.field = ["orange", "green"]  # every handler on the Field
    start_phase_one(state)
    assert GAME.legal_actions(state)[:2] == [Collect(guaranteed=True), Collect(guaranteed=False)]
    assert RandomFirst() not in GAME.legal_actions(state)
    ana.perks = [None]
    assert RandomFirst() in GAME.legal_actions(state)


def test_an_empty_bag_gives_nothing() -> None:
    state = new_game(2)
    for e in ELEMENTS:
        state.players[1].storage[e] += state.bag[e]
        state.bag[e] = 0
    before = state.players[0].stored()
    events = start_phase_one(state)
    assert state.players[0].stored() == before
    assert "empty" in texts(events)
    assert state.phase == 2
    check(state)
