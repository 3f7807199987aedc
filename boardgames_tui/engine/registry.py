"""Game id -> Game: the one place that lists the games.

Games are imported lazily, so listing ids and titles is cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .game import Game

# id -> "module:attribute" of the game's Game instance.
_GAMES: dict[str, str] = {
    "incubation": "boardgames_tui.games.incubation:GAME",
    "tyrants": "boardgames_tui.games.tyrants:GAME",
    "underwing": "boardgames_tui.games.underwing:GAME",
}

_loaded: dict[str, Game[Any, Any]] = {}


class UnknownGame(KeyError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        known = ", ".join(sorted(_GAMES) + sorted(set(_loaded) - set(_GAMES)))
        return f"There is no game called {self.game_id!r} (known: {known or 'none'})."


def register(game: Game[Any, Any]) -> None:
    """Add a game instance (tests use this for their own small games)."""
    _loaded[game.id] = game


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)


def game_ids() -> list[str]:
    return list(_GAMES) + [g for g in _loaded if g not in _GAMES]


def get_game(game_id: str) -> Game[Any, Any]:
    if game_id in _loaded:
        return _loaded[game_id]
    target = _GAMES.get(game_id)
    if target is None:
        raise UnknownGame(game_id)
    module_name, _, attr = target.partition(":")
    game: Game[Any, Any] = getattr(import_module(module_name), attr)
    _loaded[game_id] = game
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get_game(game_id) for game_id in game_ids()]
