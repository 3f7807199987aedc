"""What happens in the Woodland that a faction may react to: the shared
rules announce each :class:`Happening` and every faction at the table that
subscribed to its kind (``Faction.subscriptions``) is told, in setup-letter
order (a few kinds in the reverse order, ``reverse``).  A reaction to what
another player does (a card owed when a piece of one's own is removed or a
clearing is marched into, a decision when warriors fall or a building is
lost, a point when a battle ends, a piece flipped when an enemy arrives) is
a subscription inside the faction's package, never a branch in the shared
rules.

A subscriber changes the state as it must (a decision pushed on the stack
is asked next) and returns the log's events.  Nobody subscribed costs a
look in a small table: the shared rules announce freely.

The happenings:

- :class:`PiecesRemoved`: a faction's warriors (``warriors``) or one
  building or token (``piece``) left ``place``, removed by ``by`` (-1: by
  no one, as by a card's effect on its own owner); announced by the shared
  removal (hits, a Favor, Tax Collector) and by a faction removing pieces;
- :class:`RemovalsSettled`: the event that removed pieces is over (the
  battle's hits, a Favor, a Revolt): what the removals set off is pushed
  now, the first faction in setup order deciding first (reverse order);
- :class:`WarriorsMoved`: warriors moved from ``origin`` into ``to``;
- :class:`BattleBegun` and :class:`BattleEnded` (``state.battle`` still
  holds the battle when its end is announced);
- :class:`RulerChanged`: after an action and all it set off, a clearing's
  ruler is not the one it had before (announced only while a faction at
  the table subscribes: finding it means asking every clearing);
- :class:`CardCrafted` and :class:`CardDiscarded` (from a hand);
- :class:`PhaseBegun`: a faction's Birdsong, Daylight or Evening begins;
  :class:`TurnEnded`: its turn is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Event

if TYPE_CHECKING:
    from .model import RootState


@action_data
class Happening:
    """Something that happened, announced to the factions subscribed to its kind."""

    #: Told in reverse setup-letter order (the last faction first).
    reverse: ClassVar[bool] = False


@action_data
class PiecesRemoved(Happening):
    faction: int
    place: int
    warriors: int = 0
    piece: str = ""
    by: int = -1


@action_data
class RemovalsSettled(Happening):
    reverse: ClassVar[bool] = True


@action_data
class WarriorsMoved(Happening):
    faction: int
    origin: int
    to: int
    count: int
    #: The player who moved them when not their owner (a faction taking
    #: another's warriors along); -1: their owner.
    by: int = -1


@action_data
class BattleBegun(Happening):
    attacker: int
    defender: int
    clearing: int


@action_data
class BattleEnded(Happening):
    attacker: int
    defender: int
    clearing: int


@action_data
class RulerChanged(Happening):
    clearing: int
    before: int | None
    after: int | None


@action_data
class CardCrafted(Happening):
    faction: int
    card: int


@action_data
class CardDiscarded(Happening):
    faction: int
    card: int


#: The phases of a turn, as :class:`PhaseBegun` names them.
PHASES: Final = ("birdsong", "daylight", "evening")


@action_data
class PhaseBegun(Happening):
    faction: int
    phase: str


@action_data
class TurnEnded(Happening):
    faction: int


#: A subscriber: the state and the happening (of the kind it subscribed
#: to), the log's events back.
Subscriber = Callable[["RootState", Any], list[Event]]

#: Each registered faction's subscriptions and setup letter, by number
#: (filled by ``faction.register``).
_SUBSCRIPTIONS: dict[int, Mapping[type[Happening], Subscriber]] = {}
_LETTERS: dict[int, str] = {}
#: Who at a table hears a kind, in order: by the table's factions and the kind.
_HEARD: dict[tuple[tuple[int, ...], type[Happening]], tuple[Subscriber, ...]] = {}
#: The kinds some registered faction subscribes to (the others cost nothing).
_HEARD_AT_ALL: set[type[Happening]] = set()


def subscribe(number: int, letter: str, handlers: Mapping[type[Happening], Subscriber]) -> None:
    """Enter a faction's subscriptions (its registration does)."""
    _SUBSCRIPTIONS[number] = dict(handlers)
    _LETTERS[number] = letter
    _changed()


def unsubscribe(number: int) -> None:
    _SUBSCRIPTIONS.pop(number, None)
    _LETTERS.pop(number, None)
    _changed()


def _changed() -> None:
    _HEARD.clear()
    _HEARD_AT_ALL.clear()
    _HEARD_AT_ALL.update(kind for handlers in _SUBSCRIPTIONS.values() for kind in handlers)


def _table(state: RootState) -> tuple[int, ...]:
    return tuple([p.faction for p in state.players])


def _heard(table: tuple[int, ...], kind: type[Happening]) -> tuple[Subscriber, ...]:
    found = _HEARD.get((table, kind))
    if found is None:
        order = sorted(table, key=lambda f: _LETTERS.get(f, ""), reverse=kind.reverse)
        found = tuple(
            handler for f in order if (handler := _SUBSCRIPTIONS.get(f, {}).get(kind)) is not None
        )
        _HEARD[(table, kind)] = found
    return found


def subscribed(kind: type[Happening]) -> bool:
    """Whether any registered faction subscribes to this kind: where none
    does, the shared rules need not even make the happening to announce."""
    return kind in _HEARD_AT_ALL


def listening(state: RootState, kind: type[Happening]) -> bool:
    """Whether a faction at the table subscribes to this kind."""
    return kind in _HEARD_AT_ALL and bool(_heard(_table(state), kind))


def announce(state: RootState, happening: Happening) -> list[Event]:
    """Tell every faction at the table subscribed to the happening's kind."""
    kind = type(happening)
    if kind not in _HEARD_AT_ALL:
        return []
    heard = _heard(_table(state), kind)
    if not heard:
        return []
    events: list[Event] = []
    for handler in heard:
        events += handler(state, happening)
    return events
