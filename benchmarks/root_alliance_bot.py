"""The Woodland Alliance's rule bot against other bots, by the Alliance's
seat and the factions at the table, beside the shared priorities alone (the
rule bot without the Alliance's plan: the baseline, measured in the same
run on the same seeds).

The factions are dealt to the seats at random by the seed (Law 5.1.1), so
the Alliance's seat and the first player vary from game to game; each
game's Alliance seat gets the bot measured, every other seat ``--against``
(a bot name: random, root, greedy, ...).  Wins are counted per table and
per seat of the Alliance, with Wilson 95% intervals.

    uv run python benchmarks/root_alliance_bot.py --games 100 --against random
    uv run python benchmarks/root_alliance_bot.py --games 100 --tables alliance,marquise,duchy
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from boardgames_tui.engine.arena import wilson
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.games.root.factions.alliance import ALLIANCE, AllianceFaction
from boardgames_tui.games.root.plan import RulePlan

GAME = get_game("root")
TABLES = ("alliance,marquise", "alliance,duchy", "alliance,eyrie")


@contextmanager
def shared_priorities_only() -> Iterator[None]:
    """The rule bot without the Alliance's plan (the baseline)."""
    own = AllianceFaction.plan
    AllianceFaction.plan = lambda self: RulePlan()  # type: ignore[method-assign]
    try:
        yield
    finally:
        AllianceFaction.plan = own  # type: ignore[method-assign]


def play(table: str, seed: int, against: str) -> tuple[float, int, int]:
    """(the Alliance's share of the win, its seat, its score) in one game."""
    n = len(table.split(","))
    seats = [Seat(name=f"P{i + 1}") for i in range(n)]
    state = GAME.setup(seats, {"factions": table}, seed)
    mine = state.seat(ALLIANCE)
    players = [
        get_bot("root" if i == mine else against, seed=seed * 31 + i, game=GAME) for i in range(n)
    ]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        GAME.apply(state, players[seat].choose(GAME, GAME.view(state, seat)))
    outcome = GAME.outcome(state)
    share = 1.0 / len(outcome.winners) if mine in outcome.winners else 0.0
    return share, mine, state.player(ALLIANCE).vp


def measure(table: str, games: int, against: str, seed: int) -> dict[str, object]:
    wins = 0.0
    by_seat: dict[int, list[float]] = defaultdict(list)
    for k in range(games):
        share, seat, _ = play(table, seed + k, against)
        wins += share
        by_seat[seat].append(share)
    low, high = wilson(round(wins), games)
    return {
        "wins": wins,
        "interval": (low, high),
        "by_seat": {s: (sum(v), len(v)) for s, v in sorted(by_seat.items())},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--against", default="random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--tables", default=";".join(TABLES))
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    for table in args.tables.split(";"):
        found = measure(table, args.games, args.against, args.seed)
        low, high = found["interval"]  # type: ignore[misc]
        print(
            f"{table}: the Alliance's rule bot won {found['wins']:g}/{args.games} "
            f"against {args.against} ({100 * low:.1f}-{100 * high:.1f}%), "
            f"by seat {found['by_seat']}"
        )
        if not args.no_baseline:
            with shared_priorities_only():
                base = measure(table, args.games, args.against, args.seed)
            low, high = base["interval"]  # type: ignore[misc]
            print(
                f"{table}: baseline (shared priorities alone) {base['wins']:g}/{args.games} "
                f"({100 * low:.1f}-{100 * high:.1f}%)"
            )


if __name__ == "__main__":
    main()
