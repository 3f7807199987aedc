"""The bots' choices do not depend on the interpreter's string hashing.

Python orders a set of strings differently in every process (unless
``PYTHONHASHSEED`` is fixed), so a bot that walks a set of names, or sums
floats in a set's order and then compares totals, plays another game from
the same seed in another process: the arena's figures and a seeded bot game
stop being repeatable.  Each game's own rule bot (Incubation, which has none: greedy) plays the first actions of
a seeded game in two processes with different hash seeds; the actions must
be the same.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import hashlib
from boardgames_tui.engine.arena import make_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game

TABLES = (("tyrants", 3, "tyrants"), ("root", 2, "root"), ("underwing", 3, "underwing"),
          ("incubation", 3, "greedy"))
for game_id, players, bot in TABLES:
    game = get_game(game_id)
    for seed in (7, 8):
        seats = [Seat(name=f"P{i}", bot=bot) for i in range(players)]
        state = game.setup(seats, None, seed)
        bots = [make_bot(bot, seed * 31 + i, game, 1.0) for i in range(players)]
        played = []
        while not game.is_over(state) and len(played) < 250:
            seat = game.to_act(state)
            legal = game.legal_actions(state)
            action = bots[seat].choose(game, state, legal)
            played.append(repr(action))
            game.apply(state, action, legal)
        digest = hashlib.sha256("\\n".join(played).encode()).hexdigest()[:16]
        print(game_id, seed, len(played), digest)
"""


def played(hash_seed: str) -> list[str]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.splitlines()


def test_the_rule_bots_play_the_same_whatever_the_string_hashing() -> None:
    first, second = played("1"), played("2")
    assert len(first) == 8
    assert first == second
