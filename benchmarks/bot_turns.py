"""How long a search bot's turn takes, as a person waits for it in the app:
the ``normal`` and ``hard`` levels with their time budgets (not the arena's
playout caps), each in seat 1 of seeded games against the game's rule bot
(Incubation, which has none: the greedy bot), whole games (``--turns N``:
the level's first N turns of each).  A turn is the run of decisions the seat
makes before another seat is to act; its time is the sum of the bot's
decisions.  Each game's median and 95th percentile turn times are printed
beside the calibration measured in the same run: the machine's plain-Python
speed and the time of a fixed amount of rule-bot play (ten seeded 2-player
Tyrants games with the rule bot in both seats).  A few minutes in all.

With ``--cpu`` every clock is this process's CPU time (the bots' turn
budgets and the turns timed), so that other work on a shared machine does
not stretch the figures: what a turn would take with a core to itself.

Under each table, what ended its slowest turns (those at its 95th
percentile or above): the turn's clock (a search cut short by its time,
or a decision left unsearched once the turn's seconds were spent) or its
playout cap (the playouts the arena plays too), with the playouts they
ran beside the turn's cap.

    uv run python benchmarks/bot_turns.py [--turns N] [--levels normal,hard] [--games root,...]
        [--players N] [--cpu]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from common import calibration, report

from boardgames_tui.engine.bots import SearchBot, get_bot, ismcts
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game

#: (game, players, the opponents' bot, seeds).
CASES = [
    ("tyrants", 2, "tyrants", (1, 2)),
    ("tyrants", 3, "tyrants", (1, 2)),
    ("tyrants", 4, "tyrants", (1, 2)),
    ("root", 2, "root", (1, 2)),
    ("root", 3, "root", (1, 2)),
    # Four seats: the base game's four factions (OPTIONS).
    ("root", 4, "root", (1, 2)),
    ("underwing", 2, "underwing", (1,)),
    ("incubation", 2, "greedy", (1,)),
]
#: The options of a table that needs them (Root at three seats names its
#: factions: the Marquise, the Eyrie and the Duchy, dealt by the seed; at
#: four the base game's, the table issue 51's arena measures `hard` at:
#: the Marquise, the Eyrie, the Alliance and the Vagabond, dealt by the seed).
OPTIONS: dict[tuple[str, int], dict[str, str]] = {
    ("root", 3): {"factions": "marquise,eyrie,duchy"},
    ("root", 4): {"factions": "marquise,eyrie,alliance,vagabond"},
}
#: The promise for each level, seconds a turn at the 95th percentile: the
#: levels' (``engine/bots/levels.py``), and for ``hard`` issue 49's 2.5 s.
TARGET = {"normal": 2.0, "hard": 2.5}
#: What the turns are timed with (``--cpu``: this process's CPU time).
clock: Callable[[], float] = time.perf_counter


class _CpuClock:
    """Stands in for the search's ``time`` module: its clock is CPU time."""

    perf_counter = staticmethod(time.process_time)


def rule_bot_play(games: int = 10) -> float:
    """Seconds for ``games`` seeded 2-player Tyrants games, the rule bot in
    both seats (a fixed amount of the work a search does in its playouts)."""
    game = get_game("tyrants")
    seats = [Seat(name=f"P{i + 1}", bot="tyrants") for i in range(2)]
    started = clock()
    for seed in range(5, 5 + games):
        state = game.setup(seats, None, seed)
        bots = [get_bot("tyrants", seed=i, game=game) for i in range(2)]
        while not game.is_over(state):
            seat = game.to_act(state)
            assert seat is not None
            game.apply(state, bots[seat].choose(game, state))
    return clock() - started


@dataclass
class Turn:
    """One of the level's turns: its seconds, the playouts it ran, and its
    decisions the turn's clock ended (a search cut short by its time cap,
    or one left unsearched once the turn's seconds were spent)."""

    seconds: float = 0.0
    playouts: int = 0
    clock_stops: int = 0


