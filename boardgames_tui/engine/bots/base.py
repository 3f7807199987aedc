from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..game import Action, Game, GameState
from ..rng import Rng


class Bot(ABC):
    """A seat played by the computer.  Its own randomness is separate from the
    game's, so a bot never disturbs the game's RNG."""

    name: ClassVar[str]
    #: What the bot is, in a few words (the setup screen's seat choices).
    about: ClassVar[str] = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(
        self, game: Game[Any, Any], state: GameState, legal: list[Action] | None = None
    ) -> Action:
        """Pick an action for the seat to act, seeing only that seat's view.
        ``legal`` is the position's legal actions when the caller has listed them."""
        seat = game.to_act(state)
        view = game.view(state, seat)
        if legal is None:
            legal = game.legal_actions(view)
        if not legal:
            raise RuntimeError(f"{game.title}: no legal action for seat {seat}")
        return self.pick(game, view, legal)

    @abstractmethod
    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action: ...
