"""The wild dragons' effects, each a pair registered in
:data:`.effects.RESOLVERS` (its choices now, and its resolution; see
``effects.py``).
"""

from __future__ import annotations

from functools import lru_cache

from boardgames_tui.engine.game import Action, Event

from .actions import ChooseCrystal, ChooseSlot, ChooseSpace
from .cards import card
from .colours import Element, single_fits
from .model import HatchWild, Job, UnderwingState, add_crystal
from .table import (
    crystal_choices,
    egg_name,
    finish,
    lose_handler,
    name,
    pick_weighted,
    push,
    take_crystal,
)


# --------------------------------------------------------------- wild effects
def _scatter_targets(state: UnderwingState, job: Job) -> list[Action]:
    assert job.origin is not None and job.drawn is not None
    found: list[Action] = []
    for index in state.adjacent(job.origin):
        s = state.grounds[index]
        if not s.is_egg or s.complete:
            continue
        assert s.card is not None
        found += _egg_scatter_targets(index, s.card, s.fill, job.drawn)
    return found


@lru_cache(maxsize=1 << 14)
def _egg_scatter_targets(
    index: int, card_id: int, fill: tuple[tuple[Element, ...], ...], drawn: Element
) -> tuple[Action, ...]:
    """The spaces of the egg at ``index`` (card ``card_id`` holding ``fill``)
    where a scattered ``drawn`` may land; identical spaces of one egg are
    offered once.  A pure function of its arguments, so positions share it."""
    found: list[Action] = []
    seen: set[tuple[Element, tuple[Element, ...]]] = set()
    for space, element in enumerate(card(card_id).spaces):
        contents = fill[space]
        if (element, contents) in seen:
            continue
        seen.add((element, contents))
        if single_fits(element, contents, drawn):
            found.append(ChooseSpace(slot=index, space=space))
    return tuple(found)


def scatter_elements_options(state: UnderwingState, job: Job) -> list[Action]:
    if job.drawn is None:
        return []
    return _scatter_targets(state, job)


def scatter_elements(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """Elements from the bag land on adjacent eggs, "on their matching color OR
    as a partially complete combination" (ruling R-SCATTER): one crystal at a
    time, the decider picks the space; a crystal with nowhere to go stays in
    the bag."""
    if job.drawn is None:
        named = getattr(job.effect, "element", None)
        if sum(state.bag.values()) == 0:
            finish(state, job)
            events.append(Event(text="The bag is empty: nothing scatters."))
            return
        if named is not None and state.bag[named] > 0:
            job.drawn = named
        else:
            job.drawn = pick_weighted(state, state.bag)
        return
    if not isinstance(choice, ChooseSpace):
        events.append(Event(text=f"A scattered {job.drawn} finds no egg and stays in the bag."))
    else:
        state.bag[job.drawn] -= 1
        add_crystal(state.grounds[choice.slot], choice.space, job.drawn)
        events.append(
            Event(text=f"A {job.drawn} element scatters onto {egg_name(state, choice.slot)}.")
        )
    job.drawn = None
    job.left -= 1
    if job.left <= 0:
        finish(state, job)
    if isinstance(choice, ChooseSpace):
        s = state.grounds[choice.slot]
        if s.claimant is None and s.complete:
            push(state, Job(effect=HatchWild(slot=choice.slot), seat=job.seat))


def _unclaimed_neighbours(state: UnderwingState, job: Job) -> list[int]:
    assert job.origin is not None
    return [
        i
        for i in state.adjacent(job.origin)
        if state.grounds[i].is_egg and state.grounds[i].claimant is None
    ]


def hatch_adjacent_options(state: UnderwingState, job: Job) -> list[Action]:
    found = _unclaimed_neighbours(state, job)
    if len(found) <= job.left:
        return []
    return [ChooseSlot(slot=i) for i in found]


def hatch_adjacent(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """Up to ``count`` adjacent unclaimed eggs hatch in the wild (and their own
    red ribbons resolve).  When there are no more than that, all of them hatch,
    in slot order; otherwise the decider picks."""
    if isinstance(choice, ChooseSlot):
        job.left -= 1
        if job.left <= 0:
            finish(state, job)
        push(state, Job(effect=HatchWild(slot=choice.slot), seat=job.seat))
        return
    found = _unclaimed_neighbours(state, job)
    finish(state, job)
    for index in reversed(found):
        push(state, Job(effect=HatchWild(slot=index), seat=job.seat))


def scare_handlers_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def scare_handlers(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """Handlers on adjacent open eggs flee to their owners' Break Rooms; the
    eggs are unclaimed again (ruling R-SEALED: a completed egg keeps its handler)."""
    finish(state, job)
    assert job.origin is not None
    for index in state.adjacent(job.origin):
        s = state.grounds[index]
        if s.is_egg and s.claimant is not None and not s.complete:
            owner = s.claimant
            s.claimant = None
            state.players[owner].break_room += 1
            events.append(
                Event(
                    text=f"{name(state, owner)}'s handler flees {egg_name(state, index)}.",
                    seat=owner,
                )
            )


def smash_elements_options(state: UnderwingState, job: Job) -> list[Action]:
    assert job.origin is not None
    return crystal_choices(state, state.adjacent(job.origin))


def smash_elements(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    if not isinstance(choice, ChooseCrystal):
        finish(state, job)  # nothing left to smash
        return
    take_crystal(state, choice)
    state.bag[choice.element] += 1
    events.append(
        Event(text=f"The wild dragon smashes {choice.element} on {egg_name(state, choice.slot)}.")
    )
    job.left -= 1
    if job.left <= 0:
        finish(state, job)


def everyone_loses_handler_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def everyone_loses_handler(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    finish(state, job)
    for seat in state.order():
        lost = lose_handler(state, seat)
        if lost:
            events.append(
                Event(text=f"{name(state, seat)} loses a handler from {lost}.", seat=seat)
            )


def everyone_discards_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def everyone_discards(
    state: UnderwingState, job: Job, choice: Action | None, events: list[Event]
) -> None:
    """Every player returns ``count`` random stored crystals to the bag."""
    finish(state, job)
    for seat in state.order():
        p = state.players[seat]
        lost: list[Element] = []
        for _ in range(job.left):
            if p.stored() == 0:
                break
            element = pick_weighted(state, p.storage)
            p.storage[element] -= 1
            state.bag[element] += 1
            lost.append(element)
        if lost:
            events.append(
                Event(text=f"{name(state, seat)} loses {', '.join(lost)} to the wind.", seat=seat)
            )
