"""The difficulty levels offered for a computer seat: ``easy`` (the greedy
bot with some noise), ``normal`` and ``hard`` (the search bot with a budget of
0.3 s and 1 s a decision, and of 2 s and 4 s a turn at the 95th percentile:
each turn's search stops a little short of that, ``TURN_MARGIN``, so that
what the search does around its playouts stays inside it; the figures are in
docs/bots.md).  Each says in a few words what it is (``about``), for the
setup screen: for the search levels, how long a player waits, the usual
turn (most are far inside the budget: docs/bots.md's 95th percentiles,
under 1 s and 2 s) and the budget."""

from __future__ import annotations

from typing import Any, ClassVar

from ..game import Action, Game, GameState
from .greedy import GreedyBot
from .ismcts import Budget, SearchBot

#: How often the easy bot plays a random legal action instead of its best.
EASY_NOISE = 0.3
#: The share of a level's promised turn time its searches may spend: the
#: rest is for the prior, the samples and the decisions after the budget ran
#: out (``benchmarks/bot_turns.py`` measures the whole turn).
TURN_MARGIN = 0.85


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
    """Searches at most 0.3 s a decision and 2 s a turn."""

    name = "normal"
    about = "searches; most turns under 1 s, up to 2 s"
    BUDGET: ClassVar[Budget] = Budget(seconds=0.3, turn_seconds=2.0 * TURN_MARGIN)


class HardBot(SearchBot):
    """Searches at most 1 s a decision and 4 s a turn."""

    name = "hard"
    about = "searches longer; most turns under 2 s, up to 4 s"
    BUDGET: ClassVar[Budget] = Budget(seconds=1.0, turn_seconds=4.0 * TURN_MARGIN)
