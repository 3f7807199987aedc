"""4. Resolve an Objective Card; End of the Game; Victory and the tie breaker."""

from __future__ import annotations

import pytest

from boardgames_tui.engine import IllegalAction
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import ClaimObjective, DeclineObjective, RollDice
from boardgames_tui.games.incubation.model import IncubationState

from .helpers import act, blank, give_dragons, give_silver, offer, quiet_turn, texts


def test_a_fulfilled_objective_may_be_claimed_for_5_vp() -> None:
    state = blank()
    offer(state, "O01", "O03")
    give_dragons(state, 0, "E01", "E02")  # two red dragons: Twin Clutch
    quiet_turn(state)
    assert state.step == "objective"
    assert GAME.legal_actions(state) == [ClaimObjective(objective="O01"), DeclineObjective()]
    events = act(state, ClaimObjective(objective="O01"))
    assert state.players[0].objectives == ["O01"]
    assert state.objectives == ["O03"]
    assert "Twin Clutch" in texts(events)
    assert GAME.outcome(state).results[0].breakdown["objectives"] == 5
    assert state.current == 1


def test_claiming_is_optional() -> None:
    state = blank()
    offer(state, "O01", "O03")
    give_dragons(state, 0, "E01", "E02")
    quiet_turn(state)
    act(state, DeclineObjective())
    assert state.objectives == ["O01", "O03"] and state.current == 1


def test_no_objective_step_when_none_is_fulfilled() -> None:
    state = blank()
    offer(state, "O01", "O03")
    quiet_turn(state)
    assert state.current == 1 and state.step == "roll"


def test_only_one_objective_per_turn() -> None:
    state = blank()
    offer(state, "O01", "O09", "O03")
    give_dragons(state, 0, "E01", "E02")
    give_silver(state, 0, silver=2, gold=1)  # 7 + 3 from the dice = 10: Dragon Hoard
    quiet_turn(state)
    assert ClaimObjective(objective="O01") in GAME.legal_actions(state)
    assert ClaimObjective(objective="O09") in GAME.legal_actions(state)
    act(state, ClaimObjective(objective="O09"))
    assert state.current == 1  # the turn is over: the other waits
    quiet_turn(state)  # Bo
    quiet_turn(state)  # Ana's next turn
    act(state, ClaimObjective(objective="O01"))
    assert state.players[0].objectives == ["O09", "O01"]


def test_ruling_nothing_is_spent_to_claim() -> None:
    state = blank()
    offer(state, "O09", "O01")
    give_silver(state, 0, silver=2, gold=1)
    quiet_turn(state)
    act(state, ClaimObjective(objective="O09"))
    assert state.players[0].coin_worth == 10


def test_hybrids_do_not_help_and_mystery_dragons_do() -> None:
    state = blank()
    offer(state, "O01", "O03")
    give_dragons(state, 0, "E01", "E25")  # red + red/orange hybrid
    quiet_turn(state)
    assert state.current == 1  # no Twin Clutch: the hybrid does not count
    give_dragons(state, 0, "E33")  # a mystery dragon stands in for red
    quiet_turn(state)  # Bo
    quiet_turn(state)
    assert ClaimObjective(objective="O01") in GAME.legal_actions(state)


def test_an_unfulfilled_claim_is_refused_with_a_reason() -> None:
    state = blank()
    offer(state, "O01", "O09")
    give_silver(state, 0, silver=2, gold=1)
    quiet_turn(state)
    with pytest.raises(IllegalAction, match="not fulfilled"):
        GAME.apply(state, ClaimObjective(objective="O01"))
    with pytest.raises(IllegalAction, match="not on offer"):
        GAME.apply(state, ClaimObjective(objective="O05"))


# ----------------------------------------------------------------- the end
def _empty_decks(state: IncubationState, *decks: int) -> None:
    keep = next(d for d in range(3) if d not in decks)
    for d in decks:
        state.decks[keep] = state.decks[d] + state.decks[keep]
        state.decks[d] = []


