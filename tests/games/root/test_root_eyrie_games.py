"""Random games of every table of two and three drawn from the Marquise,
the Duchy and the Eyrie: every component conserved after every action,
every game reaching an end (30 points or dominance), and each seat's view
telling nothing of what it may not see."""

from __future__ import annotations

import json

import pytest

from boardgames_tui.engine import Seat
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import copy_state
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie import EYRIE, Eyrie
from boardgames_tui.games.root.factions.eyrie.decree import ROOSTS
from boardgames_tui.games.root.model import HIDDEN, RootState
from tests.games.root.pieces import CLEARINGS, marquise_of

from .conservation import play_out, table_conserved
from .hares import HARES, extra_factions
from .tables import SEATS, table

MIXES = [
    "marquise,duchy",
    "marquise,eyrie",
    "duchy,eyrie",
    "marquise,eyrie,duchy",
    "marquise,eyrie,vagabond,duchy",
]
MAX_ACTIONS = 6_000


def conserved(state: RootState) -> None:
    """Every card, warrior, building, token and item is somewhere, once."""
    table_conserved(state)
    if EYRIE in state.factions:
        eyrie = state.player(EYRIE)
        assert isinstance(eyrie, Eyrie)
        assert eyrie.roosts >= 0 and eyrie.roosts + core.on_map(state, "roost") == ROOSTS
        assert all(state.clearings[n].buildings.count("roost") <= 1 for n in CLEARINGS)
        assert state.clearings[0].warriors.get(EYRIE, 0) == 0  # never in the Burrow
        if state.turn_number:
            faces = [eyrie.leader] if eyrie.leader else []
            assert sorted(faces + eyrie.leaders + eyrie.deposed) == sorted(
                ["builder", "charismatic", "commander", "despot"]
            )


def play(factions: str, seed: int, check: bool) -> RootState:
    state = table(factions, seed)
    bots = [get_bot("random", seed=seed * 7 + i) for i in range(len(state.players))]
    return play_out(
        state,
        bots,
        limit=MAX_ACTIONS,
        label=f"{factions} seed {seed}",
        check=conserved if check else None,
    )


