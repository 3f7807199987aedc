"""Hand-built positions with the Corvid Conspiracy at the table: an empty
Woodland, every piece in its supply, empty hands, the Corvids' turn (or
another faction's) in a step of the test's choosing; plots put face down
or face up where a test wants them."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.factions.corvids import CORVIDS, FACE_DOWN, Corvids
from boardgames_tui.games.root.model import RootState

from .eyrie_helpers import SEATS, cleared, deal, put, table

__all__ = ["SEATS", "blank", "corvids_of", "deal", "legal", "plot", "put", "table"]


def corvids_of(state: RootState) -> Corvids:
    player = state.player(CORVIDS)
    assert isinstance(player, Corvids)
    return player


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


def legal(state: RootState) -> list[Any]:
    return GAME.legal_actions(state)
