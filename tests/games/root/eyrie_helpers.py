"""Hand-built positions with the Eyrie at the table, for the Eyrie's tests:
an empty Woodland, every piece in its supply, the Eyrie's turn in a step
with a leader of the test's choosing; pieces, cards and Decree cards put
where a test wants them."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine import Seat
from boardgames_tui.games.root import GAME, core, turn
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie import EYRIE, LEADERS, Eyrie
from boardgames_tui.games.root.model import Clearing, RootState
from tests.games.root.pieces import duchy_of, marquise_of

from .helpers import card_ids, done

SEATS = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")]


def table(factions: str, seed: int = 1, **options: Any) -> RootState:
    keys = factions.split(",")
    return GAME.setup(SEATS[: len(keys)], {"factions": factions, **options}, seed)


def eyrie_of(state: RootState) -> Eyrie:
    player = state.player(EYRIE)
    assert isinstance(player, Eyrie)
    return player


def cleared(factions: str, turn: int, step: str) -> RootState:
    """A table of these factions (seated in this order), every piece in its
    supply, empty hands, an empty Woodland; ``turn``'s faction in ``step``."""
    state = table(factions)
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
    return state


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


def put(state: RootState, clearing: int, faction: int, n: int = 0, *pieces: str) -> None:
    """Warriors and buildings or tokens of a faction, from its supply."""
    core.add_warriors(state, faction, clearing, n)
    player = state.player(faction)
    player.warriors -= n
    c = state.clearings[clearing]
    for piece in pieces:
        if piece in FACTIONS[faction].token_kinds:
            c.add_token(piece)
            if piece == "keep":
                marquise_of(state).keep = clearing
            elif piece == "tunnel":
                duchy_of(state).tunnels -= 1
        else:
            c.buildings.append(piece)
            if piece == "roost":
                eyrie_of(state).roosts -= 1


def deal(state: RootState, faction: int, *designs: str) -> list[int]:
    got: list[int] = []
    for design in designs:
        card = next(i for i in card_ids(design, 3) if i in state.draw_pile and i not in got)
        state.draw_pile.remove(card)
        state.player(faction).hand.append(card)
        got.append(card)
    return got


def decree(state: RootState, column: int, *designs: str) -> list[int]:
    """Cards (by design) straight into a Decree column."""
    cards = deal(state, EYRIE, *designs)
    eyrie = eyrie_of(state)
    for c in cards:
        eyrie.hand.remove(c)
        eyrie.decree[column].append(c)
    return cards


def begin(state: RootState, step: str) -> None:
    """Enter a step of the Eyrie's turn, then run what is automatic."""
    turn.enter(state, step)
    turn.settle(state)


def legal(state: RootState) -> list[Any]:
    return GAME.legal_actions(state)


def resolve_now(state: RootState) -> None:
    """From the craft step, on to resolving the Decree."""
    assert state.step == "craft"
    done(state)
