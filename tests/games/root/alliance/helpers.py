"""Hand-built positions with the Woodland Alliance at the table: an empty
Woodland, every piece in its supply, empty hands and an empty Supporters
stack; pieces, cards and supporters put where a test wants them."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine import Seat
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.alliance import ALLIANCE, BASES, SYMPATHY, Alliance
from boardgames_tui.games.root.model import Clearing, RootState
from tests.games.root.helpers import card_ids
from tests.games.root.pieces import duchy_of, marquise_of

SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Dee")]


def table(factions: str, seed: int = 1, **options: Any) -> RootState:
    keys = factions.split(",")
    return GAME.setup(SEATS[: len(keys)], {"factions": factions, **options}, seed)


def alliance_of(state: RootState) -> Alliance:
    player = state.player(ALLIANCE)
    assert isinstance(player, Alliance)
    return player


def blank(
    factions: str = "alliance,marquise", turn: int = ALLIANCE, step: str = "revolt"
) -> RootState:
    """A table of these factions (seated in this order), every piece in its
    supply, empty hands and stack, an empty Woodland; ``turn``'s faction in
    ``step``."""
    state = table(factions, seating="chosen")
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
                state.player(faction).roosts -= 1  # type: ignore[attr-defined]


def sympathy(state: RootState, *clearings: int) -> None:
    for n in clearings:
        put(state, n, ALLIANCE, 0, SYMPATHY)


def base(state: RootState, clearing: int, warriors: int = 0) -> None:
    put(state, clearing, ALLIANCE, warriors, BASES[state.woodland.suits[clearing]])


def officers(state: RootState, n: int) -> None:
    alliance = alliance_of(state)
    alliance.warriors -= n
    alliance.officers += n


def take(state: RootState, design: str, exclude: list[int]) -> int:
    card = next(i for i in card_ids(design, 3) if i in state.draw_pile and i not in exclude)
    state.draw_pile.remove(card)
    return card


def deal(state: RootState, faction: int, *designs: str) -> list[int]:
    """These cards (by design id) from the deck into a hand."""
    got: list[int] = []
    for design in designs:
        got.append(take(state, design, got))
    state.player(faction).hand.extend(got)
    return got


def supporters(state: RootState, *designs: str) -> list[int]:
    """These cards (by design id) from the deck onto the Supporters stack."""
    got: list[int] = []
    for design in designs:
        got.append(take(state, design, got))
    alliance_of(state).supporters.extend(got)
    return got
