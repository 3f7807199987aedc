"""Hand-built positions with the Vagabond at the table, for his tests: an
empty Woodland, every piece in its supply, the Vagabond set up as a test
wants him (character, place, items by state), his turn in a step (what any
faction's tests share is in ``tables.py``)."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.factions.vagabond import FOREST_BASE, VAGABOND, Vagabond
from boardgames_tui.games.root.factions.vagabond import rules as vrules
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import vagabond_of
from tests.games.root.tables import cleared

from .helpers import act


def forest(n: int) -> int:
    """Forest ``n`` of the map as a place."""
    return FOREST_BASE + n


def blank(
    factions: str = "marquise,vagabond",
    step: str = "wander",
    character: str = "thief",
    place: int = 5,
    turn: int = VAGABOND,
    **options: Any,
) -> RootState:
    """A table of these factions (seated as named), every piece in its
    supply, empty hands, an empty Woodland; the Vagabond set up (quests,
    ruins, Indifferent relationships) as ``character`` with no items, his
    pawn in ``place``; ``turn``'s faction in ``step``."""
    state = cleared(factions, turn, step, seating="chosen", **options)
    vrules.prepare(state)
    v = vagabond_of(state)
    v.character = character
    vrules.put_pawn(state, place)
    return state


def items(
    state: RootState,
    *ready: str,
    exhausted: tuple[str, ...] = (),
    damaged: tuple[str, ...] = (),
    damaged_down: tuple[str, ...] = (),
) -> None:
    """His items by state (replacing any)."""
    v = vagabond_of(state)
    v.ready = sorted(ready)
    v.exhausted = sorted(exhausted)
    v.damaged = sorted(damaged)
    v.damaged_down = sorted(damaged_down)


def where(state: RootState) -> int:
    return vagabond_of(state).place


def pawn_at(state: RootState, place: int) -> bool:
    return "pawn" in state.clearings[place].tokens and core.has_pieces(state, VAGABOND, place)


def takes_hits(state: RootState, count: int) -> Vagabond:
    """The decision on top is ``count`` hits to him: he takes them (the
    first choice each time); his state after."""
    hits = state.stack[-1]
    assert hits.faction == VAGABOND and getattr(hits, "count", 0) == count
    while state.stack and state.stack[-1].faction == VAGABOND:
        act(state, GAME.legal_actions(state)[0])
    return vagabond_of(state)
