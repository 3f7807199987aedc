"""Root's engine speed per mix beside the same games on earlier commits
measured in the same run: the commit before the factions became plug-ins
(issue 47: the events and the typed decisions may not make Root more than
10% slower) and the commit before issue 49 (which asks for Root's engine
at least 1.5 times faster).  Each row is the actions a second of whole
seeded games, random bots (the rules alone: listing and ``apply``) or the
rule bot (the rules and the bot the search's playouts run).

The loop is the one ``simulate``, the arena and the search's playouts run:
each position's actions from ``Game.next_actions`` (the state is the
loop's own; a commit from before it existed lists with ``legal_actions``,
which is what its loops did).  ``--fresh`` lists every position with
``legal_actions`` instead, as a screen or a hand-set position does.

The four-seat table (the Marquise, the Eyrie, the Duchy and the Vagabond)
is newer than both commits: its rows stand beside ``--four-base`` (by
default the commit issue 49's second round started from).

The earlier packages are taken from git (``git archive``) into temporary
folders; each is measured in a fresh process, in turns (today, base, ...,
today, base ...), by its own CPU time (``time.process_time``: a machine
shared with other work slows the wall clock, less the CPU time), and each
row gives the median of the rounds and the ratio to each base.

    uv run python benchmarks/root_engine.py [--games N] [--rounds R] [--base COMMIT]
        [--issue49 COMMIT] [--four-base COMMIT] [--kinds random,rule] [--fresh]
        [--mixes "four;marquise,duchy"]
"""

from __future__ import annotations

import argparse
import tempfile
from collections.abc import Callable
from pathlib import Path

from common import ROOT, actions_per_second, base_tree, in_turns, report

MIXES = ("marquise,duchy", "marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy")
#: The four-seat table, newer than both base commits.
FOUR = "marquise,eyrie,duchy,vagabond"
KINDS = ("random", "rule")
#: The commit before issue 47's redesign.
BASE = "7628385"
#: The commit before issue 49 (its engines 1.5 times faster).
ISSUE49 = "a7b4a5a"
#: Main when issue 49's second round on Root's engine began (the Vagabond
#: at the table, the first round's kept listing in).
FOUR_BASE = "91cdd61"

#: The measurement, run in a fresh process with the package to measure first
#: on ``sys.path``: games of one mix, and the actions a CPU second.
WORKER = """
import json, sys, time
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME

kind, mix, games, fresh = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "fresh"
listing = GAME.legal_actions if fresh else getattr(GAME, "next_actions", GAME.legal_actions)
players = len(mix.split(","))
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]
total, spent = 0, 0.0
for seed in range(games):
    state = GAME.setup(seats, {"factions": mix}, seed)
    if kind == "random":
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
    else:
        bots = [GAME.own_bots()["root"](seed=seed * 31 + i) for i in range(players)]
    start = time.process_time()
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = listing(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        total += 1
    spent += time.process_time() - start
print(json.dumps({"actions": total, "seconds": spent}))
"""


def measure(tree: Path, kind: str, mix: str, games: int, fresh: bool) -> Callable[[], float]:
    """Actions a CPU second of the package in ``tree``, when called."""
    args = [kind, mix, str(games), "fresh" if fresh else "next"]
    return lambda: actions_per_second(tree, WORKER, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--base", default=BASE)
    parser.add_argument("--issue49", default=ISSUE49)
    parser.add_argument("--four-base", default=FOUR_BASE)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--fresh", action="store_true", help="list with legal_actions")
    parser.add_argument(
        "--mixes",
        default="",
        help="only these tables, ;-separated (four: the four-seat table), e.g. 'four;marquise,duchy'",
    )
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    chosen = [FOUR if m == "four" else m for m in args.mixes.split(";") if m]
    mixes = [m for m in (*MIXES, FOUR) if not chosen or m in chosen]
    way = "legal_actions" if args.fresh else "next_actions"
    with tempfile.TemporaryDirectory() as tmp:
        trees = {
            commit: base_tree(commit, Path(tmp) / commit)
            for commit in dict.fromkeys((args.base, args.issue49, args.four_base))
        }
        for kind in kinds:
            for mix in mixes:
                bases = (args.four_base,) if mix == FOUR else (args.base, args.issue49)
                figure, against = in_turns(
                    args.rounds,
                    measure(ROOT, kind, mix, args.games, args.fresh),
                    {b: measure(trees[b], kind, mix, args.games, args.fresh) for b in bases},
                )
                target = (
                    "issue 49: x1.5 against a7b4a5a; issue 47: no more than 10% slower"
                    if mix != FOUR
                    else ""
                )
                report(
                    f"root {mix} ({kind} bots, {args.games} games, {way})",
                    figure,
                    "actions per CPU second",
                    against,
                    target,
                )


if __name__ == "__main__":
    main()
