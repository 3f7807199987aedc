"""The Vagabond's rule bot (``factions/vagabond/bot.py``, asked by the Root
rule bot for his seat): from hand-built positions it aids only toward a
relationship step it can reach this turn (the aids count from Birdsong),
spends the items it needs least (never the tea that refreshes two more),
walks toward a ruin more than one path away, rests in a forest when his
items are damaged and he has no hammer, and forms a coalition only when the
leader is well ahead; whole games are legal, read from the seat's view and
the same for a seed."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Done
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.vagabond import VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import Aid, Coalition, Slip, Walk
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import vagabond_of
from tests.games.root.tables import deal, put

from .vagabond_helpers import blank, forest, items

CREEK, HILL, QUARRY, MOUNTAIN = 5, 1, 2, 6


def choose(state: RootState, seed: int = 0) -> object:
    return RootBot(seed=seed).choose(GAME, state, GAME.legal_actions(state))


def friendly_at_creek(rabbit_cards: int) -> RootState:
    """He stands in Creek (rabbit) with a Marquise warrior, Friendly with
    her (the next step asks two aids in one turn), boots, a sword and a tea
    face up, and ``rabbit_cards`` rabbit cards in hand."""
    state = blank(place=CREEK)
    v = vagabond_of(state)
    v.quests = []
    v.relations[CATS] = 1
    put(state, CREEK, CATS, 1)
    items(state, "boots", "sword", "tea")
    deal(state, VAGABOND, *["rabbit-ambush", "rabbit-cobbler"][:rabbit_cards])
    return state


def test_he_aids_toward_a_step_he_can_reach_this_turn_and_spares_his_tea() -> None:
    state = friendly_at_creek(2)
    chosen = choose(state)
    assert isinstance(chosen, Aid) and chosen.faction == CATS
    assert chosen.item != "tea"


def test_he_gives_no_aid_that_cannot_reach_the_next_step_this_turn() -> None:
    """One card only: the aid would be lost at the next Birdsong."""
    state = friendly_at_creek(1)
    assert not isinstance(choose(state), Aid)


def test_he_walks_toward_a_ruin_two_paths_away() -> None:
    """The only ruin left is in Mountain, beyond Quarry: from Creek he walks
    to Quarry, not to Hill."""
    state = blank(place=CREEK)
    v = vagabond_of(state)
    v.quests = []
    v.ruins, v.ruin_items = [MOUNTAIN], ["sword"]
    items(state, "boots", "boots", "torch")
    assert choose(state) == Walk(clearing=QUARRY)


def test_with_damaged_items_and_no_hammer_he_slips_into_a_forest_and_stays_to_rest() -> None:
    state = blank(place=CREEK, step="slip")
    vagabond_of(state).quests = []
    items(state, "boots", "torch", damaged=("sword", "tea"))
    chosen = choose(state)
    assert isinstance(chosen, Slip) and chosen.to == forest(1)
    rested = blank(place=forest(1))
    vagabond_of(rested).quests = []
    items(rested, "boots", "torch", damaged=("sword", "tea"))
    assert any(isinstance(a, Walk) for a in GAME.legal_actions(rested))
    assert isinstance(choose(rested), Done)


@pytest.mark.parametrize(("leader_vp", "forms"), [(20, True), (13, False)])
def test_he_forms_a_coalition_only_when_the_leader_is_well_ahead(
    leader_vp: int, forms: bool
) -> None:
    """A coalition ends his own scoring: with 10 points he joins the weakest
    when the leader has 20, not when the leader has 13."""
    state = blank(factions="marquise,eyrie,vagabond,duchy", place=CREEK)
    items(state, "boots")
    vagabond_of(state).quests = []
    for f, vp in {VAGABOND: 10, CATS: leader_vp, EYRIE: 5, DUCHY: 7}.items():
        state.player(f).vp = vp
    deal(state, VAGABOND, "fox-dominance")
    assert any(isinstance(a, Coalition) for a in GAME.legal_actions(state))
    assert isinstance(choose(state), Coalition) is forms


def play(table: str, seed: int) -> tuple[list[str], bool]:
    """A game of the rule bot as the Vagabond against random, each choice
    from the seat's view and checked legal; the moves and whether he won."""
    seats = [Seat(name=f"P{i + 1}") for i in range(len(table.split(",")))]
    state = GAME.setup(seats, {"factions": table}, seed)
    mine = state.seat(VAGABOND)
    bots = [
        get_bot("root" if i == mine else "random", seed=seed + i, game=GAME)
        for i in range(len(state.players))
    ]
    moves: list[str] = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        action = bots[seat].choose(GAME, GAME.view(state, seat))
        assert action in GAME.legal_actions(state)
        moves.append(repr(action))
        GAME.apply(state, action)
    return moves, mine in GAME.outcome(state).winners


@pytest.mark.parametrize("table", ["marquise,vagabond", "duchy,vagabond"])
def test_whole_games_against_random_are_legal_and_the_same_for_a_seed(table: str) -> None:
    first, _ = play(table, 3)
    again, _ = play(table, 3)
    assert first == again


def in_coalition_with_the_eyrie() -> RootState:
    """Four seats; the Vagabond (10 points) in a coalition with the Eyrie (5),
    the Marquise leading with 20."""
    state = blank(factions="marquise,eyrie,vagabond,duchy", place=CREEK)
    items(state, "boots", "sword")
    for f, vp in {VAGABOND: 10, CATS: 20, EYRIE: 5, DUCHY: 7}.items():
        state.player(f).vp = vp
    state.player(VAGABOND).partner = EYRIE
    state.player(EYRIE).partner = VAGABOND
    return state


def test_in_a_coalition_he_stands_as_his_partner_does() -> None:
    """Law 9.2.8: in a coalition he scores no more and wins when his
    partner wins, so the search rates his position by his partner's
    standing: points of his own change nothing, the partner's count."""
    state = in_coalition_with_the_eyrie()
    seat = state.seat_of[VAGABOND]
    partner_seat = state.seat_of[EYRIE]
    before = GAME.evaluate(state, seat)
    assert before == GAME.evaluate(state, partner_seat)
    state.player(VAGABOND).vp += 5
    assert GAME.evaluate(state, seat) == before
    state.player(EYRIE).vp += 5
    assert GAME.evaluate(state, seat) > before


def test_his_partners_win_is_his_in_the_evaluation() -> None:
    """A position the partner has won is a win for him too (the outcome
    names both, Law 9.2.8), and a loss for the others."""
    state = in_coalition_with_the_eyrie()
    state.winner = EYRIE
    assert GAME.evaluate(state, state.seat_of[VAGABOND]) == 1000.0
    assert GAME.evaluate(state, state.seat_of[EYRIE]) == 1000.0
    assert GAME.evaluate(state, state.seat_of[CATS]) == -1000.0
    assert set(GAME.outcome(state).winners) == {
        state.seat_of[VAGABOND],
        state.seat_of[EYRIE],
    }
