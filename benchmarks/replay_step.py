"""A replay step's redraw: → (one move forward) -> screen redrawn in a real
pseudo-terminal at 120x40, replaying a saved Underwing (4 players) and
Incubation (2 players) game, beside a move's key -> redraw in the same game
in the same run (``screen_keys.py``'s figure: the issue's target is a step
within a move's figure).  Also the CPU time the program spent on each step.

    uv run python benchmarks/replay_step.py [--steps N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from common import ROOT, report
from screen_keys import move_latency, new_game_argv
from terminal import Terminal, python

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session

GAMES = [("underwing", "Ana,Ben,Cy,Di", "underwing"), ("incubation", "Ana,Ben", "greedy")]
RIGHT = b"\x1b[C"


def played(folder: Path, game: str, players: str, bot: str, actions: int) -> Path:
    """A save of ``actions`` actions of ``game``, played by ``bot``."""
    seats = [Seat(name=name) for name in players.split(",")]
    session = Session.new(game, seats, seed=7, autosave=False)
    bots = [get_bot(bot, seed=i, game=session.game) for i in range(len(seats))]
    while not session.is_over and len(session.actions) < actions:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat), session.legal_actions()))
    return session.save(folder / f"{game}-replay.json")


def step_latency(save: Path, steps: int, env: dict[str, str]) -> tuple[float, float]:
    """Median ms from → to redrawn, and CPU ms per step, of a replay."""
    term = Terminal(python("-m", "boardgames_tui", "replay", str(save)), 120, 40, env)
    try:
        term.wait_for(b"Replay")
        term.settle()
        times, cpu = [], []
        for _ in range(steps):
            before = term.cpu_seconds()
            times.append(term.press(RIGHT))
            term.settle(0.2)
            cpu.append(term.cpu_seconds() - before)
        return statistics.median(times) * 1000, statistics.mean(cpu) * 1000
    finally:
        term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        env = {
            "BOARDGAMES_TUI_SAVES": saves,
            "PYTHONPATH": str(ROOT),
            "TEXTUAL_ANIMATIONS": "none",
        }
        for game, players, bot in GAMES:
            save = played(Path(saves), game, players, bot, args.steps * 4)
            figure, cpu = step_latency(save, args.steps, env)
            move, move_cpu = move_latency(new_game_argv(game, players), args.steps, (120, 40), env)
            report(
                f"replay step (→) -> screen redrawn, {game} ({players.count(',') + 1}p) at 120x40",
                figure,
                f"ms (CPU {cpu:.0f} ms a step)",
                f"a move's key -> redraw {move:.0f} ms (CPU {move_cpu:.0f} ms)",
                "within a move's figure",
            )


if __name__ == "__main__":
    main()
