"""The arena on a Root table of named factions, with each bot's wins by the
faction it played (the factions are dealt to the seats by the seed, so the
arena's own table, by seat, does not say who played what).

The games are the arena's (``engine.arena.play_one``: the same seeds, bots
rotating one seat a game, the search bots by their playout caps), so a run
is the same as ``boardgames-tui arena root --bots ... --option
factions=...``; this script also plays tables larger than the game's menu
offers (``RootGame.max_players``).

    uv run python benchmarks/root_arena_factions.py --bots hard,root,root \\
        --factions marquise,eyrie,duchy --games 6 --seed 0 --budget 0.25
    uv run python benchmarks/root_arena_factions.py --bots hard,root \\
        --factions marquise,duchy --map winter --games 12 --budget 0.25
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from boardgames_tui.engine import arena
from boardgames_tui.engine.registry import get_game


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
    args = parser.parse_args()
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
    by_faction: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])

    def show(record: arena.GameRecord) -> None:
        played = []
        for seat, result in zip(record.seats, record.outcome.results, strict=True):
            faction = result.name.rsplit("(", 1)[-1].rstrip(")")
            cell = by_faction[seat.bot, faction]
            cell[0] += 1
            cell[1] += seat.win
            played.append(f"{seat.bot}/{faction}={seat.score}{'*' if seat.win else ''}")
        print(
            f"game {record.index + 1} (seed {record.seed}): {record.actions} actions; "
            + " ".join(played),
            flush=True,
        )

    started = time.perf_counter()
    # Game by game in this process (``arena.run`` would first check the
    # seat count against the menu's ``max_players``).
    records = []
    for index in range(spec.games):
        records.append(arena.play_one(spec, index))
        show(records[-1])
    print(arena.report(spec, records, time.perf_counter() - started))
    print("by faction played:")
    for (bot, faction), (games, wins) in sorted(by_faction.items()):
        lo, hi = arena.wilson(wins, int(games))
        print(f"  {bot:8s} {faction:22s} {wins:g} of {games:g} ({lo:.0%}-{hi:.0%})")


if __name__ == "__main__":
    main()
