"""Rows 1-2: how many actions a second the rules take, random bots playing
whole games (what ``boardgames-tui simulate`` does), beside the machine's
calibration measured in the same run.  The figure to compare between runs
and machines is the ratio, "actions per M steps" (the actions per second
divided by the calibration's millions of plain-Python steps per second).

Tyrants' and Root's rows (Tyrants at 2, 3 and 4 players; Root's Marquise
against the Duchy and the Marquise, the Eyrie and the Duchy) also time their
rules alone: the same games
replayed from their recorded actions, each position's legal actions listed
and the action applied, no bot at all (issue 49 measured its engine 4-6 times
slower than Underwing's and Incubation's relative to plain Python, Root's
3-4 times); and a seat's view (the copy that hides the others' hands, which every screen draws
from), at every tenth position of those games.

With ``--cpu`` the figures and the calibration are timed by this process's
CPU time, so that other work on a shared machine changes them less.

    uv run python benchmarks/rules_simulate.py [--games N] [--only root] [--cpu]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from common import calibration, report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game

#: (game, players, its options, the target): a row each.
ROWS: list[tuple[str, int, dict[str, Any] | None, str]] = [
    ("underwing", 4, None, "20,000 actions/s"),
    ("incubation", 2, None, "40,000 actions/s"),
    ("tyrants", 2, None, ""),
    ("tyrants", 3, None, ""),
    ("tyrants", 4, None, ""),
    ("root", 2, {"factions": "marquise,duchy"}, ""),
    ("root", 3, {"factions": "marquise,eyrie,duchy"}, ""),
]
#: The games whose rules alone are timed too.
RULES_ALONE = {"tyrants", "root"}
#: What the figures are timed with (``--cpu``: this process's CPU time).
clock: Callable[[], float] = time.perf_counter


def play(
    game_id: str, players: int, options: dict[str, Any] | None, games: int
) -> tuple[float, list[list[Any]]]:
    """Actions per second of ``games`` seeded random games, and their actions
    (the loop of ``simulate`` and the arena: ``next_actions``, the state
    being the loop's own)."""
    game = get_game(game_id)
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    total = 0
    played: list[list[Any]] = []
    start = clock()
    for seed in range(games):
        state = game.setup(seats, options, seed)
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
        actions = []
        while not game.is_over(state):
            seat = game.to_act(state)
            legal = game.next_actions(state)
            action = bots[seat].choose(game, state, legal)
            game.apply(state, action, legal)
            actions.append(action)
        total += len(actions)
        played.append(actions)
    return total / (clock() - start), played


def rules_alone(
    game_id: str, players: int, options: dict[str, Any] | None, played: list[list[Any]]
) -> float:
    """Actions per second of the same games replayed: every position's legal
    actions listed, then the recorded action applied (no bot)."""
    game = get_game(game_id)
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    total = 0
    start = clock()
    for seed, actions in enumerate(played):
        state = game.setup(seats, options, seed)
        for action in actions:
            legal = game.next_actions(state)
            game.apply(state, action, legal)
        total += len(actions)
    return total / (clock() - start)


def view_cost(
    game_id: str, players: int, options: dict[str, Any] | None, played: list[list[Any]]
) -> float:
    """Microseconds a seat's view takes, at every tenth position of the same
    games (the seat to act's view, made ten times)."""
    game = get_game(game_id)
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    spent = 0.0
    views = 0
    for seed, actions in enumerate(played):
        state = game.setup(seats, options, seed)
        for count, action in enumerate(actions):
            if count % 10 == 0:
                seat = game.to_act(state)
                start = clock()
                for _ in range(10):
                    game.view(state, seat)
                spent += clock() - start
                views += 10
            game.apply(state, action)
    return spent / views * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--only", default="", help="one game id: its rows alone")
    parser.add_argument(
        "--cpu", action="store_true", help="time by this process's CPU time (a shared machine)"
    )
    args = parser.parse_args()
    if args.cpu:
        global clock
        clock = time.process_time
    for game_id, players, options, target in ROWS:
        if args.only and game_id != args.only:
            continue
        before = calibration(clock=clock)
        figure, played = play(game_id, players, options, args.games)
        timed = game_id in RULES_ALONE
        alone = rules_alone(game_id, players, options, played) if timed else None
        view = view_cost(game_id, players, options, played) if timed else None
        after = calibration(clock=clock)
        calib = (before + after) / 2
        report(
            f"simulate {game_id} --players {players} (random bots, {args.games} games)",
            figure,
            "actions/s",
            f"machine calibration {calib:.1f} M steps/s; {figure / calib:,.0f} actions per M steps",
            target,
        )
        if alone is not None:
            report(
                f"  the rules alone, the same games replayed ({game_id} {players}p)",
                alone,
                "actions/s",
                f"{alone / calib:,.0f} actions per M steps",
            )
        if view is not None:
            report(
                f"  a seat's view ({game_id} {players}p)",
                view,
                "us",
                f"{view * calib:,.0f} steps of the calibration",
            )


if __name__ == "__main__":
    main()
