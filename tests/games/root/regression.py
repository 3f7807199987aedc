"""Root's regression fixture: seeded games of every mix, recorded before the
factions became plug-ins (issue 47), so that the redesign is shown to change
no move any faction makes.

Each game is played through the Game contract only (``GAME.setup``, the
bots' ``choose``, ``GAME.apply``): the rule bot (``root``) in every seat, or
the search bot with a counted playout budget (so the same seed always gives
the same moves) in every seat.  What is kept of a game is its action log (as
the save file writes actions) and a digest of its final state (the save
file's snapshot, as canonical JSON).  ``test_root_regression.py`` plays the
games again, with the same bots and seeds, and compares both: the first move
that differs is named.

    uv run python -m tests.games.root.regression   # record (base commit only)
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from boardgames_tui.engine.bots.base import Bot
from boardgames_tui.engine.bots.ismcts import Budget, SearchBot
from boardgames_tui.engine.game import Seat
from boardgames_tui.games.root import GAME

FIXTURE = Path(__file__).parent / "data" / "regression.json.gz"
SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")]
#: The mixes, as the ``factions`` option names them (seated at random from
#: the seed), and the default table (no factions named: the Marquise in the
#: seat ``marquise_seat`` names).
MIXES = ("marquise,duchy", "marquise,eyrie", "duchy,eyrie", "marquise,eyrie,duchy")
DEFAULT = "default"
RULE_GAMES = 30
SEARCH_GAMES = 5
DEFAULT_GAMES = 10
#: The search's counted budget: the same seed, the same moves.
SEARCH_BUDGET = Budget(seconds=None, playouts=8, horizon=1)
#: Fields the state gained since the recording, with the value every
#: recorded game had (dropped before the digest, so a new field at its
#: recorded value changes nothing).
#: ("*": every element of a list).
NEW_FIELDS: dict[tuple[str, ...], Any] = {
    ("options", "map"): "autumn",
    ("ruins_gone",): [],
    ("players", "*", "partner"): -1,
    ("options", "suits"): None,
    ("markers",): [],
    ("cleared_paths",): [],
    ("ferry",): 0,
    ("agreed",): False,
    ("quiet",): [],
}


@dataclass(frozen=True)
class Spec:
    """One recorded game: its table, its seed and its bots."""

    mix: str
    seed: int
    bots: str  # "rule" or "search"

    @property
    def key(self) -> str:
        return f"{self.mix}/{self.bots}/{self.seed}"


def specs() -> list[Spec]:
    out = [Spec(mix, seed, "rule") for mix in MIXES for seed in range(RULE_GAMES)]
    out += [Spec(DEFAULT, seed, "rule") for seed in range(DEFAULT_GAMES)]
    out += [Spec(mix, 100 + seed, "search") for mix in MIXES for seed in range(SEARCH_GAMES)]
    return out


def options(spec: Spec) -> dict[str, Any]:
    if spec.mix == DEFAULT:
        return {"marquise_seat": spec.seed % 2}
    return {"factions": spec.mix}


def players(spec: Spec) -> int:
    return 2 if spec.mix == DEFAULT else len(spec.mix.split(","))


def bot(spec: Spec, seat: int) -> Bot:
    seed = spec.seed * 10 + seat
    if spec.bots == "search":
        return SearchBot(seed=seed, budget=SEARCH_BUDGET)
    rule: type[Bot] = GAME.own_bots()["root"]
    return rule(seed=seed)


def normalised(state_json: dict[str, Any]) -> dict[str, Any]:
    """The snapshot without the fields added since the recording (each at
    its recorded value; another value is kept, so it shows)."""
    data = json.loads(json.dumps(state_json))
    for path, value in NEW_FIELDS.items():
        _drop(data, path, value)
    return data


def _drop(node: Any, path: tuple[str, ...], value: Any) -> None:
    if path[0] == "*":
        for item in node if isinstance(node, list) else []:
            _drop(item, path[1:], value)
        return
    if not isinstance(node, dict):
        return
    if len(path) > 1:
        _drop(node.get(path[0], {}), path[1:], value)
    elif node.get(path[0], value) == value:
        node.pop(path[0], None)


def digest(state_json: dict[str, Any]) -> str:
    text = json.dumps(normalised(state_json), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Played:
    actions: list[Any]
    digest: str
    summary: dict[str, Any]


def play(spec: Spec, recorded: list[Any] | None = None) -> Played:
    """Play the game again from its seed with its bots.  With ``recorded``
    (its action log), stop at the first move that differs and say which."""
    state = GAME.setup(SEATS[: players(spec)], options(spec), spec.seed)
    bots = [bot(spec, seat) for seat in range(players(spec))]
    actions: list[Any] = []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        action = bots[seat].choose(GAME, state, legal)
        dumped = GAME.dump_action(action)
        if recorded is not None:
            n = len(actions)
            expected = recorded[n] if n < len(recorded) else None
            assert dumped == expected, (
                f"{spec.key}: move {n + 1} differs: {dumped} (was {expected})"
            )
        actions.append(dumped)
        GAME.apply(state, action, legal)
    final = GAME.dump_state(state)
    summary = {
        "actions": len(actions),
        "turn": state.turn_number,
        "scores": [p.vp for p in state.players],
        "winner": state.winner,
    }
    return Played(actions, digest(final), summary)


def load(path: Path = FIXTURE) -> dict[str, dict[str, Any]]:
    """A recorded fixture's games by key (gzipped JSON)."""
    with gzip.open(path, "rt", encoding="utf-8") as f:
        data: dict[str, dict[str, Any]] = json.load(f)
    return data


def save(games: dict[str, dict[str, Any]], path: Path = FIXTURE) -> None:
    """Write a fixture's games by key, the same bytes for the same games."""
    path.parent.mkdir(exist_ok=True)
    text = json.dumps(games, separators=(",", ":"), sort_keys=True)
    with gzip.GzipFile(path, "wb", mtime=0) as f:
        f.write(text.encode())


def record() -> None:
    games: dict[str, dict[str, Any]] = {}
    for spec in specs():
        played = play(spec)
        games[spec.key] = {
            "actions": played.actions,
            "digest": played.digest,
            "summary": played.summary,
        }
        print(spec.key, played.summary, flush=True)
    save(games)


if __name__ == "__main__":
    record()
