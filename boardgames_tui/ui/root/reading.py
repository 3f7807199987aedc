"""Reading Root's legal actions for the screen: what kind of decision they
make (a clearing to point at, a list to choose from, nothing), the clearing
an action names, the faction deciding, a place in a few words and where
warriors may move.  The keys' picks and their reasons (:mod:`.choices`),
the drawing of the board and the words of every part read them; nothing
here knows a key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import Literal

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import Move
from boardgames_tui.games.root.model import RootState

from .faction_ui import place_field

Decision = Literal["over", "map", "list"]


def where(state: RootState, number: int) -> str:
    """A place in a few words: ``Creek (5)``; a place off the map by its
    faction's name for it."""
    if not core.on_the_map(state, number):
        return core.clearing_name(state, number)
    return f"{state.woodland.clearing(number).name} ({number})"


#: The field naming a clearing (or a place) of an action's class, by class
#: ("": none).
_PLACE_FIELD: dict[type, str] = {}


def clearing_of(action: Action) -> int | None:
    """The clearing an action names (a move: where it starts), if any: the
    field ``clearing`` of the shared and the factions' actions, or the
    field a faction's screen part names for one of its own (a forest to
    slip into: ``place_fields``)."""
    if isinstance(action, Move):
        return action.origin
    cls = type(action)
    name = _PLACE_FIELD.get(cls)
    if name is None:
        if any(f.name == "clearing" for f in fields(action)):
            name = "clearing"
        else:
            name = place_field(action.kind) or ""
        _PLACE_FIELD[cls] = name
    if name:
        found: int = getattr(action, name)
        return found
    return None


def decision(legal: Sequence[Action]) -> Decision:
    """``map`` when some legal action names a clearing (point at it),
    ``list`` when they are choices in a list (an ambush, a card, a leader,
    a piece to remove ...), ``over`` when nothing is legal."""
    if not legal:
        return "over"
    if any(clearing_of(a) is not None for a in legal):
        return "map"
    return "list"


def deciding(state: RootState) -> int:
    """The faction deciding now."""
    return state.stack[-1].faction if state.stack else state.turn


def of_kinds(legal: Sequence[Action], kinds: Sequence[str]) -> list[Action]:
    return [a for a in legal if a.kind in kinds]


def listed(legal: Sequence[Action]) -> list[Action]:
    """The choices of a list decision, numbered 1, 2, 3 ... in this order."""
    return list(legal) if decision(legal) == "list" else []


def moves_from(legal: Sequence[Action], origin: int) -> list[Move]:
    return [a for a in legal if isinstance(a, Move) and a.origin == origin]


def destinations(legal: Sequence[Action], origin: int) -> list[int]:
    """Where warriors may move from ``origin``, in order."""
    return sorted({m.to for m in moves_from(legal, origin)})


__all__ = [
    "Decision",
    "clearing_of",
    "deciding",
    "decision",
    "destinations",
    "listed",
    "moves_from",
    "of_kinds",
    "where",
]
