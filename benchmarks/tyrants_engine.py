"""Tyrants' engine speed at 2, 3 and 4 players beside the same games on
an earlier commit measured in the same run: ``--base``, the commit the
engine's second round of speed-ups started from (main when it began; issue
49 asks for Tyrants' engine at least 1.5 times faster than it), and with
``--issue49`` the commit before issue 49 as well.  Each row is the actions
a second of whole seeded games, random bots (the rules alone, but for the
random choice: listing and ``apply``) or the rule bot (the rules and the
bot the search's playouts run).

The loop is the one ``simulate``, the arena and the search's playouts run:
each position's actions from ``Game.next_actions`` (the state is the
loop's own; a commit without it lists with ``legal_actions``).

The earlier packages are taken from git (``git archive``, as
``root_engine.py`` does) into temporary folders.  For each row every tree
gets one fresh process (``common.Worker``), kept for the row: it plays a
game of a seed no round plays first, untimed (the first game of a process
loads the cards and fills what the engine keeps, its kept lists and its
events' words: a cost a loop of many games pays once; ``--cold`` times it
in the first round instead).  Then come the rounds: in each, every tree
plays the same seeded games, ``--games`` of them, new ones each round
(round r plays seeds r*games to (r+1)*games - 1), asked of the processes
``--piece`` games at a time in turns (today, base, base, today, ...), so
load that comes and goes during a round falls on every tree alike; each
is timed by its process's own CPU time (``time.process_time``: a machine
shared with other work slows the wall clock, less the CPU time).  Each
row gives the median of today's rounds and, for each base, the median of
the rounds' ratios (each round's figure over the base's on the same
games, ``common.paired_rounds``) with their range.

Why so: with a fresh process per sample and 10 games (a tenth of a CPU
second) a row spread 10-30% from run to run even on a quiet machine, and
longer samples in fresh processes made a run twice as long (each process's
start, about half a second, was most of it).  Kept processes pay their
start once a row, so a run holds seven rounds, each in pieces of a few
hundredths of a second closely alternated, in about the time the earlier
``--games 10 --rounds 2`` took against two bases.

    uv run python benchmarks/tyrants_engine.py [--games N] [--rounds R] [--piece N]
        [--base COMMIT] [--issue49 [COMMIT]] [--players 2,3,4] [--kinds random,rule] [--cold]
"""

from __future__ import annotations

import argparse
import tempfile
from contextlib import ExitStack
from pathlib import Path

from common import (
    ROOT,
    SEEDED_LOOP,
    Worker,
    base_tree,
    paired_rounds,
    report,
    round_options,
    seeded_rounds,
)

KINDS = ("random", "rule")
#: Games a round plays by default, by kind of bots: about 0.15 CPU seconds
#: today (a random action costs about a quarter of a rule bot's).
GAMES = {"random": 30, "rule": 8}
#: Games asked of a tree at a time within a round, by kind of bots: about
#: 20-25 ms of CPU today.
PIECE = {"random": 5, "rule": 2}
#: Main when the second round on Tyrants' engine began.
BASE = "8b4ade3"
#: The commit before issue 49 (its engines 1.5 times faster).
ISSUE49 = "a7b4a5a"

#: The measurement, a process per tree with the package to measure first on
#: ``sys.path`` (``common.Worker``): after its start, each request line
#: ``FIRST COUNT`` plays the seeded games FIRST to FIRST + COUNT - 1 at one
#: table and answers the actions played and the CPU seconds they took.
WORKER = (
    """
import json, sys, time
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.tyrants import GAME

kind, players = sys.argv[1], int(sys.argv[2])
warm = sys.argv[3] == "warm"
listing = getattr(GAME, "next_actions", GAME.legal_actions)
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]


def play(seed):
    state = GAME.setup(seats, None, seed)
    if kind == "random":
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
    else:
        bots = [GAME.own_bots()["tyrants"](seed=seed * 31 + i) for i in range(players)]
    start = time.process_time()
    played = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = listing(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        played += 1
    return played, time.process_time() - start


# With "warm", a game of a seed no request plays comes first, untimed: the
# engine's first game loads and fills what it keeps (the cards' words, the
# kept lists), which a loop of many games pays once.
if warm:
    play(1_000_000)
"""
    + SEEDED_LOOP
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    round_options(parser, GAMES, PIECE)
    parser.add_argument("--base", default=BASE)
    parser.add_argument(
        "--issue49",
        nargs="?",
        const=ISSUE49,
        default=None,
        help=f"measure this commit too (alone: {ISSUE49}, the commit before issue 49)",
    )
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument(
        "--cold",
        action="store_true",
        help="time each process's first game too, in the first round (by default a game "
        "of another seed is played first, untimed, in every tree alike)",
    )
    args = parser.parse_args()
    warm = not args.cold
    kinds = [k for k in args.kinds.split(",") if k]
    tables = [int(n) for n in args.players.split(",") if n]
    bases = tuple(dict.fromkeys(c for c in (args.issue49, args.base) if c))
    with tempfile.TemporaryDirectory() as tmp:
        trees = {commit: base_tree(commit, Path(tmp) / commit) for commit in bases}
        for kind in kinds:
            games = args.games or GAMES[kind]
            for players in tables:
                how = [kind, str(players), "warm" if warm else "cold"]
                with ExitStack() as stack:
                    today = stack.enter_context(Worker(ROOT, WORKER, how))
                    then = {b: stack.enter_context(Worker(trees[b], WORKER, how)) for b in bases}
                    for w in (today, *then.values()):
                        w.wait_ready()
                    piece = args.piece or PIECE[kind]
                    figure, against = paired_rounds(
                        args.rounds, seeded_rounds(today, then, games, piece), list(then)
                    )
                first = "a first game untimed" if warm else "the first game timed"
                report(
                    f"tyrants {players}p ({kind} bots, {games} games, {first})",
                    figure,
                    "actions per CPU second",
                    against,
                    f"issue 49: x1.5 against {args.base}",
                )


if __name__ == "__main__":
    main()
