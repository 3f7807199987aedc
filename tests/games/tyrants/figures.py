"""Figures for docs/rules/tyrants.md: how bot games end and how scores spread,
and the greedy bot against random bots.

    uv run python -m tests.games.tyrants.figures ends --players 4 --games 200
    uv run python -m tests.games.tyrants.figures greedy --players 2 --games 20

Not a test (nothing here is collected by pytest): it plays whole games and
prints Markdown.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.model import TyrantsState


def play(players: list[str], seed: int) -> tuple[TyrantsState, int]:
    """One game with the named bots in seat order; the state at the end and
    the number of actions."""
    seats = [Seat(name=f"P{i + 1}", bot=b) for i, b in enumerate(players)]
    state = GAME.setup(seats, None, seed)
    bots = [get_bot(b, seed=seed * 31 + i) for i, b in enumerate(players)]
    actions = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        actions += 1
    return state, actions


def ends(players: int, games: int, bot: str) -> None:
    reasons: Counter[str] = Counter()
    winners, margins, spreads, rounds, counts = [], [], [], [], []
    parts: dict[str, list[int]] = {}
    started = time.perf_counter()
    for seed in range(games):
        state, actions = play([bot] * players, seed)
        reasons["last troop" if "troop" in state.end_reason else "market deck"] += 1
        scores = sorted((r.score for r in GAME.outcome(state).results), reverse=True)
        winners.append(scores[0])
        margins.append(scores[0] - scores[1])
        spreads.append(scores[0] - scores[-1])
        rounds.append(state.round)
        counts.append(actions)
        for r in GAME.outcome(state).results:
            for key, value in r.breakdown.items():
                parts.setdefault(key, []).append(value)
    elapsed = time.perf_counter() - started
    print(f"{games} games, {players} players, {bot} bots, {elapsed:.1f} s")
    print()
    print("| figure | value |")
    print("| --- | --- |")
    for reason, n in sorted(reasons.items()):
        print(f"| ended by {reason} | {n} ({100 * n / games:.0f}%) |")
    print(f"| rounds | median {statistics.median(rounds)}, {min(rounds)}-{max(rounds)} |")
    print(f"| actions per game | median {statistics.median(counts)} |")
    print(
        f"| winner's score | median {statistics.median(winners)}, {min(winners)}-{max(winners)} |"
    )
    print(
        f"| winner's margin over second | median {statistics.median(margins)}, max {max(margins)} |"
    )
    print(f"| first minus last | median {statistics.median(spreads)}, max {max(spreads)} |")
    for key, values in parts.items():
        print(f"| mean {key} VP per player | {statistics.mean(values):.1f} |")


def greedy(players: int, games: int) -> None:
    """The greedy bot in each seat in turn, random bots in the others."""
    wins = 0.0
    diffs = []
    started = time.perf_counter()
    for seed in range(games):
        seat = seed % players
        bots = ["random"] * players
        bots[seat] = "greedy"
        state, _ = play(bots, 500 + seed)
        outcome = GAME.outcome(state)
        if seat in outcome.winners:
            wins += 1 / len(outcome.winners)
        scores = [r.score for r in outcome.results]
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        diffs.append(scores[seat] - best_other)
    elapsed = time.perf_counter() - started
    print(
        f"greedy vs {players - 1} random, {games} games (seats rotated, seeds 500-{499 + games}),"
        f" {elapsed:.0f} s: greedy won {wins:g} ({100 * wins / games:.0f}%),"
        f" median margin over the best random {statistics.median(diffs)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["ends", "greedy"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bot", default="random")
    args = parser.parse_args()
    if args.what == "ends":
        ends(args.players, args.games, args.bot)
    else:
        greedy(args.players, args.games)


if __name__ == "__main__":
    main()
