"""How well Tyrants' search evaluation (``search_profile.search_evaluate``:
VP, the deck's yield, its cards that promote and the control markers held
for the rounds to come) tells who will win, beside ``evaluate`` (VP and this turn's resources), on the
same positions.

The rule bot plays both seats of 2-player games for ``--games`` games (seeds
from ``--seed``); at the start of every turn both evaluations are read from
the first seat's side.  Each is judged by how far a least-squares line
through it misses the final score margin (fitted on the even seeds' games,
judged on the odd: the RMS error, lower is better) and by how often its sign
names the winner.  ``--fit`` also prints the least-squares weights of the
parts on all the games: the weights of ``outlook.py`` were fitted so
(200 games, seeds 1000-1199, judged on 2000-2099), so judge it on other
seeds.

    uv run python benchmarks/tyrants_evaluate.py --games 200 --seed 0

``--half-decks aberrations,undead`` plays another market (Drow and Dragons
by default) and also prints how many rounds its games last (``outlook``
counts on ``GAME_ROUNDS``).  ``search_evaluate`` weighs by the market's
own weights (``outlook.weights_for``); it is also judged with the base
market's weights beside them, so a market's fit (``--fit``: the weights
relative to VP, as ``outlook.MARKET_WEIGHTS`` takes them) is checked on
seeds other than its own:

    uv run python benchmarks/tyrants_evaluate.py --games 200 --seed 3000 \
        --half-decks aberrations,undead --fit
    uv run python benchmarks/tyrants_evaluate.py --games 100 --seed 5000 \
        --half-decks aberrations,undead
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from typing import Any

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.tyrants import GAME, outlook
from boardgames_tui.games.tyrants.bots import TyrantsBot
from boardgames_tui.games.tyrants.model import TyrantsState, scores
from boardgames_tui.games.tyrants.outlook import BASE_WEIGHTS, lead, outlooks
from boardgames_tui.games.tyrants.search_profile import search_evaluate

Row = tuple[int, int, TyrantsState]


def positions(games: int, seed: int, options: dict[str, Any] | None = None) -> list[Row]:
    """(seed, the first seat's final margin, the state) at every turn's start."""
    rows: list[Row] = []
    for s in range(seed, seed + games):
        seats = [Seat(name="A", bot="tyrants"), Seat(name="B", bot="tyrants")]
        state = GAME.setup(seats, options, s)
        bots = [TyrantsBot(seed=2 * s + 1), TyrantsBot(seed=2 * s + 2)]
        turn = None
        starts: list[TyrantsState] = []
        while not GAME.is_over(state):
            if state.phase == "main" and not state.jobs and (state.round, state.current) != turn:
                turn = (state.round, state.current)
                starts.append(GAME.view(state, None))
            seat = GAME.to_act(state)
            assert seat is not None
            legal = GAME.legal_actions(state)
            GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        final = scores(state)
        rows += [(s, final[0] - final[1], start) for start in starts]
    return rows


def solve(xs: list[list[float]], ys: list[float]) -> list[float]:
    """Least-squares weights of the columns of ``xs`` for ``ys``."""
    n = len(xs[0])
    m = [[0.0] * (n + 1) for _ in range(n)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(n):
            m[i][n] += x[i] * y
            for j in range(n):
                m[i][j] += x[i] * x[j]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                m[r] = [a - f * b for a, b in zip(m[r], m[i], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def judge(name: str, evaluation: Callable[[TyrantsState], float], rows: list[Row]) -> None:
    train = [(evaluation(st), margin) for s, margin, st in rows if s % 2 == 0]
    test = [(evaluation(st), margin) for s, margin, st in rows if s % 2 == 1]
    offset, slope = solve([[1.0, x] for x, _ in train], [float(y) for _, y in train])
    error = math.sqrt(sum((offset + slope * x - y) ** 2 for x, y in test) / len(test))
    right = sum(1 for x, y in test if (x > 0) == (y > 0)) / len(test)
    print(f"{name:16s} RMS error {error:5.2f} VP  names the winner {right:.1%}")


def parts(state: TyrantsState) -> list[float]:
    """The first seat's lead in each part of ``search_evaluate``."""
    vp = scores(state)
    left = outlook.rounds_left(state)
    held = [sum(1 for h in state.markers.values() if h == s) for s in range(2)]
    return [
        float(vp[0] - vp[1]),
        left * (outlook.deck_yield(state, 0) - outlook.deck_yield(state, 1)),
        left * (outlook.promote_rate(state, 0) - outlook.promote_rate(state, 1)),
        left * (held[0] - held[1]),
    ]


def st_market(rows: list[Row]) -> tuple[str, str]:
    """The market the games were played with."""
    return rows[0][2].half_decks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--fit", action="store_true", help="print the parts' fitted weights")
    parser.add_argument(
        "--half-decks", default=None, help="the market's two half-decks, as aberrations,undead"
    )
    args = parser.parse_args()
    options = None if args.half_decks is None else {"half_decks": args.half_decks.split(",")}
    rows = positions(args.games, args.seed, options)
    print(f"{args.games} rule-bot games (seeds {args.seed}-{args.seed + args.games - 1}), ", end="")
    print(f"{len(rows)} positions; fitted on the even seeds, judged on the odd")
    if options is not None:
        last: dict[int, int] = {}
        for s, _, st in rows:
            last[s] = max(last.get(s, 0), st.round)
        print(f"the games last {sum(last.values()) / len(last):.1f} rounds on average")
    judge("search_evaluate", lambda st: search_evaluate(st, 0), rows)
    if outlook.weights_for(st_market(rows)) != BASE_WEIGHTS:
        judge("  base weights", lambda st: lead(st, 0, outlooks(st, BASE_WEIGHTS)), rows)
    judge("evaluate", lambda st: GAME.evaluate(st, 0), rows)
    judge("VP alone", lambda st: parts(st)[0], rows)
    if args.fit:
        weights = solve([parts(st) for _, _, st in rows], [float(m) for _, m, _ in rows])
        names = (
            "VP",
            "rounds left x deck yield",
            "rounds left x promotions",
            "rounds left x markers",
        )
        print("weights: " + ", ".join(f"{n} {w:.2f}" for n, w in zip(names, weights, strict=True)))
        relative = ", ".join(f"{w / weights[0]:.2f}" for w in weights[1:])
        print(f"relative to VP (deck yield, promotions, markers): {relative}")
        print(f"in the code for this market: {outlook.weights_for(st_market(rows))}")


if __name__ == "__main__":
    main()
