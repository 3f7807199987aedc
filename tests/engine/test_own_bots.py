"""A game may bring bots of its own (Root's rule-based bot), offered beside the
generic ones for that game only."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine.bots import UnknownBot, bot_names, get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.registry import get_game
from boardgames_tui.engine.session import Session


def test_a_games_own_bot_is_offered_for_that_game_only() -> None:
    root, underwing = get_game("root"), get_game("underwing")
    generic = ["random", "greedy", "easy", "normal", "hard"]
    assert bot_names(root) == [*generic, "root"]
    assert bot_names(underwing) == [*generic, "underwing"]
    assert bot_names() == generic
    assert get_bot("root", seed=1, game=root).name == "root"
    assert get_bot("underwing", seed=1, game=underwing).name == "underwing"
    with pytest.raises(UnknownBot) as err:
        get_bot("root", seed=1, game=underwing)
    assert "known: easy, greedy, hard, normal, random, underwing" in str(err.value)


def test_a_session_seats_a_games_own_bot(tmp_path: Path) -> None:
    seats = [Seat(name="Ana"), Seat(name="Ben", bot="root")]
    session = Session.new("root", seats, seed=3, saves_dir=tmp_path)
    for _ in range(400):
        if session.is_over:
            break
        if session.bot_to_act:
            session.play_bot()
        else:
            session.apply(session.legal_actions()[0])
    assert session.bot(1).name == "root"
    assert session.path is not None
    assert Session.load(session.path).state == session.state
