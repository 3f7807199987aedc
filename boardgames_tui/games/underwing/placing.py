"""Phase 3, Place Elements: each player in turn places a collected crystal
for each handler on their staff, alone or in a group put together one
crystal at a time (ruling R-COMBINATION), and an unclaimed egg completed
now hatches wild.

Finding the placements a player may begin is the hot path of the search
bots, so each egg's moves are worked out once per contents and card
(:func:`egg_moves`) and looked up by what the player holds
(:func:`holding_key`).  Part of the order of play (``rules.py``).
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter

from boardgames_tui.engine.game import Action, Event

from .actions import AddToGroup, Place, PlaceGroup, StartGroup
from .cards import card
from .colours import ELEMENTS, Element, group_additions, group_allowed, norm, space_moves
from .model import Group, HatchWild, Job, Slot, UnderwingState
from .table import egg_name, name
from .trading import new_phase


def place_elements(state: UnderwingState, events: list[Event]) -> None:
    """Phase 3 begins: "Starting with Player 1 and rotating to the left, each
    player MUST place one of their collected Elements on an Egg card for EACH
    Dragon Handler they currently have on their staff" (ruling R-PLACE-ORDER:
    each player makes all their placements in their turn)."""
    state.phase = 3
    state.turn = 0
    state.placed = 0
    if state.wild_forces is not None:
        state.wild_forces.owed = False
    new_phase(state)
    events.append(Event(text="Elements are placed on eggs."))


def placement_options(state: UnderwingState, seat: int, first: bool = False) -> list[Action]:
    """Every placement the player may begin now, on any open element space of
    any egg: one crystal placed at once, or the first crystal of a group to be
    placed together (ruling R-COMBINATION: a group is one placement, built
    one crystal at a time, so the list never holds every combination).
    Identical spaces of one egg (same element, same contents) are offered
    once.  With ``first``, stop at the first egg that takes something.

    For each space, the crystals that fit and those a second crystal could
    join depend on the space alone (:func:`.colours.space_moves`, cached);
    only which of them the player holds is looked up here, so this is the
    same list :func:`.colours.group_moves` gives, at a fraction of its cost."""
    storage = state.players[seat].storage
    found: list[Action] = []
    counts = _COUNTS(storage)
    key = _HOLDING.get(counts)
    if key is None:
        key = _HOLDING[counts] = holding_key(counts)
    if not key:
        return found
    last = _LAST_EGG
    for index, s in enumerate(state.grounds):
        if s.card is None or s.wild:
            continue
        fill = s.fill
        seen = last.get(index)
        if seen is None or seen[0] is not fill or seen[1] != s.card:
            moves = egg_moves(index, s.card, fill)
            seen = last[index] = (fill, s.card, moves, {}, egg_mask(moves))
        relevant = key & seen[4]
        placements = seen[3].get(relevant)
        if placements is None:
            placements = seen[3][relevant] = egg_placements(seen[2], storage)
        if placements:
            found += placements
            if first:
                return found
    return found


_COUNTS = itemgetter(*ELEMENTS)
#: A storage's counts (in :data:`ELEMENTS` order) -> :func:`holding_key`.
_HOLDING: dict[tuple[int, ...], int] = {}


def holding_key(counts: tuple[int, ...]) -> int:
    """What decides a storage's placements, as a small number: which
    elements it holds (bits 0-7) and which it holds two of (bits 8-15); a
    crystal fits alone or starts a group with another of what is held
    (:func:`.colours.group_moves`), so nothing else counts."""
    key = 0
    for bit, count in enumerate(counts):
        if count:
            key |= 1 << bit
        if count >= 2:
            key |= 1 << (bit + 8)
    return key


def egg_mask(egg: tuple[tuple[Move, ...], ...]) -> int:
    """The bits of a :func:`holding_key` that an egg's placements read: that
    a crystal fitting one of its spaces is held, that two of it are held when
    two may go together, that a crystal that could join it is held.  Holdings
    that agree on these bits have the same placements on the egg."""
    mask = 0
    for moves in egg:
        for e, alone, partners, _place, _start in moves:
            bit = ELEMENT_BIT[e]
            mask |= bit
            if alone:
                mask |= bit << 8
            for other in partners:
                mask |= ELEMENT_BIT[other]
    return mask


#: Element -> its bit in a :func:`holding_key`.
ELEMENT_BIT: dict[Element, int] = {e: 1 << i for i, e in enumerate(ELEMENTS)}


def egg_placements(egg: tuple[tuple[Move, ...], ...], storage: dict[Element, int]) -> list[Action]:
    """One egg's placements (:func:`egg_moves`) for a player holding ``storage``:
    per space, the crystals held that fit, then those of them a crystal
    still held could join in a group."""
    found: list[Action] = []
    for moves in egg:
        starts: list[Action] = []
        for e, alone, partners, place, start in moves:
            held = storage[e]
            if not held:
                continue
            found.append(place)
            if held >= 2 and alone:
                starts.append(start)
                continue
            for other in partners:
                if storage[other]:
                    starts.append(start)
                    break
        found += starts
    return found


#: Slot index -> the contents, card and :func:`egg_moves` last looked up
#: there, with the placements found on it per :func:`holding_key` (only the
#: bits of :func:`egg_mask`).  Copies of
#: a state share each egg's contents (a tuple, replaced when a crystal
#: lands), so the very same object is found again until the egg changes:
#: checked by identity, without hashing the contents.  What is kept is a pure
#: function of the contents, the card, the slot and the holding key, so an
#: entry is never wrong, only replaced.
_LAST_EGG: dict[
    int, tuple[object, int, tuple[tuple[Move, ...], ...], dict[int, list[Action]], int]
] = {}

#: One crystal that fits a space: the crystal, whether a second of it could
#: join it, the others that could, and the two actions placing it (alone, or
#: starting a group).
Move = tuple[Element, bool, tuple[Element, ...], Action, Action]


@lru_cache(maxsize=1 << 15)
def egg_moves(
    index: int, card_id: int, contents: tuple[tuple[Element, ...], ...]
) -> tuple[tuple[Move, ...], ...]:
    """For slot ``index`` holding card ``card_id`` with ``contents``: the
    moves of each element space that takes a crystal (:func:`.colours.space_moves`
    with the actions made), in space order; a space identical to an earlier
    one (same element, same contents) is left out.  A pure function of its
    arguments, whatever the player holds, so every position with this egg
    shares it until a crystal lands on the egg."""
    found: list[tuple[Move, ...]] = []
    seen: set[tuple[Element, tuple[Element, ...]]] = set()
    for space, element in enumerate(card(card_id).spaces):
        key = (element, contents[space])
        if key in seen:
            continue
        seen.add(key)
        moves = space_moves(element, contents[space])
        if moves:
            found.append(
                tuple(
                    (
                        e,
                        alone,
                        partners,
                        _place_one(index, space, e),
                        _start_group(index, space, e),
                    )
                    for e, alone, partners in moves
                )
            )
    return tuple(found)


@cache
def _place_one(slot: int, space: int, element: Element) -> Action:
    return Place(slot=slot, space=space, crystals=(element,))


@cache
def _start_group(slot: int, space: int, element: Element) -> Action:
    return StartGroup(slot=slot, space=space, element=element)


def group_space(state: UnderwingState, group: Group) -> tuple[Element, tuple[Element, ...]]:
    """The element of the group's space and what already lies on it."""
    s = state.grounds[group.slot]
    assert s.card is not None
    return card(s.card).spaces[group.space], tuple(s.fill[group.space])


