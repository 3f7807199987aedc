"""How well Root's ``evaluate`` tells whether the Eyrie will win, and (with
``--fit``) the Eyrie's standing weights fitted as the Marquise's and the
Duchy's were: logistic regression on who won the rule bot's games against
itself.

The rule bot plays every seat of ``--tables`` (the Eyrie against each other
faction) for ``--games`` games a table (seeds from ``--seed``); at the start
of every turn the Eyrie's counts (points, roosts on the map, cards in hand,
warriors on the map, clearings ruled, bird cards and deck cards in the
Decree, persistent cards crafted) and the best placed enemy's standing (its
own fitted weights) are read.  ``--fit`` fits a logistic model of the
Eyrie's win on the even seeds' positions and prints each count's weight in
the enemies' units (its coefficient over minus the enemy standing's).  The
evaluation (``evaluate`` from the Eyrie's seat, and with ``--fit`` the
fitted weights) is then judged on the odd seeds' games by the log loss of a
logistic curve fitted to it on the even seeds, and by how often it names
the winner.

    uv run python benchmarks/root_eyrie_evaluate.py --games 300 --seed 100000 --fit
    uv run python benchmarks/root_eyrie_evaluate.py --games 300 --seed 0
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from typing import Any

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie import EYRIE, Eyrie
from boardgames_tui.games.root.factions.eyrie import decree as eyrie_decree
from boardgames_tui.games.root.model import RootState

GAME = get_game("root")
COUNTS = ("vp", "roosts", "hand", "warriors", "ruled", "birds", "decree", "crafted")

Row = tuple[int, int, list[float], float, float]
"""(seed, 1 when the Eyrie won, its counts, ``evaluate``, the former one)."""


def counts(state: RootState) -> list[float]:
    eyrie = state.player(EYRIE)
    assert isinstance(eyrie, Eyrie)
    enemy = max(FACTIONS[e].standing(state) for e in core.enemies(state, EYRIE))
    return [
        float(eyrie.vp),
        float(eyrie_decree.roosts_on_map(state)),
        float(len(eyrie.hand)),
        float(sum(c.warriors.get(EYRIE, 0) for c in state.clearings)),
        float(len(core.ruled(state, EYRIE))),
        float(eyrie_decree.birds_in_decree(eyrie)),
        float(sum(len(column) for column in eyrie.decree)),
        float(len(eyrie.crafted)),
        enemy,
    ]


def former(state: RootState) -> float:
    """``evaluate`` from the Eyrie's seat with its hand-set weights (before the fit)."""
    eyrie = state.player(EYRIE)
    assert isinstance(eyrie, Eyrie)
    mine = (
        float(eyrie.vp)
        + 1.2 * eyrie_decree.roosts_on_map(state)
        + 0.6 * eyrie_decree.roost_points(state)
        + 0.15 * len(eyrie.hand)
        + 0.2 * sum(c.warriors.get(EYRIE, 0) for c in state.clearings)
        - 0.3 * eyrie_decree.birds_in_decree(eyrie)
        + 0.1 * sum(len(eyrie_decree.column_cards(eyrie, i)) for i in range(4))
    )
    return mine - max(FACTIONS[e].standing(state) for e in core.enemies(state, EYRIE))


