"""Phase 2: Move & Assign Dragon Handlers, Handler Jobs, The Break Room
(rulebook) and rulings R-FIELD, R-PASS."""

from __future__ import annotations

from boardgames_tui.engine import Event
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AssignEgg,
    AssignField,
    Pass,
    RecallEgg,
    RecallField,
)
from boardgames_tui.games.underwing.colours import Element
from boardgames_tui.games.underwing.handlers import assign_handlers
from boardgames_tui.games.underwing.model import FIELD, Nursling, UnderwingState, clockwise
from boardgames_tui.games.underwing.rules import advance

from .helpers import check, new_game, play, put_card


def start_phase_two(state: UnderwingState, first: int = 0) -> list[Event]:
    state.first = first
    events: list[Event] = []
    assign_handlers(state, events)
    advance(state, events)
    return events


def test_the_field_clockwise_matches_the_solo_rules() -> None:
    # R-FIELD: "the Handler on White will move to Orange, the Handler on Black
    # will move to Red, the Handler on Purple will move to Blue"; counter-
    # clockwise from White: "the Green space; if Green is occupied ... the Red
    # space"
    assert clockwise("white") == "orange"
    assert clockwise("black") == "red"
    assert clockwise("purple") == "blue"
    assert clockwise("green") == "white"
    assert clockwise("red") == "green"
    assert sorted(FIELD) == sorted(set(FIELD)) and len(FIELD) == 8
    # going round once visits every space
    space: Element = "white"
    seen: list[Element] = []
    for _ in range(8):
        seen.append(space)
        space = clockwise(space)
    assert space == "white" and sorted(seen) == sorted(FIELD)


def test_break_room_to_ready_then_the_field_moves_and_white_is_withdrawn() -> None:
    # "Move ALL Handlers in each player's Break Room to the Ready Room. Move ALL
    # Dragon Handlers currently on the Field ONE space clockwise. If a Handler
    # is currently on the White Element space, that Handler MUST be withdrawn to
    # the Break Room and cannot be moved again this round."
    state = new_game(2)
    ana = state.players[0]
    ana.ready, ana.break_room, ana.tracker = 0, 1, 0
    ana.field = ["white", "purple", "green"]
    start_phase_two(state)
    assert ana.field == ["white", "blue"]  # kept in Field order
    assert ana.ready == 1  # from the Break Room
    assert ana.break_room == 1  # the one withdrawn from White
    assert AssignField(space="red") in GAME.legal_actions(state)
    play(state, AssignField(space="red"))
    assert ana.ready == 0 and ana.break_room == 1  # the withdrawn one stays
    check(state)


def test_assign_to_the_field_at_most_one_of_your_handlers_per_space() -> None:
    state = new_game(2)
    start_phase_two(state)
    play(state, AssignField(space="yellow"))
    play(state, AssignField(space="yellow"))  # Bo may share Ana's space
    assert state.players[0].field == ["yellow"] and state.players[1].field == ["yellow"]
    legal = GAME.legal_actions(state)
    assert AssignField(space="yellow") not in legal  # Ana has one there already
    assert AssignField(space="black") in legal
    check(state)


def test_claim_an_unclaimed_egg_only() -> None:
    # "No other player can place a Handler on that Egg unless ..."
    state = new_game(2)
    start_phase_two(state)
    play(state, AssignEgg(slot=2))
    assert state.grounds[2].claimant == 0
    assert AssignEgg(slot=2) not in GAME.legal_actions(state)  # Bo's turn
    play(state, AssignEgg(slot=3))
    assert state.players[0].ready == 1 and state.players[1].ready == 1
    check(state)


def test_recall_sends_an_employed_handler_to_the_break_room() -> None:
    # "Recall 1 'employed' Dragon Handler to the Break Room; this Handler is
    # exhausted and must remain in the Break Room until Phase 2 of the
    # following round."
    state = new_game(2)
    start_phase_two(state)
    play(state, AssignEgg(slot=1))
    play(state, Pass())
    assert RecallEgg(slot=1) in GAME.legal_actions(state)
    play(state, RecallEgg(slot=1))
    ana = state.players[0]
    assert state.grounds[1].claimant is None and ana.break_room == 1
    play(state, AssignField(space="red"))
    play(state, RecallField(space="red"))
    assert ana.break_room == 2 and ana.ready == 0 and not ana.field
    # recalled handlers cannot be assigned again this round
    assert not any(isinstance(a, AssignField | AssignEgg) for a in GAME.legal_actions(state))
    check(state)


def test_one_action_at_a_time_in_turn_order_until_all_pass() -> None:
    # "Starting with Player 1 and rotating to the left, each player may perform
    # ONE of the following actions ... Repeat until all players have made the
    # assignments they wish to make."
    state = new_game(3)
    start_phase_two(state, first=2)
    seen = []
    for space in ("red", "blue", "green"):
        seen.append(GAME.to_act(state))
        play(state, AssignField(space=space))
    assert seen == [2, 0, 1]
    assert GAME.to_act(state) == 2
    play(state, Pass())
    # R-PASS: a pass is final for the phase; the others go on without Cy
    assert GAME.to_act(state) == 0
    play(state, AssignField(space="black"))
    assert GAME.to_act(state) == 1
    play(state, Pass())
    assert GAME.to_act(state) == 0
    play(state, Pass())
    assert state.phase == 3
    check(state)


def test_a_player_with_nothing_to_do_passes_by_itself() -> None:
    state = new_game(2)
    bo = state.players[1]
    bo.tracker += bo.ready
    bo.ready = 0
    start_phase_two(state)
    play(state, AssignField(space="red"))
    assert GAME.to_act(state) == 0  # Bo had no Ready handler and nothing employed
    assert state.passed[1]


def test_a_handler_waiting_with_a_completed_egg_cannot_be_recalled() -> None:
    # R-RECALL: "Handlers must stay with their claimed Eggs for ONE additional
    # round"; only handlers on the Field or on eggs in the grounds are employed.
    state = new_game(2)
    ana = state.players[0]
    ana.ready -= 1
    ana.nursery.append(Nursling(card=state.deck.pop(), round=1))
    ana.field = ["red"]
    ana.ready -= 1
    ana.tracker -= 1
    ana.ready += 1
    put_card(state, 2, state.grounds[2].card or 0, claimant=0)
    start_phase_two(state)
    recalls = [a for a in GAME.legal_actions(state) if isinstance(a, RecallField | RecallEgg)]
    assert recalls == [RecallField(space="green"), RecallEgg(slot=2)]
    check(state)
