from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..game import Action, Game, GameState
from ..rng import Rng


class Bot(ABC):
    """A seat played by the computer.  Its own randomness is separate from the
    game's, so a bot never disturbs the game's RNG."""

    name: ClassVar[str]

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game[Any, Any], state: GameState) -> Action:
        """Pick an action for the seat to act, seeing only that seat's view."""
        seat = game.to_act(state)
        view = game.view(state, seat)
        legal = game.legal_actions(view)
        if not legal:
            raise RuntimeError(f"{game.title}: no legal action for seat {seat}")
        return self.pick(game, view, legal)

    @abstractmethod
    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action: ...
