from __future__ import annotations

from typing import Any

from ..game import Action, Game, GameState
from .base import Bot

#: Most actions a greedy bot looks at in one decision; beyond this it looks at
#: a sample of this many, drawn with its own RNG.
SAMPLE = 40


class GreedyBot(Bot):
    """Looks one action ahead: tries each legal action on a copy of its view
    and keeps the one after which ``game.evaluate`` rates its seat highest
    (``game.lookahead_values``, which a game may answer more quickly than
    copying the whole view for every action, with the same numbers).

    It sees only the view it is given and never touches the real state.  The
    copies get a fresh RNG drawn from the bot's own, the same for every action
    of one decision: the bot learns nothing about the game's coming dice or
    draws, and the actions are compared on the same luck.  Ties go to the
    bot's own RNG, so a bot with a given seed always plays the same way.
    """

    name = "greedy"
    about = "looks one step ahead"

    def unseen(self, legal: list[Action]) -> Action | None:
        """A forced move (one legal action) needs no look ahead, nor a view."""
        return legal[0] if len(legal) == 1 else None

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        seat = game.to_act(view)
        if seat is None:
            return self.rng.choice(legal)
        candidates = legal if len(legal) <= SAMPLE else self.rng.sample(legal, SAMPLE)
        luck = self.rng.next_u64()
        best_value = float("-inf")
        best: list[Action] = []
        values = game.lookahead_values(view, seat, candidates, luck)
        for action, value in zip(candidates, values, strict=True):
            if value > best_value:
                best_value, best = value, [action]
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best or candidates)

    @staticmethod
    def value(game: Game[Any, Any], view: GameState, seat: int, action: Action, luck: int) -> float:
        """How ``seat`` stands after ``action``, tried on a copy of ``view``
        (``game.lookahead_values`` for one action)."""
        return game.lookahead_values(view, seat, [action], luck)[0]
