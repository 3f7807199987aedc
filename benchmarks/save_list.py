"""The save list with a thousand saves, beside the same list with one save
(and the Load screen beside an empty folder), measured in the same run.

The saves are copies of one short real game (Incubation, two players, random
moves to a few dozen actions), each under its own name and with its own
creation time, so that every file's contents and hash differ.  Rows:

- ``saves`` (the command, in its own process) listing 1,000 saves for the
  second time, against listing 1 save for the second time: the index of
  verified saves means nothing is replayed again (target: 3x at most);
- the same listings in this process (``list_saves``), first and second time,
  to show what the index saves;
- the Load screen's first frame (L pressed on the main menu, until its title
  is drawn) with 1,000 saves, against an empty folder, in a real
  pseudo-terminal (target: 1.5x at most);
- the cost per save of a listing at 250, 500, 1,000 and 2,000 saves (issue
  49: flat within 1.5x across them), the Load screen's quick list and the
  second ``list_saves``, each save with the lock file a window leaves beside
  it and every fourth with a seat lock file and seat links (a game played at
  a screen per seat): a save's seat files are found through a map, not by
  matching every file name again for every save.

    uv run python benchmarks/save_list.py [--saves N] [--runs R] [--sizes 250,500,1000,2000]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from functools import partial
from pathlib import Path

from common import ROOT, report
from terminal import Terminal, python

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import SaveFile
from boardgames_tui.engine.saves import list_saves, quick_rows
from boardgames_tui.engine.session import Session


def short_game(folder: Path, moves: int = 30) -> Path:
    """A real game of a few dozen random moves, saved."""
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    session = Session.new("incubation", seats, seed=11, saves_dir=folder, autosave=False)
    bot = get_bot("random", seed=11)
    while not session.is_over and len(session.actions) < moves:
        session._apply(bot.choose(session.game, session.state, session.legal_actions()))
    return session.save(folder / "game-0000.json")


def fill(folder: Path, count: int, template: Path) -> None:
    """``count`` saves in ``folder``: the template's game under distinct
    names and creation times (so distinct contents and hashes)."""
    folder.mkdir(parents=True, exist_ok=True)
    save = SaveFile.model_validate_json(template.read_text())
    for number in range(count):
        copy = save.model_copy(update={"created": save.created + timedelta(microseconds=number)})
        (folder / f"incubation-copy-{number:04d}.json").write_text(copy.model_dump_json(indent=1))


def with_seat_files(folder: Path) -> None:
    """Beside every save, the lock file a window leaves; beside every fourth,
    a seat lock file (a crashed seat window's) and the seats' links."""
    for number, save in enumerate(sorted(folder.glob("*.json"))):
        (folder / f".{save.name}.lock").write_text("")
        if number % 4 == 0:
            (folder / f".{save.name}.seat1.lock").write_text("")
            (folder / f".{save.name}.seats").write_text("{}")


def per_save(sizes: list[int], template: Path, root: Path, runs: int) -> None:
    """The cost per save of the quick list and of the second listing at
    each size, beside the smallest size's in the same run."""
    folders = {}
    for size in sizes:
        folder = root / f"flat-{size}"
        fill(folder, size, template)
        with_seat_files(folder)
        list_saves(folder)  # every save checked once: the index knows them
        folders[size] = folder
    for what, work in (
        ("the Load screen's quick list (quick_rows)", quick_rows),
        ("the second listing (list_saves)", list_saves),
    ):
        cost = {}
        for size, folder in folders.items():
            # The median of many runs, in this process's CPU time (its own
            # work and its system calls): a few milliseconds each, on a
            # shared machine whose load comes and goes between them.
            runs_ms = [cpu_timed(partial(work, folder)) for _ in range(runs * 3)]
            cost[size] = statistics.median(runs_ms) / size
        first = sizes[0]
        for size in sizes:
            report(
                f"{what}, {size} saves, per save",
                cost[size] * 1000,
                f"µs of CPU ({cost[size] / cost[first]:.2f}x at {first})",
                f"{first} saves {cost[first] * 1000:.1f} µs per save",
            )
        spread = max(cost.values()) / min(cost.values())
        report(
            f"{what}: the dearest size's cost per save over the cheapest's",
            spread,
            "x",
            ", ".join(f"{size}: {cost[size] * 1000:.1f} µs" for size in sizes),
            "1.5x",
        )


def cpu_timed(work: object) -> float:
    """ms of this process's CPU time (user and system) that ``work`` takes."""
    start = time.process_time()
    work()  # type: ignore[operator]
    return (time.process_time() - start) * 1000


def timed(work: object) -> float:
    start = time.perf_counter()
    work()  # type: ignore[operator]
    return (time.perf_counter() - start) * 1000


def saves_command(folder: Path) -> float:
    """ms for ``boardgames-tui saves`` on ``folder``, a process of its own."""
    env = dict(os.environ, BOARDGAMES_TUI_SAVES=str(folder), PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "boardgames_tui", "saves"],
        env=env,
        capture_output=True,
        check=False,
    )
    took = (time.perf_counter() - start) * 1000
    if done.returncode != 0 or b"DAMAGED" in done.stdout:
        raise SystemExit(f"saves failed: {done.stderr.decode()[-400:]}")
    return took


