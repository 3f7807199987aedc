"""A move's save: the CPU time of writing the save after a move, 100, 300
and 1,000 actions into a game (or as far in as the game's end allows), on
every game: Underwing (4 players), Incubation (2), Tyrants (4), Root (3: the
Marquise, the Eyrie, the Duchy; and 4: the Marquise, the Eyrie, the
Vagabond, the Alliance, whose seeded game runs past 1,000), each beside, at the same positions in the
same run, the whole log serialised again as every save did before issue 49
(each action dumped, the whole file made by pydantic) and written the same
way, and the atomic write of the same text alone (the floor: the file grows
with the game, so its write does too).

Each position is reached by seeded random bots; then ``--moves`` moves are
made one at a time, each followed by the session's own save (``save``, as
the screen does after a move's frame), the former full save and the write
alone, timed by the process's CPU time (``time.process_time``: a shared
machine's load moves wall-clock figures far more).  The figure is the
median over the moves; the files are written in a temporary folder.

    uv run python benchmarks/save_move.py [--moves N] [--at 100,300,1000] [--only GAME]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import write_atomic
from boardgames_tui.engine.session import Session

TABLES: list[tuple[str, str, dict[str, str]]] = [
    ("underwing", "Ana,Ben,Cy,Di", {}),
    ("incubation", "Ana,Ben", {}),
    ("tyrants", "Ana,Ben,Cy,Di", {}),
    ("root", "Ana,Ben,Cy", {"factions": "marquise,eyrie,duchy", "seating": "chosen"}),
    (
        "root",
        "Ana,Ben,Cy,Di",
        {"factions": "marquise,eyrie,vagabond,alliance", "seating": "chosen"},
    ),
]


def full_text(session: Session) -> str:
    """The save's text made as every save made it before issue 49: each
    action of the log dumped again (``Session.to_save``), the whole file
    serialised by pydantic."""
    return session.to_save().model_dump_json(indent=1)


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def play(session: Session, upto: int) -> None:
    bots = [get_bot("random", seed=i, game=session.game) for i in range(len(session.seats))]
    while not session.is_over and len(session.actions) < upto:
        seat = session.to_act
        assert seat is not None
        session.apply(
            bots[seat].choose(session.game, session.view(seat), session.legal_actions()),
            save=False,
        )


def new(game: str, players: str, options: dict[str, str], folder: Path) -> Session:
    seats = [Seat(name=name) for name in players.split(",")]
    session = Session.new(game, seats, options or None, seed=7, autosave=False)
    session.path = folder / f"{game}.json"
    return session


def one_move(session: Session, other: Path, own_first: bool) -> tuple[float, float, float]:
    """One move made, then the CPU ms of the session's save, of the former
    full save (to ``other``) and of the write alone, the first two in turns
    first (the first after a move finds the caches colder).  Stops the run
    if the two saves' texts differ."""
    play(session, len(session.actions) + 1)
    full = 0.0
    if not own_first:
        full = cpu_ms(lambda: write_atomic(other, full_text(session)))
    own = cpu_ms(session.save)
    if own_first:
        full = cpu_ms(lambda: write_atomic(other, full_text(session)))
    text = full_text(session)
    alone = cpu_ms(lambda: write_atomic(other, text))
    assert session.path is not None
    if session.path.read_text(encoding="utf-8") != text:
        raise SystemExit(f"{session.game.id}: the save differs from the full serialisation")
    return own, full, alone


def measure(game: str, players: str, options: dict[str, str], at: list[int], moves: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        probe = new(game, players, options, folder)
        play(probe, max(at) + moves)
        end = len(probe.actions)  # the seeded game's length (or the last position wanted)
        starts = sorted({min(n, end - moves) for n in at if end - moves > 0})
        for start in starts:
            session = new(game, players, options, folder)
            play(session, start)
            session.save()  # the first save makes every action's part (as after loading)
            figures = [one_move(session, folder / "full.json", i % 2 == 0) for i in range(moves)]
            saves, fulls, writes = (list(column) for column in zip(*figures, strict=True))
            text = full_text(session)
            note = "" if start in at else " (the game's end)"
            report(
                f"{game} ({players.count(',') + 1}p) save after a move, {start:,} actions in{note}",
                statistics.median(saves),
                "CPU ms",
                f"whole log serialised again {statistics.median(fulls):.2f} ms, "
                f"the write alone {statistics.median(writes):.2f} ms, "
                f"{len(text) / 1024:,.0f} KiB",
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="moves measured at each position")
    parser.add_argument("--at", default="100,300,1000", help="positions (actions in)")
    parser.add_argument("--only", default="", help="games to measure, comma-separated")
    args = parser.parse_args()
    at = [int(n) for n in args.at.split(",")]
    only = set(filter(None, args.only.split(",")))
    for game, players, options in TABLES:
        if not only or game in only:
            measure(game, players, options, at, args.moves)


if __name__ == "__main__":
    main()
