"""Whole games with the Woodland Alliance: random games of every mix of two
to four factions drawn from the Marquise, the Duchy, the Eyrie and the
Alliance end with every component conserved after every action (the
supporters and officers counted); rule-bot games with the Alliance end too;
every other seat's view hides the supporters' faces but shows their
number; the search's samples deal the supporters from the unseen cards; a
snapshot reads back whole."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import copy_state
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import (
    ALLIANCE,
    BASES,
    SYMPATHY,
    Alliance,
)
from boardgames_tui.games.root.factions.alliance.decisions import Outrage
from boardgames_tui.games.root.model import HIDDEN, RootState
from tests.games.root.pieces import alliance_of
from tests.games.root.tables import SEATS, table

from ..conservation import cards_in_game, play_out, table_conserved

OTHERS = ("marquise", "duchy", "eyrie")
#: Every table of two to four with the Alliance at it.
MIXES = [
    ",".join(("alliance", *others))
    for k in range(1, len(OTHERS) + 1)
    for others in combinations(OTHERS, k)
]
MAX_ACTIONS = 8_000


def conserved(state: RootState) -> None:
    """Every card, warrior, building, token and item is somewhere, once."""
    table_conserved(state)
    alliance = alliance_of(state)
    numbers = state.woodland.numbers
    assert alliance.sympathy + core.tokens_on_map(state, SYMPATHY) == 10
    assert all(state.clearings[n].tokens.count(SYMPATHY) <= 1 for n in numbers)
    for kind in BASES.values():
        assert core.on_map(state, kind) <= 1
    assert state.clearings[0].warriors.get(ALLIANCE, 0) == 0  # never in the Burrow


def play(factions: str, seed: int, bot: str = "random", check: bool = True) -> RootState:
    """A game of random bots (or ``rule`` bots) to its end."""
    state = table(factions, seed)
    bots = [
        RootBot(seed=seed * 7 + i) if bot == "rule" else get_bot(bot, seed=seed * 7 + i)
        for i in range(len(state.players))
    ]
    return play_out(
        state,
        bots,
        limit=MAX_ACTIONS,
        label=f"{factions} seed {seed}",
        check=conserved if check else None,
    )


@pytest.mark.parametrize("factions", MIXES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_with_the_alliance_conserve_everything_and_end(
    factions: str, seed: int
) -> None:
    state = play(factions, seed)
    assert state.winner >= 0 and not state.ended_by_limit
    winner = state.player(state.winner)
    assert winner.vp >= 30 or winner.dominance != HIDDEN


@pytest.mark.parametrize("factions", MIXES)
def test_rule_bot_games_with_the_alliance_end(factions: str) -> None:
    state = play(factions, 3, bot="rule", check=False)
    assert state.winner >= 0
    conserved(state)


# ----------------------------------------------------------------- views
def alliance_turn_state(factions: str, supporters: int = 2) -> RootState:
    """A random game's state in the Alliance's Daylight, with supporters."""
    for seed in range(60):
        state = table(factions, seed)
        bots = [get_bot("random", seed=seed + i) for i in range(len(state.players))]
        while not GAME.is_over(state):
            alliance = alliance_of(state)
            if (
                state.turn == ALLIANCE
                and state.step == "alliance_daylight"
                and not state.stack
                and len(alliance.supporters) >= supporters
                and state.turn_number > 4
            ):
                return state
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
    raise AssertionError("no such position")


@pytest.mark.parametrize("factions", ["alliance,marquise", "alliance,eyrie,duchy", MIXES[-1]])
def test_views_of_states_differing_only_in_a_supporter_are_the_same(factions: str) -> None:
    """The supporters are face down (8.2.3): two states that differ only in
    a supporter (swapped with a card of the deck) look the same to every
    other seat, and differ to the Alliance's."""
    state = alliance_turn_state(factions)
    other = copy_state(state)
    alliance = alliance_of(other)
    j = len(other.draw_pile) - 1
    alliance.supporters[0], other.draw_pile[j] = other.draw_pile[j], alliance.supporters[0]
    me = state.seat(ALLIANCE)
    for seat in range(len(state.players)):
        same = GAME.view(state, seat) == GAME.view(other, seat)
        assert same == (seat != me), seat


@pytest.mark.parametrize("factions", ["alliance,marquise", MIXES[-1]])
def test_the_stacks_count_is_public_its_cards_are_not(factions: str) -> None:
    state = alliance_turn_state(factions)
    count = len(alliance_of(state).supporters)
    me = state.seat(ALLIANCE)
    for seat in range(len(state.players)):
        shown = GAME.view(state, seat).player(ALLIANCE)
        assert isinstance(shown, Alliance)
        assert len(shown.supporters) == count
        if seat == me:
            assert shown.supporters == alliance_of(state).supporters
        else:
            assert shown.supporters == [HIDDEN] * count


@pytest.mark.parametrize("factions", ["alliance,marquise", MIXES[-1]])
def test_the_search_deals_the_supporters_again_from_the_unseen_cards(factions: str) -> None:
    """A sampled state for another seat: the stack keeps its count, its cards
    are drawn from the cards that seat has not seen, and every card is
    somewhere once."""
    state = alliance_turn_state(factions)
    seat = (state.seat(ALLIANCE) + 1) % len(state.players)
    view = GAME.view(state, seat)
    sample = GAME.determinize(view, seat, Rng.from_seed(5))
    stack = alliance_of(sample).supporters
    assert len(stack) == len(alliance_of(state).supporters) and HIDDEN not in stack
    seen = set(view.discard) | set(view.players[seat].hand)
    assert not set(stack) & seen
    cards = cards_in_game(sample)
    assert len(cards) == len(set(cards)) == len(cards_in_game(state))


def test_a_game_with_the_alliance_is_saved_and_loaded_whole() -> None:
    state = alliance_turn_state(MIXES[-1])
    data = json.loads(json.dumps(GAME.dump_state(state)))
    again = GAME.load_state(data)
    assert isinstance(again.player(ALLIANCE), Alliance)
    assert again == state
    assert GAME.legal_actions(again) == GAME.legal_actions(state)


def test_an_outrage_waiting_on_the_stack_is_saved_and_loaded() -> None:
    for seed in range(80):
        state = table("alliance,marquise,duchy", seed)
        bots = [get_bot("random", seed=seed + i) for i in range(3)]
        while not GAME.is_over(state):
            if state.stack and isinstance(state.stack[-1], Outrage):
                data = json.loads(json.dumps(GAME.dump_state(state)))
                assert GAME.load_state(data) == state
                return
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
    raise AssertionError("no Outrage decision met")


def test_seats_is_four_with_the_alliance_registered() -> None:
    assert GAME.max_players == 4
    state = table(MIXES[-1], 3)
    assert sorted(state.factions) == sorted(FACTIONS)[:4] or ALLIANCE in state.factions
    assert len(SEATS) == 4
