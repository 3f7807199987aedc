"""Key -> screen redrawn in a real pseudo-terminal, for a move 300 moves into
a game, on every game's screen: Underwing (4 players), Incubation (2),
Tyrants (4), Root (3: the Marquise, the Eyrie, the Duchy; and 4: the
Marquise, the Eyrie, the Vagabond, the Alliance), at 120x40 and at 80x24,
each beside a bare Textual app redrawing one Static on Enter at the same
size in the same run.

The game is a save of seeded random bots' moves (300, or as many as leave
room for the moves measured in a game that ends sooner: Incubation's),
loaded with every seat a person's.  A move is made the way a player
without the direct keys would: A opens the action list, Home goes to its
first action and Enter plays it; the figure is the median time from Enter until the screen
stops drawing (a hand-off that covers the table after a move is lifted
with Enter, which is not timed).  Beside it, the CPU time the program spent
on each Enter (the move and its redraw, read from /proc): on a shared,
loaded machine the clock moves with the load, the CPU time much less.

Issue 49's targets: every game within 33 ms (two frames), Underwing and
Incubation within 16 ms (one frame).

    uv run python benchmarks/screen_keys.py [--moves N] [--into N] [--only GAME] [--sizes 120x40,80x24]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

from common import ROOT, report
from terminal import Terminal, python

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session

BARE = str(Path(__file__).with_name("bare_app.py"))


@dataclass(frozen=True)
class Table:
    """A game at a table: its id, the players, its options, the target."""

    game: str
    players: str
    options: tuple[str, ...] = ()
    target: str = "33 ms"

    @property
    def seats(self) -> int:
        return self.players.count(",") + 1

    @property
    def name(self) -> str:
        factions = [o.split("=", 1)[1] for o in self.options if o.startswith("factions=")]
        table = f" {factions[0]}" if factions else ""
        return f"{self.game} ({self.seats}p{table})"


TABLES = [
    Table("underwing", "Ana,Ben,Cy,Di", target="16 ms"),
    Table("incubation", "Ana,Ben", target="16 ms"),
    Table("tyrants", "Ana,Ben,Cy,Di"),
    Table("root", "Ana,Ben,Cy", ("factions=marquise,eyrie,duchy", "seating=chosen")),
    Table("root", "Ana,Ben,Cy,Di", ("factions=marquise,eyrie,vagabond,alliance", "seating=chosen")),
]
SIZES = [(120, 40), (80, 24)]


def options_of(table: Table) -> dict[str, str]:
    return dict(option.split("=", 1) for option in table.options)


def played(folder: Path, table: Table, actions: int, room: int = 0, bot: str = "random") -> Path:
    """A save of ``table``'s game ``actions`` actions in, played by seeded
    ``bot``s (fewer in a game that ends sooner: as many as leave ``room``
    actions to its end), every seat a person's when loaded."""
    seats = [Seat(name=name) for name in table.players.split(",")]

    def session() -> Session:
        return Session.new(table.game, seats, options_of(table), seed=7, autosave=False)

    def play(game: Session, upto: int) -> Session:
        bots = [get_bot(bot, seed=i, game=game.game) for i in range(len(seats))]
        while not game.is_over and len(game.actions) < upto:
            seat = game.to_act
            assert seat is not None
            game.apply(bots[seat].choose(game.game, game.view(seat), game.legal_actions()))
        return game

    game = play(session(), actions + room)
    if len(game.actions) < actions + room:
        game = play(session(), max(0, len(game.actions) - room))
    else:
        game = play(session(), actions)
    name = f"{table.game}-{table.seats}p-{len(game.actions)}.json"
    return game.save(folder / name)


def bare_latency(presses: int, size: tuple[int, int], env: dict[str, str]) -> tuple[float, float]:
    """Median ms from Enter to redrawn, and CPU ms per Enter, of the bare app."""
    term = Terminal(python(BARE), *size, env)
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


def move_latency(
    argv: list[str], moves: int, size: tuple[int, int], env: dict[str, str], ready: bytes = b"Quit"
) -> tuple[float, float]:
    """Median ms from Enter to redrawn, and CPU ms per Enter, of a move in
    the game ``argv`` opens."""
    saves = Path(env["BOARDGAMES_TUI_SAVES"])
    term = Terminal(argv, *size, env)
    try:
        term.wait_for(ready)
        term.settle()
        times, cpu = [], []
        tries = 0
        while len(times) < moves and tries < 4 * moves:
            tries += 1
            term.press(b"a")
            term.settle(0.2)
            term.press(b"\x1b[H")  # Home: a list may come with nothing highlighted
            term.settle(0.2)
            before = term.cpu_seconds()
            kept = saved(saves)
            took = term.press(b"\r")
            term.settle(0.2)
            if took == 0 or saved(saves) == kept:
                # No move (every move is saved): A had closed an action list
                # left open (Incubation keeps it after a move), or a
                # hand-off covered the table, and Enter fell on the board
                # or lifted the cover.
                continue
            times.append(took)
            cpu.append(term.cpu_seconds() - before)
        if not times:
            raise RuntimeError(f"{argv}: no Enter made a move")
        return statistics.median(times) * 1000, statistics.mean(cpu) * 1000
    finally:
        term.close()


def new_game_argv(game: str, players: str) -> list[str]:
    """A new game of ``game`` (seed 7) opened from the command line."""
    return python("-m", "boardgames_tui", "new", game, "--players", players, "--seed", "7")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=15)
    parser.add_argument("--into", type=int, default=300, help="moves into the game")
    parser.add_argument("--only", default="", help="games to measure, comma-separated")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    args = parser.parse_args()
    only = set(filter(None, args.only.split(",")))
    sizes = [tuple(int(n) for n in s.split("x")) for s in args.sizes.split(",")]
    with tempfile.TemporaryDirectory() as saves:
        # Animations off: the figure is the redraw, not the spinner's glide.
        env = {
            "BOARDGAMES_TUI_SAVES": saves,
            "PYTHONPATH": str(ROOT),
            "TEXTUAL_ANIMATIONS": "none",
        }
        for table in TABLES:
            if only and table.game not in only:
                continue
            # A game that ends before 300 moves leaves room for the moves
            # measured at each size (a hand-off's Enter makes none).
            room = 3 * args.moves * len(sizes) + 20
            for width, height in sizes:
                save = played(Path(saves), table, args.into, room)
                into = int(save.stem.rsplit("-", 1)[1])
                argv = python("-m", "boardgames_tui", "load", str(save))
                bare, bare_cpu = bare_latency(args.moves, (width, height), env)
                figure, cpu = move_latency(argv, args.moves, (width, height), env)
                report(
                    f"key -> screen redrawn, {table.name}, {into} moves in, at {width}x{height}",
                    figure,
                    f"ms (CPU {cpu:.0f} ms a move)",
                    f"bare Textual app {bare:.0f} ms (CPU {bare_cpu:.0f} ms)",
                    table.target,
                )


if __name__ == "__main__":
    main()
