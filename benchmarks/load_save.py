"""Row 8: loading a finished 6-player Underwing save (read, validate, replay
every move, compare with the snapshot), beside reading the same file as plain
JSON in the same run.

    uv run python benchmarks/load_save.py
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from common import best_of, report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session


def finished_save(folder: Path) -> Path:
    seats = [Seat(name=name, bot="random") for name in ("Ana", "Ben", "Cy", "Di", "Ed", "Flo")]
    session = Session.new("underwing", seats, seed=6, saves_dir=folder, autosave=False)
    bot = get_bot("random", seed=6)
    while not session.is_over:
        session._apply(bot.choose(session.game, session.state, session.legal_actions()))
    return session.save(folder / "finished.json")


def timed(work: object, runs: int = 7) -> float:
    def once() -> float:
        start = time.perf_counter()
        work()  # type: ignore[operator]
        return (time.perf_counter() - start) * 1000

    return best_of(runs, once)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = finished_save(Path(tmp))
        moves = len(json.loads(path.read_text())["actions"])
        Session.load(path)  # warm: imports and caches
        load = timed(lambda: Session.load(path))
        plain = timed(lambda: json.loads(path.read_text()))
    report(
        f"load a finished 6-player Underwing save ({moves} moves)",
        load,
        "ms",
        f"json.loads of the same file {plain:.1f} ms",
        "30 ms",
    )


if __name__ == "__main__":
    main()
