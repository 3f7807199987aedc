"""The Corvid Conspiracy's number and state (a part of the save format), and
the names their plots go by."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState

#: The Corvids' faction number in the state.
CORVIDS: Final = 5

#: The plot types (Law 13.7), two tokens of each (13.2.2).
PLOTS: Final[tuple[str, str, str, str]] = ("bomb", "snare", "extortion", "raid")
COPIES: Final = 2
#: The token kind of a face-down plot on the map (its type is the Corvids'
#: secret, kept in ``Corvids.plots``); a face-up plot is a token of its type.
FACE_DOWN: Final = "plot"
#: A plot type another seat may not see, in its view.
UNKNOWN: Final = "?"
WARRIORS: Final = 15


@state_data
class Corvids(Player):
    """The Corvid Conspiracy (Law 13).  Public: their warriors, which
    clearings hold a plot, the face-up plots' types, how many plots are in
    the supply.  Hidden from every other seat: the type of each face-down
    plot on the map and of each plot in the supply (:data:`UNKNOWN` in
    their views)."""

    plots: dict[int, str] = field(default_factory=dict)
    """Each face-down plot on the map, by clearing: its type."""
    supply: list[str] = field(default_factory=list)
    """The plots in the supply, by type (sorted)."""
    placed: int = 0
    """Plots placed this turn (the next Plot action's cost is one more)."""
    exerted: bool = False
    """This Evening they took an action instead of drawing (Exert)."""


def me(state: RootState) -> Corvids:
    """The Corvids' state."""
    return state.player(CORVIDS)  # type: ignore[return-value]


def face_up(state: RootState) -> int:
    """Face-up plots on the map."""
    places = state.clearings
    return sum(1 for n in state.woodland.numbers for t in places[n].tokens if t in PLOTS)


def plot_at(state: RootState, clearing: int) -> str | None:
    """The plot token in a clearing: its type when face up, :data:`FACE_DOWN`
    when face down, None when there is none."""
    for t in state.clearings[clearing].tokens:
        if t == FACE_DOWN or t in PLOTS:
            return t
    return None
