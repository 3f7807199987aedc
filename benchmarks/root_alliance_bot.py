"""The Woodland Alliance's rule bot (or, with ``--faction``, another
faction's: the Vagabond's, the Corvids') against other bots, by the
faction's seat and the factions at the table, beside the shared priorities
alone (the rule bot without the faction's plan: the baseline, measured in
the same run on the same seeds).

The factions are dealt to the seats at random by the seed (Law 5.1.1), so
the faction's seat and the first player vary from game to game; each
game's seat of that faction gets the bot measured, every other seat
``--against`` (a bot name: random, root, greedy, ...).  Wins are counted
per table and per seat of the faction, with Wilson 95% intervals.

    uv run python benchmarks/root_alliance_bot.py --games 100 --against random
    uv run python benchmarks/root_alliance_bot.py --games 100 --tables alliance,marquise,duchy
    uv run python benchmarks/root_alliance_bot.py --faction vagabond --games 100 --no-baseline
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
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.plan import RulePlan

GAME = get_game("root")
#: The default tables of each faction: against each base faction alone,
#: and the Alliance at three too.
TABLES = {
    "alliance": ("alliance,marquise", "alliance,duchy", "alliance,eyrie"),
    "vagabond": (
        "vagabond,marquise",
        "vagabond,eyrie",
        "vagabond,duchy",
        "vagabond,alliance",
        "vagabond,corvids",
        "marquise,eyrie,vagabond,duchy",
    ),
    "corvids": ("corvids,marquise", "corvids,eyrie", "corvids,duchy", "corvids,alliance"),
}


def number_of(key: str) -> int:
    """A faction's number from its key (``vagabond``)."""
    return next(n for n, f in FACTIONS.items() if f.key == key)


@contextmanager
def shared_priorities_only(key: str) -> Iterator[None]:
    """The rule bot without the faction's plan (the baseline)."""
    kind = type(FACTIONS[number_of(key)])
    own = kind.plan
    kind.plan = lambda self: RulePlan()  # type: ignore[method-assign]
    try:
        yield
    finally:
        kind.plan = own  # type: ignore[method-assign]


def play(table: str, seed: int, against: str, key: str = "alliance") -> tuple[float, int, int]:
    """(the faction's share of the win, its seat, its score) in one game."""
    n = len(table.split(","))
    seats = [Seat(name=f"P{i + 1}") for i in range(n)]
    state = GAME.setup(seats, {"factions": table}, seed)
    number = number_of(key)
    mine = state.seat(number)
    players = [
        get_bot("root" if i == mine else against, seed=seed * 31 + i, game=GAME) for i in range(n)
    ]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        GAME.apply(state, players[seat].choose(GAME, GAME.view(state, seat)))
    outcome = GAME.outcome(state)
    share = 1.0 / len(outcome.winners) if mine in outcome.winners else 0.0
    return share, mine, state.player(number).vp


def measure(
    table: str, games: int, against: str, seed: int, key: str = "alliance"
) -> dict[str, object]:
    wins = 0.0
    by_seat: dict[int, list[float]] = defaultdict(list)
    for k in range(games):
        share, seat, _ = play(table, seed + k, against, key)
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
    parser.add_argument("--faction", default="alliance", choices=sorted(TABLES))
    parser.add_argument("--tables", default="", help="';'-separated (default: the faction's)")
    parser.add_argument("--no-baseline", action="store_true")
    args = parser.parse_args()
    key = args.faction
    for table in (args.tables or ";".join(TABLES[key])).split(";"):
        found = measure(table, args.games, args.against, args.seed, key)
        low, high = found["interval"]  # type: ignore[misc]
        print(
            f"{table}: the {key} rule bot won {found['wins']:g}/{args.games} "
            f"against {args.against} ({100 * low:.1f}-{100 * high:.1f}%), "
            f"by seat {found['by_seat']}"
        )
        if not args.no_baseline:
            with shared_priorities_only(key):
                base = measure(table, args.games, args.against, args.seed, key)
            low, high = base["interval"]  # type: ignore[misc]
            print(
                f"{table}: baseline (shared priorities alone) {base['wins']:g}/{args.games} "
                f"({100 * low:.1f}-{100 * high:.1f}%)"
            )


if __name__ == "__main__":
    main()
