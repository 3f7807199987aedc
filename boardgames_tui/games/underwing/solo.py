"""Solo play: the Wild Forces, an automaton the engine runs itself.

"During play, the would-be Dragonlord must contend with the various Elemental
forces represented by wild 'Handlers' moving around the Field. These wild
forces infuse Eggs in the Hatching Grounds with bursts of Elemental energy".

The Wild Forces have no seat: every step they take is made here, inside the
engine, and logged as an event that says what they did and why.  The phases
call in at these points (see :mod:`.rules`):

- setup: :func:`wild_setup`;
- Phase 1: :func:`wild_collect` ("Wild Forces receive Elements FIRST");
- Phase 2: :func:`wild_move` (clockwise, White included in the track);
- Phase 3: :func:`wild_place`, alternating with the player, and
  :func:`wild_decides` for the red ribbons of the wild dragons they hatch.

What happens when the player gains a handler (the Wild Forces gain one, the
grounds grow) is part of the ``gain_handler`` effect in :mod:`.effects`.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from boardgames_tui.engine.game import Action, Event

from .actions import ChooseSpace
from .cards import card
from .colours import SECONDARIES, Element, is_complete, norm, single_fits
from .effects import job_options, resolve
from .model import (
    FIELD_INDEX,
    WILD_FORCES,
    WILD_HANDLERS,
    WILD_ORDER,
    WILD_START,
    HatchWild,
    Job,
    UnderwingState,
    WildForces,
    add_crystal,
    clockwise,
)
from .table import egg_name, pick_weighted

Reason = Literal["fit", "completes", "starts", "black"]

#: Why the Wild Forces chose a space, for the log.
REASONS: dict[Reason, str] = {
    "fit": "an exact fit",
    "completes": "completes a combination",
    "starts": "starts a combination",
    "black": "no fit and no combination to start, so a black space",
}


class Target(NamedTuple):
    """Where the Wild Forces put an element, and why."""

    slot: int
    space: int
    reason: Reason


# ----------------------------------------------------------------------- setup
def wild_setup() -> WildForces:
    """ "Assign one Wild 'Handler' to the White, Black, and Purple Elemental
    spaces on the Field; place the remaining 3 Wild 'Handlers' in the
    allocated spaces on the Tracker"."""
    return WildForces(
        field=sorted(WILD_START, key=FIELD_INDEX.__getitem__),
        tracker=WILD_HANDLERS - len(WILD_START),
    )


def _wild(state: UnderwingState) -> WildForces:
    assert state.wild_forces is not None
    return state.wild_forces


def _space_name(space: Element) -> str:
    return space.capitalize()


# --------------------------------------------------------------------- phase 1
def wild_collect(state: UnderwingState, events: list[Event]) -> None:
    """Phase 1: "Wild Forces receive Elements FIRST": the element of each Field
    space holding a Wild handler, in Field order (ruling R-SOLO-DRAW).  A
    missing element is a random draw, as for the player (ruling R-SHORTAGE);
    an empty bag gives nothing."""
    wild = _wild(state)
    got: list[str] = []
    for space in wild.field:
        if state.bag[space] > 0:
            drawn: Element = space
            got.append(f"{space} ({_space_name(space)} space)")
        elif sum(state.bag.values()) > 0:
            drawn = pick_weighted(state, state.bag)
            got.append(f"{drawn} (no {space} is left in the bag)")
        else:
            got.append(f"nothing for the {_space_name(space)} space (the bag is empty)")
            continue
        state.bag[drawn] -= 1
        wild.storage[drawn] += 1
    if got:
        events.append(Event(text=f"The Wild Forces draw first: {', '.join(got)}."))


# --------------------------------------------------------------------- phase 2
def wild_move(state: UnderwingState, events: list[Event]) -> None:
    """Phase 2: "The Handlers representing the Wild Forces rotate clockwise ...
    In the solo version of Underwing, the White space is a part of the Field
    track and Handlers are NOT recalled to the Break Room"."""
    wild = _wild(state)
    if not wild.field:
        return
    steps = [f"{_space_name(s)} to {_space_name(clockwise(s))}" for s in wild.field]
    wild.field = sorted((clockwise(s) for s in wild.field), key=FIELD_INDEX.__getitem__)
    events.append(Event(text=f"The Wild Forces move clockwise: {', '.join(steps)}."))


# --------------------------------------------------------------------- phase 3
def next_wild_element(state: UnderwingState) -> Element | None:
    """ "The Wild Forces should place Elements in the following order: Black,
    White, Purple, Orange, Green, Blue, Yellow, Red." """
    wild = _wild(state)
    for element in WILD_ORDER:
        if wild.storage[element] > 0:
            return element
    return None


def _open_spaces(
    state: UnderwingState, slots: list[int]
) -> list[tuple[int, int, Element, tuple[Element, ...]]]:
    """Every element space of the open eggs among ``slots``, in scan order:
    the grounds left to right, top to bottom, and each egg's spaces left to
    right as printed."""
    found = []
    for index in slots:
        s = state.grounds[index]
        if not s.is_egg or s.complete:
            continue
        assert s.card is not None
        for space, element in enumerate(card(s.card).spaces):
            found.append((index, space, element, tuple(s.fill[space])))
    return found


