"""The Marquise de Cat's number and state (a part of the save format)."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState
from ...woodland import DEFAULT_MAP

#: The Marquise's faction number in the state.
CATS: Final = 0


@state_data
class Marquise(Player):
    wood: int = 0
    """Wood tokens in the supply."""
    keep: int = 0
    """The clearing with the keep; 0 before setup and once it is removed."""
    keep_removed: bool = False
    hospitals: dict[int, int] = field(default_factory=dict)
    """Marquise warriors removed per clearing by the event being resolved."""


def me(state: RootState) -> Marquise:
    """The Marquise's state."""
    return state.player(CATS)  # type: ignore[return-value]


#: What the keep's corner is worth to the Marquise, for the bots (not a rule):
#: with the rule bot on both sides and the Marquise's rule bot choosing her
#: keep (400 games a corner), she won 50% of her games with the keep in Quarry,
#: 45% in Hill, 31% in Haven and 27% in Weald.
KEEP_CORNERS: Final[dict[int, float]] = {2: 3.0, 1: 2.5, 4: 0.5, 3: 0.0}


def keep_worth(state: RootState, clearing: int) -> float:
    """What the keep in a corner is worth, for the bots: on the Autumn map
    as measured (:data:`KEEP_CORNERS`, by its corners' numbers); on another
    map, where those numbers are other corners and nothing was measured, a
    quarter point per building slot free at setup in the corner and the
    clearings next to it (room to build near the keep)."""
    if state.options.map == DEFAULT_MAP:
        return KEEP_CORNERS.get(clearing, 0.0)
    board = state.woodland
    if clearing not in board.number_set:
        return 0.0
    room = board.open_slots
    return 0.25 * sum(room[n] for n in (clearing, *board.neighbours(clearing)))
