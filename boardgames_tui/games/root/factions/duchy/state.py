"""The Underground Duchy's number, its place off the map (the Burrow) and its
state (a part of the save format)."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState

#: The Duchy's faction number in the state.
DUCHY: Final = 1
#: The Burrow, the Duchy's place off the map: "an unsuited clearing adjacent
#: to each clearing with a tunnel token" (Law 12.2.2), place 0.
BURROW: Final = 0


@state_data
class Duchy(Player):
    tunnels: int = 0
    """Tunnel tokens in the supply."""
    revealed: list[int] = field(default_factory=list)
    """Cards revealed this turn (public until Evening)."""
    swayed: list[str] = field(default_factory=list)
    """Swayed ministers, in the order swayed."""
    unswayed: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    """Ranks of the crowns removed from the game by the Price of Failure."""
    failure: bool = False
    """Whether the event being resolved removed a Duchy building."""


def me(state: RootState) -> Duchy:
    """The Duchy's state."""
    return state.player(DUCHY)  # type: ignore[return-value]
