"""The tame dragons' effects, each a pair registered in
:data:`.effects.RESOLVERS` (its choices now, and its resolution; see
``effects.py``), and in solo, what a handler granted does to the Wild Forces.
"""

from __future__ import annotations

from boardgames_tui.engine.game import Action, Event

from .actions import ChooseCrystal, ChooseElement, ChooseSeat, ChooseSlot, Stop
from .cards import card
from .colours import ELEMENTS, Element
from .model import (
    FIELD,
    SOLO_GROUNDS,
    HatchTame,
    HatchWild,
    Job,
    Slot,
    UnderwingState,
    counter_clockwise,
)
from .table import (
    clear_slot,
    crystal_choices,
    draw_named,
    egg_name,
    finish,
    gain_handlers,
    name,
    place_card,
    push,
    take_crystal,
)


# ------------------------------------------------------- solo: a handler granted
def wild_gains_handler(state: UnderwingState) -> Element | None:
    """Solo: "The Wild Forces ALSO gain a Handler, and it is placed on the White
    space; if White is occupied by the Wild Forces, the Handler should be placed
    on the first available space counter-clockwise from White (i.e. placed on
    the Green space; if Green is occupied, the Handler should be placed on the
    Red space, etc.)".  Only while a Wild handler is left on their tracker
    (ruling R-SOLO-WILD-GAIN).  Returns the space, or None."""
    wild = state.wild_forces
    assert wild is not None
    if wild.tracker <= 0:
        return None
    space: Element = "white"
    while space in wild.field:
        space = counter_clockwise(space)
    wild.tracker -= 1
    wild.field = [s for s in FIELD if s in wild.field or s == space]
    return space


def grow_grounds(state: UnderwingState, cols: int, rows: int) -> None:
    """Make the grounds ``cols`` x ``rows`` (never smaller): every egg and wild
    dragon keeps its row and column, the new column is on the right, the new
    row at the bottom, and the new spaces are empty until eggs are discovered
    (ruling R-SOLO-GROW).  Slot numbers held by pending jobs follow."""
    old_cols = state.cols
    grounds = [Slot() for _ in range(cols * rows)]
    moved: dict[int, int] = {}
    for index, slot in enumerate(state.grounds):
        row, col = divmod(index, old_cols)
        moved[index] = row * cols + col
        grounds[moved[index]] = slot
    for job in state.jobs:
        if job.origin is not None:
            job.origin = moved[job.origin]
        if isinstance(job.effect, HatchWild):
            job.effect = HatchWild(slot=moved[job.effect.slot])
    state.cols, state.rows, state.grounds = cols, rows, grounds


def solo_handler_granted(state: UnderwingState, got: int, events: list[Event]) -> None:
    """Solo, after the player gains ``got`` handlers: the Wild Forces gain one
    each, and the grounds grow to the size for the player's handlers."""
    for _ in range(got):
        space = wild_gains_handler(state)
        if space is None:
            events.append(Event(text="The Wild Forces have no handler left to gain."))
        elif space == "white":
            events.append(Event(text="The Wild Forces gain a handler on the White space."))
        else:
            events.append(
                Event(
                    text=f"White is taken: the Wild Forces gain a handler on the "
                    f"{space.capitalize()} space (the first free one counter-clockwise)."
                )
            )
    size = SOLO_GROUNDS.get(min(state.staff(0), max(SOLO_GROUNDS)))
    if size is not None and size[0] * size[1] > len(state.grounds):
        grow_grounds(state, *size)
        events.append(
            Event(
                text=f"The hatching grounds grow to {size[0]}x{size[1]} ({size[0]} columns, "
                f"{size[1]} rows); every egg keeps its place."
            )
        )


