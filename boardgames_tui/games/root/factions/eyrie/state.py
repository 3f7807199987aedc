"""The Eyrie Dynasties' number and state (a part of the save format), and the
names their state uses: the Decree's columns, the leaders, the vizier."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState

#: The Eyrie's faction number in the state.
EYRIE: Final = 2

#: The Eyrie's Decree columns, left to right (Law 7.5.2), by index.
DECREE_COLUMNS: Final[tuple[str, str, str, str]] = ("recruit", "move", "battle", "build")
LEADERS: Final[tuple[str, str, str, str]] = ("builder", "charismatic", "commander", "despot")
VIZIER: Final = -2
"""A Loyal Vizier in the Decree (a bird card of the Eyrie's own, not in the
deck): where a list of Decree cards names one (``Eyrie.todo``, the
``Turmoil`` action)."""


@state_data
class Eyrie(Player):
    """The Eyrie Dynasties (Law 7).  Everything here is public but the hand.

    ``decree`` holds the deck cards in the Decree by column (indexes of
    :data:`DECREE_COLUMNS`: recruit, move, battle, build); the two Loyal
    Viziers are not listed there: they always sit in the two columns the
    leader names (``decree.VIZIER_COLUMNS``), and ``column_cards`` gives a
    column with its vizier.  ``todo`` and ``column`` are the Decree being
    resolved in Daylight: the column being resolved (0-3; 4 once every
    column is done) and its cards not yet resolved (deck cards and
    :data:`VIZIER`)."""

    roosts: int = 0
    """Roosts in the supply (on the Roosts track)."""
    corner: int = 0
    """The corner clearing it started in (0 before setup)."""
    leader: str = ""
    """The leader in office (one of :data:`LEADERS`; "" before setup)."""
    leaders: list[str] = field(default_factory=list)
    """Leaders face up beside the board, who may be chosen next."""
    deposed: list[str] = field(default_factory=list)
    """Leaders turned face down by Turmoil, in the order deposed."""
    decree: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    """The deck cards in each Decree column (recruit, move, battle, build)."""
    column: int = 0
    """The Decree column being resolved in Daylight (4: all resolved)."""
    todo: list[int] = field(default_factory=list)
    """Cards of that column still to resolve this turn (VIZIER for a vizier)."""
    added: list[int] = field(default_factory=list)
    """Cards added to the Decree this Birdsong (at most two, one bird)."""


def me(state: RootState) -> Eyrie:
    """The Eyrie's state."""
    return state.player(EYRIE)  # type: ignore[return-value]
