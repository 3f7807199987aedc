"""The games the menu and the setup screen offer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardgames_tui.engine.registry import game_ids, get_game

if TYPE_CHECKING:  # the menu's first frame does without the engine's contract
    from boardgames_tui.engine.game import Game


def installed_games() -> list[Game[Any, Any]]:
    """Every registered game that imports cleanly, in registry order."""
    games = []
    for game_id in game_ids():
        try:
            games.append(get_game(game_id))
        except Exception:  # a game package being written may not import yet
            continue
    return games


__all__ = ["installed_games"]
