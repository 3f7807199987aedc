"""A replay step's redraw: → (one move forward) -> screen redrawn in a real
pseudo-terminal at 120x40, replaying a saved game on every game's screen:
Underwing (4 players), Incubation (2), Tyrants (4) and Root (3: the
Marquise, the Eyrie, the Duchy), beside a move's key -> redraw in a new game
of the same table in the same run (``screen_keys.py``'s figure: the issue's
target is a step within a move's figure).  Also the CPU time the program
spent on each step.

    uv run python benchmarks/replay_step.py [--steps N] [--only GAME]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import ROOT, report
from screen_keys import move_latency, new_game_argv
from terminal import Terminal, python

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session


@dataclass(frozen=True)
class Replayed:
    """A table replayed: the game, the players, the bot that played the
    save, the game's options."""

    game: str
    players: str
    bot: str
    options: tuple[str, ...] = ()


GAMES = [
    Replayed("underwing", "Ana,Ben,Cy,Di", "underwing"),
    Replayed("incubation", "Ana,Ben", "greedy"),
    Replayed("tyrants", "Ana,Ben,Cy,Di", "random"),
    Replayed("root", "Ana,Ben,Cy", "random", ("factions=marquise,eyrie,duchy", "seating=chosen")),
]
RIGHT = b"\x1b[C"


def played(
    folder: Path, game: str, players: str, bot: str, actions: int, options: dict[str, str]
) -> Path:
    """A save of ``actions`` actions of ``game``, played by ``bot``."""
    seats = [Seat(name=name) for name in players.split(",")]
    session = Session.new(game, seats, options, seed=7, autosave=False)
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
    parser.add_argument("--only", default="", help="games to measure, comma-separated")
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as saves:
        env = {
            "BOARDGAMES_TUI_SAVES": saves,
            "PYTHONPATH": str(ROOT),
            "TEXTUAL_ANIMATIONS": "none",
        }
        for table in GAMES:
            if only and table.game not in only:
                continue
            options = dict(option.split("=", 1) for option in table.options)
            save = played(
                Path(saves), table.game, table.players, table.bot, args.steps * 4, options
            )
            figure, cpu = step_latency(save, args.steps, env)
            argv = new_game_argv(table.game, table.players)
            argv += [arg for option in table.options for arg in ("--option", option)]
            move, move_cpu = move_latency(argv, args.steps, (120, 40), env)
            seats = table.players.count(",") + 1
            report(
                f"replay step (→) -> screen redrawn, {table.game} ({seats}p) at 120x40",
                figure,
                f"ms (CPU {cpu:.0f} ms a step)",
                f"a move's key -> redraw {move:.0f} ms (CPU {move_cpu:.0f} ms)",
                "within a move's figure",
            )


if __name__ == "__main__":
    main()
