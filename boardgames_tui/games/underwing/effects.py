"""Hatching and dragon effects.

Every effect kind is implemented once, here, as a pair of functions registered
in :data:`RESOLVERS`:

- ``<kind>_options(state, job)`` lists the choices the job's deciding seat has
  now (pure: it never changes the state).  An empty list means there is
  nothing to decide: the driver then calls the resolver without a choice.
- ``<kind>(state, job, choice, events)`` does the work: with a choice, what
  was chosen; without, the automatic part.  Either way it makes progress (it
  changes the job or pops it), so resolution always ends.

Jobs live on ``state.jobs`` (last on top); a resolver pops its own job when
done and may push new ones (a hatching pushes the dragon's effects, a
completed unclaimed egg pushes its wild hatching).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from boardgames_tui.engine.game import Action, Event

from .actions import ChooseCrystal, ChooseElement, ChooseSeat, ChooseSlot, ChooseSpace, Stop
from .cards import Card, GainHandler, card
from .colours import ELEMENTS, Element, single_fits
from .model import (
    DEFICIENCY,
    FIELD,
    SOLO_GROUNDS,
    HatchTame,
    HatchWild,
    Job,
    Slot,
    UnderwingState,
    add_crystal,
    counter_clockwise,
)


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


# ------------------------------------------------------------------- hatching
def hatch_wild_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def hatch_wild(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    """An unclaimed completed egg hatches in the wild: the dragon stays in its
    space, its crystals go back to the bag (ruling R-WILD-CRYSTALS), its
    red-ribbon effects resolve, decided by ``job.seat``."""
    assert isinstance(job.effect, HatchWild)
    index = job.effect.slot
    finish(state, job)
    s = state.grounds[index]
    if not s.is_egg or s.claimant is not None:
        return  # already hatched by an earlier effect of the same chain
    assert s.card is not None
    clear_slot(state, s)
    s.fill = ()
    s.wild = True
    c = card(s.card)
    events.append(Event(text=f"{c.name} hatches in the wild at {where(state, index)}!"))
    if is_grounds_wild(state):
        state.over = True
        state.doom = True
        state.jobs.clear()
        if state.solo:
            # "the Dragonlord has failed and play immediately ends"
            doom = "The hatching grounds are filled with wild dragons: the Dragonlord has failed."
        else:
            doom = "The hatching grounds are filled with wild dragons: every tamer is exiled."
        events.append(Event(text=doom))
        return
    push_effects(state, c.wild, job.seat, index)


def hatch_tame_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def hatch_tame(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    """A dragon hatches for a player: "1. The Egg's Handler is sent to the Ready
    Room ... 2. The Egg card is flipped to its Dragon side 3. Positive effects
    on the green 'tame hatching' ribbon resolve immediately"; its score is
    added now; then the handler deficiency is checked."""
    assert isinstance(job.effect, HatchTame)
    finish(state, job)
    seat = job.seat
    p = state.players[seat]
    index = job.effect.card
    c = card(index)
    if job.effect.nursery:
        p.nursery = [n for n in p.nursery if n.card != index]
        p.ready += 1
    p.dragons.append(index)
    before = p.score
    p.score += c.score
    events.append(
        Event(text=f"{name(state, seat)}'s {c.name} hatches: +{c.score} points.", seat=seat)
    )
    events += deficiency(state, seat, before, c)
    push_effects(state, c.tame, seat, None)


def deficiency(state: UnderwingState, seat: int, before: int, hatched: Card) -> list[Event]:
    """ "At two specific thresholds, 12 and 25 points, players are granted a 3rd
    and 4th Handler (respectively) if they do not already have that many ...
    If a player receives an additional Handler for hatching a Dragon while
    simultaneously crossing the score threshold, they DO NOT receive the
    deficiency bonus Handler." (ruling R-DEFICIENCY)"""
    if state.solo:
        return []  # "Handlers are NOT auto-granted at 12 and 25 points (core game only)"
    if any(isinstance(e, GainHandler) for e in hatched.tame):
        return []
    p = state.players[seat]
    events: list[Event] = []
    for threshold, handlers in DEFICIENCY:
        crossed = before < threshold <= p.score
        if crossed and state.staff(seat) < handlers and gain_handlers(state, seat, 1):
            events.append(
                Event(
                    text=f"{name(state, seat)} reaches {threshold} points and is granted "
                    f"a handler.",
                    seat=seat,
                )
            )
    return events


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


Options = Callable[[UnderwingState, Job], list[Action]]
Resolver = Callable[[UnderwingState, Job, Action | None, list[Event]], None]

#: Effect kind -> (its choices now, its resolution).
RESOLVERS: dict[str, tuple[Options, Resolver]] = {
    "hatch_wild": (hatch_wild_options, hatch_wild),
    "hatch_tame": (hatch_tame_options, hatch_tame),
    "gain_handler": (gain_handler_options, gain_handler),
    "collect_elements": (collect_elements_options, collect_elements),
    "collect_chosen": (collect_chosen_options, collect_chosen),
    "element_every_round": (element_every_round_options, element_every_round),
    "take_from_egg": (take_from_egg_options, take_from_egg),
    "claim_and_hatch": (claim_and_hatch_options, claim_and_hatch),
    "destroy_elements": (destroy_elements_options, destroy_elements),
    "steal_elements": (steal_elements_options, steal_elements),
    "banish_wild": (banish_wild_options, banish_wild),
    "scatter_elements": (scatter_elements_options, scatter_elements),
    "hatch_adjacent": (hatch_adjacent_options, hatch_adjacent),
    "scare_handlers": (scare_handlers_options, scare_handlers),
    "smash_elements": (smash_elements_options, smash_elements),
    "everyone_loses_handler": (everyone_loses_handler_options, everyone_loses_handler),
    "everyone_discards": (everyone_discards_options, everyone_discards),
}


def job_options(state: UnderwingState, job: Job) -> list[Action]:
    return RESOLVERS[job.effect.kind][0](state, job)


def resolve(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    RESOLVERS[job.effect.kind][1](state, job, choice, events)


__all__ = ["FIELD", "RESOLVERS", "job_options", "resolve"]
