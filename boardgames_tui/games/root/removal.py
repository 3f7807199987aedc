"""Taking hits and removing pieces as functions over a :class:`RootState`:
warriors first, then buildings and tokens (the owner choosing when the choice
matters, pushed on ``state.stack`` as a :class:`Pending`), the point an enemy
scores for each building or token it removes, and ``flush``: what removing
pieces sets off in each faction (Field Hospitals, the Price of Failure).
"""

from __future__ import annotations

from collections import Counter

from boardgames_tui.engine.game import Event

from .clearings import add_warriors, buildings_of, clearing_name, name, tokens_of, warriors
from .factions.base import FACTIONS
from .hands import gain
from .model import (
    Pending,
    RootState,
)


# ------------------------------------------------------------------ removing
def remove_warriors(state: RootState, number: int, place: int, n: int) -> None:
    if n <= 0:
        return
    add_warriors(state, number, place, -n)
    state.player(number).warriors += n
    FACTIONS[number].removed_warriors(state, place, n)


def remove_piece(state: RootState, number: int, place: int, piece: str, by: int) -> list[Event]:
    """Remove one building or token; the enemy who removed it scores 1."""
    c = state.clearings[place]
    if piece in c.tokens:
        c.remove_token(piece)
    else:
        c.buildings.remove(piece)
    FACTIONS[number].removed_piece(state, place, piece)
    b = state.battle
    if (
        b is not None
        and by != number
        and by in (b.attacker, b.defender)
        and FACTIONS[by].counts_battle_removals
    ):
        b.removed[by] = b.removed.get(by, 0) + 1
    events = [Event(text=f"{name(number)}'s {piece} in {clearing_name(place)} is removed.")]
    if by >= 0 and by != number:
        events += gain(state, by, 1, "removing pieces")
    return events


def removable(state: RootState, number: int, place: int) -> Counter[str]:
    return Counter(buildings_of(state, number, place) + tokens_of(state, number, place))


def take_hits(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """Take hits in a clearing: warriors first, then buildings and tokens,
    chosen by the player taking them when there is a choice."""
    if hits <= 0:
        return []
    n = min(hits, warriors(state, number, place))
    events: list[Event] = []
    if n:
        remove_warriors(state, number, place, n)
        events.append(
            Event(
                text=f"{name(number)} loses {n} warrior{'s' if n > 1 else ''} in {clearing_name(place)}."
            )
        )
    return events + hit_pieces(state, number, place, hits - n, by)


def hit_pieces(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """The hits left after the warriors: remove buildings and tokens, asking
    the player which when the choice matters."""
    events: list[Event] = []
    while hits > 0 and not state.over:
        pieces = removable(state, number, place)
        if not pieces:
            break
        if len(pieces) > 1 and hits < sum(pieces.values()):
            state.stack.append(
                Pending(kind="hits", faction=number, clearing=place, count=hits, by=by)
            )
            break
        piece = sorted(pieces)[0]
        events += remove_piece(state, number, place, piece, by)
        hits -= 1
    return events


def flush(state: RootState) -> None:
    """After an event that removed pieces: each faction pushes what the
    removal triggers (the Price of Failure, Field Hospitals), in reverse
    setup order, so that the faction first in setup order decides first."""
    factions = sorted(state.factions, key=lambda f: FACTIONS[f].letter, reverse=True)
    if state.over:
        for f in factions:
            FACTIONS[f].clear_removal(state)
        return
    for f in factions:
        FACTIONS[f].after_removal(state)
