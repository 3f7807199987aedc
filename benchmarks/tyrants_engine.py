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

Each process plays a game of another seed first, untimed, and times the
seeded games after it: the first game of a process loads the cards and
fills what the engine keeps (its kept lists, its events' words), a cost a
loop of many games pays once (``--cold`` times the first game too, as this
benchmark did before).

The earlier packages are taken from git (``git archive``, as
``root_engine.py`` does) into temporary folders; each is measured in a fresh
process, in turns (today, base, ..., today, base ...), by its own CPU time
(``time.process_time``: a machine shared with other work slows the wall
clock, less the CPU time).  Each row gives the median of the rounds and,
for each base, the median of the rounds' ratios (each round's figure over
the base's measured beside it, ``common.paired_turns``) with their range.

A sample is long enough to judge by: the 10-game rows took about a tenth
of a CPU second and spread 10-30% from run to run on a quiet machine, so
by default a random row plays 60 games and a rule-bot row 16 (about 0.3
CPU seconds each today), three rounds, against ``--base`` only; a run takes
about as long as the earlier ``--games 10 --rounds 2`` against two bases.

    uv run python benchmarks/tyrants_engine.py [--games N] [--rounds R] [--base COMMIT]
        [--issue49 COMMIT] [--players 2,3,4] [--kinds random,rule] [--cold]
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

from common import ROOT, actions_per_second, base_tree, paired_turns, report

KINDS = ("random", "rule")
#: Games a sample plays by default, by kind of bots: about 0.3 CPU seconds
#: today (a random action costs about a quarter of a rule bot's).
GAMES = {"random": 60, "rule": 16}
#: Main when the second round on Tyrants' engine began.
BASE = "8b4ade3"
#: The commit before issue 49 (its engines 1.5 times faster).
ISSUE49 = "a7b4a5a"

#: The measurement, run in a fresh process with the package to measure first
#: on ``sys.path``: games at one table, and the actions a CPU second.
WORKER = """
import json, sys, time
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.tyrants import GAME

kind, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
warm = sys.argv[4] == "warm"
listing = getattr(GAME, "next_actions", GAME.legal_actions)
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]
total, spent = 0, 0.0
# With "warm", a game of another seed is played first, untimed: the
# engine's first game loads and fills what it keeps (the cards' words, the
# kept lists), which a loop of many games pays once.
for seed in ([games] if warm else []) + list(range(games)):
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
    if warm and seed == games:
        continue
    spent += time.process_time() - start
    total += played
print(json.dumps({"actions": total, "seconds": spent}))
"""


def measure(tree: Path, kind: str, players: int, games: int, warm: bool) -> Callable[[], float]:
    """Actions a CPU second of the package in ``tree``, when called."""
    how = "warm" if warm else "cold"
    return lambda: actions_per_second(tree, WORKER, [kind, str(players), str(games), how])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games",
        type=int,
        default=None,
        help="games a sample plays (default: "
        + ", ".join(f"{n} with {k} bots" for k, n in GAMES.items())
        + ")",
    )
    parser.add_argument("--rounds", type=int, default=3)
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
        help="time each process's first game too (by default a game of another seed "
        "is played first, untimed, in every tree alike)",
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
                figure, against = paired_turns(
                    args.rounds,
                    measure(ROOT, kind, players, games, warm),
                    {b: measure(trees[b], kind, players, games, warm) for b in bases},
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