def test_a_two_empty_decks_end_finishes_the_round() -> None:
    state = blank(3)
    _empty_decks(state, 0, 1)
    events = quiet_turn(state)  # Ana, the first player
    assert state.final_round
    assert "two egg decks are empty" in texts(events)
    assert GAME.progress(state).endswith("final round")
    quiet_turn(state)  # Bo
    assert not GAME.is_over(state)
    events = quiet_turn(state)  # Cy, to the right of the first player: the final turn
    assert GAME.is_over(state)
    assert GAME.to_act(state) is None
    assert GAME.legal_actions(state) == []
    assert "The game is over." in texts(events)
    with pytest.raises(IllegalAction):
        GAME.apply(state, RollDice())


def test_one_empty_deck_does_not_end_the_game() -> None:
    state = blank(2)
    _empty_decks(state, 1)
    quiet_turn(state)
    quiet_turn(state)
    assert not state.final_round and state.round == 2


def test_no_objective_left_ends_the_game() -> None:
    state = blank(2)
    offer(state, "O09")
    give_silver(state, 1, silver=2, gold=1)
    quiet_turn(state)  # Ana
    quiet_turn(state)  # Bo
    act(state, ClaimObjective(objective="O09"))
    # Bo sits to the right of Ana, the first player: his was the final turn.
    assert GAME.is_over(state)


def test_the_end_triggered_by_the_first_player_gives_everyone_a_turn() -> None:
    state = blank(4)
    state.first_player = state.current = 2
    _empty_decks(state, 0, 2)
    turns = []
    while not GAME.is_over(state):
        turns.append(state.current)
        quiet_turn(state)
    assert turns == [2, 3, 0, 1]


# ----------------------------------------------------------------- victory
def test_victory_counts_dragons_objectives_silver_and_gold() -> None:
    """The rulebook's example: 38 + 5 + 13 = 56."""
    state = blank(2)
    # 6+6+6+6+6+8 = 38 VP of dragons
    give_dragons(state, 0, "E03", "E06", "E09", "E12", "E15", "E36")
    state.objectives_out.remove("O01")
    state.players[0].objectives.append("O01")
    give_silver(state, 0, silver=3, gold=2)
    result = GAME.outcome(state).results[0]
    assert result.breakdown == {"dragons": 38, "objectives": 5, "silver": 3, "gold": 10}
    assert result.score == 56


def _score(
    state: IncubationState, seat: int, dragons: list[str], objectives: list[str], silver: int
) -> None:
    give_dragons(state, seat, *dragons)
    for o in objectives:
        state.objectives_out.remove(o)
        state.players[seat].objectives.append(o)
    give_silver(state, seat, silver=silver)


def test_the_most_vp_wins() -> None:
    state = blank(3)
    _score(state, 0, ["E01"], [], 0)  # 2
    _score(state, 1, ["E03"], [], 1)  # 7
    _score(state, 2, ["E02"], [], 1)  # 4
    outcome = GAME.outcome(state)
    assert outcome.ranking == [1, 2, 0]
    assert outcome.winners == [1]
    assert [r.rank for r in outcome.results] == [3, 1, 2]
    assert outcome.summary == "Bo wins with 7 VP."


def test_tie_breaker_most_objectives() -> None:
    state = blank(2)
    offer(state)
    _score(state, 0, ["E03", "E02"], [], 0)  # 6 + 3 = 9 with 2 eggs
    _score(state, 1, ["E05"], ["O01"], 1)  # 3 + 5 + 1 = 9 with 1 objective
    assert GAME.outcome(state).results[0].score == 9 == GAME.outcome(state).results[1].score
    assert GAME.outcome(state).winners == [1]


def test_tie_breaker_then_most_hatched_eggs() -> None:
    state = blank(2)
    _score(state, 0, ["E01", "E04", "E07"], [], 0)  # 2+2+2 = 6, 3 eggs
    _score(state, 1, ["E03"], [], 0)  # 6, 1 egg
    outcome = GAME.outcome(state)
    assert outcome.winners == [0] and outcome.ranking == [0, 1]
    assert [r.rank for r in outcome.results] == [1, 2]


def test_a_full_tie_shares_the_victory() -> None:
    state = blank(3)
    _score(state, 0, ["E01"], [], 1)
    _score(state, 1, ["E04"], [], 1)
    _score(state, 2, ["E07"], [], 0)
    outcome = GAME.outcome(state)
    assert outcome.winners == [0, 1]
    assert [r.rank for r in outcome.results] == [1, 1, 3]
    assert outcome.summary == "Ana and Bo share the victory with 3 VP."
