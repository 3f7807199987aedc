"""Root's listing fixture: what ``legal_actions`` offers at every position
of seeded random games at every table of two, three and four factions,
recorded before the listing was made quicker (issue 49), so that the
quicker listing is shown to offer the very same actions, in the same order.

Each game is played through the Game contract with random bots in every
seat: at each position the legal actions are listed afresh, their words
(``repr``: the action's kind and fields) fed to a digest, and the bot's
choice applied.  What is kept of a game is the number of positions and the
digest of every listing.  ``test_root_listing.py`` plays the games again and
compares.  The random bots choose by the list's length and the game's seed,
so a listing that differs changes the digest at that position and, mostly,
every move after it.

Other work that changes a rule on purpose (a faction's options) records the
fixture again with it, on the commit that makes the change:

    uv run python -m tests.games.root.listing
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.model import RootState

from . import regression

FIXTURE = Path(__file__).parent / "data" / "listings.json.gz"
SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")]
#: The factions the tables are made of (the game's own keys).
FACTION_KEYS = ("marquise", "eyrie", "duchy", "alliance", "vagabond", "corvids")
#: Seeded games per table.
GAMES = 4


def tables() -> list[str]:
    """Every table of two, three and four of the factions, as the
    ``factions`` option names them (seated at random from the seed)."""
    return [",".join(mix) for n in (2, 3, 4) for mix in combinations(FACTION_KEYS, n)]


@dataclass(frozen=True)
class Listed:
    positions: int
    digest: str


def play(mix: str, seed: int, check: Any = None) -> Listed:
    """A seeded random game at ``mix``: its positions and the digest of
    every listing.  ``check(state, legal)``, when given, is called at every
    position with the list made afresh."""
    players = len(mix.split(","))
    state: RootState = GAME.setup(SEATS[:players], {"factions": mix}, seed)
    bots = [get_bot("random", seed=seed * 31 + i) for i in range(players)]
    digest = hashlib.sha256()
    positions = 0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        if check is not None:
            check(state, legal)
        digest.update(repr(legal).encode())
        GAME.apply(state, bots[seat].choose(GAME, state, legal), legal)
        positions += 1
    return Listed(positions, digest.hexdigest())


def key(mix: str, seed: int) -> str:
    return f"{mix}/{seed}"


def load() -> dict[str, dict[str, Any]]:
    return regression.load(FIXTURE)


def record() -> None:
    games: dict[str, dict[str, Any]] = {}
    for mix in tables():
        for seed in range(GAMES):
            listed = play(mix, seed)
            games[key(mix, seed)] = {"positions": listed.positions, "digest": listed.digest}
            print(key(mix, seed), listed.positions, flush=True)
    regression.save(games, FIXTURE)


if __name__ == "__main__":
    record()
