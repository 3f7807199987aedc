"""Pools the games ``root_arena_factions.py --out`` wrote (JSON lines, one a
game) into one bot's win rate per table, with Wilson 95% intervals: over
all the games, by the faction it played and by its seat, beside its parity
(the share a bot of even strength wins: its copies over the seats).

Games are pooled only when they were played at the same table (the same
bots in the same rotation, factions, map, seating, search budget and
playout caps: the caps a level plays by at a table change with its
profile's rates, ``SearchProfile.seat_rates``, so games at other caps are
other games, tallied apart; records made before the caps were written pool
only with each other, as "caps not recorded"); a
game held twice (the same table and seed, say from two files) counts once,
and two records of one game that disagree are refused, as games that
cannot be the same.  The commits the games were played at are listed
beside each table: games pool across commits only where the bots decide
the same (say so where the figures are kept).  A bot's win in a game is
its share of it (a coalition's or a tie's win split between the winners).

    uv run python benchmarks/root_arena_tally.py four.jsonl [--bot hard] [--seeds 0-39]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgames_tui.engine.arena import wilson

#: The fields that make games one table's (``root_arena_factions.table_key``);
#: a record may lack the last two (made before they were written: caps not
#: recorded, the bots rotating).
TABLE_FIELDS = ("bots", "factions", "map", "seating", "budget", "caps", "fixed")


@dataclass
class Tally:
    """One bot's results at one table."""

    table: tuple[Any, ...]
    copies: int
    seats: int
    games: int = 0
    wins: float = 0.0
    seeds: list[int] = field(default_factory=list)
    commits: set[str] = field(default_factory=set)
    #: Faction -> (games, wins) for the bot as that faction.
    by_faction: dict[str, list[float]] = field(default_factory=dict)
    #: Seat index -> (games, wins).
    by_seat: dict[int, list[float]] = field(default_factory=dict)

    @property
    def parity(self) -> float:
        return self.copies / self.seats


def table_of(game: dict[str, Any]) -> tuple[Any, ...]:
    return tuple(_frozen(game.get(k)) for k in TABLE_FIELDS)


def _frozen(value: Any) -> Any:
    """A record's field as a key: its lists (the bots, each bot's caps) as tuples."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def load(paths: Iterable[Path]) -> list[dict[str, Any]]:
    """Every game of the files, each (table, seed) once; ValueError when two
    records of one game disagree on its result."""
    games: dict[tuple[Any, ...], dict[str, Any]] = {}
    for path in paths:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if not line.strip():
                continue
            try:
                game = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}, line {number}: not a game record ({exc.msg})") from None
            key = (*table_of(game), game["seed"])
            held = games.get(key)
            if held is None:
                games[key] = game
            elif _result(held) != _result(game):
                raise ValueError(
                    f"{path}, line {number}: seed {game['seed']} at this table is already held "
                    f"with another result (commits {held['commit']} and {game['commit']})"
                )
    return list(games.values())


def _result(game: dict[str, Any]) -> list[tuple[str, str, int, float]]:
    return [(s["bot"], s["faction"], s["score"], s["win"]) for s in game["seats"]]


def tally(games: Iterable[dict[str, Any]], bot: str) -> list[Tally]:
    """``bot``'s results at each table it sat at, in the order first met; a
    game counts as won by the share its copies won."""
    tables: dict[tuple[Any, ...], Tally] = {}
    for game in games:
        seats = game["seats"]
        mine = [(i, s) for i, s in enumerate(seats) if s["bot"] == bot]
        if not mine:
            continue
        key = table_of(game)
        t = tables.setdefault(key, Tally(table=key, copies=len(mine), seats=len(seats)))
        t.games += 1
        t.wins += sum(s["win"] for _, s in mine)
        t.seeds.append(int(game["seed"]))
        t.commits.add(game["commit"])
        for i, s in mine:
            _count(t.by_faction.setdefault(s["faction"], [0.0, 0.0]), s["win"])
            _count(t.by_seat.setdefault(i, [0.0, 0.0]), s["win"])
    return list(tables.values())


def _count(cell: list[float], win: float) -> None:
    cell[0] += 1
    cell[1] += win


def seed_ranges(seeds: Iterable[int]) -> str:
    """Seeds as runs: [0, 1, 2, 5, 7, 8] -> "0-2, 5, 7-8"."""
    runs: list[list[int]] = []
    for s in sorted(set(seeds)):
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return ", ".join(f"{a}" if a == b else f"{a}-{b}" for a, b in runs)


def parse_seeds(text: str) -> range:
    """ "A-B" (both included) as a range; ValueError with a sentence otherwise."""
    low, sep, high = text.partition("-")
    if not sep or not low.strip().isdigit() or not high.strip().isdigit():
        raise ValueError(f"--seeds takes a range such as 0-39, not {text!r}")
    a, b = int(low), int(high)
    if b < a:
        raise ValueError(f"--seeds {text}: the range ends before it starts")
    return range(a, b + 1)


def share(wins: float, games: int) -> str:
    """ "13 of 20 (65.0%, 43.3-81.9%)"."""
    lo, hi = wilson(wins, games)
    rate = wins / games if games else 0.0
    return f"{wins:g} of {games} ({rate:.1%}, {lo:.1%}-{hi:.1%})"


def caps_text(caps: tuple[tuple[Any, ...], ...] | None) -> str:
    """ "caps hard 85/289" (a decision's, then the turn's playouts)."""
    if caps is None:
        return "caps not recorded"
    if not caps:
        return "no search bot"
    return "caps " + ", ".join(
        f"{name} {cap}" + ("" if turn is None else f"/{turn}") for name, cap, turn in caps
    )


def describe(t: Tally, bot: str) -> str:
    bots, factions, map_name, seating, budget, caps, fixed = t.table
    lines = [
        f"{','.join(bots)} at {factions} ({map_name}, seating {seating}"
        + (", seats fixed" if fixed else "")
        + (f", budget x{budget:g}" if budget != 1 else "")
        + f", {caps_text(caps)}"
        + f"); seeds {seed_ranges(t.seeds)}; commits {', '.join(sorted(t.commits))}",
        f"  {bot}: {share(t.wins, t.games)}; parity {t.parity:.0%}",
    ]
    lines += [f"    as {f}: {share(w, int(g))}" for f, (g, w) in sorted(t.by_faction.items())]
    lines += [f"    seat {i + 1}: {share(w, int(g))}" for i, (g, w) in sorted(t.by_seat.items())]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--seeds", default="", help="only these seeds, e.g. 0-39")
    args = parser.parse_args()
    try:
        games = load(args.files)
        if args.seeds:
            wanted = parse_seeds(args.seeds)
            games = [g for g in games if g["seed"] in wanted]
    except (OSError, ValueError) as exc:
        parser.error(str(exc))
    tallies = tally(games, args.bot)
    if not tallies:
        print(f"No game in these files has a seat played by {args.bot!r}.")
    for t in tallies:
        print(describe(t, args.bot))


if __name__ == "__main__":
    main()
