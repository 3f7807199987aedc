"""The game-agnostic core: the Game contract, RNG, sessions, saves, registry, bots.

Nothing here imports textual or rich, nor any game package.  The names below
are imported on first use (PEP 562), so that importing a light module such as
``engine.registry`` or ``engine.paths`` does not bring in pydantic.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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

_WHERE = {
    "Action": "game",
    "Event": "game",
    "Game": "game",
    "GameState": "game",
    "IllegalAction": "game",
    "Outcome": "game",
    "Seat": "game",
    "SeatResult": "game",
    "SetupError": "game",
    "copy_state": "game",
    "Rng": "rng",
}

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


def __getattr__(name: str) -> Any:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
