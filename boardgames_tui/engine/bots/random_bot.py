from __future__ import annotations

from typing import Any

from ..game import Action, Game, GameState
from .base import Bot


class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    name = "random"
    about = "any legal move"

    def unseen(self, legal: list[Action]) -> Action | None:
        """It never looks at the position: no view is made for it.  The
        same draw as :meth:`pick`'s ``choice`` (``legal`` is never empty)."""
        return legal[self.rng.randbelow(len(legal))]

    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action:
        return self.rng.choice(legal)
