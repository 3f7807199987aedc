"""How well Root's ``evaluate`` tells whether the Corvids, the Vagabond or
the Woodland Alliance will win, and (with ``--fit``) that faction's standing weights fitted as the other
factions' were: logistic regression on who won the rule bot's games against
itself (the fitting and judging are ``root_eyrie_evaluate.py``'s).

The rule bot plays every seat of the faction's tables (the faction against
each other one, ``--tables`` to name others) for ``--games`` games a table
(seeds from ``--seed``); at the start of every turn the faction's counts
(``COUNTS``: the parts of its ``standing``) and the best placed enemy's
standing are read.  ``--fit`` fits a logistic model of the faction's win on
the even seeds' positions and prints each count's weight in the enemies'
units (its coefficient over minus the enemy standing's); ``--drop`` fits
again without some counts.  ``--spread`` gives each fitted weight's spread:
the even seeds' games drawn again with replacement (a game's positions
together) and the weights fitted again, that many times.  The evaluation
(``evaluate`` from the faction's seat, the fitted weights, and
``--weights`` if given) is judged on the odd seeds' games.

    uv run python benchmarks/root_faction_evaluate.py --faction corvids --games 200 --seed 100000 --fit
    uv run python benchmarks/root_faction_evaluate.py --faction vagabond --games 1000 --seed 100000 --fit \
        --drop damaged,relations,hostile,quests --spread 200 --weights vp=1.6,items=0.1,hand=0.4
    uv run python benchmarks/root_faction_evaluate.py --faction alliance --games 300 --seed 100000 --fit
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Callable

from root_eyrie_evaluate import fit_and_judge, judge, logistic, solve

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import ALLIANCE, rules
from boardgames_tui.games.root.factions.alliance import me as alliance_of
from boardgames_tui.games.root.factions.corvids.state import CORVIDS, FACE_DOWN, PLOTS
from boardgames_tui.games.root.factions.vagabond.faction import usable_items
from boardgames_tui.games.root.factions.vagabond.state import VAGABOND, Vagabond
from boardgames_tui.games.root.model import RootState

GAME = get_game("root")
Row = tuple[int, int, list[float], float]
"""(seed, 1 when the faction won, its counts and the enemy's standing, ``evaluate``)."""


def corvid_counts(state: RootState) -> list[float]:
    """Points, clearings ruled, cards in hand, warriors, face-down and
    face-up plots on the map, persistent cards crafted."""
    player = state.player(CORVIDS)
    warriors = down = up = 0
    for n in state.woodland.numbers:
        c = state.clearings[n]
        warriors += c.warriors.get(CORVIDS, 0)
        down += c.tokens.count(FACE_DOWN)
        up += sum(1 for t in c.tokens if t in PLOTS)
    return [
        float(player.vp),
        float(len(core.ruled(state, CORVIDS))),
        float(len(player.hand)),
        float(warriors),
        float(down),
        float(up),
        float(len(player.crafted)),
    ]


def vagabond_counts(state: RootState) -> list[float]:
    """Points, the items he can use (``usable_items``, the standing's count:
    face up and undamaged, and the exhausted ones his next Refresh turns up),
    damaged items, relationship steps (Allied 3), hostile factions, cards in
    hand, quests completed."""
    v = state.player(VAGABOND)
    assert isinstance(v, Vagabond)
    return [
        float(v.vp),
        float(usable_items(v)),
        float(len(v.damaged) + len(v.damaged_down)),
        float(sum(max(0, r) for r in v.relations.values())),
        float(sum(1 for r in v.relations.values() if r < 0)),
        float(len(v.hand)),
        float(len(v.done_quests)),
    ]


def alliance_counts(state: RootState) -> list[float]:
    """Points, sympathy on the map, bases on the map, officers, supporters
    (up to eight), cards in hand, warriors on the map."""
    alliance = alliance_of(state)
    return [
        float(alliance.vp),
        float(rules.placed(state)),
        float(len(rules.bases_on_map(state))),
        float(alliance.officers),
        float(min(len(alliance.supporters), 8)),
        float(len(alliance.hand)),
        float(sum(c.warriors.get(ALLIANCE, 0) for c in state.clearings)),
    ]


#: Each faction: its number, its counts' names and reader, its tables.
FACTION_COUNTS: dict[str, tuple[int, tuple[str, ...], Callable[[RootState], list[float]], str]] = {
    "alliance": (
        ALLIANCE,
        ("vp", "sympathy", "bases", "officers", "supporters", "hand", "warriors"),
        alliance_counts,
        "alliance,marquise;alliance,duchy;alliance,eyrie",
    ),
    "corvids": (
        CORVIDS,
        ("vp", "ruled", "hand", "warriors", "down", "up", "crafted"),
        corvid_counts,
        "corvids,marquise;corvids,eyrie;corvids,duchy;corvids,alliance",
    ),
    "vagabond": (
        VAGABOND,
        ("vp", "items", "damaged", "relations", "hostile", "hand", "quests"),
        vagabond_counts,
        "vagabond,marquise;vagabond,eyrie;vagabond,duchy;vagabond,alliance",
    ),
}


def positions(faction: str, tables: list[str], games: int, seed: int) -> list[Row]:
    number, _, read, _ = FACTION_COUNTS[faction]
    rows: list[Row] = []
    for table in tables:
        n = len(table.split(","))
        for s in range(seed, seed + games):
            state = GAME.setup([Seat(name=f"P{i}") for i in range(n)], {"factions": table}, s)
            bots = [RootBot(seed=s * 7 + i) for i in range(n)]
            turn = 0
            starts: list[tuple[list[float], float]] = []
            while not GAME.is_over(state):
                if state.turn_number != turn:
                    turn = state.turn_number
                    enemy = max(FACTIONS[e].standing(state) for e in core.enemies(state, number))
                    evaluation = GAME.evaluate(state, state.seat(number))
                    starts.append(([*read(state), enemy], evaluation))
                seat = GAME.to_act(state)
                assert seat is not None
                legal = GAME.legal_actions(state)
                GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            won = 1 if state.seat(number) in GAME.outcome(state).winners else 0
            rows += [(s, won, x, e) for x, e in starts]
    return rows


def _newton(
    games: list[list[tuple[list[float], int]]], times: list[int], beta: list[float]
) -> list[float]:
    """The logistic fit of ``logistic`` (its ridge) with each game's
    positions counted ``times`` over, from ``beta`` (a close start)."""
    k = len(beta)
    for _ in range(20):
        grad = [1e-3 * b for b in beta]
        hess = [[1e-3 if i == j else 0.0 for j in range(k)] for i in range(k)]
        for game, m in zip(games, times, strict=True):
            if not m:
                continue
            for z, y in game:
                t = sum(b * v for b, v in zip(beta, z, strict=True))
                p = 1.0 / (1.0 + math.exp(-max(min(t, 30.0), -30.0)))
                w = m * p * (1.0 - p)
                for i in range(k):
                    grad[i] += m * (p - y) * z[i]
                    row = hess[i]
                    for j in range(i + 1):
                        row[j] += w * z[i] * z[j]
        for i in range(k):
            for j in range(i):
                hess[j][i] = hess[i][j]
        step = solve(hess, grad)
        beta = [b - d for b, d in zip(beta, step, strict=True)]
        if max(abs(d) for d in step) < 1e-9:
            break
    return beta


def spread(rows: list[Row], kept: list[str], counts: tuple[str, ...], resamples: int) -> None:
    """Each weight of ``kept`` fitted on the even seeds, with its standard
    deviation and 95% range over ``resamples`` fits to the even seeds'
    games drawn again with replacement.  A game's positions go together
    (they are one game's, and its outcome is one): a game is a run of rows
    of one seed (``positions`` plays a table's seeds in order)."""
    index = [counts.index(c) for c in kept]
    games: list[list[tuple[list[float], int]]] = []
    last = None
    for s, y, x, _ in rows:
        if s % 2:
            continue
        if s != last:
            games.append([])
            last = s
        games[-1].append(([1.0, *(x[i] for i in index), x[-1]], y))
    full = logistic([z[1:] for g in games for z, _ in g], [y for g in games for _, y in g])
    draw = random.Random(0)
    fits: list[list[float]] = []
    for _ in range(resamples):
        times = [0] * len(games)
        for _ in games:
            times[draw.randrange(len(games))] += 1
        beta = _newton(games, times, full)
        fits.append([beta[i + 1] / -beta[-1] for i in range(len(kept))])
    print(
        f"spread of {', '.join(kept)}: {len(games)} even-seed games drawn again "
        f"{resamples} times (weight, sd, 95% of the refits)"
    )
    for i, c in enumerate(kept):
        ws = sorted(f[i] for f in fits)
        mean = sum(ws) / len(ws)
        sd = math.sqrt(sum((w - mean) ** 2 for w in ws) / max(1, len(ws) - 1))
        lo, hi = ws[int(0.025 * len(ws))], ws[min(len(ws) - 1, int(0.975 * len(ws)))]
        print(f"  {c:9s} {full[i + 1] / -full[-1]:+.3f}  sd {sd:.3f}  {lo:+.3f} to {hi:+.3f}")


def main(faction: str | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--faction", choices=sorted(FACTION_COUNTS), default=faction, required=faction is None
    )
    parser.add_argument("--games", type=int, default=200, help="games per table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default="")
    parser.add_argument("--fit", action="store_true", help="fit the faction's weights")
    parser.add_argument(
        "--drop", default="", help="with --fit, fit again without these counts (comma-separated)"
    )
    parser.add_argument(
        "--spread",
        type=int,
        default=0,
        help="with --fit, the weights' spread over this many refits",
    )
    parser.add_argument(
        "--weights", default="", help="judge these weights too (count=weight, comma-separated)"
    )
    args = parser.parse_args()
    number, counts, _, default_tables = FACTION_COUNTS[args.faction]
    tables = (args.tables or default_tables).split(";")
    rows = positions(args.faction, tables, args.games, args.seed)
    wins = len({(s, y) for s, y, *_ in rows if y})
    print(
        f"{args.games} rule-bot games a table ({', '.join(tables)}; seeds "
        f"{args.seed}-{args.seed + args.games - 1}), {len(rows)} positions, "
        f"about {wins} {args.faction} wins; judged on the odd seeds"
    )
    judge("evaluate", [(s, y, e) for s, y, _, e in rows])
    if args.weights:
        given = {c: float(w) for c, w in (p.split("=") for p in args.weights.split(","))}
        at = {c: counts.index(c) for c in given}
        judge(
            "weights",
            [(s, y, sum(w * x[at[c]] for c, w in given.items()) - x[-1]) for s, y, x, _ in rows],
        )
    if args.fit:
        fit_and_judge("fitted", rows, list(counts), counts)
        dropped = [c for c in args.drop.split(",") if c]
        kept = [c for c in counts if c not in dropped]
        if dropped:
            fit_and_judge(f"without {', '.join(dropped)}", rows, kept, counts)
        if args.spread:
            spread(rows, kept, counts, args.spread)


if __name__ == "__main__":
    main()
