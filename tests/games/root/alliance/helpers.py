"""Hand-built positions with the Woodland Alliance at the table: an empty
Woodland, every piece in its supply, empty hands and an empty Supporters
stack; sympathy, bases, officers and supporters put where a test wants
them (what any faction's tests share is in ``tables.py``)."""

from __future__ import annotations

from boardgames_tui.games.root.factions.alliance import ALLIANCE, BASES, SYMPATHY
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import alliance_of
from tests.games.root.tables import cleared, deal, put


def blank(
    factions: str = "alliance,marquise", turn: int = ALLIANCE, step: str = "revolt"
) -> RootState:
    """A table of these factions (seated in this order), every piece in its
    supply, empty hands and stack, an empty Woodland; ``turn``'s faction in
    ``step``."""
    return cleared(factions, turn, step, seating="chosen")


def sympathy(state: RootState, *clearings: int) -> None:
    for n in clearings:
        put(state, n, ALLIANCE, 0, SYMPATHY)


def base(state: RootState, clearing: int, warriors: int = 0) -> None:
    put(state, clearing, ALLIANCE, warriors, BASES[state.woodland.suits[clearing]])


def officers(state: RootState, n: int) -> None:
    alliance = alliance_of(state)
    alliance.warriors -= n
    alliance.officers += n


def supporters(state: RootState, *designs: str) -> list[int]:
    """These cards (by design id) from the deck onto the Supporters stack."""
    alliance = alliance_of(state)
    got = deal(state, ALLIANCE, *designs)
    for card in got:
        alliance.hand.remove(card)
    alliance.supporters.extend(got)
    return got
