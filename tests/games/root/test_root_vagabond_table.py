"""The Vagabond at the table: coalitions at four players (Law 9.2.8), the
interactions with the Marquise and the Duchy (the keep, Field Hospitals,
the Burrow, the Price of Failure, the Duchy's revealed cards), random
games of every mix with him (every component conserved after every action,
every game ending) and each seat's view."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import copy_state
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import ActivateDominance, Battle
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.decisions import FieldHospitals
from boardgames_tui.games.root.factions.vagabond import HOSTILE, INDIFFERENT, VAGABOND
from boardgames_tui.games.root.factions.vagabond.actions import (
    Attack,
    Coalition,
    Steal,
    Strike,
    Walk,
)
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import vagabond_of
from tests.games.root.tables import deal, legal, put, table

from .conservation import play_out, table_conserved
from .helpers import act
from .pieces import duchy_of, marquise_of
from .vagabond_helpers import blank, items

FOUR = "marquise,eyrie,vagabond,duchy"


# -------------------------------------------------------------- coalitions
def four_players(vps: dict[int, int]) -> RootState:
    state = blank(factions=FOUR, place=5)
    items(state, "boots")
    for f, vp in vps.items():
        state.player(f).vp = vp
    return state


def test_he_cannot_win_by_dominance_but_forms_a_coalition_at_four() -> None:
    """Law 9.2.8: no activation for its own victory; with four players, a
    coalition with the player of fewest points (any of the tied)."""
    state = four_players({VAGABOND: 12, CATS: 8, EYRIE: 5, DUCHY: 5})
    (card,) = deal(state, VAGABOND, "fox-dominance")
    assert not [a for a in legal(state) if isinstance(a, ActivateDominance)]
    offered = [a for a in legal(state) if isinstance(a, Coalition)]
    assert offered == [Coalition(card=card, faction=EYRIE), Coalition(card=card, faction=DUCHY)]
    act(state, Coalition(card=card, faction=DUCHY))
    v = vagabond_of(state)
    assert v.partner == DUCHY and state.player(DUCHY).partner == VAGABOND
    assert v.dominance == card and card not in v.hand
    assert core.gain(state, VAGABOND, 3, "test") == [] and v.vp == 12


def test_no_coalition_below_four_players_or_with_one_in_a_coalition() -> None:
    state = blank(factions="marquise,vagabond,duchy", place=5)
    items(state, "boots")
    vagabond_of(state).vp = 10
    deal(state, VAGABOND, "fox-dominance")
    assert not [a for a in legal(state) if isinstance(a, Coalition)]
    state = four_players({VAGABOND: 10, CATS: 3, EYRIE: 5, DUCHY: 5})
    deal(state, VAGABOND, "fox-dominance")
    state.player(CATS).dominance = 0  # the Marquise activated a card: out
    assert not [a for a in legal(state) if isinstance(a, Coalition)]


def test_coalition_partners_are_not_enemies_and_win_together() -> None:
    state = four_players({VAGABOND: 10, CATS: 8, EYRIE: 3, DUCHY: 5})
    (card,) = deal(state, VAGABOND, "fox-dominance")
    put(state, 5, EYRIE, 2)
    put(state, 5, CATS, 1)
    items(state, "boots", "sword", "crossbow")
    vagabond_of(state).relations[EYRIE] = HOSTILE
    act(state, Coalition(card=card, faction=EYRIE))
    assert vagabond_of(state).relations[EYRIE] == INDIFFERENT  # 9.2.9.3.4
    assert EYRIE not in core.enemies(state, VAGABOND) and VAGABOND not in core.enemies(state, EYRIE)
    assert {a.defender for a in legal(state) if isinstance(a, Attack)} == {CATS}
    assert {a.faction for a in legal(state) if isinstance(a, Strike)} == {CATS}
    # The Eyrie's win is his.
    core.gain(state, EYRIE, 30, "test")
    outcome = GAME.outcome(state)
    assert sorted(outcome.winners) == sorted([state.seat(EYRIE), state.seat(VAGABOND)])
    # An enemy's battle cannot target a partner's pieces; the Eyrie cannot battle him.
    assert all(a.clearing != 5 or a.defender != VAGABOND for a in core.battle_actions(state, EYRIE))


# ------------------------------------------------- with the Marquise and the Duchy
def test_he_may_walk_into_the_keep_and_striking_the_keep_scores_and_removes_it() -> None:
    """Section 5, the keep: pieces may move in; removed, it never comes back."""
    state = blank(place=5)
    items(state, "boots", "crossbow", "torch")
    put(state, 1, CATS, 0, "keep")
    act(state, Walk(clearing=1))
    assert Strike(faction=CATS, piece="keep") in legal(state)
    act(state, Strike(faction=CATS, piece="keep"))
    m = marquise_of(state)
    assert vagabond_of(state).vp == 1 and m.keep == 0 and m.keep_removed


def test_a_strike_on_marquise_warriors_sets_off_field_hospitals() -> None:
    state = blank(place=1)  # Hill, fox
    items(state, "crossbow", "boots")
    put(state, 1, CATS, 2)
    put(state, 3, CATS, 0, "keep")
    deal(state, CATS, "fox-anvil")
    act(state, Strike(faction=CATS))
    assert isinstance(state.stack[-1], FieldHospitals) and state.stack[-1].faction == CATS


def test_a_strike_on_a_duchy_building_costs_it_the_price_of_failure() -> None:
    state = blank(factions="duchy,vagabond", place=5)
    items(state, "crossbow", "boots")
    put(state, 5, DUCHY, 0, "citadel")
    d = duchy_of(state)
    d.swayed = ["Captain"]
    d.unswayed.remove("Captain") if "Captain" in d.unswayed else None
    act(state, Strike(faction=DUCHY, piece="citadel"))
    assert "Captain" not in d.swayed and vagabond_of(state).vp == 1


def test_the_duchys_revealed_cards_cannot_be_stolen() -> None:
    """Section 5: revealed cards are in the Duchy's play area, not its hand."""
    state = blank(factions="duchy,vagabond", place=5)
    items(state, "torch", "boots")
    put(state, 5, DUCHY, 1)
    (card,) = deal(state, DUCHY, "fox-anvil")
    d = duchy_of(state)
    d.hand.remove(card)
    d.revealed.append(card)
    assert not [a for a in legal(state) if isinstance(a, Steal)]


