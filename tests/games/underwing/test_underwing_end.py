"""Ending the Game: the temperature bonus, the winner, and the hatching grounds
filled with wild dragons (rulebook); rulings R-BALANCE, R-TIE, R-DOOM."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import Place
from boardgames_tui.games.underwing.cards import deck
from boardgames_tui.games.underwing.model import UnderwingState

from .helpers import (
    all_wild,
    check,
    clear_slot,
    empty_storages,
    fill,
    give,
    new_game,
    phase,
    play,
    put_card,
    run,
    texts,
    with_spaces,
)

WARM = [i for i, c in enumerate(deck()) if c.temperature == "warm"]
COOL = [i for i, c in enumerate(deck()) if c.temperature == "cool"]
NEUTRAL = [i for i, c in enumerate(deck()) if c.temperature == "neutral"]


def ended(n: int, hands: list[list[int]], **options: Any) -> UnderwingState:
    """A finished game where each seat hatched the given dragons."""
    state = new_game(n, **options)
    used = {c for hand in hands for c in hand}
    for slot, s in enumerate(state.grounds):
        if s.card in used:
            clear_slot(state, slot)
    for seat, hand in enumerate(hands):
        for c in hand:
            state.deck.remove(c)
        state.players[seat].dragons = list(hand)
        state.players[seat].score = sum(deck()[c].score for c in hand)
    state.over = True
    check(state)
    return state


def bonuses(state: UnderwingState) -> list[dict[str, int]]:
    return [
        {k: v for k, v in r.breakdown.items() if k != "dragons"}
        for r in GAME.outcome(state).results
    ]


def test_the_rulebook_examples() -> None:
    # "If a player ends with 7 'warm' dragons, 2 'cool' dragons, and 1
    # 'neutral' dragon, they would have a net total of +5 'warm.' If a player
    # ends with 2 'warm' dragons, 2 'cool' dragons, and 3 'neutral' dragons, they
    # would have a net total of +0, a perfect temperature balance"
    state = ended(
        3,
        [WARM[:7] + COOL[:2] + NEUTRAL[:1], WARM[7:9] + COOL[2:4] + NEUTRAL[1:4], COOL[4:6]],
    )
    assert bonuses(state) == [{"warm bonus": 15}, {"balance bonus": 20}, {"cool bonus": 15}]
    result = GAME.outcome(state).results[1]
    assert result.score == result.breakdown["dragons"] + 20


def test_ties_for_most_warm_or_cool_all_score() -> None:
    # "If there is a tie for the most number of 'warm' or 'cool' Dragons, all
    # players who meet the bonus requirement receive its full value."
    state = ended(4, [WARM[:2], WARM[2:4], COOL[:1], COOL[1:2]])
    assert bonuses(state) == [
        {"warm bonus": 15},
        {"warm bonus": 15},
        {"cool bonus": 15},
        {"cool bonus": 15},
    ]


def test_only_a_net_above_zero_earns_most_warm_or_cool() -> None:
    # "the difference between the two, greater than zero"
    state = ended(3, [WARM[:1] + COOL[:1], COOL[1:3], COOL[3:4]])
    assert bonuses(state) == [{"balance bonus": 20}, {"cool bonus": 15}, {}]


def test_no_dragons_is_no_balance() -> None:
    # R-BALANCE
    state = ended(3, [[], NEUTRAL[:1], WARM[:1]])
    assert bonuses(state) == [{}, {"balance bonus": 20}, {"warm bonus": 15}]


def test_two_players_skip_the_bonus_unless_asked() -> None:
    # "In games with two players, it is recommended that players NOT use the
    # temperature scoring bonus."
    state = ended(2, [WARM[:1], COOL[:1]])
    assert bonuses(state) == [{}, {}]
    state = ended(2, [WARM[:1], COOL[:1]], temperature_bonus=True)
    assert bonuses(state) == [{"warm bonus": 15}, {"cool bonus": 15}]


def test_the_highest_total_wins_and_ties_share_the_title() -> None:
    # "the player with the highest Dragon Point total is hailed as this
    # century's Great Dragonlord!"; R-TIE: equal totals share the title.
    state = ended(3, [WARM[:1], WARM[1:2], COOL[:1]], temperature_bonus=False)
    scores = [deck()[WARM[0]].score, deck()[WARM[1]].score, deck()[COOL[0]].score]
    outcome = GAME.outcome(state)
    best = max(scores)
    assert outcome.winners == [s for s in outcome.ranking if scores[s] == best]
    assert outcome.ranking == sorted(range(3), key=lambda s: (-scores[s], s))
    same = [w for w in WARM if deck()[w].score == deck()[WARM[0]].score][:2]
    state = ended(2, [[same[0]], [same[1]]])
    outcome = GAME.outcome(state)
    assert outcome.winners == [0, 1]
    assert [r.rank for r in outcome.results] == [1, 1]
    assert "share" in outcome.summary


def test_grounds_full_of_wild_dragons_ends_the_game_and_everyone_loses() -> None:
    # "If at any time the Hatching Grounds become filled with Wild Dragons, ALL
    # tamers are immediately exiled from Underwing. Play ends"
    state = new_game(2)
    empty_storages(state)
    phase(state, 3, 0)
    red_orange = with_spaces("red", "orange")
    put_card(state, 0, red_orange)
    all_wild(state, but=0)
    fill(state, 0, 0, "red")
    give(state, 0, "orange", "red")
    state.players[1].dragons = [state.deck.pop()]
    state.players[1].score = 9
    run(state)
    events = play(state, Place(slot=0, space=1, crystals=("orange",)))
    assert GAME.is_over(state) and state.doom
    assert "filled with wild dragons" in texts(events)
    outcome = GAME.outcome(state)
    assert outcome.winners == []
    assert "nobody wins" in outcome.summary
    assert GAME.to_act(state) is None and GAME.legal_actions(state) == []
    check(state)


def test_an_empty_space_is_not_a_wild_dragon() -> None:
    # R-DOOM: every space must hold a wild dragon
    state = new_game(2)
    empty_storages(state)
    phase(state, 3, 0)
    red_orange = with_spaces("red", "orange")
    put_card(state, 0, red_orange)
    all_wild(state, but=0)
    clear_slot(state, 5)
    state.removed.extend(state.deck)  # nothing left to refill the space
    state.deck.clear()
    fill(state, 0, 0, "red")
    give(state, 0, "orange")
    run(state)
    play(state, Place(slot=0, space=1, crystals=("orange",)))
    assert not state.doom
    check(state)
