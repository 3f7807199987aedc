"""Ruling R-AGREE (docs/rules/root.md): the table may end a game of Root by
agreement; bots accept, and at a table of bots propose, only at a
standstill (the deck and the discard pile empty, no score changed over
``agreement.ROUNDS`` full rounds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine.agreement import AGREED, bot_proposal, declining
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import IllegalAction, Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import EndByAgreement
from boardgames_tui.games.root.agreement import ROUNDS, note_turn, standstill
from boardgames_tui.games.root.model import RootState

PEOPLE = [Seat(name="Ana"), Seat(name="Ben")]
WITH_A_BOT = [Seat(name="Ana"), Seat(name="Ben", bot="random")]
BOTS = [Seat(name="Ana", bot="random"), Seat(name="Ben", bot="random")]


def playing(seats: list[Seat], seed: int = 1, actions: int = 40) -> RootState:
    """A game of the default table some random actions in, stopped at a
    decision of the player whose turn it is."""
    state = GAME.setup(seats, None, seed)
    bot = get_bot("random", seed=seed)
    for _ in range(actions):
        GAME.apply(state, bot.pick(GAME, state, GAME.legal_actions(state)))
    while GAME.to_act(state) != state.seat(state.turn):
        GAME.apply(state, bot.pick(GAME, state, GAME.legal_actions(state)))
    return state


def at_a_standstill(state: RootState) -> None:
    """By hand: the deck and the discard pile emptied, and the scores the
    same at the start of each turn of the last ``ROUNDS`` full rounds."""
    state.draw_pile = []
    state.discard = []
    quiet_since = state.turn_number - ROUNDS * len(state.players)
    state.quiet = [quiet_since, *(p.vp for p in state.players)]


def test_a_person_may_propose_on_their_own_turn_and_a_table_of_people_agrees() -> None:
    state = playing(PEOPLE)
    seat = GAME.to_act(state)
    assert seat is not None
    proposal = GAME.agreement(state, seat)
    assert isinstance(proposal, EndByAgreement)
    assert proposal not in GAME.legal_actions(state)  # never offered in a list
    assert GAME.agreement(state, 1 - seat) is None  # not the other's turn
    assert declining(GAME, state, seat) == []  # no bot to ask
    events = GAME.apply(state, proposal, GAME.legal_actions(state))
    assert GAME.is_over(state) and GAME.to_act(state) is None
    name = PEOPLE[seat].name
    assert events[0].text == (
        f"{name} proposes to end the game by agreement; every player accepts."
    )
    assert events[1].text.startswith(f"{AGREED}: no one wins; ranked by points: 1. ")
    outcome = GAME.outcome(state)
    assert outcome.agreed and outcome.winners == []
    assert outcome.summary == events[1].text
    scores = {r.seat: r.score for r in outcome.results}
    assert outcome.ranking == sorted(scores, key=lambda s: (-scores[s], s))
    for r in outcome.results:
        assert r.rank == 1 + sum(1 for s in scores.values() if s > r.score)
    with pytest.raises(IllegalAction, match="The game is over"):
        GAME.apply(state, proposal)


def test_tied_seats_share_their_rank() -> None:
    state = playing(PEOPLE)
    for player in state.players:
        player.vp = 7
    GAME.apply(state, EndByAgreement())
    outcome = GAME.outcome(state)
    assert [r.rank for r in outcome.results] == [1, 1]
    assert "1. Ana (" in outcome.summary and "1. Ben (" in outcome.summary


def test_no_proposal_during_setup_nor_in_anothers_decision() -> None:
    fresh = GAME.setup(PEOPLE, None, 1)
    assert fresh.setting_up >= 0  # the Marquise chooses her keep
    seat = GAME.to_act(fresh)
    assert seat is not None and GAME.agreement(fresh, seat) is None
    with pytest.raises(IllegalAction, match="whose turn it is"):
        GAME.apply(fresh, EndByAgreement())
    state = playing(PEOPLE)
    other = 1 - state.seat(state.turn)
    assert GAME.agreement(state, other) is None


def test_a_bot_declines_before_a_standstill() -> None:
    """A person proposes while the deck holds cards: the bot declines, the
    proposal is refused with the reason, and nothing changes."""
    state = playing(WITH_A_BOT)
    seat = GAME.to_act(state)
    assert seat == 0  # Ana's turn (the bot Ben's moves were played on)
    assert not GAME.bots_agree(state)
    assert declining(GAME, state, 0) == [1]
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction, match="Ben declines: the bots accept only once"):
        GAME.apply(state, EndByAgreement(), GAME.legal_actions(state))
    assert GAME.dump_state(state) == before


def test_a_bot_declines_when_a_score_changed_within_the_round() -> None:
    """The deck and the discard pile empty, but a score changed since the
    start of the last turn: no standstill yet."""
    state = playing(WITH_A_BOT)
    at_a_standstill(state)
    assert standstill(state)
    state.players[0].vp += 1
    assert not standstill(state) and declining(GAME, state, 0) == [1]
    at_a_standstill(state)
    state.quiet[0] += 1  # the scores the same for a turn less than those rounds
    assert not standstill(state)
    at_a_standstill(state)
    state.discard = [3]  # a card to shuffle into a deck
    assert not standstill(state)


def test_a_bot_accepts_at_a_standstill_and_a_table_of_bots_proposes() -> None:
    state = playing(WITH_A_BOT)
    at_a_standstill(state)
    assert declining(GAME, state, 0) == []
    # A bot at a table with a person does not propose: it plays on.
    assert bot_proposal(GAME, state) is None
    GAME.apply(state, EndByAgreement(), GAME.legal_actions(state))
    assert state.agreed and GAME.outcome(state).agreed
    bots = playing(BOTS)
    at_a_standstill(bots)
    seat = GAME.to_act(bots)
    assert seat is not None
    chosen = get_bot("random", seed=5).choose(GAME, bots, GAME.legal_actions(bots))
    assert isinstance(chosen, EndByAgreement)
    GAME.apply(bots, chosen, GAME.legal_actions(bots))
    assert GAME.is_over(bots)


def test_the_standstill_record_is_kept_only_while_the_cards_are_out() -> None:
    state = playing(PEOPLE)
    assert state.quiet == []  # the deck holds cards: nothing recorded
    state.draw_pile, state.discard = [], []
    note_turn(state)
    assert state.quiet == [state.turn_number, *(p.vp for p in state.players)]
    state.turn_number += 1
    note_turn(state)
    assert state.quiet[0] == state.turn_number - 1  # the scores unchanged
    state.players[1].vp += 2
    state.turn_number += 1
    note_turn(state)
    assert state.quiet == [state.turn_number, *(p.vp for p in state.players)]
    state.discard = [5]
    note_turn(state)
    assert state.quiet == []


def test_a_game_ended_by_agreement_saves_loads_and_replays(tmp_path: Path) -> None:
    session = Session.new("root", PEOPLE, None, 4, saves_dir=tmp_path)
    bot = get_bot("random", seed=4)
    for _ in range(30):
        session.apply(bot.pick(GAME, session.state, session.legal_actions()), save=False)
    while session.to_act != session.state.seat(session.state.turn):  # type: ignore[attr-defined]
        session.apply(bot.pick(GAME, session.state, session.legal_actions()), save=False)
    seat = session.to_act
    assert seat is not None
    proposal = session.game.agreement(session.state, seat)
    assert proposal is not None
    session.apply(proposal)
    assert session.is_over and session.outcome().agreed
    assert session.path is not None
    loaded = Session.load(session.path)
    assert loaded.is_over
    assert loaded.outcome() == session.outcome()
    assert [e.text for e in loaded.log] == [e.text for e in session.log]
    assert any(e.text.startswith(AGREED) for e in loaded.log)
    assert isinstance(loaded.actions[-1], EndByAgreement)
