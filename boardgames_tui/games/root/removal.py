"""Taking hits and removing pieces as functions over a :class:`RootState`:
warriors first, then buildings and tokens (the owner choosing when the choice
matters: the :class:`Hits` decision), the point an enemy scores for each
building or token it removes, and ``flush``: the event that removed pieces is
over, so what the removals set off is pushed now.  Every removal is announced
(``events.PiecesRemoved``, and ``RemovalsSettled`` at the end): what a
faction's pieces leaving the map sets off is its own subscription.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action, Event

from .actions import Remove
from .clearings import (
    add_warriors,
    buildings_of,
    clearing_name,
    enemies,
    name,
    remove_building,
    the,
    tokens_of,
    warriors,
)
from .events import PiecesRemoved, RemovalsSettled, announce
from .faction import FACTIONS, handles
from .hands import gain
from .model import InClearing, RootState, decision


# ------------------------------------------------------------------ removing
def remove_warriors(state: RootState, number: int, place: int, n: int, by: int) -> list[Event]:
    """Remove ``n`` of a faction's warriors from a place (back to its
    supply), removed by ``by``."""
    if n <= 0:
        return []
    add_warriors(state, number, place, -n)
    state.player(number).warriors += n
    return announce(state, PiecesRemoved(faction=number, place=place, warriors=n, by=by))


def remove_piece(state: RootState, number: int, place: int, piece: str, by: int) -> list[Event]:
    """Remove one building or token; the enemy who removed it scores 1."""
    c = state.clearings[place]
    if piece in c.tokens:
        c.remove_token(piece)
    else:
        remove_building(state, place, piece)
    reacted = announce(state, PiecesRemoved(faction=number, place=place, piece=piece, by=by))
    events = [
        Event(text=f"{name(number)}'s {piece} in {clearing_name(state, place)} is removed."),
        *reacted,
    ]
    if by >= 0 and by != number:
        events += gain(state, by, 1, "removing pieces")
    return events


def remove_enemy_pieces(state: RootState, number: int, place: int) -> list[Event]:
    """Remove every enemy piece in a place (a Favor, a bomb), scoring for the
    buildings and tokens; the caller flushes when its whole effect is over."""
    events: list[Event] = []
    for enemy in enemies(state, number):
        k = warriors(state, enemy, place)
        if k:
            reacted = remove_warriors(state, enemy, place, k, number)
            events.append(
                Event(
                    text=f"{the(enemy, 'loses', start=True)} {k} warriors in {clearing_name(state, place)}."
                )
            )
            events += reacted
        for piece in sorted(removable(state, enemy, place).elements()):
            events += remove_piece(state, enemy, place, piece, number)
            if state.over:
                return events
        # What else the effect does to it (a pawn damages three items).
        events += FACTIONS[enemy].all_removed(state, place, number)
    return events


def _removable_pieces(state: RootState, number: int, place: int) -> list[str]:
    """A faction's buildings and tokens there, less its lasting pieces."""
    lasting = FACTIONS[number].lasting
    pieces = buildings_of(state, number, place) + tokens_of(state, number, place)
    return [p for p in pieces if p not in lasting] if lasting else pieces


def removable(state: RootState, number: int, place: int) -> Counter[str]:
    """A faction's buildings and tokens there that may be removed (not its
    lasting pieces)."""
    return Counter(_removable_pieces(state, number, place))


def removable_count(state: RootState, number: int, place: int) -> int:
    """How many pieces :func:`removable` finds (without counting them by
    kind): what the bots weigh a battle or a march by."""
    return len(_removable_pieces(state, number, place))


def take_hits(state: RootState, number: int, place: int, hits: int, by: int) -> list[Event]:
    """Take hits in a clearing: warriors first, then buildings and tokens,
    chosen by the player taking them when there is a choice."""
    if hits <= 0:
        return []
    n = min(hits, warriors(state, number, place))
    events: list[Event] = []
    if n:
        reacted = remove_warriors(state, number, place, n, by)
        events.append(
            Event(
                text=f"{the(number, 'loses', start=True)} {n} warrior{'s' if n > 1 else ''} in "
                f"{clearing_name(state, place)}."
            )
        )
        events += reacted
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
            state.stack.append(Hits(faction=number, clearing=place, count=hits, by=by))
            break
        piece = sorted(pieces)[0]
        events += remove_piece(state, number, place, piece, by)
        hits -= 1
    return events


def flush(state: RootState) -> list[Event]:
    """After an event that removed pieces: every faction subscribed pushes
    what the removals set off (or, the game over, forgets it), the faction
    first in setup order deciding first."""
    return announce(state, RemovalsSettled())


# ------------------------------------------------------------ the decision
@decision
@action_data
class Hits(InClearing):
    """Taking ``count`` more hits in ``clearing`` from ``by``: which building
    or token goes (asked only when the choice matters)."""

    kind: Literal["hits"] = "hits"
    count: int
    by: int

    asks: ClassVar[str] = "Taking hits: choose the piece to remove."
    doing: ClassVar[str] = "taking hits"


def _hit_options(state: RootState, p: Hits) -> list[Action]:
    return [Remove(piece=piece) for piece in sorted(removable(state, p.faction, p.clearing))]


def _hit(state: RootState, p: Hits, action: Action) -> list[Event]:
    assert isinstance(action, Remove)
    state.stack.pop()
    events = remove_piece(state, p.faction, p.clearing, action.piece, p.by)
    return events + hit_pieces(state, p.faction, p.clearing, p.count - 1, p.by)


handles(Hits, options=_hit_options, decide=_hit)