def test_the_eyrie_battles_him_and_his_sword_answers() -> None:
    """Any faction may battle the pawn: a pawn is a piece (Law 4.3)."""
    state = blank(factions="eyrie,vagabond", place=5, turn=EYRIE, step="craft")
    put(state, 5, EYRIE, 2)
    assert any(a.clearing == 5 for a in core.battle_actions(state, EYRIE))
    assert isinstance(core.battle_actions(state, EYRIE)[0], Battle)


# ------------------------------------------------------------ random games
#: Every table of two, three and four of the registered factions with him.
MIXES = [
    ",".join(m)
    for n in (2, 3, 4)
    for m in combinations(sorted(f.key for f in FACTIONS.values()), n)
    if "vagabond" in m
]


def conserved(state: RootState) -> None:
    """Every card, warrior, item, quest and the pawn somewhere, once."""
    table_conserved(state)


def play(mix: str, seed: int, check: bool) -> RootState:
    state = table(mix, seed)
    bots = [get_bot("random", seed=seed * 7 + i) for i in range(len(state.players))]
    return play_out(
        state,
        bots,
        limit=8000,
        label=f"{mix} seed {seed}",
        check=conserved if check else None,
    )


@pytest.mark.parametrize("mix", MIXES)
def test_random_games_with_him_conserve_everything_and_end(mix: str) -> None:
    state = play(mix, 1, check=True)
    assert state.winner >= 0
    outcome = GAME.outcome(state)
    assert state.seat(state.winner) in outcome.winners


@pytest.mark.parametrize("mix", MIXES)
def test_random_games_with_him_reach_an_end_seed_after_seed(mix: str) -> None:
    for seed in range(2, 5):
        assert play(mix, seed, check=False).winner >= 0


def midgame(mix: str) -> RootState:
    state = table(mix, 3)
    bots = [get_bot("random", seed=30 + i) for i in range(len(state.players))]
    while state.turn_number < 12 and not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        acts = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, state, acts), acts)
    return state


@pytest.mark.parametrize("mix", ["marquise,vagabond", FOUR])
def test_views_of_states_differing_only_in_his_hand_are_the_same_to_the_others(mix: str) -> None:
    state = midgame(mix)
    v = vagabond_of(state)
    seen = set(v.known).union(*v.seen_by.values())
    other = copy_state(state)
    ov = vagabond_of(other)
    hidden = [k for k, c in enumerate(ov.hand) if c not in seen]
    if not hidden:
        ov.hand.append(other.draw_pile.pop())
        state = copy_state(other)
        ov = vagabond_of(other)
        ov.hand[-1], other.draw_pile[-1] = other.draw_pile[-1], ov.hand[-1]
    else:
        k = hidden[0]
        ov.hand[k], other.draw_pile[-1] = other.draw_pile[-1], ov.hand[k]
    me = state.seat(VAGABOND)
    for seat in range(len(state.players)):
        assert (GAME.view(state, seat) == GAME.view(other, seat)) == (seat != me), seat


def test_a_game_with_him_is_saved_and_loaded_whole() -> None:
    state = midgame(FOUR)
    data = json.loads(json.dumps(GAME.dump_state(state)))
    again = GAME.load_state(data)
    assert again == state and GAME.legal_actions(again) == GAME.legal_actions(state)
