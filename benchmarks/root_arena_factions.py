"""The arena on a Root table of named factions, with each bot's wins by the
faction it played (the factions are dealt to the seats by the seed, so the
arena's own table, by seat, does not say who played what).

The games are the arena's (``engine.arena.play_one``: the same seeds, bots
rotating one seat a game, the search bots by their playout caps), so a run
is the same as ``boardgames-tui arena root --bots ... --option
factions=...``; this script also plays tables larger than the game's menu
offers (``RootGame.max_players``).

``--out FILE`` appends each game to FILE as one JSON line the moment it
ends (the table, the seed, each seat's bot, faction, score and share of the
win, and the commit played), so a run stopped part way loses only the game
under way; ``--resume`` skips the games FILE already holds for the same
table, so the same command started again carries on where it stopped.
``root_arena_tally.py`` pools such files into win rates with Wilson
intervals.  A run of N games from seed S is the same games as games S-S0 to
S-S0+N-1 of a run from seed S0 (a game's bots and their seeds follow from
its seed and its place in the rotation), so a run may be carried on later
from the next seed, in as many pieces as wanted, provided each piece starts
at a multiple of the seat count from the first (the rotation starts again
at every piece).  ``--fixed`` keeps each bot in the seat it is named for
(no rotation), so that one bot is measured in one chair (``--seating
chosen``: one faction's) over as many games as wanted; its game of seed S
is the same whichever run plays it.

The playout caps the arena gives each search bot at the table (its level's
rate there, ``SearchProfile.seat_rates``) are part of each record and of
what ``--resume`` and ``root_arena_tally.py`` pool by: games played at
other caps are other games.

    uv run python benchmarks/root_arena_factions.py --bots hard,root,root \\
        --factions marquise,eyrie,duchy --games 6 --seed 0 --budget 0.25
    uv run python benchmarks/root_arena_factions.py --bots hard,root \\
        --factions marquise,duchy --map winter --games 12 --budget 0.25
    uv run python benchmarks/root_arena_factions.py --bots hard,root,root,root \\
        --factions marquise,eyrie,alliance,vagabond --seating chosen --games 8 \\
        --seed 0 --out four.jsonl --resume
    uv run python benchmarks/root_arena_factions.py --bots root,root,root,hard \\
        --factions marquise,eyrie,alliance,vagabond --seating chosen --fixed \\
        --games 36 --seed 3000 --out vagabond.jsonl --resume
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections import defaultdict
from dataclasses import replace
from pathlib import Path
from typing import Any

from boardgames_tui.engine import arena
from boardgames_tui.engine.bots.ismcts import SearchBot
from boardgames_tui.engine.registry import get_game

HERE = Path(__file__).resolve().parent


def faction_of(result_name: str) -> str:
    """The faction in a Root result's name ("P1 (Marquise)" -> "Marquise")."""
    return result_name.rsplit("(", 1)[-1].rstrip(")")


def playout_caps(spec: arena.ArenaSpec) -> list[list[Any]]:
    """Each search bot of the run with the playout caps the arena gives it at
    this table (``arena.make_bot``: a decision's, then the turn's or None),
    sorted by name: the same bots at other caps play other games."""
    game = get_game(spec.game_id)
    seats = len(spec.bots)
    caps = []
    for name in sorted(set(spec.bots)):
        bot = arena.make_bot(name, 0, game, spec.budget_scale, seats)
        if isinstance(bot, SearchBot):
            caps.append([name, bot.budget.playouts, bot.budget.turn_playouts])
    return caps


def table_key(
    spec: arena.ArenaSpec, factions: str, map_name: str, seating: str, rotate: bool = True
) -> dict[str, Any]:
    """What makes games poolable: the same bots in the same rotation (or
    kept in their seats, ``--fixed``), the same table, the same search
    budget and the same playout caps."""
    key: dict[str, Any] = {
        "bots": list(spec.bots),
        "factions": factions,
        "map": map_name,
        "seating": seating,
        "budget": spec.budget_scale,
        "caps": playout_caps(spec),
    }
    if not rotate:
        key["fixed"] = True
    return key


