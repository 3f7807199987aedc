"""Rows 5-6: key -> screen redrawn in a real pseudo-terminal at 120x40, for a
move in Underwing (4 players) and Incubation (2 players), beside a bare Textual
app redrawing one Static on Enter in the same run.

A move is made the way a player without the direct keys would: A opens the
action picker and Enter plays its first action; the figure is the time from
Enter until the screen stops drawing.

    uv run python benchmarks/screen_keys.py [--moves N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from common import ROOT, report
from terminal import Terminal, python

BARE = str(Path(__file__).with_name("bare_app.py"))
GAMES = [
    ("underwing", "Ana,Ben,Cy,Di", "50 ms"),
    ("incubation", "Ana,Ben", "30 ms"),
]


def bare_latency(presses: int, env: dict[str, str]) -> float:
    term = Terminal(python(BARE), 120, 40, env)
    try:
        term.wait_for(b"READY")
        term.settle()
        return statistics.median(term.press(b"\r") for _ in range(presses)) * 1000
    finally:
        term.close()


def move_latency(game: str, players: str, moves: int, env: dict[str, str]) -> float:
    argv = python("-m", "boardgames_tui", "new", game, "--players", players, "--seed", "7")
    term = Terminal(argv, 120, 40, env)
    try:
        term.wait_for(b"Ana")
        term.settle()
        times = []
        for _ in range(moves):
            term.press(b"a")
            term.settle(0.2)
            times.append(term.press(b"\r"))
            term.settle(0.2)
        return statistics.median(times) * 1000
    finally:
        term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        # Animations off: the figure is the redraw, not the spinner's glide.
        env = {
            "BOARDGAMES_TUI_SAVES": saves,
            "PYTHONPATH": str(ROOT),
            "TEXTUAL_ANIMATIONS": "none",
        }
        for game, players, target in GAMES:
            bare = bare_latency(args.moves, env)
            figure = move_latency(game, players, args.moves, env)
            report(
                f"key -> screen redrawn, {game} ({players.count(',') + 1}p) at 120x40",
                figure,
                "ms",
                f"bare Textual app {bare:.0f} ms",
                target,
            )


if __name__ == "__main__":
    main()
