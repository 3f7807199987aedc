"""Whole games by bots: every component conserved after every action, markers
always with the controlling player, no space over-full, every game ends, and the contract's checks for the 3-player side B map (the
contract tests in tests/engine play default options, so side A)."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import to_json
from boardgames_tui.games.tyrants import GAME, decision_options
from boardgames_tui.games.tyrants.board import troop_spaces
from boardgames_tui.games.tyrants.listing import (
    ASSASSINATIONS,
    DEPLOY_FOR_VP,
    DEPLOYS,
    SPY_RETURNS,
    BoardActions,
    recruitable,
    recruits,
)
from boardgames_tui.games.tyrants.model import (
    Reach,
    TyrantsState,
    all_cards,
    control_of,
    controller,
    inventory,
    reach,
)

from .helpers import seats

CONFIGS = [
    (2, {}),
    (3, {"side": "A"}),
    (3, {"side": "B", "half_decks": ("elementals", "demons")}),
    (4, {"half_decks": ("drow", "demons")}),
    (4, {"half_decks": ("dragons", "elementals")}),
]
IDS = ["2p", "3p-A", "3p-B-elementals-demons", "4p-drow-demons", "4p-dragons-elementals"]


def dump(state: TyrantsState) -> str:
    return json.dumps(to_json(state), sort_keys=True)


def box(state: TyrantsState) -> dict[str, int]:
    counts = {"vp": 120, "white": 40}
    for seat in range(len(state.players)):
        counts[f"troops {seat}"] = 40
        counts[f"spies {seat}"] = 5
    return counts


def fresh(state: TyrantsState) -> None:
    """What the engine keeps to save work is what working it out would give:
    each seat's reach and the actions on the board kept on it (left in
    place when a piece moves where the seat has no presence), the actions
    the walk listed, the recruits kept by market and piles, control by the
    troops."""
    for seat in range(len(state.players)):
        kept = reach(state, seat)
        found = Reach(state, seat)
        assert (kept.troops, kept.spies, kept.near, kept.spaces) == (
            found.troops,
            found.spies,
            found.near,
            found.spaces,
        )
        if kept.board is not None:
            again = BoardActions()
            deploys = again.deploys(state, seat)
            kills = again.assassinations(state, seat)
            returns = again.spy_returns(state, seat)
            for part, listed in kept.board.parts.items():
                assert listed == (
                    (deploys if part & DEPLOYS else [DEPLOY_FOR_VP])
                    + (kills if part & ASSASSINATIONS else [])
                    + (returns if part & SPY_RETURNS else [])
                )
            assert kept.board.deploys(state, seat) == deploys
            assert kept.board.assassinations(state, seat) == kills
            assert kept.board.spy_returns(state, seat) == returns
    if state.jobs and state.offered is not None:
        assert state.offered == decision_options.options(state)
    if not state.jobs and state.phase == "main":
        influence = state.players[state.current].influence
        listed = [x.card for x in recruits(state, influence)]  # type: ignore[attr-defined]
        assert listed == recruitable(state, state.current)
    for site, holder in state.markers.items():
        assert controller(state, site) == control_of.__wrapped__(state.troops[site]) == holder
    if state.phase != "placing":  # the first troops: the markers follow when play begins
        assert not state.troops_moved, "the markers followed control at the end of the action"


def play(n: int, options: dict[str, Any], seed: int, bot: str = "random") -> list[Any]:
    state = GAME.setup(seats(n), options, seed)
    bots = [get_bot(bot, seed=seed * 7 + i) for i in range(n)]
    cards: Counter[str] = all_cards(state)
    assert inventory(state) == box(state)
    actions = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        assert legal
        action = bots[seat].choose(GAME, state, legal)
        assert GAME.prompt(state).strip() and GAME.progress(state).strip()
        assert "not in this game" not in GAME.describe(state, action)
        GAME.apply(state, action, legal)
        actions.append(action)
        assert inventory(state) == box(state), action
        assert all_cards(state) == cards, action
        assert all(state.players[s].troops >= 0 and state.players[s].spies >= 0 for s in range(n))
        assert all(holder == controller(state, site) for site, holder in state.markers.items())
        assert all(len(occ) <= troop_spaces(space) for space, occ in state.troops.items())
        assert all(len(set(who)) == len(who) for who in state.spies.values())
        fresh(state)
        assert len(actions) < 10_000
    assert state.end_reason
    outcome = GAME.outcome(state)
    assert sorted(outcome.ranking) == list(range(n)) and outcome.winners
    return actions


@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=IDS)
def test_random_games_conserve_everything_and_end(n: int, options: dict[str, Any]) -> None:
    for seed in range(6):
        play(n, options, seed)


def test_a_greedy_game_conserves_everything_and_ends() -> None:
    play(2, {}, 11, bot="greedy")


def test_side_b_is_deterministic_and_round_trips_through_json() -> None:
    options = {"side": "B"}
    actions = play(3, options, 21)
    first = GAME.setup(seats(3), options, 21)
    again = GAME.setup(seats(3), options, 21)
    for i, action in enumerate(actions):
        GAME.apply(first, action)
        GAME.apply(again, GAME.parse_action(json.loads(json.dumps(GAME.dump_action(action)))))
        if i % 50 == 0:
            loaded = GAME.load_state(json.loads(json.dumps(GAME.dump_state(first))))
            assert GAME.dump_state(loaded) == GAME.dump_state(first)
            seat = GAME.to_act(first)
            if seat is not None:
                assert GAME.legal_actions(GAME.view(first, seat)) == GAME.legal_actions(first)
    assert dump(first) == dump(again) and GAME.is_over(first)
    assert set(first.troops) >= {"chaulssin", "ruins-of-dekanter"}
    assert "jhachalkhyn" not in first.troops


def test_draws_and_market_turns_are_reveals() -> None:
    from boardgames_tui.games.tyrants import actions as a

    from .helpers import act, table

    state = table(influence=3, deck=["noble"] * 5)
    state.market[0] = "blackguard"
    events = act(state, a.Recruit(card="blackguard"))
    assert [e.reveals for e in events if "turned into the market" in e.text] == [True]
    events = act(state, a.EndTurn())
    assert [e.reveals for e in events if "draws" in e.text] == [True]
    assert not any(e.reveals for e in events if "draws" not in e.text)
