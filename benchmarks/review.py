"""A whole review (``engine/review.py``) of a seeded game per game, at the
``normal`` budget, beside the baseline of the same run: the ``normal``
bot's own thinking time over that game.

Each game seats the ``normal`` bot at the first seat against the game's
rule bot (Incubation, which has none: against ``greedy``), played to the
end with the app's clocks; the first seat is then reviewed as a person's
(the search's advice at each of its moves and the comparisons), and the
whole table as two people's (both seats).  Issue 54's target: a whole
review of a typical game within a minute.

    uv run python benchmarks/review.py [--games underwing,tyrants] [--seed S]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from common import calibration, report

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.review import Reviewer
from boardgames_tui.engine.session import Session

#: (game, players, the other seat's bot).
GAMES = [
    ("underwing", 2, "underwing"),
    ("incubation", 2, "greedy"),
    ("tyrants", 2, "tyrants"),
    ("root", 2, "root"),
    ("underwing", 1, ""),
]
TARGET = 60.0


def play(game_id: str, players: int, other: str, seed: int, folder: Path) -> tuple[Path, float]:
    """A seeded game, the ``normal`` bot at the first seat: its save and the
    seconds that bot thought over the game."""
    names = ["Ana", "Ben", "Cleo", "Dan"][:players]
    seats = [Seat(name=names[0])] + [Seat(name=n, bot=other) for n in names[1:]]
    session = Session.new(game_id, seats, None, seed, saves_dir=folder, autosave=False)
    game = session.game
    bots = [get_bot("normal", seed=seed, game=game)] + [
        get_bot(other, seed=seed + i, game=game) for i in range(1, players)
    ]
    thought = 0.0
    while not session.is_over:
        seat = session.to_act
        assert seat is not None
        view = session.view(seat)
        legal = game.legal_actions(view)
        start = time.perf_counter()
        action = bots[seat].pick(game, view, legal)
        if seat == 0:
            thought += time.perf_counter() - start
        session.apply(action, save=False)
    path = folder / f"{game_id}-{players}.json"
    session.save(path)
    return path, thought


def timed_review(path: Path, bots: bool) -> tuple[float, int]:
    start = time.perf_counter()
    reviewer = Reviewer(Replay.open(path), bots=bots)
    reviewer.run()
    return time.perf_counter() - start, reviewer.total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="game ids, comma separated (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wanted = {g for g in args.games.split(",") if g}
    print(f"calibration: {calibration():.1f} M steps/s", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        for game_id, players, other in GAMES:
            if wanted and game_id not in wanted:
                continue
            path, thought = play(game_id, players, other, args.seed, Path(folder))
            length = len(Session.load(path).actions)
            baseline = f"the normal bot thought {thought:.1f} s over the game ({length} moves)"
            one, judged = timed_review(path, bots=False)
            report(
                f"{game_id} {players}p review of the first seat ({judged} moves judged)",
                one,
                "s",
                baseline,
                f"within {TARGET:.0f} s: {'met' if one <= TARGET else 'NOT met'}",
            )
            if players > 1:
                every, judged = timed_review(path, bots=True)
                report(
                    f"{game_id} {players}p review of every seat ({judged} moves judged)",
                    every,
                    "s",
                    baseline,
                    f"within {TARGET:.0f} s: {'met' if every <= TARGET else 'NOT met'}",
                )


if __name__ == "__main__":
    main()
