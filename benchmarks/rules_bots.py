"""Rows 3-4: a greedy bot's decision and random playouts to the end, both from
the same 4-player Underwing position in the middle of a game, beside the
machine's calibration measured in the same run.

A greedy decision costs a copy, a move and an evaluation per action it tries,
so its time follows how many actions the position offers (34 at this one,
trade offers included, where the rules before the trades offered 2).  Two more
figures make it comparable: the time per action tried, and the mean decision
through whole 4-player games of greedy bots (what a table waits for).  A
third is the same decision with the Game contract's plain look ahead (every
action on a full copy of the position, then ``evaluate``), which Underwing's
own ``lookahead_values`` replaces with the same numbers found more cheaply.

    uv run python benchmarks/rules_bots.py
"""

from __future__ import annotations

import time

from common import calibration, report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Game, GameState, Seat, copy_state
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.rng import Rng


def mid_game(game: Game, players: int, seed: int = 3, share: float = 0.5) -> GameState:
    """A position ``share`` of the way through a random game (same seed, same position)."""
    seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
    bot = get_bot("random", seed=seed)
    whole = game.setup(seats, None, seed)
    length = 0
    while not game.is_over(whole):
        game.apply(whole, bot.choose(game, whole))
        length += 1
    bot = get_bot("random", seed=seed)
    state = game.setup(seats, None, seed)
    for _ in range(int(length * share)):
        game.apply(state, bot.choose(game, state))
    return state


def greedy_ms(game: Game, state: GameState, seconds: float = 2.0) -> float:
    bot = get_bot("greedy", seed=1)
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        bot.choose(game, state)
        decisions += 1
    return (time.perf_counter() - start) / decisions * 1000


def plain_look_ahead(game: Game) -> Game:
    """The game with the contract's own ``lookahead_values``."""

    class Plain(type(game)):  # type: ignore[misc]
        lookahead_values = Game.lookahead_values

    return Plain()


def greedy_games_ms(game: Game, seeds: int = 3) -> tuple[float, float]:
    """Mean ms per greedy decision through whole 4-player greedy games, and
    the mean number of legal actions at those decisions."""
    spent = 0.0
    decisions = choices = 0
    for seed in range(seeds):
        seats = [Seat(name=f"P{i + 1}", bot="greedy") for i in range(4)]
        state = game.setup(seats, None, seed)
        bot = get_bot("greedy", seed=seed)
        while not game.is_over(state):
            choices += len(game.legal_actions(state))
            start = time.perf_counter()
            action = bot.choose(game, state)
            spent += time.perf_counter() - start
            decisions += 1
            game.apply(state, action)
    return spent / decisions * 1000, choices / decisions


def playouts_per_second(game: Game, state: GameState, seconds: float = 3.0) -> float:
    rng = Rng.from_seed(5)
    playouts = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        trial = copy_state(state)
        while not game.is_over(trial):
            legal = game.legal_actions(trial)
            game.apply(trial, rng.choice(legal), legal)
        playouts += 1
    return playouts / (time.perf_counter() - start)


def main() -> None:
    game = get_game("underwing")
    state = mid_game(game, 4)
    calib = calibration()
    choices = len(game.legal_actions(state))
    decision = greedy_ms(game, state)
    report(
        "greedy bot decision, Underwing 4p mid-game",
        decision,
        f"ms ({choices} actions tried, {decision / choices * 1000:.0f} us each)",
        f"machine calibration {calib:.1f} M steps/s",
        "0.5 ms",
    )
    plain = plain_look_ahead(game)
    calib = calibration()
    report(
        "the same decision with the plain look ahead (each action on a full copy)",
        greedy_ms(plain, state),
        "ms",
        f"machine calibration {calib:.1f} M steps/s",
    )
    mean, offered = greedy_games_ms(game)
    calib = calibration()
    report(
        "greedy bot decision, mean through whole Underwing 4p greedy games",
        mean,
        f"ms ({offered:.1f} actions offered on average)",
        f"machine calibration {calib:.1f} M steps/s",
        "0.5 ms",
    )
    calib = calibration()
    report(
        "random playouts to the end, Underwing 4p mid-game",
        playouts_per_second(game, state),
        "playouts/s",
        f"machine calibration {calib:.1f} M steps/s",
        "150 playouts/s",
    )


if __name__ == "__main__":
    main()
