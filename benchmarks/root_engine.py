"""Root's engine speed per mix, before and after the factions became plug-ins
(issue 47: the events and the typed decisions may not make Root more than
10% slower).  Each row is the actions a second of whole seeded games, random
bots (the rules alone: ``legal_actions`` and ``apply``) or the rule bot (the
rules and the bot the search's playouts run), of today's code beside the
same games on the base commit, measured in the same run.

The base commit's package is taken from git (``git archive``) into a
temporary folder; both are measured in fresh processes, in turns (today,
base, today, base ...), each by its own CPU time (``time.process_time``: a
machine shared with other work slows the wall clock, less the CPU time), and
each row gives the median of the rounds and the change against the base.

    uv run python benchmarks/root_engine.py [--games N] [--rounds R] [--base COMMIT]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

from common import ROOT, report

MIXES = ("marquise,duchy", "marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy")
KINDS = ("random", "rule")
#: The commit before issue 47's redesign.
BASE = "7628385"

#: The measurement, run in a fresh process with the package to measure first
#: on ``sys.path``: games of one mix, and the actions a CPU second.
WORKER = """
import json, sys, time
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME

kind, mix, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
players = len(mix.split(","))
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]
total, spent = 0, 0.0
for seed in range(games):
    state = GAME.setup(seats, {"factions": mix}, seed)
    if kind == "random":
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
    else:
        bots = [GAME.own_bots()["root"](seed=seed * 31 + i) for i in range(players)]
    start = time.process_time()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        total += 1
    spent += time.process_time() - start
print(json.dumps({"actions": total, "seconds": spent}))
"""


def base_tree(commit: str, into: Path) -> Path:
    """The package and its assets as they were at ``commit``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "boardgames_tui", "assets"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def measure(tree: Path, kind: str, mix: str, games: int) -> float:
    """Actions a CPU second of the package in ``tree``."""
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{WORKER}"]
        + [kind, mix, str(games)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
    ).stdout
    found = json.loads(out)
    return float(found["actions"]) / float(found["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default=BASE)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = base_tree(args.base, Path(tmp))
        for kind in KINDS:
            for mix in MIXES:
                now: list[float] = []
                then: list[float] = []
                for _ in range(args.rounds):
                    now.append(measure(ROOT, kind, mix, args.games))
                    then.append(measure(base, kind, mix, args.games))
                figure, was = statistics.median(now), statistics.median(then)
                report(
                    f"root {mix} ({kind} bots, {args.games} games)",
                    figure,
                    "actions per CPU second",
                    f"base commit {args.base}: {was:,.0f}, today {figure / was - 1:+.1%}",
                    "no more than 10% slower",
                )


if __name__ == "__main__":
    main()
