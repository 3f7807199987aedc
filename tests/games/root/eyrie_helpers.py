"""Hand-built positions with the Eyrie at the table, for the Eyrie's tests:
an empty Woodland, every piece in its supply, the Eyrie's turn in a step
with a leader of the test's choosing; Decree cards put where a test wants
them (what any faction's tests share is in ``tables.py``)."""

from __future__ import annotations

from boardgames_tui.games.root.factions.eyrie import EYRIE, LEADERS
from boardgames_tui.games.root.model import RootState
from tests.games.root.pieces import eyrie_of
from tests.games.root.tables import cleared, deal

from .helpers import done


def blank(
    factions: str = "marquise,eyrie", step: str = "craft", leader: str = "commander"
) -> RootState:
    """A table of these factions, every piece in its supply, empty hands,
    an empty Woodland; the Eyrie's turn, in ``step``, led by ``leader``."""
    state = cleared(factions, EYRIE, step)
    eyrie = eyrie_of(state)
    eyrie.leader = leader
    eyrie.leaders = [x for x in LEADERS if x != leader]
    return state


def decree(state: RootState, column: int, *designs: str) -> list[int]:
    """Cards (by design) straight into a Decree column."""
    cards = deal(state, EYRIE, *designs)
    eyrie = eyrie_of(state)
    for c in cards:
        eyrie.hand.remove(c)
        eyrie.decree[column].append(c)
    return cards


def resolve_now(state: RootState) -> None:
    """From the craft step, on to resolving the Decree."""
    assert state.step == "craft"
    done(state)
