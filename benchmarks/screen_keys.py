"""Rows 5-6: key -> screen redrawn in a real pseudo-terminal at 120x40, for a
move in Underwing (4 players) and Incubation (2 players), beside a bare Textual
app redrawing one Static on Enter in the same run.

A move is made the way a player without the direct keys would: A opens the
action picker and Enter plays its first action; the figure is the time from
Enter until the screen stops drawing.  Beside it, the CPU time the program
spent on each Enter (the move and its redraw, read from /proc): on a shared,
loaded machine the clock moves with the load, the CPU time much less.

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


def bare_latency(presses: int, env: dict[str, str]) -> tuple[float, float]:
    """Median ms from Enter to redrawn, and CPU ms per Enter, of the bare app."""
    term = Terminal(python(BARE), 120, 40, env)
    try:
        term.wait_for(b"READY")
        term.settle()
        times, cpu = [], []
        for _ in range(presses):
            before = term.cpu_seconds()
            times.append(term.press(b"\r"))
            term.settle(0.2)
            cpu.append(term.cpu_seconds() - before)
        return statistics.median(times) * 1000, statistics.mean(cpu) * 1000
    finally:
        term.close()


def saved(saves: Path) -> tuple[tuple[str, int, int], ...]:
    """What the saves folder holds: each file's name, size and time written."""
    return tuple(
        sorted((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in saves.rglob("*.json"))
    )


def move_latency(game: str, players: str, moves: int, env: dict[str, str]) -> tuple[float, float]:
    """Median ms from Enter to redrawn, and CPU ms per Enter, of a move."""
    argv = python("-m", "boardgames_tui", "new", game, "--players", players, "--seed", "7")
    saves = Path(env["BOARDGAMES_TUI_SAVES"])
    term = Terminal(argv, 120, 40, env)
    try:
        term.wait_for(b"Ana")
        term.settle()
        times, cpu = [], []
        tries = 0
        while len(times) < moves and tries < 3 * moves:
            tries += 1
            term.press(b"a")
            term.settle(0.2)
            before = term.cpu_seconds()
            kept = saved(saves)
            took = term.press(b"\r")
            term.settle(0.2)
            if took == 0 or saved(saves) == kept:
                # No move (every move is saved): A had closed an action list
                # left open (Incubation keeps it after a move) and Enter fell
                # on the board, where it drew nothing or a note saying why it
                # does nothing there.
                continue
            times.append(took)
            cpu.append(term.cpu_seconds() - before)
        if not times:
            raise RuntimeError(f"{game}: no Enter made a move")
        return statistics.median(times) * 1000, statistics.mean(cpu) * 1000
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
            bare, bare_cpu = bare_latency(args.moves, env)
            figure, cpu = move_latency(game, players, args.moves, env)
            report(
                f"key -> screen redrawn, {game} ({players.count(',') + 1}p) at 120x40",
                figure,
                f"ms (CPU {cpu:.0f} ms a move)",
                f"bare Textual app {bare:.0f} ms (CPU {bare_cpu:.0f} ms)",
                target,
            )


if __name__ == "__main__":
    main()
