"""Tyrants' engine speed at 2, 3 and 4 players beside the same games on
earlier commits measured in the same run: the commit before issue 49 (which
asks for Tyrants' engine at least 1.5 times faster) and ``--base``, the
commit the engine's second round of speed-ups started from (main when it
began).  Each row is the actions a second of whole seeded games, random bots
(the rules alone, but for the random choice: listing and ``apply``) or the
rule bot (the rules and the bot the search's playouts run).

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
clock, less the CPU time), and each row gives the median of the rounds and
the ratio to each base.

    uv run python benchmarks/tyrants_engine.py [--games N] [--rounds R] [--base COMMIT]
        [--issue49 COMMIT] [--players 2,3,4] [--kinds random,rule] [--cold]
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

from common import ROOT, actions_per_second, base_tree, in_turns, report

KINDS = ("random", "rule")
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
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--issue49", default=ISSUE49)
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
    bases = tuple(dict.fromkeys((args.issue49, args.base)))
    with tempfile.TemporaryDirectory() as tmp:
        trees = {commit: base_tree(commit, Path(tmp) / commit) for commit in bases}
        for kind in kinds:
            for players in tables:
                figure, against = in_turns(
                    args.rounds,
                    measure(ROOT, kind, players, args.games, warm),
                    {b: measure(trees[b], kind, players, args.games, warm) for b in bases},
                )
                first = "a first game untimed" if warm else "the first game timed"
                report(
                    f"tyrants {players}p ({kind} bots, {args.games} games, {first})",
                    figure,
                    "actions per CPU second",
                    against,
                    f"issue 49: x1.5 against {args.base}",
                )


if __name__ == "__main__":
    main()
