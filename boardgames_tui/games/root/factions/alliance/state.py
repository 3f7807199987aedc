"""The Woodland Alliance's number and state (a part of the save format),
and the names their state uses: the bases by suit, the sympathy track's
costs and points, the supporters stack's limit."""

from __future__ import annotations

from dataclasses import field
from typing import Final

from boardgames_tui.engine.data import state_data

from ...model import Player, RootState

#: The Alliance's faction number in the state.
ALLIANCE: Final = 3

#: Their pieces (Law 8.3): warriors, sympathy tokens, and one base per suit.
WARRIORS: Final = 10
SYMPATHY_TOKENS: Final = 10
SYMPATHY: Final = "sympathy"
#: The building kind of each suit's base, by suit.
BASES: Final[dict[str, str]] = {"fox": "fox base", "mouse": "mouse base", "rabbit": "rabbit base"}
#: The suit of each base, by kind.
BASE_SUITS: Final[dict[str, str]] = {kind: suit for suit, kind in BASES.items()}
#: The supporters stack holds no more than this with no base on the map (8.2.3.I).
STACK_LIMIT: Final = 5

#: The sympathy track (the facts' section 3; section 6's verdict): for the
#: n-th token placed (index n - 1), the supporters Spread Sympathy spends
#: and the points the uncovered space shows.
TRACK_COST: Final[tuple[int, ...]] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
TRACK_VP: Final[tuple[int, ...]] = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
#: Martial Law (8.4.2.II.a): another player's warriors there that cost one more.
MARTIAL_LAW: Final = 3


@state_data
class Alliance(Player):
    """The Woodland Alliance (Law 8).  Everything here is public but the hand
    and the supporters' faces: their number is public (``supporters`` keeps
    its length in another seat's view, each card :data:`~.model.HIDDEN`).

    The bases on the faction board are those not on the map; a base removed
    goes back there."""

    supporters: list[int] = field(default_factory=list)
    """The Supporters stack (8.2.3): cards face down, the Alliance's to look at."""
    sympathy: int = 0
    """Sympathy tokens still on the track (the next placed uncovers a space)."""
    officers: int = 0
    """Warriors in the Officers box."""


def me(state: RootState) -> Alliance:
    """The Alliance's state."""
    return state.player(ALLIANCE)  # type: ignore[return-value]
