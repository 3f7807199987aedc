"""Phase 2, Assign Dragon Handlers: the handlers move round the Field, then
each player in turn assigns one from the Ready Room, recalls one, or passes,
until everyone has passed.

Part of the order of play (``rules.py``).
"""

from __future__ import annotations

from functools import cache

from boardgames_tui.engine.game import Action, Event

from .actions import AssignEgg, AssignField, RecallEgg, RecallField
from .colours import Element
from .model import FIELD, FIELD_INDEX, UnderwingState, clockwise, egg_complete
from .solo import wild_move
from .table import egg_name, name
from .trading import new_phase


def assign_handlers(state: UnderwingState, events: list[Event]) -> None:
    """Phase 2 begins: "Move ALL Handlers in each player's Break Room to the
    Ready Room. Move ALL Dragon Handlers currently on the Field ONE space
    clockwise. If a Handler is currently on the White Element space, that
    Handler MUST be withdrawn to the Break Room"."""
    state.phase = 2
    state.turn = 0
    state.passed = [False] * state.n
    new_phase(state)
    for p in state.players:
        p.ready += p.break_room
        p.break_room = 0
    for seat, p in enumerate(state.players):
        moved: list[Element] = []
        for space in p.field:
            if space == "white" and state.white_withdraws:
                p.break_room += 1
                events.append(
                    Event(text=f"{name(state, seat)}'s handler leaves White for the Break Room.")
                )
            else:
                moved.append(clockwise(space))
        p.field = sorted(moved, key=FIELD_INDEX.__getitem__)
    if state.solo:
        wild_move(state, events)
    if any(p.field for p in state.players):
        events.append(Event(text="Handlers on the Field move one space clockwise."))


def assignment_options(state: UnderwingState, seat: int) -> list[Action]:
    """ "Assign 1 Dragon Handler currently in the Ready Room to any space on the
    Field ... to claim any unclaimed Egg ... Recall 1 'employed' Dragon Handler
    to the Break Room"; at most one of a player's handlers per Field space."""
    p = state.players[seat]
    field = p.field
    found: list[Action] = []
    if p.ready > 0:
        found += [_ASSIGN_FIELD[s] for s in FIELD if s not in field]
        found += [
            _assign_egg(i)
            for i, s in enumerate(state.grounds)
            if s.card is not None
            and s.claimant is None
            and not s.wild
            and not egg_complete(s.card, s.fill)
        ]
    found += [_RECALL_FIELD[s] for s in field]
    found += [
        _recall_egg(i) for i, s in enumerate(state.grounds) if s.claimant == seat and not s.complete
    ]
    return found


def may_assign(state: UnderwingState, seat: int) -> bool:
    """Whether :func:`assignment_options` offers anything, without listing it:
    a handler on the Field may be recalled, a Ready one may go to any Field
    space when none of the player's is there, else only a claimed open egg's
    handler may be recalled."""
    p = state.players[seat]
    if p.field or p.ready > 0:
        return True
    return any(s.claimant == seat and not s.complete for s in state.grounds)


# Actions are values: the few that every position offers are made once.
_ASSIGN_FIELD: dict[Element, Action] = {s: AssignField(space=s) for s in FIELD}
_RECALL_FIELD: dict[Element, Action] = {s: RecallField(space=s) for s in FIELD}


@cache
def _assign_egg(slot: int) -> Action:
    return AssignEgg(slot=slot)


@cache
def _recall_egg(slot: int) -> Action:
    return RecallEgg(slot=slot)


def assign(state: UnderwingState, action: Action, events: list[Event]) -> None:
    seat = state.current()
    p = state.players[seat]
    who = name(state, seat)
    if isinstance(action, AssignField):
        p.ready -= 1
        p.field = sorted([*p.field, action.space], key=FIELD_INDEX.__getitem__)
        events.append(
            Event(text=f"{who} sends a handler to the {action.space} Field space.", seat=seat)
        )
    elif isinstance(action, AssignEgg):
        p.ready -= 1
        state.grounds[action.slot].claimant = seat
        events.append(Event(text=f"{who} claims {egg_name(state, action.slot)}.", seat=seat))
    elif isinstance(action, RecallField):
        p.field.remove(action.space)
        p.break_room += 1
        events.append(
            Event(text=f"{who} recalls a handler from the {action.space} Field space.", seat=seat)
        )
    elif isinstance(action, RecallEgg):
        state.grounds[action.slot].claimant = None
        p.break_room += 1
        events.append(
            Event(text=f"{who} recalls a handler from {egg_name(state, action.slot)}.", seat=seat)
        )
    else:
        state.passed[seat] = True
        events.append(Event(text=f"{who} passes.", seat=seat))
    next_turn(state)


def next_turn(state: UnderwingState) -> None:
    state.turn = (state.turn + 1) % len(state.players)