def wild_target(
    state: UnderwingState, crystal: Element, slots: list[int] | None = None
) -> Target | None:
    """Where the Wild Forces put ``crystal`` (ruling R-SOLO-SCAN): "Wild Forces
    fill Element spaces from left to right, top to bottom, in order of first
    immediate color fit, then secondary fit (i.e., starting a color
    combination). Example: The Wild Forces have a Blue Element. First, they
    scan for an available Blue space (including any partially-complete
    combinations for Green, Purple, etc.). If there are no Blue spaces
    available, they scan for the first available empty Purple or Green spot.
    Finally, if neither space-type is available, then Wild Forces scan for an
    available Black space."

    1. a fit: the first space the crystal completes (an empty space of its
       own colour, or a partial combination it finishes);
    2. the first empty secondary space the crystal is one of the primaries of;
    3. the first black space that may take the crystal.
    None: nowhere ("the Element is returned to bag")."""
    spaces = _open_spaces(state, list(range(len(state.grounds))) if slots is None else slots)
    for index, space, element, contents in spaces:
        if single_fits(element, contents, crystal) and is_complete(
            element, norm((*contents, crystal))
        ):
            return Target(index, space, "fit" if element == crystal else "completes")
    for index, space, element, contents in spaces:
        if not contents and crystal in SECONDARIES.get(element, ()):
            return Target(index, space, "starts")
    for index, space, element, contents in spaces:
        if element == "black" and single_fits(element, contents, crystal):
            return Target(index, space, "black")
    return None


def where_words(state: UnderwingState, target: Target) -> str:
    s = state.grounds[target.slot]
    assert s.card is not None
    element = card(s.card).spaces[target.space]
    return f"the {element} space of {egg_name(state, target.slot)}"


def wild_place(state: UnderwingState, events: list[Event]) -> None:
    """One placement of the Wild Forces: their first element in their order,
    on the space :func:`wild_target` finds, or back to the bag.  An unclaimed
    egg it completes hatches in the wild at once, its red ribbon decided by the
    Wild Forces (:func:`wild_decides`)."""
    wild = _wild(state)
    crystal = next_wild_element(state)
    assert crystal is not None
    wild.storage[crystal] -= 1
    target = wild_target(state, crystal)
    if target is None:
        state.bag[crystal] += 1
        events.append(
            Event(text=f"The Wild Forces have nowhere to place {crystal}: it goes back to the bag.")
        )
        return
    words = where_words(state, target)
    s = state.grounds[target.slot]
    add_crystal(s, target.space, crystal)
    events.append(
        Event(text=f"The Wild Forces place {crystal} on {words}: {REASONS[target.reason]}.")
    )
    if s.complete:
        if s.claimant is None:
            state.jobs.append(Job(effect=HatchWild(slot=target.slot), seat=WILD_FORCES))
        else:
            done = egg_name(state, target.slot)
            events.append(Event(text=f"{done[0].upper()}{done[1:]} is complete."))


# ------------------------------------------------- the wild dragons they hatch
def wild_choice(state: UnderwingState, job: Job, options: list[Action]) -> tuple[Action, str]:
    """The Wild Forces' choice for a red-ribbon effect of a dragon they hatched
    (ruling R-SOLO-WILD-DECIDER), and why: a scattered element lands where
    their placement scan would put it among the adjacent eggs; otherwise the
    first choice left to right, top to bottom (the adjacent egg to hatch, the
    element to smash)."""
    kind = job.effect.kind
    if kind == "scatter_elements" and job.drawn is not None and job.origin is not None:
        target = wild_target(state, job.drawn, state.adjacent(job.origin))
        if target is not None:
            choice = ChooseSpace(slot=target.slot, space=target.space)
            if choice in options:
                return choice, (
                    f"The Wild Forces send the scattered {job.drawn} to "
                    f"{where_words(state, target)}: {REASONS[target.reason]}."
                )
    what = {
        "hatch_adjacent": "hatch the first adjacent egg",
        "smash_elements": "smash the first element on the adjacent eggs",
    }.get(kind, "take the first choice")
    return options[0], f"The Wild Forces {what}, left to right, top to bottom."


def wild_decides(state: UnderwingState, job: Job, events: list[Event]) -> None:
    """Resolve one step of a job the Wild Forces decide."""
    options = job_options(state, job)
    if not options:
        resolve(state, job, None, events)
        return
    choice, why = wild_choice(state, job, options)
    events.append(Event(text=why))
    resolve(state, job, choice, events)


__all__ = [
    "Target",
    "next_wild_element",
    "wild_choice",
    "wild_collect",
    "wild_decides",
    "wild_move",
    "wild_place",
    "wild_setup",
    "wild_target",
]
