"""Bots over the Game contract only: they see ``view(state, seat)`` and
``legal_actions`` and nothing else."""

from __future__ import annotations

from .base import Bot
from .greedy import GreedyBot
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
}


class UnknownBot(KeyError):
    def __str__(self) -> str:
        return f"There is no bot called {self.args[0]!r} (known: {', '.join(sorted(BOTS))})."


def bot_names() -> list[str]:
    return list(BOTS)


def get_bot(name: str, seed: int = 0) -> Bot:
    try:
        cls = BOTS[name]
    except KeyError:
        raise UnknownBot(name) from None
    return cls(seed=seed)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "UnknownBot", "bot_names", "get_bot"]
