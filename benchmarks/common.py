"""What every benchmark here shares: a clock, a calibration of the machine
measured in the same run, one way of printing a figure beside its baseline,
and for the engines' benchmarks an earlier commit's package measured beside
today's in fresh processes, in turns.

The machines these run on are shared and their speed drifts, so every script
measures its baseline in the same process, just before or around its figure,
and prints both: compare the ratio between runs, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def best_of(runs: int, work: Callable[[], float]) -> float:
    """The median of ``runs`` results of ``work`` (each returns a figure)."""
    return statistics.median(work() for _ in range(runs))


def calibration(seconds: float = 0.3, clock: Callable[[], float] = time.perf_counter) -> float:
    """The machine's speed at plain Python in this run: millions of loop steps
    (a dict update, a list append and an attribute read each) per second.  Rules
    code is made of just such steps, so figures divided by this one travel
    between machines better than raw numbers.  ``clock``: what it is timed
    by (``time.process_time`` beside figures timed by CPU time)."""

    class Box:
        __slots__ = ("n",)

        def __init__(self) -> None:
            self.n = 0

    def run() -> float:
        box = Box()
        counts: dict[int, int] = {}
        items: list[int] = []
        steps = 0
        start = clock()
        while clock() - start < seconds / 3:
            for i in range(10_000):
                counts[i & 63] = counts.get(i & 63, 0) + 1
                items.append(box.n)
                box.n += 1
            items.clear()
            steps += 10_000
        return steps / (clock() - start) / 1e6

    return best_of(3, run)


def report(what: str, figure: float, unit: str, baseline: str, target: str = "") -> None:
    """One line: the figure, its baseline, and the issue's target when there is one."""
    shown = f"{figure:.2f}" if abs(figure) < 10 else f"{figure:,.1f}"
    line = f"{what}: {shown} {unit}   [baseline in this run: {baseline}]"
    if target:
        line += f"   (target {target})"
    print(line, flush=True)


def base_tree(commit: str, into: Path) -> Path:
    """The package and its assets as they were at ``commit`` (``git
    archive``), in ``into``: an earlier commit's engine to measure beside
    today's."""
    into.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", commit, "boardgames_tui", "assets"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def actions_per_second(tree: Path, worker: str, args: list[str]) -> float:
    """Actions a CPU second of the package in ``tree``: ``worker`` (a script
    printing ``{"actions": ..., "seconds": ...}``) run with ``args`` in a
    fresh process, the package first on ``sys.path``."""
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{worker}", *args],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
    ).stdout
    found = json.loads(out)
    return float(found["actions"]) / float(found["seconds"])


def in_turns(
    rounds: int, today: Callable[[], float], bases: dict[str, Callable[[], float]]
) -> tuple[float, str]:
    """Today's figure and each base's, measured in turns (today, each base,
    today, ...) ``rounds`` times: the median of today's, and the medians of
    the bases with today's ratio to each, as a baseline's words."""
    now: list[float] = []
    then: dict[str, list[float]] = {b: [] for b in bases}
    for _ in range(rounds):
        now.append(today())
        for b, measure in bases.items():
            then[b].append(measure())
    figure = statistics.median(now)
    against = "; ".join(
        f"commit {b}: {w:,.0f}, today x{figure / w:.2f}"
        for b, w in ((b, statistics.median(v)) for b, v in then.items())
    )
    return figure, against


def paired_turns(
    rounds: int, today: Callable[[], float], bases: dict[str, Callable[[], float]]
) -> tuple[float, str]:
    """As :func:`in_turns`, but each base's ratio is judged round by round:
    in every round today's figure is divided by each base's, measured right
    after it, and the median of those ratios is given with their range.  A
    machine whose load drifts between rounds moves both sides of a round
    together, so the paired ratio spreads less than a ratio of medians.
    The order alternates between rounds (today first, then last), so
    neither side is always measured after the other."""

    def one_round(r: int) -> tuple[float, dict[str, float]]:
        if r % 2:
            got = {b: measure() for b, measure in bases.items()}
            return today(), got
        figure = today()
        return figure, {b: measure() for b, measure in bases.items()}

    return paired_rounds(rounds, one_round, list(bases))


def paired_rounds(
    rounds: int, one_round: Callable[[int], tuple[float, dict[str, float]]], bases: list[str]
) -> tuple[float, str]:
    """:func:`paired_turns`' figures from ``one_round(r)``, which measures
    round ``r`` of today and of every base as it likes (in turns, or in
    pieces interleaved) and gives today's figure and each base's: the
    median of today's, and each base's median with the median and range of
    the rounds' ratios, as a baseline's words."""
    now: list[float] = []
    then: dict[str, list[float]] = {b: [] for b in bases}
    ratios: dict[str, list[float]] = {b: [] for b in bases}
    for r in range(rounds):
        figure, got = one_round(r)
        now.append(figure)
        for b in bases:
            then[b].append(got[b])
            ratios[b].append(figure / got[b])
    against = "; ".join(
        f"commit {b}: {statistics.median(then[b]):,.0f}, today x{statistics.median(ratios[b]):.2f}"
        + (f" (rounds x{min(ratios[b]):.2f}-{max(ratios[b]):.2f})" if rounds > 1 else "")
        for b in bases
    )
    return statistics.median(now), against


