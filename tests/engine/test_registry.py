"""The registry lists every game (title, player counts) without importing its
rules, and that listing agrees with each game's own class."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_tui.engine.registry import (
    _GAMES,
    GameInfo,
    UnknownGame,
    game_info,
    game_infos,
    get_game,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", list(_GAMES))
def test_the_listing_agrees_with_the_game(game_id: str) -> None:
    game = get_game(game_id)
    info = game_info(game_id)
    assert (info.id, info.title, info.min_players, info.max_players) == (
        game.id,
        game.title,
        game.min_players,
        game.max_players,
    )


def test_listing_the_games_imports_no_rules_and_no_pydantic() -> None:
    code = (
        "import sys\n"
        "from boardgames_tui.engine.registry import game_infos\n"
        "assert [i.id for i in game_infos()]\n"
        "bad = sorted(m for m in sys.modules if m.startswith(('boardgames_tui.games', 'pydantic')))\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr


def test_registered_test_games_are_listed_from_their_class() -> None:
    ids = [info.id for info in game_infos()]
    assert "sevens" in ids  # tests/conftest.py registers it
    assert game_info("sevens") == GameInfo("sevens", "Sevens (test game)", 2, 4)


def test_an_unknown_game_says_which_games_exist() -> None:
    with pytest.raises(UnknownGame) as err:
        game_info("chess")
    assert "chess" in str(err.value) and "underwing" in str(err.value)