def play(spec: arena.ArenaSpec, index: int, rotate: bool) -> arena.GameRecord:
    """Game ``index`` of the run: the arena's, the bots rotating one seat a
    game; or, not rotating, every game with the bots in the seats named
    (the game of seed S is then the same whichever run plays it)."""
    if rotate:
        return arena.play_one(spec, index)
    return arena.play_one(replace(spec, seed=spec.seed + index), 0)


def game_line(record: arena.GameRecord, table: dict[str, Any], commit: str) -> dict[str, Any]:
    """One game as the JSON line ``--out`` appends."""
    return {
        **table,
        "commit": commit,
        "seed": record.seed,
        "actions": record.actions,
        "seats": [
            {
                "bot": seat.bot,
                "faction": faction_of(result.name),
                "score": seat.score,
                "win": seat.win,
                "moves": seat.moves,
                "seconds": round(seat.seconds, 3),
                "playouts": seat.playouts,
            }
            for seat, result in zip(record.seats, record.outcome.results, strict=True)
        ],
    }


def done_seeds(path: Path, table: dict[str, Any]) -> set[int]:
    """The seeds of the games ``path`` already holds for ``table``."""
    if not path.exists():
        return set()
    seeds = set()
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        game = json.loads(line)
        if all(game.get(k) == v for k, v in table.items()):
            seeds.add(int(game["seed"]))
    return seeds


def commit_here() -> str:
    """The commit this checkout is at (with "+" when its tracked files differ)."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=HERE, capture_output=True, text=True, check=True)
        return done.stdout.strip()

    try:
        head = git("rev-parse", "--short", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True)
    parser.add_argument("--factions", required=True)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--map", default="autumn", help="the map (autumn, winter, lake, mountain)")
    parser.add_argument(
        "--seating",
        default="random",
        help="random: the seed deals the factions; chosen: seat by seat as named, so that "
        "the bots, rotating, play each faction as often",
    )
    parser.add_argument(
        "--fixed",
        action="store_true",
        help="keep each bot in the seat named for every game (no rotation): with --seating "
        "chosen, one bot measured in one faction's chair",
    )
    parser.add_argument("--out", type=Path, help="append each game to this file as a JSON line")
    parser.add_argument(
        "--resume", action="store_true", help="with --out, skip the games the file already holds"
    )
    args = parser.parse_args()
    if args.resume and args.out is None:
        parser.error("--resume carries on the games of an --out file: name one")
    game = get_game("root")
    chosen = {"factions": args.factions, "map": args.map, "seating": args.seating}
    options = game.options(chosen).model_dump()
    spec = arena.ArenaSpec(
        game_id="root",
        bots=tuple(args.bots.split(",")),
        games=args.games,
        seed=args.seed,
        options=options,
        budget_scale=args.budget,
    )
    table = table_key(spec, args.factions, args.map, args.seating, not args.fixed)
    commit = commit_here()
    skip = done_seeds(args.out, table) if args.resume else set()
    by_faction: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])

    def show(record: arena.GameRecord) -> None:
        played = []
        for seat, result in zip(record.seats, record.outcome.results, strict=True):
            faction = faction_of(result.name)
            cell = by_faction[seat.bot, faction]
            cell[0] += 1
            cell[1] += seat.win
            played.append(f"{seat.bot}/{faction}={seat.score}{'*' if seat.win else ''}")
        print(
            f"game {record.seed - spec.seed + 1} (seed {record.seed}): {record.actions} actions; "
            + " ".join(played),
            flush=True,
        )
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(json.dumps(game_line(record, table, commit)) + "\n")

    started = time.perf_counter()
    # Game by game in this process (``arena.run`` would first check the
    # seat count against the menu's ``max_players``).
    records = []
    for index in range(spec.games):
        if spec.seed + index in skip:
            continue
        records.append(play(spec, index, not args.fixed))
        show(records[-1])
    if skip:
        held = len(skip & set(range(spec.seed, spec.seed + spec.games)))
        print(f"{held} games were already in {args.out} (root_arena_tally.py pools them all)")
    if records and not skip and not args.fixed:
        print(arena.report(spec, records, time.perf_counter() - started))
    print("by faction played:")
    for (bot, faction), (games, wins) in sorted(by_faction.items()):
        lo, hi = arena.wilson(wins, int(games))
        print(f"  {bot:8s} {faction:22s} {wins:g} of {games:g} ({lo:.0%}-{hi:.0%})")


if __name__ == "__main__":
    main()
