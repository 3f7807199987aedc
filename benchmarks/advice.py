"""The advice's time to first answer (``engine/advice.py``, what ``?`` waits
for before its list shows), per game, median and 95th percentile over
positions of seeded rule-bot games (or greedy, Incubation having no rule
bot), beside the same search with the same playout cap run as a bot runs it
(no one watching its playouts, no reasons), at the same positions in the
same run.  Issue 38's target: within 1.5 s at the 95th percentile.

    uv run python benchmarks/advice.py [--positions N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from common import report

from boardgames_tui.engine.advice import advise, normal_playouts
from boardgames_tui.engine.bots import Budget, SearchBot, get_bot
from boardgames_tui.engine.game import Game, GameState, Seat, copy_state
from boardgames_tui.engine.registry import get_game

#: (game, players, the bot that plays the games the positions come from).
GAMES = [
    ("underwing", 2, "underwing"),
    ("underwing", 4, "underwing"),
    ("incubation", 2, "greedy"),
    ("tyrants", 2, "tyrants"),
    ("root", 2, "root"),
]
TARGET = 1.5


def positions(game: Game[Any, Any], players: int, bot: str, count: int) -> list[GameState]:
    """``count`` decisions with more than one legal move, spread over seeded
    games of ``bot`` against itself (every seventh such decision)."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        seed += 1
        seats = [Seat(name=f"P{i}") for i in range(players)]
        state = game.setup(seats, game.options(), seed)
        bots = [get_bot(bot, seed=seed * 10 + i, game=game) for i in range(players)]
        decisions = 0
        while len(found) < count:
            seat = game.to_act(state)
            if seat is None:
                break
            view = game.view(state, seat)
            legal = game.legal_actions(view)
            if len(legal) > 1:
                decisions += 1
                if decisions % 7 == 0:
                    found.append(copy_state(state))
            game.apply(state, bots[seat].pick(game, view, legal))
    return found


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    args = parser.parse_args()
    for game_id, players, bot in GAMES:
        game = get_game(game_id)
        cap = normal_playouts(game)
        advice_ms: list[float] = []
        search_ms: list[float] = []
        for number, state in enumerate(positions(game, players, bot, args.positions)):
            seat = game.to_act(state)
            assert seat is not None
            view = game.view(state, seat)
            legal = game.legal_actions(view)
            start = time.perf_counter()
            advise(game, copy_state(view), seat, seed=number)
            advice_ms.append((time.perf_counter() - start) * 1000)
            searcher = SearchBot(seed=number, budget=Budget(seconds=None, playouts=cap))
            start = time.perf_counter()
            searcher.search(game, copy_state(view), seat, legal)
            search_ms.append((time.perf_counter() - start) * 1000)
        median = statistics.median(advice_ms)
        top = p95(advice_ms)
        what = f"{game_id} {players}p advice, {len(advice_ms)} positions, cap {cap}"
        report(
            f"{what}: median",
            median,
            "ms",
            f"the bare search {statistics.median(search_ms):.1f} ms median",
        )
        report(
            f"{what}: 95th percentile",
            top,
            "ms",
            f"the bare search {p95(search_ms):.1f} ms",
            f"within {TARGET * 1000:.0f} ms: {'met' if top <= TARGET * 1000 else 'NOT met'}",
        )


if __name__ == "__main__":
    main()
