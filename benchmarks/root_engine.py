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
folders.  For each row every tree gets one fresh process
(``common.Worker``), kept for the row: it first plays a game of a seed no
round plays, untimed (a process's first games load the cards and the map
and fill what the engine keeps, its memos of frozen actions and its
events' words, and the interpreter warms to the code: a cost a loop of
many games pays once; ``--cold`` times it in the first round instead).
Then come the rounds: in each, every tree plays the same seeded games,
``--games`` of them, new ones each round (round r plays seeds r*games to
(r+1)*games - 1), asked of the processes ``--piece`` games at a time in
turns (today, the bases, then the bases, today, ...:
``common.seeded_rounds``), so load that comes and goes during a round
falls on every tree alike; each is timed by its process's own CPU time
(``time.process_time``: a machine shared with other work slows the wall
clock, less the CPU time).  Each row gives the median of today's rounds
and, for each base, the median of the rounds' ratios (each round's figure
over the base's on the same games, ``common.paired_rounds``) with their
range, and the ratio over all rounds pooled (``common.pooled``: the
actions a CPU second of all of today's games over the base's).  The rounds
play different games and a game's ratio depends on the game (the rule
bots' rounds spread x1.6-2.3 on the same row), so the median is about one
round's figure; pooled, every game counts by its CPU time, which is what a
loop of many games gains.

Why so: the earlier way, a fresh process per sample of 10 games (a few
tenths of a CPU second, some of it the process's first-game warm-up:
about 9-10% of the first pass on today's code, 0.7% on 91cdd61, see
docs/rules/root.md, "The seventh round"), measured a process's first
games rather than the loops issue 49 is about (which play many games in
one process), and each sample paid a process's start.  Kept processes pay their start once a row, so a run
holds seven rounds, each in pieces of a few hundredths of a second
closely alternated, in about the CPU time the earlier ``--games 10
--rounds 2`` took (about 42 CPU seconds either way).

    uv run python benchmarks/root_engine.py [--games N] [--rounds R] [--piece N]
        [--base COMMIT] [--issue49 COMMIT] [--four-base COMMIT] [--kinds random,rule]
        [--fresh] [--mixes "four;marquise,duchy"] [--cold]
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
    pooled,
    report,
    round_options,
    seeded_rounds,
)

MIXES = ("marquise,duchy", "marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy")
#: The four-seat table, newer than both base commits.
FOUR = "marquise,eyrie,duchy,vagabond"
KINDS = ("random", "rule")
#: Games a round plays by default, by kind of bots: 0.05-0.2 CPU seconds
#: today, by the mix (a game costs 8-31 ms with random bots, 12-52 ms with
#: the rule bots).
GAMES = {"random": 6, "rule": 4}
#: Games asked of a tree at a time within a round, by kind of bots: about
#: 15-60 ms of CPU today.
PIECE = {"random": 2, "rule": 1}
#: The commit before issue 47's redesign.
BASE = "7628385"
#: The commit before issue 49 (its engines 1.5 times faster).
ISSUE49 = "a7b4a5a"
#: Main when issue 49's second round on Root's engine began (the Vagabond
#: at the table, the first round's kept listing in).
FOUR_BASE = "91cdd61"
#: The seed of the untimed first game (no round plays it).
WARM_SEED = 1_000_000

#: The measurement, a process per tree with the package to measure first on
#: ``sys.path`` (``common.Worker``): after its start, each request line
#: ``FIRST COUNT`` plays the seeded games FIRST to FIRST + COUNT - 1 of one
#: mix and answers the actions played and the CPU seconds they took.
WORKER = (
    """
import json, sys, time
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME

kind, mix = sys.argv[1], sys.argv[2]
fresh, warm = sys.argv[3] == "fresh", sys.argv[4] == "warm"
warm_seed = int(sys.argv[5])
listing = GAME.legal_actions if fresh else getattr(GAME, "next_actions", GAME.legal_actions)
players = len(mix.split(","))
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]


def play(seed):
    state = GAME.setup(seats, {"factions": mix}, seed)
    if kind == "random":
        bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
    else:
        bots = [GAME.own_bots()["root"](seed=seed * 31 + i) for i in range(players)]
    start = time.process_time()
    played = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = listing(state)
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        played += 1
    return played, time.process_time() - start


if warm:
    play(warm_seed)
"""
    + SEEDED_LOOP
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    round_options(parser, GAMES, PIECE)
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
    parser.add_argument(
        "--cold",
        action="store_true",
        help="time each process's first game too, in the first round (by default a game "
        "of another seed is played first, untimed, in every tree alike)",
    )
    args = parser.parse_args()
    warm = not args.cold
    kinds = [k for k in args.kinds.split(",") if k]
    chosen = [FOUR if m == "four" else m for m in args.mixes.split(";") if m]
    mixes = [m for m in (*MIXES, FOUR) if not chosen or m in chosen]
    way = "legal_actions" if args.fresh else "next_actions"
    first = "a first game untimed" if warm else "the first game timed"
    with tempfile.TemporaryDirectory() as tmp:
        trees = {
            commit: base_tree(commit, Path(tmp) / commit)
            for commit in dict.fromkeys((args.base, args.issue49, args.four_base))
        }
        for kind in kinds:
            games = args.games or GAMES[kind]
            piece = args.piece or PIECE[kind]
            for mix in mixes:
                bases = (args.four_base,) if mix == FOUR else (args.base, args.issue49)
                how = [kind, mix, "fresh" if args.fresh else "next", "warm" if warm else "cold"]
                how.append(str(WARM_SEED))
                with ExitStack() as stack:
                    today = stack.enter_context(Worker(ROOT, WORKER, how))
                    then = {b: stack.enter_context(Worker(trees[b], WORKER, how)) for b in bases}
                    for w in (today, *then.values()):
                        w.wait_ready()
                    totals: dict[str, list[float]] = {}
                    figure, against = paired_rounds(
                        args.rounds,
                        seeded_rounds(today, then, games, piece, totals),
                        list(then),
                    )
                against += f"; all rounds pooled: {pooled(totals)}"
                target = (
                    f"issue 49: x1.5 against {args.issue49}; issue 47: no more than 10% slower"
                    if mix != FOUR
                    else ""
                )
                report(
                    f"root {mix} ({kind} bots, {games} games x {args.rounds} rounds, {way}, "
                    f"{first})",
                    figure,
                    "actions per CPU second",
                    against,
                    target,
                )


if __name__ == "__main__":
    main()