def group_options(state: UnderwingState, group: Group) -> list[Action]:
    """A group being put together: another crystal that the space may take
    with it, or place the group now."""
    element, contents = group_space(state, group)
    storage = state.players[state.current()].storage
    found: list[Action] = [
        AddToGroup(element=e)
        for e in group_additions(element, contents, tuple(group.crystals), storage)
    ]
    found.append(PlaceGroup())
    return found


def do_group(state: UnderwingState, action: Action, events: list[Event]) -> None:
    if isinstance(action, StartGroup):
        state.group = Group(slot=action.slot, space=action.space, crystals=[action.element])
        return
    group = state.group
    assert group is not None
    if isinstance(action, AddToGroup):
        group.crystals.append(action.element)
        return
    state.group = None
    place(state, Place(slot=group.slot, space=group.space, crystals=norm(group.crystals)), events)


def may_place(state: UnderwingState, action: Place) -> bool:
    """Whether ``action`` is a placement the current player may make now,
    whatever the number of crystals (the check for a Place of several
    crystals, which saves written before the group chain may hold)."""
    if state.over or state.trade is not None or state.jobs or state.group is not None:
        return False
    if state.phase != 3:
        return False
    seat = state.current()
    if still_to_place(state, seat) <= 0:
        return False
    if not 0 <= action.slot < len(state.grounds):
        return False
    s = state.grounds[action.slot]
    if not s.is_egg or s.complete:
        return False
    assert s.card is not None
    spaces = card(s.card).spaces
    if not 0 <= action.space < len(spaces):
        return False
    return group_allowed(
        spaces[action.space],
        s.fill[action.space],
        norm(action.crystals),
        state.players[seat].storage,
    )


def place(state: UnderwingState, action: Place, events: list[Event]) -> None:
    seat = state.current()
    s = lay(state, seat, action)
    events.append(
        Event(
            text=f"{name(state, seat)} places {' + '.join(action.crystals)} on "
            f"{egg_name(state, action.slot)}.",
            seat=seat,
        )
    )
    if s.complete:
        if s.claimant is None:
            # "If, during this phase, an Egg is completed but unclaimed by a
            # player, that Egg is immediately hatched ... The player who placed
            # the Element that caused the Wild Dragon to hatch makes any
            # decisions regarding its negative effects."
            state.jobs.append(Job(effect=HatchWild(slot=action.slot), seat=seat))
        else:
            done = egg_name(state, action.slot)
            events.append(Event(text=f"{done[0].upper()}{done[1:]} is complete."))


def lay(state: UnderwingState, seat: int, action: Place) -> Slot:
    """The crystals of a placement go from the placer's storage onto the
    egg, and the placement is counted; the egg's slot is returned.  The
    changes :func:`place` makes, without its words and what follows."""
    p = state.players[seat]
    s = state.grounds[action.slot]
    for e in action.crystals:
        p.storage[e] -= 1
    s.with_space(action.space, (*s.fill[action.space], *action.crystals))
    state.placed += 1
    if state.wild_forces is not None:
        # "The player places Elements first, alternating placement with the
        # Wild Forces"
        state.wild_forces.owed = True
    return s


def still_to_place(state: UnderwingState, seat: int) -> int:
    return state.staff(seat) - state.placed


def places_more(state: UnderwingState, seat: int) -> bool:
    """Whether the placing player has a placement left to make and somewhere
    to make it: :func:`advance` then waits for them (unless the Wild Forces
    are owed their placement)."""
    return still_to_place(state, seat) > 0 and bool(placement_options(state, seat, first=True))
