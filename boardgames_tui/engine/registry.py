"""Game id -> Game: the one place that lists the games.

Each game is one descriptor (:class:`GameInfo`): what a menu needs to show
it (title, player counts), where its rules live, and where its own screen
and its own part of the new-game setup live (``ui/game_screens.py`` and
``ui/screens/setup.py`` read them; named as "module:attribute" strings, so
the engine imports nothing of the UI).  Everything is imported only when a
game is played, so listing the games costs nothing (a test keeps the
listing in step with each game's own class attributes).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows of a game without importing its rules."""

    id: str
    title: str
    min_players: int
    max_players: int
    #: "module:attribute" of the game's Game instance.
    target: str = ""
    #: "module:attribute" of its own game screen (a ``GameScreen``
    #: subclass); "": the generic screen plays it.
    screen: str = ""
    #: "module:attribute" of its own part of the new-game setup (a widget
    #: taking the seats' names: Root's faction per seat); "": none.
    table: str = ""


_GAMES: dict[str, GameInfo] = {
    info.id: info
    for info in (
        GameInfo(
            "underwing",
            "Underlings of Underwing",
            1,
            6,
            "boardgames_tui.games.underwing:GAME",
            screen="boardgames_tui.ui.underwing.screen:UnderwingScreen",
        ),
        GameInfo(
            "incubation",
            "Incubation",
            2,
            5,
            "boardgames_tui.games.incubation:GAME",
            screen="boardgames_tui.ui.incubation.screen:IncubationScreen",
        ),
        GameInfo(
            "tyrants",
            "Tyrants of the Underdark",
            2,
            4,
            "boardgames_tui.games.tyrants:GAME",
            screen="boardgames_tui.ui.tyrants.screen:TyrantsScreen",
        ),
        GameInfo(
            "root",
            "Root",
            2,
            4,
            "boardgames_tui.games.root:GAME",
            screen="boardgames_tui.ui.root.screen:RootScreen",
            table="boardgames_tui.ui.root.table:FactionPicker",
        ),
    )
}

_loaded: dict[str, Game[Any, Any]] = {}
#: The screens and setup parts of games registered at run time (tests).
_parts: dict[str, tuple[str, str]] = {}


class UnknownGame(KeyError):
    def __init__(self, game_id: str) -> None:
        super().__init__(game_id)
        self.game_id = game_id

    def __str__(self) -> str:
        known = ", ".join(game_ids())
        return f"There is no game called {self.game_id!r} (known: {known or 'none'})."


def register(game: Game[Any, Any], *, screen: str = "", table: str = "") -> None:
    """Add a game instance (tests use this for their own small games), with
    its own screen and setup part ("module:attribute") if it has them."""
    _loaded[game.id] = game
    _parts[game.id] = (screen, table)


def unregister(game_id: str) -> None:
    _loaded.pop(game_id, None)
    _parts.pop(game_id, None)


def game_ids() -> list[str]:
    return list(_GAMES) + [g for g in _loaded if g not in _GAMES]


def game_info(game_id: str) -> GameInfo:
    """A game's listing, without importing its rules.  Raises UnknownGame."""
    info = _GAMES.get(game_id)
    if info is not None:
        return info
    game = _loaded.get(game_id)
    if game is None:
        raise UnknownGame(game_id)
    screen, table = _parts.get(game_id, ("", ""))
    return GameInfo(game.id, game.title, game.min_players, game.max_players, "", screen, table)


def game_infos() -> list[GameInfo]:
    """Every game's listing, in registry order."""
    return [game_info(game_id) for game_id in game_ids()]


def get_game(game_id: str) -> Game[Any, Any]:
    if game_id in _loaded:
        return _loaded[game_id]
    info = _GAMES.get(game_id)
    if info is None:
        raise UnknownGame(game_id)
    module_name, _, attr = info.target.partition(":")
    game: Game[Any, Any] = getattr(import_module(module_name), attr)
    _loaded[game_id] = game
    return game


def all_games() -> list[Game[Any, Any]]:
    return [get_game(game_id) for game_id in game_ids()]