def turn_times(
    game_id: str, players: int, rival: str, seed: int, level: str, turns: int | None
) -> list[Turn]:
    """The level's turns in seat 1 of the seeded game, for its first
    ``turns`` turns (None: the whole game)."""
    game = get_game(game_id)
    names = [level] + [rival] * (players - 1)
    seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(names)]
    state = game.setup(seats, OPTIONS.get((game_id, players)), seed)
    bots = [get_bot(name, seed=seed * 31 + i, game=game) for i, name in enumerate(names)]
    searcher = bots[0]
    times: list[Turn] = []
    current: Turn | None = None
    while not game.is_over(state):
        seat = game.to_act(state)
        assert seat is not None
        if seat != 0:
            if current is not None:
                times.append(current)
                current = None
                if turns is not None and len(times) >= turns:
                    break
            game.apply(state, bots[seat].choose(game, state))
            continue
        legal = game.legal_actions(state)
        # The turn's record before this decision (the bot starts a new one
        # when the turn has moved on): its seconds were spent already.
        record = searcher.turn if isinstance(searcher, SearchBot) else None
        spent = record.seconds if record is not None else 0.0
        started = clock()
        action = searcher.choose(game, state, legal)
        current = current or Turn()
        current.seconds += clock() - started
        if isinstance(searcher, SearchBot):
            current.playouts += searcher.last.playouts
            budget = searcher.budget
            out_of_time = (
                budget.turn_seconds is not None
                and searcher.turn is record
                and spent >= budget.turn_seconds
                and len(legal) > 1
            )
            if searcher.last.timed_out or out_of_time:
                current.clock_stops += 1
        game.apply(state, action, legal)
    if current is not None and (turns is None or len(times) < turns):
        times.append(current)
    return times


def slowest_ends(game_id: str, players: int, level: str, turns: list[Turn], p95: float) -> str:
    """What ended the turns at the 95th percentile or above: how many by the
    turn's clock, and their playouts beside the turn's playout cap."""
    slow = [t for t in turns if t.seconds >= p95]
    by_clock = sum(1 for t in slow if t.clock_stops)
    cap = get_bot(level, game=get_game(game_id))
    turn_cap = (
        cap.budget.turn_cap(get_game(game_id), players) if isinstance(cap, SearchBot) else None
    )
    playouts = ", ".join(str(t.playouts) for t in sorted(slow, key=lambda t: -t.seconds))
    return (
        f"    its {len(slow)} slowest turns: {by_clock} ended by the turn's clock, "
        f"{len(slow) - by_clock} within it; playouts {playouts} (the turn's cap {turn_cap})"
    )


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered) + 0.5))
    return ordered[min(len(ordered), rank) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--turns", type=int, default=None, help="the level's turns per game (default: all)"
    )
    parser.add_argument("--levels", default="normal,hard", help="levels, comma-separated")
    parser.add_argument(
        "--games", default=",".join(c[0] for c in CASES), help="games, comma-separated"
    )
    parser.add_argument("--players", type=int, default=None, help="only the tables of N players")
    parser.add_argument(
        "--cpu", action="store_true", help="time by this process's CPU time (a shared machine)"
    )
    args = parser.parse_args()
    if args.cpu:
        global clock
        clock = time.process_time
        ismcts.time = _CpuClock  # type: ignore[assignment]
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    games = {name.strip() for name in args.games.split(",") if name.strip()}
    unknown = games - {c[0] for c in CASES}
    if unknown:
        parser.error(f"no such game here: {', '.join(sorted(unknown))}")
    for game_id, players, rival, seeds in CASES:
        if game_id not in games or (args.players is not None and players != args.players):
            continue
        title = get_game(game_id).title
        for level in levels:
            calib = calibration(clock=clock)
            rules = rule_bot_play()
            turns: list[Turn] = []
            for seed in seeds:
                turns += turn_times(game_id, players, rival, seed, level, args.turns)
            times = [t.seconds for t in turns]
            baseline = f"machine calibration {calib:.1f} M steps/s, rule-bot play {rules:.2f} s"
            target = f"<= {TARGET[level]:g} s" if level in TARGET else ""
            report(
                f"{level} turn, {title} {players}p, median of {len(times)}",
                statistics.median(times),
                "s",
                baseline,
            )
            report(
                f"{level} turn, {title} {players}p, 95th percentile",
                percentile(times, 0.95),
                "s",
                baseline,
                target,
            )
            print(f"    slowest turn {max(times):.2f} s", flush=True)
            print(slowest_ends(game_id, players, level, turns, percentile(times, 0.95)), flush=True)


if __name__ == "__main__":
    main()
