"""A regression fixture of seeded bot games: the same seed and the same bots
must play the same game, action by action, whatever is changed underneath
(a faster engine, the bots' plumbing, the shape of a pending decision).

Each game here is played by the bots as the arena plays them (``make_bot``:
the search bots by a counted playout budget, no clock), and recorded in
``seeded_games/<game>.json.gz``: every action chosen, the number of legal
actions offered before it, a running digest of every list of legal actions
and every event's words (checkpointed every ``CHECK_EVERY`` actions, so that
a change is found near where it happened), and the final scores.

``test_seeded_games.py`` replays them.  To record a game's file again, when
its rules change on purpose (and say so where the change is reported)::

    uv run python -m tests.engine.seeded_games underwing [tyrants ...]
"""

from __future__ import annotations

import gzip
import hashlib
import json
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from boardgames_tui.engine.arena import make_bot
from boardgames_tui.engine.game import Game, Seat
from boardgames_tui.engine.registry import get_game

HERE = Path(__file__).parent / "seeded_games"
#: A digest checkpoint every this many actions.
CHECK_EVERY = 50
FORMAT = 1


@dataclass(frozen=True)
class Spec:
    """One seeded game: its bots (one per seat), options, seed and, for the
    search bots, the share of their level's playout caps (``arena --budget``)."""

    bots: tuple[str, ...]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0

    def key(self) -> str:
        opts = ",".join(f"{k}={_word(v)}" for k, v in sorted(self.options.items()))
        return f"{'+'.join(self.bots)} seed {self.seed} [{opts}] x{self.scale:g}"


def _word(value: Any) -> str:
    if isinstance(value, list | tuple):
        return "/".join(str(v) for v in value)
    return str(value)


def _t(half: str) -> dict[str, Any]:
    return {"half_decks": tuple(half.split("+"))}


#: The games, by game id.  Tyrants: every bot (its rule bot, greedy, easy,
#: random, and the search levels at a small counted budget), 2-4 players,
#: both side sections, the rules 1 reading, and all six half-decks.
SPECS: dict[str, list[Spec]] = {
    "tyrants": [
        Spec(("tyrants", "tyrants"), 1, _t("drow+dragons")),
        Spec(("tyrants", "tyrants"), 2, _t("aberrations+undead")),
        Spec(("tyrants",) * 3, 3, {**_t("elementals+demons"), "side": "A"}),
        Spec(("tyrants",) * 3, 4, {**_t("aberrations+drow"), "side": "B"}),
        Spec(("tyrants",) * 4, 5, _t("drow+undead")),
        Spec(("tyrants",) * 4, 6, _t("dragons+aberrations")),
        Spec(("tyrants", "tyrants"), 7, {**_t("drow+dragons"), "rules": 1}),
        Spec(("greedy", "tyrants"), 8, _t("demons+aberrations")),
        Spec(("greedy", "greedy", "tyrants"), 9, {**_t("undead+elementals"), "side": "B"}),
        Spec(("easy", "tyrants", "greedy", "tyrants"), 10, _t("drow+demons")),
        Spec(("random", "random"), 11, _t("undead+elementals")),
        Spec(("random",) * 3, 12, {**_t("aberrations+dragons"), "side": "A"}),
        Spec(("random",) * 4, 13, _t("dragons+demons")),
        Spec(("random", "tyrants", "random"), 14, {**_t("drow+undead"), "rules": 1}),
        Spec(("hard", "tyrants"), 15, _t("aberrations+undead"), 0.1),
        Spec(("tyrants", "hard"), 16, _t("drow+dragons"), 0.1),
        Spec(("normal", "tyrants", "tyrants"), 17, {**_t("elementals+drow"), "side": "B"}, 0.1),
        Spec(("hard", "tyrants", "tyrants", "tyrants"), 18, _t("demons+undead"), 0.05),
    ],
    "underwing": [
        Spec(("underwing", "underwing"), 1),
        Spec(("underwing",) * 4, 2),
        Spec(("underwing",), 3),
        Spec(("greedy", "underwing", "greedy"), 4),
        Spec(("random", "random"), 5),
        Spec(("random",) * 5, 6),
        Spec(("easy", "random", "underwing"), 7),
        Spec(("hard", "underwing"), 8, scale=0.1),
        Spec(("normal",), 9, scale=0.1),
    ],
    "incubation": [
        Spec(("greedy", "greedy"), 1),
        Spec(("greedy", "random", "easy"), 2),
        Spec(("random",) * 4, 3),
        Spec(("random", "random"), 4),
        Spec(("hard", "greedy"), 5, scale=0.1),
        Spec(("greedy", "normal", "greedy"), 6, scale=0.1),
    ],
    "root": [
        Spec(("root", "root"), 1),
        Spec(("root", "root"), 2, {"factions": ("marquise", "eyrie"), "seating": "chosen"}),
        Spec(("root", "root"), 3, {"factions": ("eyrie", "duchy"), "seating": "chosen"}),
        Spec(("root",) * 3, 4, {"factions": ("marquise", "duchy", "eyrie")}),
        Spec(("greedy", "root"), 5, {"turn_limit": 30}),
        Spec(("random", "random"), 6, {"turn_limit": 20}),
        Spec(("random", "root", "easy"), 7, {"factions": ("marquise", "duchy", "eyrie")}),
        Spec(("hard", "root"), 8, {"turn_limit": 30}, 0.1),
        Spec(("root", "normal"), 9, {"factions": ("marquise", "eyrie"), "turn_limit": 30}, 0.1),
    ],
}


