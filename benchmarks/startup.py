"""Row 7: the main menu's first frame, beside a bare Textual app (Header,
Static, Footer) started the same way in the same run, in a real pseudo-terminal.

    uv run python benchmarks/startup.py [--runs N]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from common import ROOT, report
from terminal import Terminal, python

BARE = str(Path(__file__).with_name("bare_app.py"))


def first_frame(argv: list[str], marker: bytes, cwd_env: dict[str, str]) -> float:
    term = Terminal(argv, 80, 24, cwd_env)
    try:
        return term.wait_for(marker) * 1000
    finally:
        term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as saves:
        env = {"BOARDGAMES_TUI_SAVES": saves, "PYTHONPATH": str(ROOT)}
        # One start of each first, unmeasured: it writes the bytecode every
        # later start reads, as on a player's machine after the first game.
        first_frame(python("-m", "boardgames_tui"), b"New game", env)
        first_frame(python(BARE), b"READY", env)
        menu_times, bare_times = [], []
        for _ in range(args.runs):  # in turn, so drift hits both alike
            menu_times.append(first_frame(python("-m", "boardgames_tui"), b"New game", env))
            bare_times.append(first_frame(python(BARE), b"READY", env))
    menu, bare = statistics.median(menu_times), statistics.median(bare_times)
    report(
        "main menu's first frame",
        menu,
        f"ms ({menu / bare:.2f}x the bare app)",
        f"bare Textual app {bare:.0f} ms",
        "1.3x",
    )


if __name__ == "__main__":
    main()
