"""Finished seeded games to review (``engine/review.py``): short tables of
each game, Ana a person whose moves a seeded ``easy`` bot chooses (so that
some of them are slips to find) and Ben a bot's seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session

#: Per game: its options for a short game, and Ben's bot.
TABLES: dict[str, tuple[dict[str, Any], str]] = {
    "underwing": ({"rounds": 3}, "underwing"),
    "incubation": ({}, "greedy"),
    "tyrants": ({}, "tyrants"),
    "root": ({"turn_limit": 8}, "root"),
}
GAMES = list(TABLES)


def play(game_id: str, folder: Path, *, seed: int = 3, moves: int | None = None) -> Session:
    """Ana (a person, played by a seeded ``easy`` bot) against Ben (a bot),
    saved in ``folder``: to the end, or ``moves`` moves in."""
    options, bot = TABLES[game_id]
    seats = [Seat(name="Ana"), Seat(name="Ben", bot=bot)]
    session = Session.new(game_id, seats, options, seed, saves_dir=folder, autosave=False)
    game = session.game
    players = [
        get_bot("easy", seed=seed * 10, game=game),
        get_bot(bot, seed=seed * 10 + 1, game=game),
    ]
    while not session.is_over and (moves is None or len(session.actions) < moves):
        seat = session.to_act
        assert seat is not None
        view = session.view(seat)
        legal = [a for a in game.legal_actions(view) if game.actor(view, a) == seat]
        session.apply(players[seat].pick(game, view, legal), save=False)
    session.save(folder / f"{game_id}.json")
    return session


def finished_save(game_id: str, folder: Path, *, seed: int = 3) -> Path:
    """The save of a finished seeded game of ``game_id`` in ``folder``."""
    session = play(game_id, folder, seed=seed)
    assert session.is_over and session.path is not None
    return session.path
