"""Rows 1-2: how many actions a second the rules take, random bots playing
whole games (what ``boardgames-tui simulate`` does), beside the machine's
calibration measured in the same run.

    uv run python benchmarks/rules_simulate.py [--games N]
"""

from __future__ import annotations

import argparse
import time

from common import calibration, report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game

ROWS = [("underwing", 4, "20,000 actions/s"), ("incubation", 2, "40,000 actions/s")]


def actions_per_second(game_id: str, players: int, games: int) -> float:
    game = get_game(game_id)
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    total = 0
    start = time.perf_counter()
    for seed in range(games):
        state = game.setup(seats, None, seed)
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
        while not game.is_over(state):
            seat = game.to_act(state)
            legal = game.legal_actions(state)
            game.apply(state, bots[seat].choose(game, state, legal), legal)
            total += 1
    return total / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    for game_id, players, target in ROWS:
        before = calibration()
        figure = actions_per_second(game_id, players, args.games)
        after = calibration()
        calib = (before + after) / 2
        report(
            f"simulate {game_id} --players {players} (random bots, {args.games} games)",
            figure,
            "actions/s",
            f"machine calibration {calib:.1f} M steps/s; {figure / calib:,.0f} actions per M steps",
            target,
        )


if __name__ == "__main__":
    main()