#: The end of a :class:`Worker` script that plays seeded games (it defines
#: ``play(seed) -> (actions, CPU seconds)`` and imports ``json`` and ``sys``):
#: ready, then each request ``FIRST COUNT`` answered with the actions and the
#: CPU seconds of the games FIRST to FIRST + COUNT - 1, as
#: :func:`seeded_rounds` asks.
SEEDED_LOOP = """
print("ready", flush=True)
for line in sys.stdin:
    first, count = map(int, line.split())
    total, spent = 0, 0.0
    for seed in range(first, first + count):
        played, seconds = play(seed)
        total += played
        spent += seconds
    print(json.dumps({"actions": total, "seconds": spent}), flush=True)
"""


def round_options(
    parser: argparse.ArgumentParser, games: dict[str, int], piece: dict[str, int]
) -> None:
    """``--games``, ``--rounds`` and ``--piece`` for :func:`seeded_rounds`,
    with each kind of bots' defaults in the help."""

    def defaults(by_kind: dict[str, int]) -> str:
        return ", ".join(f"{n} with {k} bots" for k, n in by_kind.items())

    parser.add_argument(
        "--games", type=int, default=None, help=f"games a round plays (default: {defaults(games)})"
    )
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--piece",
        type=int,
        default=None,
        help=f"games asked of a tree at a time within a round (default: {defaults(piece)})",
    )


class Worker:
    """A fresh process running ``script`` with the package in ``tree`` first
    on ``sys.path``, kept for many measurements: the script prints one line
    (anything) when it is ready, then answers each request line written to
    it with one line of JSON.  A benchmark keeps one per tree and asks them
    in turns, so short samples can alternate closely while each process's
    start (imports, a first game) is paid once.  Use it as a context
    manager, or :meth:`close` it."""

    def __init__(self, tree: Path, script: str, args: list[str]) -> None:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                f"import sys; sys.path.insert(0, {str(tree)!r})\n{script}",
                *args,
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=tree,
        )
        self.ready = False

    def wait_ready(self) -> None:
        """Wait for the script's first line (its start done)."""
        if not self.ready:
            assert self.proc.stdout is not None
            if not self.proc.stdout.readline():
                raise RuntimeError(f"the worker ended at its start (code {self.proc.wait()})")
            self.ready = True

    def ask(self, request: str) -> Any:
        """The script's answer (JSON) to one request line."""
        self.wait_ready()
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the worker ended (code {self.proc.wait()})")
        return json.loads(line)

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        if exc[0] is not None:
            self.proc.kill()
        self.close()


def seeded_rounds(
    today: Worker,
    bases: dict[str, Worker],
    games: int,
    piece: int,
    totals: dict[str, list[float]] | None = None,
) -> Callable[[int], tuple[float, dict[str, float]]]:
    """Round ``r`` for :func:`paired_rounds`, when called, of workers that
    answer a request ``FIRST COUNT`` by playing the seeded games FIRST to
    FIRST + COUNT - 1 with ``{"actions": ..., "seconds": ...}``: the games
    r*games to (r+1)*games - 1 in every tree (new ones each round, the same
    in every tree), asked ``piece`` games at a time in turns (today, the
    bases, then the bases, today, ...), so load that comes and goes during
    a round falls on every tree alike; each tree's actions a second over
    the round (today's, and each base's by its name).  ``totals``, when
    given, gathers each tree's actions and seconds over all rounds (today's
    under ``""``): see :func:`pooled`."""
    workers = {"": today, **bases}
    names = list(workers)

    def one_round(r: int) -> tuple[float, dict[str, float]]:
        spent = {name: [0.0, 0.0] for name in names}
        first = r * games
        for k, start in enumerate(range(first, first + games, piece)):
            count = min(piece, first + games - start)
            for name in names if k % 2 == 0 else names[::-1]:
                found = workers[name].ask(f"{start} {count}")
                spent[name][0] += float(found["actions"])
                spent[name][1] += float(found["seconds"])
        if totals is not None:
            for name, (actions, seconds) in spent.items():
                got = totals.setdefault(name, [0.0, 0.0])
                got[0] += actions
                got[1] += seconds
        rate = {name: actions / seconds for name, (actions, seconds) in spent.items()}
        return rate.pop(""), rate

    return one_round


def pooled(totals: dict[str, list[float]]) -> str:
    """Today's ratio to each base over all the rounds together (the actions
    a second of all of today's games over the base's, from
    :func:`seeded_rounds`' ``totals``), as a baseline's words.  The rounds
    play different games, whose ratios differ by the game, so the median of
    the rounds' ratios is about one round's figure; pooled, every round's
    games count, by their CPU time."""
    rate = {name: actions / seconds for name, (actions, seconds) in totals.items()}
    today = rate.pop("")
    return "; ".join(f"{b} x{today / r:.2f}" for b, r in rate.items())
