"""Hand-built positions with the Corvid Conspiracy at the table: an empty
Woodland, every piece in its supply, empty hands, the Corvids' turn (or
another faction's) in a step of the test's choosing; plots put face down
or face up where a test wants them (what any faction's tests share is in
``tables.py``)."""

from __future__ import annotations

from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import corvids_of
from tests.games.root.tables import cleared


def blank(
    factions: str = "marquise,corvids", step: str = "corvid_actions", turn: int = CORVIDS
) -> RootState:
    """A table of these factions (seated in this order), every piece in its
    supply, empty hands, an empty Woodland; ``turn``'s faction in ``step``
    with three actions."""
    state = cleared(factions, turn, step)
    state.actions_left = 3
    return state


def plot(state: RootState, clearing: int, kind: str, up: bool = False) -> None:
    """A plot of this type from the supply, face down (or up) in a clearing."""
    corvids = corvids_of(state)
    corvids.supply.remove(kind)
    c = state.clearings[clearing]
    if up:
        c.add_token(kind)
    else:
        c.add_token(FACE_DOWN)
        corvids.plots[clearing] = kind
