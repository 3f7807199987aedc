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
first action and Enter plays it; the figure is the median time from Enter
until the screen stops drawing (nothing written for 80 ms).  Untimed: a
hand-off's cover after a move, lifted with Enter; and a move that asks
first (it spends a card from a hidden hand, or ends a step with something
left undone), answered Y: its dialog's default is "No", so Enter alone
would ask again and again (the script before these rounds stalled there:
on Root 3p 256 moves in, 3 of 120 tries made a move).

Steadier rows (the engine benchmarks' way: kept processes, an untimed
warm-up, rounds in turns).  Both programs are started once a row and kept.
First ``--warm`` moves (3) and as many bare presses are made untimed: a
game's first move after loading took 60-160 ms, in two bursts, against
20-40 for later ones (Root 3p and 4p at 120x40, ``--cold --each``: each
part's first draw, the first save writing every action's text, the
interpreter warming to the code), the second one sometimes 45-80; three
leave a margin, and with 15 moves timed, as before, two cold ones pulled
the median.  ``--cold`` times them too.  Then ``--rounds`` rounds (5) of ``--moves`` moves (4),
each beside a bare press in turns (a move, a press, a press, a move: ABBA),
so load that comes and goes falls on both.  Each line gives the median of
all the timed moves and the range of the rounds' medians; the median time
to the first byte drawn; the share of moves drawn in more than one burst of
writes (reads less than ``terminal.FRAME_GAP``, 6 ms, apart are one burst:
within one frame's write the reads, pieces of up to 4 KB, came at most 4.1
ms apart at load 0.8 and 5.5 ms at load 4-5; the next larger gaps were 6.9
ms and more, mostly 10-60 ms, as Textual works out a further frame); and
the median CPU time a move, from Enter until the program has been silent
for 0.2 s (the move, its redraw and the save after it), with the rounds'
range, by the finest clock the kernel gives: ``schedstat`` (each thread's
run time in ns) or ``ticks`` (the process's, in 10 ms ticks), named in the
line; and with ``schedstat`` the median time the program's threads waited
for a core when ready to run, over the same span and summed over its
threads: a sign of the machine's load (not a figure to take off the
clock's: two threads waiting at once count twice, and the span outlasts
the redraw).  On a shared machine the clock moves with the load, the CPU
time less.  The default run, ten rows, takes 5-6 minutes.

Issue 49's targets: every game within 33 ms (two frames), Underwing and
Incubation within 16 ms (one frame).

    uv run python benchmarks/screen_keys.py [--moves N] [--rounds R] [--warm N] [--cold]
        [--into N] [--only GAME] [--sizes 120x40,80x24] [--each]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from common import ROOT, report
from terminal import Drawn, StillDrawing, Terminal, python

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session

BARE = str(Path(__file__).with_name("bare_app.py"))
#: What a hand-off's cover says ("Pass to Ana — press Enter").
HANDOFF = "— press Enter".encode()
#: Silence after an untimed key before the next one (the timed keys wait
#: 0.2 s: their CPU time is read then).
KEYS_QUIET = 0.15
#: Seconds a screen may go on drawing after a key (or its start) before the
#: row is given up: one that redraws itself for ever is reported, not waited
#: for.
LIMIT = 10.0
#: Untimed moves (and bare presses) after loading: see the module's words.
WARM = 3


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