def positions(tables: list[str], games: int, seed: int) -> list[Row]:
    rows: list[Row] = []
    for table in tables:
        n = len(table.split(","))
        for s in range(seed, seed + games):
            state = GAME.setup([Seat(name=f"P{i}") for i in range(n)], {"factions": table}, s)
            bots = [RootBot(seed=s * 7 + i) for i in range(n)]
            turn = 0
            starts: list[tuple[list[float], float, float]] = []
            while not GAME.is_over(state):
                if state.turn_number != turn:
                    turn = state.turn_number
                    evaluation = GAME.evaluate(state, state.seat(EYRIE))
                    starts.append((counts(state), evaluation, former(state)))
                seat = GAME.to_act(state)
                assert seat is not None
                legal = GAME.legal_actions(state)
                GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            won = 1 if state.winner == EYRIE else 0
            rows += [(s, won, x, e, f) for x, e, f in starts]
    return rows


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def logistic(xs: list[list[float]], ys: list[int], ridge: float = 1e-3) -> list[float]:
    """Coefficients (the offset first) of the logistic model best fitting ``ys`` (Newton)."""
    k = len(xs[0]) + 1
    beta = [0.0] * k
    for _ in range(25):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in zip(xs, ys, strict=True):
            z = [1.0, *x]
            t = sum(b * v for b, v in zip(beta, z, strict=True))
            p = 1.0 / (1.0 + math.exp(-max(min(t, 30.0), -30.0)))
            w = p * (1.0 - p)
            for i in range(k):
                grad[i] += (p - y) * z[i]
                for j in range(k):
                    hess[i][j] += w * z[i] * z[j]
        for i in range(k):
            hess[i][i] += ridge
            grad[i] += ridge * beta[i]
        step = solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step, strict=True)]
    return beta


def judge(name: str, values: list[tuple[int, int, float]]) -> None:
    train = [(x, y) for s, y, x in values if s % 2 == 0]
    test = [(x, y) for s, y, x in values if s % 2 == 1]
    a, b = logistic([[x] for x, _ in train], [y for _, y in train])
    loss = right = 0.0
    for x, y in test:
        p = min(max(1.0 / (1.0 + math.exp(-(a + b * x))), 1e-9), 1 - 1e-9)
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p > 0.5) == (y == 1)
    print(f"{name:10s} log loss {loss / len(test):.4f}  names the winner {right / len(test):.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default="marquise,eyrie;duchy,eyrie")
    parser.add_argument("--fit", action="store_true", help="fit the Eyrie's weights")
    parser.add_argument(
        "--drop", default="", help="with --fit, fit again without these counts (comma-separated)"
    )
    args = parser.parse_args()
    tables = args.tables.split(";")
    rows = positions(tables, args.games, args.seed)
    wins = len({(s, y) for s, y, *_ in rows if y})
    print(
        f"{args.games} rule-bot games a table ({', '.join(tables)}; seeds "
        f"{args.seed}-{args.seed + args.games - 1}), {len(rows)} positions, "
        f"about {wins} Eyrie wins; judged on the odd seeds"
    )
    judge("evaluate", [(s, y, e) for s, y, _, e, _ in rows])
    judge("former", [(s, y, f) for s, y, *_, f in rows])
    if args.fit:
        dropped = [c for c in args.drop.split(",") if c]
        fit_and_judge("fitted", rows, list(COUNTS))
        if dropped:
            kept = [c for c in COUNTS if c not in dropped]
            fit_and_judge(f"without {', '.join(dropped)}", rows, kept)


def fit_and_judge(
    name: str, rows: Sequence[tuple[Any, ...]], kept: list[str], counts: tuple[str, ...] = COUNTS
) -> None:
    """Fit the weights of the ``kept`` counts (of ``counts``, the order of
    each row's counts, the enemy's standing last) and judge them."""
    index = [counts.index(c) for c in kept]

    def pick(x: list[float]) -> list[float]:
        return [x[i] for i in index] + [x[-1]]

    train = [(pick(x), y) for s, y, x, *_ in rows if s % 2 == 0]
    beta = logistic([x for x, _ in train], [y for _, y in train])
    scale = -beta[-1]
    weights = {c: beta[i + 1] / scale for i, c in enumerate(kept)}
    print(f"{name}: weights in the enemies' units (the enemy's coefficient {beta[-1]:+.3f})")
    for c, w in weights.items():
        print(f"  {c:9s} {w:+.3f}")
    judge(
        name[:10],
        [
            (s, y, sum(weights[c] * x[counts.index(c)] for c in kept) - x[-1])
            for s, y, x, *_ in rows
        ],
    )


if __name__ == "__main__":
    main()
