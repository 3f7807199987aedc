"""The search bot's playouts per second on each game, from positions a third
of the way into games the greedy bot plays against itself (random games
wander into positions real play rarely sees, where turns are short and
playouts cheap), beside the machine's calibration measured in the
same run.  Each game's ``search_rate`` (the playouts a level's time budget
buys: hard = 1 s of them) should stay near this figure on a typical machine.

    uv run python benchmarks/search_bot.py
"""

from __future__ import annotations

import time

from common import calibration, report

from boardgames_tui.engine.bots import Budget, SearchBot, get_bot, profile_of
from boardgames_tui.engine.game import Game, GameState, Seat
from boardgames_tui.engine.registry import get_game

CASES = [
    ("underwing", 2),
    ("underwing", 1),
    ("underwing", 4),
    ("incubation", 2),
    ("tyrants", 2),
    ("root", 2),
]


def greedy_position(game: Game, players: int, seed: int, share: float = 0.35) -> GameState:
    """A position ``share`` of the way through a game the greedy bot plays
    in every seat (same seed, same position)."""
    seats = [Seat(name=f"P{i + 1}", bot="greedy") for i in range(players)]

    def play(limit: int | None) -> tuple[GameState, int]:
        bots = [get_bot("greedy", seed=seed * 7 + i) for i in range(players)]
        state = game.setup(seats, None, seed)
        done = 0
        while not game.is_over(state) and (limit is None or done < limit):
            seat = game.to_act(state)
            game.apply(state, bots[seat or 0].choose(game, state))
            done += 1
        return state, done

    _, length = play(None)
    state, _ = play(int(length * share))
    return state


def playouts_per_second(game_id: str, players: int, playouts: int = 150) -> float:
    game = get_game(game_id)
    done = 0
    seconds = 0.0
    for seed in (3, 4, 5):
        state = greedy_position(game, players, seed)
        bot = SearchBot(seed=1, budget=Budget(seconds=None, playouts=playouts))
        legal = game.legal_actions(state)
        if len(legal) < 2:
            continue
        seat = game.to_act(state)
        assert seat is not None
        view = game.view(state, seat)
        start = time.perf_counter()
        # The search itself: ``choose`` plays a free play (a Tyrants card
        # that only adds resources) without a playout, which measures nothing.
        bot.search(game, view, seat, legal)
        seconds += time.perf_counter() - start
        done += bot.last.playouts
    return done / seconds if seconds else 0.0


def main() -> None:
    for game_id, players in CASES:
        calib = calibration()
        game = get_game(game_id)
        report(
            f"search playouts, {game.title} {players}p",
            playouts_per_second(game_id, players),
            "playouts/s",
            f"machine calibration {calib:.1f} M steps/s",
            f"search_rate {profile_of(game).search_rate}",
        )


if __name__ == "__main__":
    main()
