"""The difficulty levels offered for a computer seat: ``easy`` (the greedy
bot with some noise), ``normal`` and ``hard`` (the search bot with a budget of
0.3 s and 1 s a move).  Each says in a few words what it is (``about``),
for the setup screen."""

from __future__ import annotations

from typing import Any, ClassVar

from ..game import Action, Game, GameState
from .greedy import GreedyBot
from .ismcts import Budget, SearchBot

#: How often the easy bot plays a random legal action instead of its best.
EASY_NOISE = 0.3


class EasyBot(GreedyBot):
    """The greedy bot (one action ahead), which now and then plays a random
    legal action instead."""

    name = "easy"
    about = "greedy, with slips"

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        if len(legal) > 1 and self.rng.random() < EASY_NOISE:
            return self.rng.choice(legal)
        return super().pick(game, view, legal)


class NormalBot(SearchBot):
    """Searches about 0.3 s a move."""

    name = "normal"
    about = "searches ~0.3 s a move"
    BUDGET: ClassVar[Budget] = Budget(seconds=0.3)


class HardBot(SearchBot):
    """Searches about 1 s a move."""

    name = "hard"
    about = "searches ~1 s a move"
    BUDGET: ClassVar[Budget] = Budget(seconds=1.0)