@dataclass
class Played:
    """A game as it was played: what the fixture keeps of it."""

    actions: list[Any] = field(default_factory=list)
    offered: list[int] = field(default_factory=list)
    checks: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        return {
            "actions": [json.dumps(a, separators=(",", ":"), sort_keys=True) for a in self.actions],
            "offered": ",".join(map(str, self.offered)),
            "checks": self.checks,
            "scores": self.scores,
        }


class Digest:
    """A running digest of what a game offered and said."""

    def __init__(self) -> None:
        self.hash = hashlib.sha1()

    def add(self, text: str) -> None:
        self.hash.update(text.encode())
        self.hash.update(b"\n")

    def checkpoint(self) -> str:
        return self.hash.hexdigest()[:12]


def steps(game_id: str, spec: Spec) -> Iterator[tuple[int, Any, Any, str | None]]:
    """Play the game, yielding after every action: its number, the action's
    JSON form, how many actions were offered, and at every ``CHECK_EVERY``
    actions the digest so far; at the end (the action None) the seats'
    final scores and the digest after them."""
    game: Game[Any, Any] = get_game(game_id)
    n = len(spec.bots)
    seats = [Seat(name=f"P{i + 1}", bot=name) for i, name in enumerate(spec.bots)]
    state = game.setup(seats, spec.options or None, spec.seed)
    bots = [
        make_bot(name, spec.seed * 31 + i, game, spec.scale) for i, name in enumerate(spec.bots)
    ]
    digest = Digest()
    for event in state.opening:
        digest.add(event.text)
    count = 0
    while not game.is_over(state):
        seat = game.to_act(state)
        assert seat is not None and 0 <= seat < n
        legal = game.legal_actions(state)
        for action in legal:
            digest.add(json.dumps(game.dump_action(action), sort_keys=True))
        chosen = bots[seat].choose(game, state, legal)
        for event in game.apply(state, chosen, legal):
            digest.add(event.text)
        count += 1
        check = digest.checkpoint() if count % CHECK_EVERY == 0 else None
        yield count, game.dump_action(chosen), len(legal), check
        assert count < 20_000, f"{game_id} {spec.key()}: no end in sight"
    results = game.outcome(state).results
    for result in results:
        digest.add(f"{result.seat} {result.score} {sorted(result.breakdown.items())}")
    yield count, None, [r.score for r in results], digest.checkpoint()


def play(game_id: str, spec: Spec) -> Played:
    played = Played()
    for _, action, offered, check in steps(game_id, spec):
        if action is None:
            played.checks.append(check or "")
            played.scores = list(offered)
            break
        played.actions.append(action)
        played.offered.append(offered)
        if check is not None:
            played.checks.append(check)
    return played


def path_of(game_id: str) -> Path:
    return HERE / f"{game_id}.json.gz"


def record(game_id: str) -> None:
    games = []
    for spec in SPECS[game_id]:
        played = play(game_id, spec)
        games.append({"key": spec.key(), **played.record()})
        print(f"{game_id} {spec.key()}: {len(played.actions)} actions", flush=True)
    HERE.mkdir(exist_ok=True)
    data = json.dumps({"format": FORMAT, "game": game_id, "games": games}, separators=(",", ":"))
    # mtime=0: the same games give the same bytes.
    path_of(game_id).write_bytes(gzip.compress(data.encode(), mtime=0))


def load(game_id: str) -> dict[str, dict[str, Any]]:
    """The recorded games of ``game_id``, by their spec's key."""
    data = json.loads(gzip.decompress(path_of(game_id).read_bytes()))
    assert data["format"] == FORMAT and data["game"] == game_id
    return {g["key"]: g for g in data["games"]}


if __name__ == "__main__":
    for name in sys.argv[1:] or list(SPECS):
        record(name)
