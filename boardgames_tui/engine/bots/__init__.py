"""Bots over the Game contract only: they see ``view(state, seat)`` and
``legal_actions`` and nothing else."""

from __future__ import annotations

from typing import Any

from ..game import Game
from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
}


class UnknownBot(KeyError):
    def __init__(self, name: str, known: list[str] | None = None) -> None:
        super().__init__(name)
        self.known = sorted(known if known is not None else BOTS)

    def __str__(self) -> str:
        return f"There is no bot called {self.args[0]!r} (known: {', '.join(self.known)})."


def bots_for(game: Game[Any, Any] | None = None) -> dict[str, type[Bot]]:
    """The bots that can play ``game``: the generic ones, then its own."""
    found = dict(BOTS)
    if game is not None:
        found.update(game.own_bots())
    return found


def bot_names(game: Game[Any, Any] | None = None) -> list[str]:
    return list(bots_for(game))


def get_bot(name: str, seed: int = 0, game: Game[Any, Any] | None = None) -> Bot:
    known = bots_for(game)
    try:
        cls = known[name]
    except KeyError:
        raise UnknownBot(name, list(known)) from None
    return cls(seed=seed)


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "bots_for",
    "get_bot",
]
