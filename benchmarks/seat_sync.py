"""A screen per seat: from a move in one window to the other window's redraw.

Two real pseudo-terminals at 120x40 sit at the two seats of one saved
Incubation game (``boardgames-tui sit SAVE --seat Ana`` / ``--seat Ben``).
The window whose seat is to move opens its action list (A) and plays its
first action (Enter); the figure is the time from Enter until the other
window has drawn the move and stopped drawing (it looks at the save every
0.2 s), median and 95th percentile.  Beside it, in the same run, the time
from Enter until the moving window itself stopped drawing (key -> redraw of
one window).

    uv run python benchmarks/seat_sync.py [--moves N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from common import ROOT, report
from terminal import QUIET, Terminal, python


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def moves_saved(save: Path) -> int:
    try:
        return len(json.loads(save.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return -1


def to_act(save: Path) -> int | None:
    from boardgames_tui.engine.session import Session

    return Session.load(save).to_act


def redrawn(term: Terminal, since: float, timeout: float = 5.0) -> float:
    """Seconds from ``since`` until ``term`` drew and then fell quiet."""
    deadline = time.perf_counter() + timeout
    last = None
    while time.perf_counter() < deadline:
        if term.read(QUIET):
            last = time.perf_counter()
        elif last is not None:
            break
    if last is None:
        raise TimeoutError("the other window never drew the move")
    return last - since


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        saves = Path(folder)
        env = {
            "BOARDGAMES_TUI_SAVES": folder,
            "PYTHONPATH": str(ROOT),
            "TEXTUAL_ANIMATIONS": "none",
        }
        from boardgames_tui.engine.game import Seat
        from boardgames_tui.engine.session import Session

        session = Session.new(
            "incubation", [Seat(name="Ana"), Seat(name="Ben")], seed=7, saves_dir=saves
        )
        save = session.path
        assert save is not None
        argv = python("-m", "boardgames_tui", "sit", str(save))
        terms = [Terminal([*argv, f"--seat={name}"], 120, 40, env) for name in ("Ana", "Ben")]
        try:
            for term, name in zip(terms, ("Ana", "Ben"), strict=True):
                term.wait_for(f"{name}'s screen".encode())
                term.settle()
            across, own = [], []
            tries = 0
            while len(across) < args.moves and tries < 3 * args.moves:
                tries += 1
                seat = to_act(save)
                if seat is None:
                    break
                mover, other = terms[seat], terms[1 - seat]
                mover.press(b"a")
                mover.settle(0.2)
                other.settle(0.05)
                before = moves_saved(save)
                sent = time.perf_counter()
                took = mover.press(b"\r")
                if moves_saved(save) == before:
                    continue  # Enter fell where it plays nothing
                across.append(redrawn(other, sent))
                own.append(took)
                mover.settle(0.2)
                other.settle(0.2)
            if not across:
                raise RuntimeError("no Enter made a move")
            report(
                "move in one window -> the other window redrawn, incubation (2p) at 120x40",
                statistics.median(across) * 1000,
                f"ms median, p95 {percentile(across, 0.95) * 1000:.0f} ms over {len(across)} moves",
                f"key -> redraw of the moving window {statistics.median(own) * 1000:.0f} ms "
                f"median, p95 {percentile(own, 0.95) * 1000:.0f} ms",
                "p95 within 1000 ms",
            )
        finally:
            for term in terms:
                term.close()


if __name__ == "__main__":
    main()