def saved(saves: Path) -> tuple[tuple[str, int, int], ...]:
    """What the saves folder holds: each file's name, size and time written."""
    return tuple(
        sorted((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in saves.rglob("*.json"))
    )


class Sample(NamedTuple):
    """One timed key: seconds to the first and the last byte drawn, the
    bursts of writes it drew in, and the CPU seconds it took by ``clock``."""

    first: float
    last: float
    bursts: int
    cpu: float
    clock: str
    waited: float | None


def timed(term: Terminal, key: bytes) -> tuple[Drawn, Sample]:
    """``key`` pressed and what it drew, then the program left to settle
    (its CPU time is counted until then: a move's save after its frame)."""
    before = term.cpu()
    drawn = term.press_drawn(key)
    term.settle(0.2, LIMIT)
    after = term.cpu()
    cpu, clock = after.since(before)
    waited = after.waited_since(before)
    return drawn, Sample(drawn.first, drawn.last, drawn.bursts(), cpu, clock, waited)


class BareScreen:
    """The bare app in a pseudo-terminal, kept for a row: Enter redraws."""

    def __init__(self, size: tuple[int, int], env: dict[str, str]) -> None:
        self.term = Terminal(python(BARE), *size, env)
        try:
            self.term.wait_for(b"READY")
            self.term.settle(limit=LIMIT)
        except BaseException:
            self.term.close()  # not left drawing on its own
            raise

    def press(self) -> Sample:
        return timed(self.term, b"\r")[1]


class GameScreen:
    """A game in a pseudo-terminal, kept for a row: :meth:`move` makes a
    move the way a player without the direct keys would (A, Home, Enter)."""

    def __init__(
        self, argv: list[str], size: tuple[int, int], env: dict[str, str], ready: bytes = b"Quit"
    ) -> None:
        self.saves = Path(env["BOARDGAMES_TUI_SAVES"])
        self.term = Terminal(argv, *size, env)
        try:
            self.term.wait_for(ready)
            self.term.settle(limit=LIMIT)
        except BaseException:
            self.term.close()  # not left drawing on its own
            raise
        self.asked = 0

    def move(self, tries: int = 6) -> Sample:
        """The timed Enter of the next move (every move is saved, so a move
        is an Enter after which the saves folder changed)."""
        term = self.term
        for _ in range(tries):
            term.send(b"a", KEYS_QUIET, LIMIT)
            term.send(
                b"\x1b[H", KEYS_QUIET, LIMIT
            )  # Home: a list may come with nothing highlighted
            kept = saved(self.saves)
            mark = len(term.output)
            drawn, sample = timed(term, b"\r")
            if drawn.reads and saved(self.saves) != kept:
                if HANDOFF in term.output[mark:]:
                    term.send(b"\r", KEYS_QUIET, LIMIT)  # the next person lifts the cover, untimed
                return sample
            # No move.  A had closed an action list left open (Incubation
            # keeps it after a move), or a hand-off covered the table and
            # Enter lifted the cover, or the action asks first (it spends a
            # card from a hidden hand, or ends a step with something left
            # undone): its dialog's default is "No", so Enter alone would
            # ask again and again; "(y)" is its Yes button, answered (not
            # timed: the figure is Enter's) so the game moves on.
            if b" (y)" in term.output[mark:]:
                kept = saved(self.saves)
                term.send(b"y", KEYS_QUIET, LIMIT)
                if saved(self.saves) != kept:
                    self.asked += 1
        raise RuntimeError(f"no Enter made a move in {tries} tries")


def in_rounds(
    game: GameScreen, bare: BareScreen, warm: int, rounds: int, per_round: int
) -> tuple[list[list[Sample]], list[list[Sample]]]:
    """``warm`` untimed moves and bare presses, then ``rounds`` rounds of
    ``per_round`` moves and as many bare presses, in turns (a move, a
    press, a press, a move, ...: ABBA), so load that comes and goes falls on
    both alike: each round's samples of the game and of the bare app."""
    for _ in range(warm):
        game.move()
        bare.press()
    moves: list[list[Sample]] = []
    presses: list[list[Sample]] = []
    for _ in range(rounds):
        moves.append([])
        presses.append([])
        for i in range(per_round):
            if i % 2 == 0:
                moves[-1].append(game.move())
                presses[-1].append(bare.press())
            else:
                presses[-1].append(bare.press())
                moves[-1].append(game.move())
    return moves, presses


def move_latency(
    argv: list[str], moves: int, size: tuple[int, int], env: dict[str, str], ready: bytes = b"Quit"
) -> tuple[float, float]:
    """Median ms from Enter to redrawn, and median CPU ms per Enter, of
    ``moves`` moves in the game ``argv`` opens (the first ones included)."""
    game = GameScreen(argv, size, env, ready)
    try:
        samples = [game.move() for _ in range(moves)]
    finally:
        game.term.close()
    return (
        statistics.median(s.last for s in samples) * 1000,
        statistics.median(s.cpu for s in samples) * 1000,
    )


def shown(sample: Sample) -> str:
    """One sample in short: first and last drawn, bursts, CPU (ms)."""
    return (
        f"{sample.first * 1000:.1f}-{sample.last * 1000:.1f}/{sample.bursts}"
        f" cpu {sample.cpu * 1000:.1f}"
        + ("" if sample.waited is None else f" wait {sample.waited * 1000:.1f}")
    )


def summary(rounds: list[list[Sample]]) -> tuple[float, str]:
    """Rounds' samples: the median ms to the last byte drawn over all, and
    in words the range of the rounds' medians, the median to the first
    byte, the share drawn in more than one burst, and the median CPU a key
    with the clock it was read by."""
    every = [s for r in rounds for s in r]
    last = statistics.median(s.last for s in every) * 1000
    spread = [statistics.median(s.last for s in r) * 1000 for r in rounds]
    first = statistics.median(s.first for s in every) * 1000
    split = sum(s.bursts > 1 for s in every) / len(every)
    cpu = statistics.median(s.cpu for s in every) * 1000
    cpus = [statistics.median(s.cpu for s in r) * 1000 for r in rounds]
    clocks = "+".join(sorted({s.clock for s in every}))
    waits = [s.waited for s in every if s.waited is not None]
    waited = f", waited for a core {statistics.median(waits) * 1000:.1f} ms" if waits else ""
    ranged = cpu_ranged = ""
    if len(rounds) > 1:
        ranged = f" (rounds {min(spread):.1f}-{max(spread):.1f})"
        cpu_ranged = f" (rounds {min(cpus):.1f}-{max(cpus):.1f})"
    return last, (
        f"ms{ranged}, first drawn {first:.1f} ms, {split:.0%} in 2+ bursts, "
        f"CPU {cpu:.1f} ms{cpu_ranged} by {clocks}{waited}"
    )


def new_game_argv(game: str, players: str) -> list[str]:
    """A new game of ``game`` (seed 7) opened from the command line."""
    return python("-m", "boardgames_tui", "new", game, "--players", players, "--seed", "7")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=4, help="timed moves a round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--warm", type=int, default=WARM, help="untimed moves first")
    parser.add_argument("--cold", action="store_true", help="no untimed moves: time the first")
    parser.add_argument("--each", action="store_true", help="print every timed move too")
    parser.add_argument("--into", type=int, default=300, help="moves into the game")
    parser.add_argument("--only", default="", help="games to measure, comma-separated")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    args = parser.parse_args()
    warm = 0 if args.cold else args.warm
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
            # A game that ends before 300 moves leaves room for a row's
            # moves (each size plays a fresh save): an action each, another
            # for a move answered in a dialog, and some to spare.
            room = 2 * (warm + args.rounds * args.moves) + 20
            for width, height in sizes:
                save = played(Path(saves), table, args.into, room)
                into = int(save.stem.rsplit("-", 1)[1])
                argv = python("-m", "boardgames_tui", "load", str(save))
                what = f"key -> screen redrawn, {table.name}, {into} moves in, at {width}x{height}"
                bare = BareScreen((width, height), env)
                try:
                    game = GameScreen(argv, (width, height), env)
                    try:
                        moves, presses = in_rounds(game, bare, warm, args.rounds, args.moves)
                    finally:
                        game.term.close()
                except StillDrawing as exc:
                    print(f"{what}: no figure, the screen is {exc} (a redraw loop?)", flush=True)
                    continue
                finally:
                    bare.term.close()
                if args.each:
                    for r, samples in enumerate(moves):
                        print(f"  round {r + 1}: " + "; ".join(map(shown, samples)))
                figure, words = summary(moves)
                bare_figure, bare_words = summary(presses)
                timed_moves = args.rounds * args.moves
                report(
                    f"{what} ({timed_moves} moves in {args.rounds} rounds after {warm} untimed)",
                    figure,
                    words,
                    f"bare Textual app {bare_figure:.1f} {bare_words}",
                    table.target,
                )


if __name__ == "__main__":
    main()
