"""The Eyrie's rule bot against other bots, by the Eyrie's seat and the
factions at the table, beside the shared priorities alone (the rule bot as
it played Eyrie seats before its Decree plan: the baseline, measured in the
same run on the same seeds).

The factions are dealt to the seats at random by the seed (Law 5.1.1), so
the Eyrie's seat and the first player vary from game to game; each game's
Eyrie seat gets the bot measured, every other seat ``--against`` (a bot
name: random, root, greedy, ...).  Wins are counted per table, per seat of
the Eyrie and per place in the turn order, with Wilson 95% intervals.

    uv run python benchmarks/root_eyrie_bot.py --games 100 --against random
    uv run python benchmarks/root_eyrie_bot.py --games 100 --tables marquise,eyrie,duchy
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
from boardgames_tui.games.root.factions.eyrie import EYRIE, EyrieFaction
from boardgames_tui.games.root.plan import RulePlan

GAME = get_game("root")
TABLES = ("marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy")


@contextmanager
def shared_priorities_only() -> Iterator[None]:
    """The rule bot without the Eyrie's plan (the baseline): the faction's
    plan is the shared priorities' while it lasts."""
    own = EyrieFaction.plan
    EyrieFaction.plan = lambda self: RulePlan()  # type: ignore[method-assign]
    try:
        yield
    finally:
        EyrieFaction.plan = own  # type: ignore[method-assign]


def play(table: str, seed: int, against: str) -> tuple[float, int, int, int, int, int]:
    """(the Eyrie's share of the win, its seat, its place in the turn order,
    its score, its turns, its falls into Turmoil) in one game."""
    n = len(table.split(","))
    seats = [Seat(name=f"P{i + 1}") for i in range(n)]
    state = GAME.setup(seats, {"factions": table}, seed)
    eyrie = state.seat(EYRIE)
    players = [
        get_bot("root" if i == eyrie else against, seed=seed * 31 + i, game=GAME) for i in range(n)
    ]
    first = None
    turns = falls = last = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        if first is None and state.turn_number >= 1:
            first = state.seat(state.turn)
        legal = GAME.legal_actions(state)
        if state.turn_number != last:
            last = state.turn_number
            turns += state.turn == EYRIE
        events = GAME.apply(state, players[seat].choose(GAME, state, legal), legal)
        falls += sum(e.text == "The Eyrie fall into turmoil." for e in events)
    outcome = GAME.outcome(state)
    share = 1.0 / len(outcome.winners) if eyrie in outcome.winners else 0.0
    order = (eyrie - (first or 0)) % n
    return share, eyrie, order, state.player(EYRIE).vp, turns, falls


def report(name: str, rows: list[tuple[float, int, int, int, int, int]]) -> None:
    wins = sum(r[0] for r in rows)
    lo, hi = wilson(wins, len(rows))
    by_seat: dict[int, list[float]] = defaultdict(list)
    by_order: dict[int, list[float]] = defaultdict(list)
    for share, seat, order, *_ in rows:
        by_seat[seat].append(share)
        by_order[order].append(share)

    def cells(groups: dict[int, list[float]]) -> str:
        out = []
        for k in sorted(groups):
            g = groups[k]
            a, b = wilson(sum(g), len(g))
            out.append(f"{k + 1}: {sum(g):g}/{len(g)} ({a:.0%}-{b:.0%})")
        return "  ".join(out)

    mean = sum(r[3] for r in rows) / len(rows)
    print(
        f"  {name:17s} {wins:g}/{len(rows)} = {wins / len(rows):.1%} "
        f"(95% {lo:.1%}-{hi:.1%}), mean Eyrie score {mean:.1f}, "
        f"Turmoil in {sum(r[5] for r in rows)} of {sum(r[4] for r in rows)} turns"
    )
    print(f"  {'':17s} by seat     {cells(by_seat)}")
    print(f"  {'':17s} by turn     {cells(by_order)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per table")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", default="random", help="the bot in every other seat")
    parser.add_argument("--tables", default=";".join(TABLES), help="tables, ';'-separated")
    parser.add_argument("--no-baseline", action="store_true", help="skip the baseline")
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    for table in args.tables.split(";"):
        print(f"{table}: the Eyrie's rule bot against {args.against}, seeds {seeds[0]}-{seeds[-1]}")
        report("Decree plan", [play(table, s, args.against) for s in seeds])
        if not args.no_baseline:
            with shared_priorities_only():
                report("shared priorities", [play(table, s, args.against) for s in seeds])


if __name__ == "__main__":
    main()
