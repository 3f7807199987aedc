"""The game-agnostic core: the Game contract, RNG, sessions, saves, registry, bots.

Nothing here imports textual or rich, nor any game package.
"""

from .game import (
    Action,
    Event,
    Game,
    GameState,
    IllegalAction,
    Outcome,
    Seat,
    SeatResult,
    SetupError,
    copy_state,
)
from .rng import Rng

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "Outcome",
    "Rng",
    "Seat",
    "SeatResult",
    "SetupError",
    "copy_state",
]
