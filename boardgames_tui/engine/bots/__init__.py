"""Bots over the Game contract only: they see ``view(state, seat)`` and
``legal_actions`` and nothing else.

The generic bots are ``random``, ``greedy`` and the three levels a player
chooses among: ``easy`` (greedy with some noise), ``normal`` and ``hard``
(the search bot, :mod:`.ismcts`).  A game may add its own (:meth:`Game.own_bots`),
and tells the search how to play it by its search profile (:mod:`.profile`).
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from .base import Bot
from .greedy import GreedyBot
from .ismcts import Budget, SearchBot
from .levels import EasyBot, HardBot, NormalBot
from .profile import SearchProfile, profile_of, searchable
from .random_bot import RandomBot

BOTS: dict[str, type[Bot]] = {
    RandomBot.name: RandomBot,
    GreedyBot.name: GreedyBot,
    EasyBot.name: EasyBot,
    NormalBot.name: NormalBot,
    HardBot.name: HardBot,
}


class UnknownBot(KeyError):
    def __init__(self, name: str, known: list[str] | None = None) -> None:
        super().__init__(name)
        self.known = sorted(known if known is not None else BOTS)

    def __str__(self) -> str:
        return f"There is no bot called {self.args[0]!r} (known: {', '.join(self.known)})."


def bots_for(game: Game[Any, Any] | None = None) -> dict[str, type[Bot]]:
    """The bots that can play ``game``: the generic ones (the search levels
    only where the game can be searched), then its own."""
    found = dict(BOTS)
    if game is not None:
        if not searchable(game):
            found = {n: b for n, b in found.items() if not issubclass(b, SearchBot)}
        found.update(game.own_bots())
    return found


def bot_names(game: Game[Any, Any] | None = None) -> list[str]:
    return list(bots_for(game))


def about(name: str, game: Game[Any, Any] | None = None) -> str:
    """What the bot called ``name`` is, in a few words ("" for none known)."""
    cls = bots_for(game).get(name)
    if cls is None:
        return ""
    if cls.about:
        return cls.about
    doc = (cls.__doc__ or "").strip().split(".")[0]
    return " ".join(doc.split())


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
    "Budget",
    "EasyBot",
    "GreedyBot",
    "HardBot",
    "NormalBot",
    "RandomBot",
    "SearchBot",
    "SearchProfile",
    "UnknownBot",
    "about",
    "bot_names",
    "bots_for",
    "get_bot",
    "profile_of",
    "searchable",
]
