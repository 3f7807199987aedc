"""Hand-built positions with the Vagabond at the table, for his tests: an
empty Woodland, every piece in its supply, the Vagabond set up as a test
wants him (character, place, items by state), his turn in a step."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine import Seat
from boardgames_tui.games.root import GAME, core, turn
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.vagabond import FOREST_BASE, VAGABOND, Vagabond
from boardgames_tui.games.root.factions.vagabond import rules as vrules
from boardgames_tui.games.root.model import Clearing, RootState

from .eyrie_helpers import deal, put

SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Dee")]

__all__ = ["SEATS", "begin", "blank", "deal", "forest", "items", "put", "table", "vagabond_of"]


def table(factions: str, seed: int = 1, **options: Any) -> RootState:
    keys = factions.split(",")
    return GAME.setup(SEATS[: len(keys)], {"factions": factions, **options}, seed)


def vagabond_of(state: RootState) -> Vagabond:
    player = state.player(VAGABOND)
    assert isinstance(player, Vagabond)
    return player


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
    state = table(factions, seating="chosen", **options)
    for i, p in enumerate(state.players):
        state.draw_pile += p.hand
        state.players[i] = FACTIONS[p.faction].new_player()
    state.draw_pile.sort()
    state.clearings = [Clearing() for _ in state.clearings]
    state.setting_up = -1
    state.turn = turn
    state.turn_number = 1
    state.step = step
    state.stack.clear()
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


def begin(state: RootState, step: str) -> None:
    """Enter a step of the turn, then run what is automatic."""
    turn.enter(state, step)
    turn.settle(state)


def where(state: RootState) -> int:
    return vagabond_of(state).place


def pawn_at(state: RootState, place: int) -> bool:
    return "pawn" in state.clearings[place].tokens and core.has_pieces(state, VAGABOND, place)
