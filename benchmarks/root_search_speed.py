"""The search's playouts a CPU second on Root tables of named factions,
beside the same measurement on earlier commits in the same run: what a
rules change costs the search (issue 53: the Corvids' Exposure windows,
offered after more of their actions since 48cb9be, add decisions to every
playout through a Corvid turn; a table without the Corvids is the control
for everything else that changed between the commits).

Each row: seeded games of the rule bot (``root``) in every seat; at every
``--every``-th decision with a choice the mover's ``hard`` search, by the
arena's playout caps (no clock), is run on the mover's view and its
playouts and CPU time counted; the rule bot's action is then played, so the
positions are the rule bots' games and do not depend on the search.  The
earlier commits are checked-out trees (``--tree COMMIT=PATH``, e.g. a ``git
worktree add --detach /tmp/x COMMIT``); each is measured in a fresh process,
in turns (today, base, ..., today, base, ...), by its own CPU time
(``time.process_time``), and each row gives the median of the rounds and
the ratio to each tree, with the games' actions and how many of them
were an enemy's Exposure window.  A tree's positions are its own games
(the windows change the games), so compare the Corvids' tables' ratios
with the control's.  ``--every`` above any game's choices measures the
games alone (no search): their actions and windows.

    uv run python benchmarks/root_search_speed.py --tree 48cb9be^=/tmp/before \\
        [--tables alliance,corvids corvids,marquise alliance,marquise] [--games N] [--rounds R]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

from common import ROOT, report

TABLES = ("alliance,corvids", "corvids,marquise", "alliance,marquise")

#: The measurement, in a fresh process with the package to measure first on
#: ``sys.path``: the searches' playouts and CPU seconds over the positions.
WORKER = """
import json, sys, time
from boardgames_tui.engine.arena import make_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME

mix, games, every, first = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
players = len(mix.split(","))
seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:players]]
playouts, spent, searches, actions, windows = 0, 0.0, 0, 0, 0
for seed in range(first, first + games):
    state = GAME.setup(seats, {"factions": mix}, seed)
    rule = [GAME.own_bots()["root"](seed=seed * 31 + i) for i in range(players)]
    hard = [make_bot("hard", seed * 31 + i, GAME) for i in range(players)]
    choices = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        legal = GAME.legal_actions(state)
        if state.stack and getattr(state.stack[-1], "kind", "") == "exposure_chance":
            windows += 1
        if len(legal) > 1:
            choices += 1
            if choices % every == 0:
                view = GAME.view(state, seat)
                start = time.process_time()
                hard[seat].search(GAME, view, seat, legal)
                spent += time.process_time() - start
                playouts += hard[seat].last.playouts
                searches += 1
        GAME.apply(state, rule[seat].choose(GAME, state, legal), legal)
        actions += 1
print(json.dumps({"playouts": playouts, "seconds": spent, "searches": searches, "actions": actions,
                  "windows": windows}))
"""


def measure(tree: Path, mix: str, games: int, every: int, first: int) -> dict[str, float]:
    """The searches' totals with the package in ``tree``."""
    out = subprocess.run(
        [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{WORKER}"]
        + [mix, str(games), str(every), str(first)],
        check=True,
        capture_output=True,
        text=True,
        cwd=tree,
    ).stdout
    found: dict[str, float] = json.loads(out)
    return found


def ratio(figure: float, base: float) -> str:
    """Today's figure over a tree's, or a dash when neither searched."""
    return f"{figure / base:.2f}" if base else "-"


def describe(found: dict[str, float]) -> str:
    """A run's totals: searches, their playouts and seconds, the games' actions."""
    return (
        f"{found['searches']:.0f} searches, {found['playouts']:,.0f} playouts"
        f" in {found['seconds']:.1f} s, {found['actions']:.0f} actions"
        f" ({found.get('windows', 0):.0f} at an Exposure window)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tree", action="append", default=[], help="COMMIT=PATH, a checked-out tree"
    )
    parser.add_argument("--tables", nargs="+", default=list(TABLES))
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=6, help="search at every N-th choice")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    trees = {"today": ROOT}
    for item in args.tree:
        name, _, path = item.partition("=")
        if not path or not (Path(path) / "boardgames_tui").is_dir():
            parser.error(f"--tree {item!r}: give COMMIT=PATH, PATH a checkout with boardgames_tui/")
        trees[name] = Path(path)
    for mix in args.tables:
        rates: dict[str, list[float]] = {name: [] for name in trees}
        last: dict[str, dict[str, float]] = {}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                found = measure(tree, mix, args.games, args.every, args.seed)
                seconds = found["seconds"]
                rates[name].append(found["playouts"] / seconds if seconds else 0.0)
                last[name] = found
        figure = statistics.median(rates["today"])
        against = "; ".join(
            f"{name}: {statistics.median(v):,.0f}, today x{ratio(figure, statistics.median(v))}"
            f" ({describe(last[name])})"
            for name, v in rates.items()
            if name != "today"
        )
        report(
            f"root {mix} (hard's searches, {args.games} rule-bot games from seed {args.seed})",
            figure,
            "playouts per CPU second",
            f"today {describe(last['today'])}; {against}",
            "",
        )


if __name__ == "__main__":
    main()
