"""The long monkey: thousands of seeded random key presses on every game
screen (the driver is ``tests/ui/monkey.py``; the test suite runs it short).

For each game and player count it prints presses, moves made (and undone),
resizes, exceptions and whether every game played is on disk exactly as it
stands, then the totals; the exit status is 1 if anything went wrong.  This
counts failures, it does not time anything (presses/s is printed only so a
run's length can be planned).

    uv run python benchmarks/monkey.py [--presses 3000] [--seeds 1] [--game underwing] [--size 80x24]
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from common import ROOT  # noqa: F401  (puts the repository on sys.path)

from tests.ui.monkey import GAMES, SIZES, run_monkey


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=3000, help="presses per run (3000)")
    parser.add_argument("--seeds", type=int, default=1, help="runs per game and size (1)")
    parser.add_argument("--game", help="only this game id")
    parser.add_argument(
        "--size", choices=["80x24", "120x40"], help="start only at this size (both by default)"
    )
    args = parser.parse_args()
    sizes = [s for s in SIZES if args.size in (None, f"{s[0]}x{s[1]}")]
    totals = {"runs": 0, "presses": 0, "moves": 0, "exceptions": 0, "save problems": 0}
    failed = False
    for game, players in GAMES:
        if args.game and game != args.game:
            continue
        for seed in range(1, args.seeds + 1):
            for size in sizes:
                with tempfile.TemporaryDirectory() as folder:
                    started = time.perf_counter()
                    report = asyncio.run(
                        run_monkey(game, players, seed, args.presses, Path(folder), size=size)
                    )
                    elapsed = time.perf_counter() - started
                print(
                    f"{report.line()} (from {size[0]}x{size[1]}, "
                    f"{report.presses / elapsed:.1f} presses/s)",
                    flush=True,
                )
                for text in report.exceptions + report.save_problems:
                    print("    " + text.strip().replace("\n", "\n    "), flush=True)
                ok = not report.exceptions and not report.save_problems and report.on_game_or_menu
                failed |= not ok
                totals["runs"] += 1
                totals["presses"] += report.presses
                totals["moves"] += report.moves
                totals["exceptions"] += len(report.exceptions)
                totals["save problems"] += len(report.save_problems)
    print("total: " + ", ".join(f"{value} {name}" for name, value in totals.items()))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