def load_screen_frame(folder: Path, marker: bytes) -> tuple[float, float]:
    """ms from L on the main menu until the Load screen's title is drawn, and
    the app's CPU ms meanwhile (on a shared machine the clock moves with the
    load, the CPU time much less)."""
    env = {"BOARDGAMES_TUI_SAVES": str(folder), "PYTHONPATH": str(ROOT)}
    term = Terminal(python("-m", "boardgames_tui"), 100, 32, env)
    try:
        term.wait_for(b"New game")
        term.settle(0.5)  # the menu has read the saves (Continue)
        start = len(term.output)
        cpu = term.cpu_seconds()
        sent = time.perf_counter()
        os.write(term.master, b"l")
        deadline = sent + 60
        while marker not in term.output[start:]:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"{marker!r} never drawn")
            term.read(0.005)
        took = (time.perf_counter() - sent) * 1000
        return took, (term.cpu_seconds() - cpu) * 1000
    finally:
        term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument(
        "--sizes", default="250,500,1000,2000", help="folder sizes for the cost per save"
    )
    args = parser.parse_args()
    many_count = args.saves
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        template = short_game(root / "template")
        moves = len(json.loads(template.read_text())["actions"])
        one, many, empty = root / "one", root / "many", root / "empty"
        fill(one, 1, template)
        fill(many, many_count, template)
        with_seat_files(many)
        empty.mkdir()

        per_save([int(n) for n in args.sizes.split(",")], template, root, args.runs)

        # In this process: the first listing replays every save, the second none.
        first_one = timed(lambda: list_saves(one))
        first_many = timed(lambda: list_saves(many))
        second_one = statistics.median(timed(lambda: list_saves(one)) for _ in range(args.runs))
        second_many = statistics.median(timed(lambda: list_saves(many)) for _ in range(args.runs))
        report(
            f"list_saves, {many_count} saves of {moves} moves, first listing (replays all)",
            first_many,
            "ms",
            f"1 save {first_one:.1f} ms",
        )
        report(
            f"list_saves, {many_count} saves, second listing",
            second_many,
            f"ms ({second_many / second_one:.1f}x 1 save)",
            f"1 save {second_one:.2f} ms",
        )

        # The command, as a player runs it (a process each time), in turn.
        saves_command(one)
        saves_command(many)
        one_times, many_times = [], []
        for _ in range(args.runs):
            one_times.append(saves_command(one))
            many_times.append(saves_command(many))
        cmd_one, cmd_many = statistics.median(one_times), statistics.median(many_times)
        report(
            f"`saves` with {many_count} saves, second listing",
            cmd_many,
            f"ms ({cmd_many / cmd_one:.2f}x 1 save)",
            f"`saves` with 1 save {cmd_one:.0f} ms",
            "3x",
        )

        # The Load screen's first frame, in a pseudo-terminal, in turn.
        load_screen_frame(empty, b"No saved games yet")  # writes the bytecode
        empty_runs, full_runs = [], []
        for _ in range(args.runs):
            empty_runs.append(load_screen_frame(empty, b"No saved games yet"))
            full_runs.append(load_screen_frame(many, f"Saved games ({many_count})".encode()))
        frame_empty = statistics.median(t for t, _ in empty_runs)
        frame_full = statistics.median(t for t, _ in full_runs)
        cpu_empty = statistics.median(c for _, c in empty_runs)
        cpu_full = statistics.median(c for _, c in full_runs)
        report(
            f"Load screen's first frame with {many_count} saves",
            frame_full,
            f"ms ({frame_full / frame_empty:.2f}x an empty folder)",
            f"empty folder {frame_empty:.0f} ms",
            "1.5x",
        )
        report(
            "  the same, the app's CPU time",
            cpu_full,
            f"ms ({cpu_full / max(cpu_empty, 1e-9):.2f}x an empty folder)",
            f"empty folder {cpu_empty:.0f} ms",
            "1.5x",
        )


if __name__ == "__main__":
    main()
