"""What the dragons' effects (and the order of play) work with: the bag,
the hatching grounds, the names of seats and eggs in the log, the job
stack, crystals taken from eggs, and handlers lost and gained.

The effects are in ``effects.py`` (hatching and the registry),
``tame.py`` and ``wild.py``.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from boardgames_tui.engine.game import Action, Event

from .actions import ChooseCrystal
from .cards import card
from .colours import ELEMENTS, Element
from .model import Job, Slot, UnderwingState


# ----------------------------------------------------------------- the bag
def draw_random(state: UnderwingState, seat: int) -> Element | None:
    """Draw one random crystal from the bag into a player's storage."""
    total = sum(state.bag.values())
    if total == 0:
        return None
    element = pick_weighted(state, state.bag)
    state.bag[element] -= 1
    state.players[seat].storage[element] += 1
    return element


def draw_named(state: UnderwingState, seat: int, element: Element) -> Element | None:
    """Draw a named crystal; "If a player cannot draw a guaranteed Element
    because of a shortage in the bag, that player should instead draw a random
    Element." (ruling R-SHORTAGE: the same for every named draw)."""
    if state.bag[element] > 0:
        state.bag[element] -= 1
        state.players[seat].storage[element] += 1
        return element
    return draw_random(state, seat)


def pick_weighted(state: UnderwingState, counts: dict[Element, int]) -> Element:
    """A random crystal out of ``counts`` (each crystal equally likely)."""
    roll = state.rng.randbelow(sum(counts.values()))
    for element in ELEMENTS:
        roll -= counts[element]
        if roll < 0:
            return element
    raise AssertionError("unreachable: weights add up")


def clear_slot(state: UnderwingState, slot: Slot) -> None:
    """Return an egg's crystals to the bag."""
    for element in slot.crystals():
        state.bag[element] += 1
    slot.fill = tuple(() for _ in slot.fill)


def place_card(state: UnderwingState, index: int) -> list[Event]:
    """Put the top card of the deck, egg side up, in an empty slot."""
    slot = state.grounds[index]
    if slot.card is not None or not state.deck:
        return []
    top = state.deck.pop(0)
    state.grounds[index] = Slot(card=top, fill=tuple(() for _ in card(top).spaces))
    return [
        Event(
            text=f"A new egg is discovered: {card(top).name} ({where(state, index)}).", reveals=True
        )
    ]


def refill(state: UnderwingState) -> list[Event]:
    """ "Any empty spaces left behind in the Hatching Grounds should be filled
    with new Eggs from the draw pile (starting with the top row and moving left
    to right)." With an empty deck the spaces stay empty (ruling R-DECK)."""
    events: list[Event] = []
    for index in range(len(state.grounds)):
        events += place_card(state, index)
    return events


def where(state: UnderwingState, slot: int) -> str:
    return _where(slot, state.cols)


@cache
def _where(slot: int, cols: int) -> str:
    row, col = divmod(slot, cols)
    return f"row {row + 1}, column {col + 1}"


def egg_name(state: UnderwingState, slot: int) -> str:
    s = state.grounds[slot]
    assert s.card is not None
    return _egg_name(s.card, s.wild, slot, state.cols)


@lru_cache(maxsize=1 << 12)
def _egg_name(card_id: int, wild: bool, slot: int, cols: int) -> str:
    """What the log calls an egg or a wild dragon (a pure function of these,
    so each name is written once)."""
    return f"the {card(card_id).name} {'dragon' if wild else 'egg'} ({_where(slot, cols)})"


def name(state: UnderwingState, seat: int) -> str:
    return state.seats[seat].name


def is_grounds_wild(state: UnderwingState) -> bool:
    """ "If at any time the Hatching Grounds become filled with Wild Dragons" —
    every space holds a wild dragon (ruling R-DOOM)."""
    return all(s.card is not None and s.wild for s in state.grounds)


def push(state: UnderwingState, job: Job) -> None:
    state.jobs.append(job)


def push_effects(
    state: UnderwingState, effects: tuple[Any, ...], seat: int, origin: int | None
) -> None:
    """Queue a ribbon's effects so that the first one resolves first."""
    for effect in reversed(effects):
        push(state, Job(effect=effect, seat=seat, origin=origin, left=getattr(effect, "count", 1)))


def finish(state: UnderwingState, job: Job) -> None:
    """Pop a finished job (resolvers only ever work on the top job)."""
    assert state.jobs and state.jobs[-1] is job
    state.jobs.pop()


def crystal_choices(state: UnderwingState, slots: list[int]) -> list[Action]:
    """One choice per distinct crystal on the open eggs among ``slots``."""
    found: list[Action] = []
    for index in slots:
        s = state.grounds[index]
        if not s.is_egg or s.complete:
            continue
        for space, contents in enumerate(s.fill):
            for element in dict.fromkeys(contents):
                found.append(ChooseCrystal(slot=index, space=space, element=element))
    return found


def take_crystal(state: UnderwingState, choice: ChooseCrystal) -> None:
    s = state.grounds[choice.slot]
    rest = list(s.fill[choice.space])
    rest.remove(choice.element)
    s.with_space(choice.space, rest)


def lose_handler(state: UnderwingState, seat: int) -> str | None:
    """Send one of a player's handlers back to the tracker: from the Ready Room,
    else the Break Room, else the Field, else an open claimed egg (ruling
    R-LOSE-HANDLER).  Never the last handler on staff, never one in the nursery."""
    p = state.players[seat]
    if state.staff(seat) <= 1:
        return None
    if p.ready:
        p.ready -= 1
        where_from = "the Ready Room"
    elif p.break_room:
        p.break_room -= 1
        where_from = "the Break Room"
    elif p.field:
        space = p.field.pop(0)
        where_from = f"the {space} Field space"
    else:
        eggs = [i for i in state.claimed(seat) if not state.grounds[i].complete]
        if not eggs:
            return None
        state.grounds[eggs[0]].claimant = None
        where_from = egg_name(state, eggs[0])
    p.tracker += 1
    return where_from


def gain_handlers(state: UnderwingState, seat: int, count: int) -> int:
    """Handlers from the tracker to the Ready Room ("that Handler should report
    to the Ready Room immediately"); in solo to the Break Room ("If a new
    Handler is granted, that Handler reports to the Break Room")."""
    p = state.players[seat]
    got = min(count, p.tracker)
    p.tracker -= got
    if state.solo:
        p.break_room += got
    else:
        p.ready += got
    return got
