"""Underwing's quick look one action ahead (:mod:`...underwing.lookahead`):
trade and group steps rated as the position itself, placements played on a
narrow copy and rated from the position's standings.  Its numbers must be
the plain definition's to the last bit (each action on a full copy, then
``evaluate``), so greedy bots choose exactly as before."""

from __future__ import annotations

from collections import Counter
from typing import Any

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action, Game, Seat, copy_state
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import Place
from boardgames_tui.games.underwing.game import UnderwingGame
from boardgames_tui.games.underwing.lookahead import (
    Standings,
    leaves_evaluation,
    placement,
    quick_placements,
)
from boardgames_tui.games.underwing.model import UnderwingState

from .helpers import NAMES


def plain_values(state: UnderwingState, seat: int, actions: list[Action], luck: int) -> list[float]:
    """The contract's own definition (``Game.lookahead_values`` as the base
    class has it), not Underwing's quicker one."""
    return Game.lookahead_values(GAME, state, seat, actions, luck)


def tables() -> list[tuple[list[Seat], dict[str, Any] | None, int]]:
    """Bots at every table size, and tables of people (who may open trades
    for any of them, so offers are many), with more offers per phase."""
    found: list[tuple[list[Seat], dict[str, Any] | None, int]] = []
    for n in range(1, 7):
        found.append(([Seat(name=NAMES[i], bot="greedy") for i in range(n)], None, n))
    for n in (2, 3, 4):
        found.append(([Seat(name=NAMES[i]) for i in range(n)], {"trade_offers": 3}, 10 + n))
    return found


def test_values_are_the_plain_ones_through_greedy_games() -> None:
    used: Counter[str] = Counter()
    for seats, options, seed in tables():
        state = GAME.setup(seats, options, seed)
        bot = get_bot("greedy", seed=seed)
        steps = 0
        while not GAME.is_over(state) and steps < 250:
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            before = GAME.dump_state(state)
            luck = seed * 1000 + steps
            found = GAME.lookahead_values(state, seat, legal, luck)
            assert GAME.dump_state(state) == before, "the position is left as it was"
            plain = plain_values(state, seat, legal, luck)
            assert [v.hex() for v in found] == [v.hex() for v in plain]
            for action in legal:
                if leaves_evaluation(state, action):
                    used[action.kind] += 1
                elif isinstance(action, Place):
                    here = Standings(state)
                    if (
                        not quick_placements(state)
                        or here.placement_value(state, action, seat) is None
                    ):
                        used["full place"] += 1
                    elif here.more and here.taking(state, action.crystals) - {action.slot}:
                        used["quick place"] += 1
                    else:
                        used["quick place, played on a narrow copy"] += 1
            GAME.apply(state, bot.choose(GAME, state))
            steps += 1
    # every quick path was taken, and the placements that set off more were not
    assert used["offer_trade"] > 100 and used["trade_add"] > 20
    assert used["start_group"] > 100 and used["add_to_group"] > 5
    assert used["quick place"] > 1000 and used["full place"] > 100
    assert used["quick place, played on a narrow copy"] >= 5


def test_a_quick_placement_is_the_full_one() -> None:
    """The narrow copy equals the full copy with the placement performed,
    field by field (it only shares the parts the placement leaves alone);
    the position's standings, which know the eggs that take a placement,
    change nothing about it."""
    checked = 0
    for seed, n in enumerate((2, 3, 4, 5, 6)):
        state = GAME.setup([Seat(name=NAMES[i], bot="random") for i in range(n)], None, seed)
        bot = get_bot("random", seed=seed)
        while not GAME.is_over(state):
            here = Standings(state)
            for action in GAME.legal_actions(state):
                if not isinstance(action, Place):
                    continue
                quick = placement(state, action, Rng.from_seed(seed))
                assert quick == placement(state, action, Rng.from_seed(seed), here)
                if quick is None:
                    continue
                full = copy_state(state)
                full.rng = Rng.from_seed(seed)
                GAME.perform(full, action)
                assert quick == full
                checked += 1
            GAME.apply(state, bot.choose(GAME, state))
    assert checked > 500


class PlainUnderwing(UnderwingGame):
    """Underwing with the Game contract's own look ahead."""

    lookahead_values = Game.lookahead_values  # type: ignore[assignment]


def test_greedy_bots_play_the_same_games_as_with_the_plain_look_ahead() -> None:
    plain = PlainUnderwing()
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        games = []
        for game in (GAME, plain):
            state = game.setup([Seat(name=NAMES[i], bot="greedy") for i in range(n)], None, seed)
            bots = [get_bot("greedy", seed=seed * 31 + i) for i in range(n)]
            actions: list[Action] = []
            while not game.is_over(state):
                seat = game.to_act(state)
                assert seat is not None
                action = bots[seat].choose(game, state)
                game.apply(state, action)
                actions.append(action)
            games.append((actions, game.dump_state(state)))
        assert games[0] == games[1]