@pytest.mark.parametrize("factions", MIXES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_conserve_everything_and_end(factions: str, seed: int) -> None:
    state = play(factions, seed, check=True)
    assert state.winner >= 0 and not state.ended_by_limit
    winner = state.player(state.winner)
    assert winner.vp >= 30 or winner.dominance != HIDDEN
    outcome = GAME.outcome(state)
    assert outcome.winners == [state.seat(state.winner)]


@pytest.mark.parametrize("factions", MIXES)
def test_random_games_reach_an_end_in_every_mix(factions: str) -> None:
    """30 points or dominance, with no turn limit, seed after seed."""
    for seed in range(3, 8):
        state = play(factions, seed, check=False)
        assert state.winner >= 0


def eyrie_turn_state(factions: str) -> RootState:
    """A state of a random game during the Eyrie's Daylight, with a Decree."""
    for seed in range(40):
        state = table(factions, seed)
        bots = [get_bot("random", seed=seed + i) for i in range(len(state.players))]
        while not GAME.is_over(state):
            eyrie = state.player(EYRIE)
            assert isinstance(eyrie, Eyrie)
            if (
                state.turn == EYRIE
                and state.step == "resolve"
                and len(eyrie.hand) >= 2
                and any(eyrie.decree)
                and state.turn_number > 6
            ):
                return state
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
    raise AssertionError("no such position")


@pytest.mark.parametrize("factions", ["marquise,eyrie", "marquise,eyrie,duchy"])
def test_views_of_states_differing_only_in_the_eyries_hand_are_the_same(factions: str) -> None:
    """Another seat's view hides the Eyrie's hand and shows the Decree: two
    states that differ only in a card of that hand (swapped with one of the
    deck) look the same to every other seat, and to no one else."""
    state = eyrie_turn_state(factions)
    other = copy_state(state)
    eyrie = other.player(EYRIE)
    seen = set(eyrie.known).union(*eyrie.seen_by.values())
    i = next(k for k, c in enumerate(eyrie.hand) if c not in seen)
    j = len(other.draw_pile) - 1
    eyrie.hand[i], other.draw_pile[j] = other.draw_pile[j], eyrie.hand[i]
    me = state.seat(EYRIE)
    for seat in range(len(state.players)):
        same = GAME.view(state, seat) == GAME.view(other, seat)
        assert same == (seat != me), seat
    view = GAME.view(state, (me + 1) % len(state.players))
    shown = view.player(EYRIE)
    assert isinstance(shown, Eyrie)
    assert shown.decree == state.player(EYRIE).decree  # type: ignore[attr-defined]


@pytest.mark.parametrize("factions", ["marquise,eyrie", "marquise,eyrie,duchy"])
def test_the_eyries_view_hides_the_other_hands(factions: str) -> None:
    state = eyrie_turn_state(factions)
    me = state.seat(EYRIE)
    for seat, p in enumerate(state.players):
        seen = set(p.known).union(*p.seen_by.values())
        if seat == me or not [c for c in p.hand if c not in seen]:
            continue
        other = copy_state(state)
        hand = other.players[seat].hand
        k = next(n for n, c in enumerate(hand) if c not in seen)
        hand[k], other.draw_pile[0] = other.draw_pile[0], hand[k]
        assert GAME.view(state, me) == GAME.view(other, me)
        assert GAME.view(state, seat) != GAME.view(other, seat)


def test_a_game_with_the_eyrie_is_saved_and_loaded_whole() -> None:
    """The Eyrie's state (its Decree, leaders, the column being resolved)
    is part of the save format: a snapshot reads back equal."""
    state = eyrie_turn_state("marquise,eyrie,duchy")
    data = json.loads(json.dumps(GAME.dump_state(state)))
    again = GAME.load_state(data)
    assert isinstance(again.player(EYRIE), Eyrie)
    assert again == state
    assert GAME.legal_actions(again) == GAME.legal_actions(state)


def test_a_four_seat_table_with_the_eyrie_conserves_everything() -> None:
    """Four seats (the test Hares the fourth faction): the Eyrie's setup
    finds its corner among three others, and play goes on as with three."""
    seats = SEATS[:4]
    with extra_factions():
        state = GAME.setup(seats, {"factions": "marquise,eyrie,duchy,hares"}, 3)
        bots = [get_bot("random", seed=40 + i) for i in range(4)]
        while not GAME.is_over(state):
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal), legal)
            conserved(state)
        corners = [FACTIONS[f].start_corner(state) for f in (EYRIE, HARES)]
    assert state.winner >= 0
    eyrie = state.player(EYRIE)
    assert isinstance(eyrie, Eyrie) and eyrie.corner in (1, 2, 3, 4)
    assert len(set(corners)) == 2 and marquise_of(state).keep not in corners


def test_the_eyrie_may_be_named_first() -> None:
    """Law 5.1.1 draws the first player; a table may name one instead
    (R-FIRST), the Eyrie too, and only a faction at the table."""
    from boardgames_tui.engine import SetupError

    seats = [Seat(name="Ana"), Seat(name="Ben")]
    for seed in range(4):
        state = GAME.setup(seats, {"factions": "marquise,eyrie", "first": "eyrie"}, seed)
        assert state.turn == EYRIE
    with pytest.raises(SetupError, match="not at the table"):
        GAME.setup(seats, {"factions": "marquise,duchy", "first": "eyrie"}, 0)


def test_the_log_names_the_eyries_phases_in_good_english() -> None:
    from boardgames_tui.games.root.turn import possessive

    assert possessive("Eyrie Dynasties") == "Eyrie Dynasties'"
    assert possessive("Marquise de Cat") == "Marquise de Cat's"
    state = GAME.setup(
        [Seat(name="Ana"), Seat(name="Ben")], {"factions": "marquise,eyrie", "first": "eyrie"}, 0
    )
    texts: list[str] = []
    while state.turn_number == 0:
        texts += [e.text for e in GAME.apply(state, GAME.legal_actions(state)[0])]
    assert "Turn 1: the Eyrie Dynasties' Birdsong." in texts
