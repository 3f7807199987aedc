"""Arena games as digests, to show two trees play the same games.

``play`` plays seeded arena games the arena's way (``arena.make_bot``: the
search bots' playout caps, no clock) and prints a JSON line per game: a
digest of every action played, the scores, the winners, each seat's moves,
playouts and CPU seconds.  Run it once with each tree first on
``PYTHONPATH`` (an earlier commit from ``git archive COMMIT | tar -x -C
DIR``), then ``compare`` the two outputs: how many games are identical (all
but the CPU seconds), the named bot's CPU time in each, its wins and mean
score.  Where two trees differ only in the rules' speed, the games are the
same action for action and the bot's strength is the same by construction
(issue 49; figures in ``docs/bots.md``, "Every table's `hard` turn with
the faster rules").

    PYTHONPATH=/tmp/before python benchmarks/arena_digest.py play tyrants hard,tyrants \
        --seed 600 --games 12 > before.jsonl
    uv run python benchmarks/arena_digest.py play tyrants hard,tyrants \
        --seed 600 --games 12 > after.jsonl
    uv run python benchmarks/arena_digest.py compare before.jsonl after.jsonl --bot hard

``play`` takes the game's options as ``name=value`` (``factions=marquise,eyrie,duchy``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path
from typing import Any

#: What may differ between two trees' records of one game (the rest may not).
TIMING = ("cpu",)


def play(game_id: str, bots: list[str], seed: int, games: int, options: dict[str, str]) -> None:
    from boardgames_tui.engine import arena
    from boardgames_tui.engine.bots import SearchBot
    from boardgames_tui.engine.game import Seat
    from boardgames_tui.engine.registry import get_game

    print(json.dumps({"tree": arena.__file__}), flush=True)
    spec = arena.ArenaSpec(game_id, tuple(bots), games, seed, options)
    for index in range(games):
        game = get_game(game_id)
        names = arena.seat_bots(spec, index)
        this_seed = seed + index
        seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(names)]
        state = game.setup(seats, options or None, this_seed)
        made = [
            arena.make_bot(name, this_seed * 31 + i, game, 1.0, len(names))
            for i, name in enumerate(names)
        ]
        digest = hashlib.sha256()
        cpu = [0.0] * len(names)
        moves = [0] * len(names)
        playouts = [0] * len(names)
        while not game.is_over(state):
            seat = game.to_act(state)
            assert seat is not None  # (a game not over has a seat to act)
            legal = game.next_actions(state)
            start = time.process_time()
            bot = made[seat]
            action = bot.choose(game, state, legal)
            cpu[seat] += time.process_time() - start
            moves[seat] += 1
            if isinstance(bot, SearchBot):
                playouts[seat] += bot.last.playouts
            digest.update(repr(action).encode())
            game.apply(state, action, legal)
        outcome = game.outcome(state)
        scores = {result.seat: result.score for result in outcome.results}
        record = {
            "seed": this_seed,
            "bots": names,
            "digest": digest.hexdigest()[:16],
            "actions": sum(moves),
            "scores": [scores[i] for i in range(len(names))],
            "winners": sorted(outcome.winners),
            "moves": moves,
            "playouts": playouts,
            "cpu": [round(c, 2) for c in cpu],
        }
        print(json.dumps(record), flush=True)


def _games(path: Path) -> list[dict[str, Any]]:
    lines = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return [line for line in lines if "seed" in line]


def compare(before: Path, after: Path, bot: str) -> None:
    old, new = _games(before), _games(after)
    count = min(len(old), len(new))
    if not count:
        raise SystemExit("no games to compare")
    old, new = old[:count], new[:count]

    def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
        return {k: v for k, v in a.items() if k not in TIMING} == {
            k: v for k, v in b.items() if k not in TIMING
        }

    identical = sum(same(a, b) for a, b in zip(old, new, strict=True))

    def seat(game: dict[str, Any]) -> int:
        return int(game["bots"].index(bot))

    cpu_before = sum(game["cpu"][seat(game)] for game in old)
    cpu_after = sum(game["cpu"][seat(game)] for game in new)
    wins = sum(1 / len(g["winners"]) for g in new if seat(g) in g["winners"])
    mean = sum(g["scores"][seat(g)] for g in new) / count
    others = [s for g in new for i, s in enumerate(g["scores"]) if i != seat(g)]
    print(f"games {count}, identical {identical}")
    print(f"{bot}'s CPU: before {cpu_before:.1f} s, after {cpu_after:.1f} s")
    print(
        f"{bot}'s wins {wins:g} of {count}; mean score {mean:.1f}, the others' {sum(others) / len(others):.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    playing = sub.add_parser("play", help="play seeded arena games, a JSON line each")
    playing.add_argument("game")
    playing.add_argument("bots", help="comma-separated, seats rotating as in the arena")
    playing.add_argument("--seed", type=int, default=600)
    playing.add_argument("--games", type=int, default=12)
    playing.add_argument("options", nargs="*", help="the game's options, name=value")
    comparing = sub.add_parser("compare", help="two trees' records of the same games")
    comparing.add_argument("before", type=Path)
    comparing.add_argument("after", type=Path)
    comparing.add_argument("--bot", default="hard")
    args = parser.parse_args()
    if args.command == "play":
        options = dict(option.split("=", 1) for option in args.options)
        play(args.game, args.bots.split(","), args.seed, args.games, options)
    else:
        compare(args.before, args.after, args.bot)


if __name__ == "__main__":
    main()
