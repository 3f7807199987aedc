"""How well Root's ``evaluate`` tells whether the Woodland Alliance will win,
and (with ``--fit``) the Alliance's standing weights fitted as the other
factions' were: logistic regression on who won the rule bot's games against
itself (the fitting and judging are ``root_eyrie_evaluate.py``'s).

The rule bot plays every seat of ``--tables`` for ``--games`` games a table
(seeds from ``--seed``); at the start of every turn the Alliance's counts
(points, sympathy on the map, bases, officers, supporters, cards in hand,
warriors on the map) and the best placed enemy's standing are read.
``--fit`` fits a logistic model of the Alliance's win on the even seeds'
positions and prints each count's weight in the enemies' units; the
evaluation is judged on the odd seeds' games.

    uv run python benchmarks/root_alliance_evaluate.py --games 300 --seed 100000 --fit
"""

from __future__ import annotations

import argparse

from root_eyrie_evaluate import judge, logistic

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import ALLIANCE, rules
from boardgames_tui.games.root.factions.alliance import me as alliance_of
from boardgames_tui.games.root.model import RootState

GAME = get_game("root")
COUNTS = ("vp", "sympathy", "bases", "officers", "supporters", "hand", "warriors")
Row = tuple[int, int, list[float], float]
"""(seed, 1 when the Alliance won, its counts and the enemy's standing, ``evaluate``)."""


def counts(state: RootState) -> list[float]:
    alliance = alliance_of(state)
    enemy = max(FACTIONS[e].standing(state) for e in core.enemies(state, ALLIANCE))
    return [
        float(alliance.vp),
        float(rules.placed(state)),
        float(len(rules.bases_on_map(state))),
        float(alliance.officers),
        float(min(len(alliance.supporters), 8)),
        float(len(alliance.hand)),
        float(sum(c.warriors.get(ALLIANCE, 0) for c in state.clearings)),
        enemy,
    ]


def positions(tables: list[str], games: int, seed: int) -> list[Row]:
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
                    starts.append((counts(state), GAME.evaluate(state, state.seat(ALLIANCE))))
                seat = GAME.to_act(state)
                assert seat is not None
                legal = GAME.legal_actions(state)
                GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
            won = 1 if state.winner == ALLIANCE else 0
            rows += [(s, won, x, e) for x, e in starts]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default="alliance,marquise;alliance,duchy;alliance,eyrie")
    parser.add_argument("--fit", action="store_true", help="fit the Alliance's weights")
    args = parser.parse_args()
    tables = args.tables.split(";")
    rows = positions(tables, args.games, args.seed)
    wins = len({(s, y) for s, y, *_ in rows if y})
    print(
        f"{args.games} rule-bot games a table ({', '.join(tables)}; seeds "
        f"{args.seed}-{args.seed + args.games - 1}), {len(rows)} positions, "
        f"about {wins} Alliance wins; judged on the odd seeds"
    )
    judge("evaluate", [(s, y, e) for s, y, _, e in rows])
    if args.fit:
        train = [(x, y) for s, y, x, _ in rows if s % 2 == 0]
        beta = logistic([x for x, _ in train], [y for _, y in train])
        scale = -beta[-1]
        weights = {c: beta[i + 1] / scale for i, c in enumerate(COUNTS)}
        print(f"fitted: weights in the enemies' units (the enemy's coefficient {beta[-1]:+.3f})")
        for c, w in weights.items():
            print(f"  {c:10s} {w:+.3f}")
        judge(
            "fitted",
            [
                (s, y, sum(weights[c] * x[i] for i, c in enumerate(COUNTS)) - x[-1])
                for s, y, x, _ in rows
            ],
        )


if __name__ == "__main__":
    main()
