"""Tables of any factions, for the factions' tests: the seats, a table set
up as named, the same table cleared (every piece in its supply, every card
in the deck, an empty Woodland, a faction's turn in a step), pieces of any
faction put from their supplies, cards dealt by design, a step entered.
Each faction's helpers (``alliance/helpers.py``, ``eyrie_helpers.py``,
``vagabond_helpers.py``, ``corvid_helpers.py``) add only what is its own:
its blank table and what only its pieces and cards need."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine import Seat
from boardgames_tui.games.root import GAME, core, turn
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import SYMPATHY
from boardgames_tui.games.root.model import Clearing, RootState
from tests.games.root.helpers import give as deal
from tests.games.root.pieces import alliance_of, duchy_of, eyrie_of, marquise_of

SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Dee")]

__all__ = ["SEATS", "begin", "cleared", "deal", "legal", "put", "table"]


def table(factions: str, seed: int = 1, **options: Any) -> RootState:
    """These factions (by key, comma-separated) set up by ``seed``."""
    keys = factions.split(",")
    return GAME.setup(SEATS[: len(keys)], {"factions": factions, **options}, seed)


def cleared(factions: str, turn: int, step: str, **options: Any) -> RootState:
    """A table of these factions (``options`` as for :func:`table`), every
    piece in its supply, every card in the deck (hands and the Supporters
    stack empty), an empty Woodland; ``turn``'s faction in ``step``."""
    state = table(factions, **options)
    for i, p in enumerate(state.players):
        state.draw_pile += p.hand + list(getattr(p, "supporters", []))
        state.players[i] = FACTIONS[p.faction].new_player()
    state.draw_pile.sort()
    state.clearings = [Clearing() for _ in state.clearings]
    state.setting_up = -1
    state.turn = turn
    state.turn_number = 1
    state.step = step
    state.stack.clear()
    return state


def put(state: RootState, clearing: int, faction: int, n: int = 0, *pieces: str) -> None:
    """Warriors and buildings or tokens of a faction, from its supply."""
    core.add_warriors(state, faction, clearing, n)
    state.player(faction).warriors -= n
    c = state.clearings[clearing]
    for piece in pieces:
        if piece in FACTIONS[faction].token_kinds:
            c.add_token(piece)
            if piece == "keep":
                marquise_of(state).keep = clearing
            elif piece == "tunnel":
                duchy_of(state).tunnels -= 1
            elif piece == SYMPATHY:
                alliance_of(state).sympathy -= 1
        else:
            c.buildings.append(piece)
            if piece == "roost":
                eyrie_of(state).roosts -= 1


def begin(state: RootState, step: str) -> None:
    """Enter a step of the turn, then run what is automatic."""
    turn.enter(state, step)
    turn.settle(state)


def legal(state: RootState) -> list[Any]:
    return GAME.legal_actions(state)
