from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ..agreement import bot_proposal
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
        ``legal`` is the position's legal actions when the caller has listed
        them; a bot that needs no look at the position for them
        (:meth:`unseen`) chooses without the view being made (in a game with
        hidden information, a copy of the whole state).  The view a bot
        looks at is the game's ``glance``: read, never changed, not kept
        past the choice (a bot that plays on a position copies it first).

        First, at a table of bots only, a bot proposes to end a game its
        game's bots agree is over (``engine/agreement.py``)."""
        proposal = bot_proposal(game, state)
        if proposal is not None:
            return proposal
        if legal is not None:
            if not legal:
                raise RuntimeError(f"{game.title}: no legal action for seat {game.to_act(state)}")
            quick = self.unseen(legal)
            if quick is not None:
                return quick
        seat = game.to_act(state)
        view = game.glance(state, seat)
        if legal is None:
            legal = game.legal_actions(view)
        if not legal:
            raise RuntimeError(f"{game.title}: no legal action for seat {seat}")
        return self.pick(game, view, legal)

    def unseen(self, legal: list[Action]) -> Action | None:
        """The action the bot plays among ``legal`` without looking at the
        position, or None when it must look (by default it always looks).
        Whatever it answers must be what :meth:`pick` would, drawing the
        same numbers from the bot's generator: seeded games stay the same."""
        return None

    @abstractmethod
    def pick(self, game: Game[Any, Any], view: GameState, legal: list[Action]) -> Action: ...