# --------------------------------------------------------------- tame effects
def gain_handler_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def gain_handler(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    finish(state, job)
    got = gain_handlers(state, job.seat, job.left)
    if got:
        where_to = " (to the Break Room)" if state.solo else ""
        events.append(
            Event(
                text=f"{name(state, job.seat)} gains {got} handler{'s' if got > 1 else ''}"
                f"{where_to}.",
                seat=job.seat,
            )
        )
        if state.solo:
            solo_handler_granted(state, got, events)
    else:
        events.append(
            Event(text=f"{name(state, job.seat)} has no handler left to gain.", seat=job.seat)
        )


def collect_elements_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def collect_elements(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    finish(state, job)
    element = getattr(job.effect, "element", None)
    assert element is not None
    got = [e for e in (draw_named(state, job.seat, element) for _ in range(job.left)) if e]
    events.append(
        Event(
            text=f"{name(state, job.seat)} collects {', '.join(got) or 'nothing'}.", seat=job.seat
        )
    )


def collect_chosen_options(state: UnderwingState, job: Job) -> list[Action]:
    return [ChooseElement(element=e) for e in ELEMENTS if state.bag[e] > 0]


def collect_chosen(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    if not isinstance(choice, ChooseElement):
        finish(state, job)  # the bag is empty
        return
    state.bag[choice.element] -= 1
    state.players[job.seat].storage[choice.element] += 1
    events.append(Event(text=f"{name(state, job.seat)} takes {choice.element}.", seat=job.seat))
    job.left -= 1
    if job.left <= 0:
        finish(state, job)


def element_every_round_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def element_every_round(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    finish(state, job)
    element = getattr(job.effect, "element", None)
    state.players[job.seat].perks.append(element)
    events.append(
        Event(
            text=f"{name(state, job.seat)} will draw {element or 'a random element'} every round.",
            seat=job.seat,
        )
    )


def take_from_egg_options(state: UnderwingState, job: Job) -> list[Action]:
    found = crystal_choices(state, list(range(len(state.grounds))))
    return [*found, Stop()] if found else []


def take_from_egg(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    if not isinstance(choice, ChooseCrystal):
        finish(state, job)  # stopped, or nothing to take
        return
    take_crystal(state, choice)
    state.players[job.seat].storage[choice.element] += 1
    events.append(
        Event(
            text=f"{name(state, job.seat)} takes {choice.element} from "
            f"{egg_name(state, choice.slot)}.",
            seat=job.seat,
        )
    )
    job.left -= 1
    if job.left <= 0:
        finish(state, job)


def claim_and_hatch_options(state: UnderwingState, job: Job) -> list[Action]:
    limit = getattr(job.effect, "max_score", 0)
    return [
        ChooseSlot(slot=i)
        for i, s in enumerate(state.grounds)
        if s.is_egg and s.claimant is None and s.card is not None and card(s.card).score <= limit
    ]


def claim_and_hatch(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """Claim an unclaimed egg and hatch it at once: its crystals go back to the
    bag and a new egg takes its space immediately (ruling R-CLAIM-HATCH)."""
    finish(state, job)
    if not isinstance(choice, ChooseSlot):
        events.append(Event(text="There is no small unclaimed egg to claim.", seat=job.seat))
        return
    s = state.grounds[choice.slot]
    assert s.card is not None
    taken = s.card
    events.append(
        Event(text=f"{name(state, job.seat)} claims {egg_name(state, choice.slot)}.", seat=job.seat)
    )
    clear_slot(state, s)
    state.grounds[choice.slot] = Slot()
    events += place_card(state, choice.slot)
    push(state, Job(effect=HatchTame(card=taken, nursery=False), seat=job.seat))


def destroy_elements_options(state: UnderwingState, job: Job) -> list[Action]:
    found = crystal_choices(state, list(range(len(state.grounds))))
    return [*found, Stop()] if found else []


def destroy_elements(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    if not isinstance(choice, ChooseCrystal):
        finish(state, job)
        return
    take_crystal(state, choice)
    state.bag[choice.element] += 1
    events.append(
        Event(
            text=f"{name(state, job.seat)} destroys {choice.element} on "
            f"{egg_name(state, choice.slot)}.",
            seat=job.seat,
        )
    )
    job.left -= 1
    if job.left <= 0:
        finish(state, job)


def steal_elements_options(state: UnderwingState, job: Job) -> list[Action]:
    if job.victim is None:
        return [
            ChooseSeat(seat=q)
            for q in state.order()
            if q != job.seat and state.players[q].stored() > 0
        ]
    victim = state.players[job.victim]
    found: list[Action] = [ChooseElement(element=e) for e in ELEMENTS if victim.storage[e] > 0]
    return [*found, Stop()] if found else []


def steal_elements(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    if isinstance(choice, ChooseSeat):
        job.victim = choice.seat
        return
    if not isinstance(choice, ChooseElement) or job.victim is None:
        finish(state, job)
        return
    state.players[job.victim].storage[choice.element] -= 1
    state.players[job.seat].storage[choice.element] += 1
    events.append(
        Event(
            text=f"{name(state, job.seat)} steals {choice.element} from {name(state, job.victim)}.",
            seat=job.seat,
        )
    )
    job.left -= 1
    if job.left <= 0:
        finish(state, job)


def banish_wild_options(state: UnderwingState, job: Job) -> list[Action]:
    return [ChooseSlot(slot=i) for i, s in enumerate(state.grounds) if s.wild]


def banish_wild(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """ "Wild Dragons ... cannot be removed from play unless a Special Effect
    allows for this to happen." The card leaves the game and a new egg takes the
    space at once."""
    finish(state, job)
    if not isinstance(choice, ChooseSlot):
        events.append(Event(text="There is no wild dragon to banish.", seat=job.seat))
        return
    s = state.grounds[choice.slot]
    assert s.card is not None
    events.append(
        Event(
            text=f"{name(state, job.seat)} banishes {egg_name(state, choice.slot)}.", seat=job.seat
        )
    )
    state.removed.append(s.card)
    state.grounds[choice.slot] = Slot()
    events += place_card(state, choice.slot)
