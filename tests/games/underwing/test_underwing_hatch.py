"""Phase 4: Hatching and Claiming Completed Eggs, Handler Deficiency, the end
of a round (rulebook) and rulings R-FINAL-HATCH, R-DECK, R-DEFICIENCY."""

from __future__ import annotations

from boardgames_tui.engine import Event
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.cards import GainHandler, card
from boardgames_tui.games.underwing.model import Nursling, UnderwingState
from boardgames_tui.games.underwing.rules import advance, hatch_eggs

from .helpers import (
    check,
    empty_storages,
    fill_egg,
    find_card,
    new_game,
    put_card,
    texts,
)

GAINS = find_card(lambda c: c.tame == (GainHandler(),) and c.score >= 3)
PLAIN = find_card(lambda c: [e.kind for e in c.tame] == ["collect_elements"] and c.score >= 4)


def phase_four(state: UnderwingState) -> list[Event]:
    events: list[Event] = []
    hatch_eggs(state, events)
    advance(state, events)
    return events


def waiting(state: UnderwingState, seat: int, index: int, completed: int) -> None:
    """A completed egg (card ``index``) in ``seat``'s nursery, with a handler."""
    state.deck.remove(index)
    p = state.players[seat]
    p.ready -= 1
    p.nursery.append(Nursling(card=index, round=completed))


def test_completed_claimed_eggs_leave_with_their_handler_and_the_grounds_refill() -> None:
    # "All players must remove their completed Eggs from the Hatching Grounds
    # ... All Elements on completed Eggs are returned to the bag, but Handlers
    # must stay with their claimed Eggs for ONE additional round"; "Any empty
    # spaces ... filled with new Eggs from the draw pile (starting with the top
    # row and moving left to right)."
    state = new_game(2)
    empty_storages(state)
    a, b = state.grounds[4].card, state.grounds[1].card
    assert a is not None and b is not None
    put_card(state, 4, a, claimant=0)
    put_card(state, 1, b, claimant=1)
    fill_egg(state, 4)
    fill_egg(state, 1)
    top = state.deck[:2]
    phase_four(state)
    assert [n.card for n in state.players[0].nursery] == [a]
    assert [n.card for n in state.players[1].nursery] == [b]
    assert state.grounds[1].card == top[0] and state.grounds[4].card == top[1]
    assert state.players[0].dragons == []  # they hatch next round
    check(state)


def test_eggs_completed_last_round_hatch_score_and_resolve_in_turn_order() -> None:
    # "1. The Egg's Handler is sent to the Ready Room ... 2. The Egg card is
    # flipped to its Dragon side 3. Positive effects on the green 'tame
    # hatching' ribbon resolve immediately"; "Eggs are hatched - and resolved -
    # IN THE TURN ORDER for that round".
    state = new_game(2)
    state.round = 3
    state.first = 1
    waiting(state, 0, GAINS, completed=2)
    waiting(state, 1, PLAIN, completed=2)
    ana, bo = state.players
    events = phase_four(state)
    text = texts(events)
    assert text.index(card(PLAIN).name) < text.index(card(GAINS).name)  # Bo first
    assert ana.dragons == [GAINS] and bo.dragons == [PLAIN]
    assert ana.score == card(GAINS).score and bo.score == card(PLAIN).score
    assert ana.nursery == [] and bo.nursery == []
    # Ana's handler came back and her dragon granted one more
    assert state.staff(0) == 3
    assert ana.tracker == state.max_handlers - 3
    check(state)


def test_this_rounds_eggs_wait_and_the_final_round_hatches_them_at_once() -> None:
    state = new_game(2)
    state.round = 4
    waiting(state, 0, PLAIN, completed=4)
    phase_four(state)
    assert state.players[0].dragons == []
    assert state.round == 5

    state = new_game(2, rounds=4)
    state.round = 4
    waiting(state, 0, PLAIN, completed=4)
    # "In the FINAL round of play, claimed Eggs are hatched and have their
    # effects resolved immediately (for scoring purposes)."
    phase_four(state)
    assert state.players[0].dragons == [PLAIN]
    assert GAME.is_over(state)
    assert GAME.to_act(state) is None
    check(state)


def test_the_egg_token_passes_left_and_the_round_advances() -> None:
    # "At the conclusion of each round, the Egg Token (indicating Player 1) is
    # passed to the left, and the round tracker token is advanced"
    state = new_game(3)
    state.first = 2
    phase_four(state)
    assert state.first == 0 and state.round == 2
    assert GAME.progress(state).startswith("Round 2 of 13")


def test_an_empty_deck_leaves_the_spaces_empty() -> None:
    # R-DECK
    state = new_game(2)
    a = state.grounds[0].card
    assert a is not None
    put_card(state, 0, a, claimant=0)
    fill_egg(state, 0)
    state.removed.extend(state.deck)
    state.deck.clear()
    phase_four(state)
    assert state.grounds[0].card is None
    assert state.players[0].nursery[0].card == a
    check(state)


def test_handler_deficiency_at_12_points() -> None:
    # "At two specific thresholds, 12 and 25 points, players are granted a 3rd
    # and 4th Handler (respectively) if they do not already have that many."
    state = new_game(2)
    state.round = 2
    state.players[0].score = 12 - card(PLAIN).score
    waiting(state, 0, PLAIN, completed=1)
    events = phase_four(state)
    assert "reaches 12 points and is granted a handler" in texts(events)
    assert state.staff(0) == 3
    check(state)


def test_no_deficiency_handler_for_a_player_who_already_has_it() -> None:
    # "If a player reaches 12 points ... but already has a 3rd Handler, they DO
    # NOT receive this bonus"
    state = new_game(2)
    state.round = 2
    ana = state.players[0]
    ana.tracker -= 1
    ana.break_room += 1
    ana.score = 11
    waiting(state, 0, PLAIN, completed=1)
    phase_four(state)
    assert state.staff(0) == 3


def test_no_deficiency_handler_when_the_dragon_grants_one() -> None:
    # "If a player receives an additional Handler for hatching a Dragon while
    # simultaneously crossing the score threshold, they DO NOT receive the
    # deficiency bonus Handler."
    state = new_game(2)
    state.round = 2
    state.players[0].score = 11
    waiting(state, 0, GAINS, completed=1)
    phase_four(state)
    assert state.staff(0) == 3  # two, plus the dragon's one: no deficiency handler


def test_handler_deficiency_at_25_points_and_both_at_once() -> None:
    state = new_game(3)  # up to 5 handlers
    state.round = 2
    ana = state.players[0]
    ana.tracker -= 1
    ana.ready += 1  # three handlers already
    ana.score = 24
    waiting(state, 0, PLAIN, completed=1)
    phase_four(state)
    assert state.staff(0) == 4

    state = new_game(3)
    state.round = 2
    state.players[0].score = 11
    big = find_card(lambda c: [e.kind for e in c.tame] == ["collect_elements"] and c.score >= 14)
    waiting(state, 0, big, completed=1)
    phase_four(state)
    assert state.players[0].score >= 25
    assert state.staff(0) == 4  # the 3rd at 12 and the 4th at 25
    check(state)
