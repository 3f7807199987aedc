"""Every march a faction may make (:func:`moves`), and in a loop's own state
the marches kept from one listing to the next (:class:`KeptMarches`).

A march from a place depends on the faction's warriors there, on who rules
it and who rules each place ahead of it, and on where the faction steps from
it (``Faction.neighbours``).  In a state a loop owns (``RootState.kept_rulers``
and ``kept_marches`` made by ``Game.next_actions``), every change to a
place's warriors or buildings goes through ``clearings.touched``, which
notes the place in each faction's kept marches; the next listing makes again
only the marches from a noted place or from a place one step from it, and
reads the others as they were.  A faction whose steps read more than the map
says so through ``Faction.neighbours_key`` (tokens it steps through): when that
value changes, its marches are made again from every place.  A listing
that asks about only some places, a table with a faction that may forbid a
march (``BENDS_MOVING``) and the Lake's Ferry list afresh as before, and so
does every listing outside a loop's own state (``legal_actions``).
"""

from __future__ import annotations

from collections.abc import Callable

from .actions import Move
from .clearings import (
    _all_marches,
    _blocked,
    _blockers,
    _marches,
    ferry_stops,
    in_order,
    places,
    rule_of,
    ruler,
)
from .faction import FACTIONS, Faction
from .model import RootState


class KeptMarches:
    """One faction's marches as last listed: by place, the places ahead of
    it then and the marches from it (lists shared, never changed); the
    places touched since (``dirty``); the whole list in the places' order;
    and the faction's ``neighbours_key`` they were made with."""

    __slots__ = ("dirty", "key", "segments", "whole")

    def __init__(self, key: object) -> None:
        self.key = key
        self.dirty: set[int] = set()
        self.segments: dict[int, tuple[tuple[int, ...], list[Move]]] = {}
        self.whole: list[Move] = []


#: A place without the faction's warriors: no march from it.
_NONE: tuple[tuple[int, ...], list[Move]] = ((), [])


def moves(state: RootState, number: int, only: Callable[[int], bool] | None = None) -> list[Move]:
    """Every move: any number of warriors from one clearing to an adjacent
    one, ruling the origin or the destination unless the faction moves
    freely (and no faction at the table forbidding it); and on the Lake, from
    the Ferry's clearing across the lake to any other coastal clearing on the
    same terms (a :class:`Sail`); ``only``: those from where it answers yes."""
    fac = FACTIONS[number]
    blockers = _blockers(state, number)
    known = state.rulers
    kept_all = state.kept_marches
    if (
        kept_all is not None
        and known is not None
        and known is state.kept_rulers
        and only is None
        and not blockers
        and not state.ferry
    ):
        return _kept_moves(state, number, fac, kept_all, known)
    out: list[Move] = []
    places_ = state.clearings
    step = fac.neighbours
    # A faction stepping along the paths alone: each clearing's neighbours
    # in order, from the map.
    along = state.woodland.steps if type(fac).neighbours is Faction.neighbours else None
    free = fac.moves_freely
    # Who rules a place, asked once per place (a clearing is the destination
    # of several origins): :func:`ruler`, inline.
    if known is None:
        known = state.kept_rulers
        if known is None:
            known = {}
    for origin in places(state, number):
        n = places_[origin].warriors.get(number)
        if not n or (only is not None and not only(origin)):
            continue
        if free:
            rules_origin = True
        else:
            found = known.get(origin, -1)
            if found == -1:
                found = known[origin] = rule_of(state, origin)
            rules_origin = found == number
        ahead = along.get(origin) if along is not None else None
        if ahead is None:
            ahead = in_order(step(state, origin))
        if rules_origin and not blockers:
            # Every place ahead may be marched to.
            out += _all_marches(origin, ahead, n)
            ahead = ()
        for to in ahead:
            if not rules_origin:
                found = known.get(to, -1)
                if found == -1:
                    found = known[to] = rule_of(state, to)
                if found != number:
                    continue
            if blockers and _blocked(state, blockers, number, origin, to):
                continue
            out += _marches(origin, to, n)
        if state.ferry == origin:
            for to in ferry_stops(state, number, origin):
                if not rules_origin and ruler(state, to) != number:
                    continue
                if blockers and _blocked(state, blockers, number, origin, to):
                    continue
                out += _marches(origin, to, n, sail=True)
    return out


def _kept_moves(
    state: RootState,
    number: int,
    fac: Faction,
    kept_all: dict[int, KeptMarches],
    known: dict[int, int | None],
) -> list[Move]:
    """:func:`moves` in a loop's own state, from the faction's kept marches:
    those from a place touched since, or one step from one, made again.  The
    list is shared with the next listing: never changed by its caller."""
    key = fac.neighbours_key(state)
    kept = kept_all.get(number)
    if kept is None or kept.key != key:
        kept = kept_all[number] = KeptMarches(key)
    elif not kept.dirty:
        return kept.whole
    dirty = kept.dirty
    segments = kept.segments
    places_ = state.clearings
    step = fac.neighbours
    along = state.woodland.steps if type(fac).neighbours is Faction.neighbours else None
    free = fac.moves_freely
    out: list[Move] = []
    for origin in places(state, number):
        seg = segments.get(origin)
        if seg is not None and origin not in dirty and dirty.isdisjoint(seg[0]):
            out += seg[1]
            continue
        n = places_[origin].warriors.get(number)
        if not n:
            segments[origin] = _NONE
            continue
        if free:
            rules_origin = True
        else:
            found = known.get(origin, -1)
            if found == -1:
                found = known[origin] = rule_of(state, origin)
            rules_origin = found == number
        ahead = along.get(origin) if along is not None else None
        if ahead is None:
            ahead = in_order(step(state, origin))
        if rules_origin:
            made = _all_marches(origin, ahead, n)
        else:
            made = []
            for to in ahead:
                found = known.get(to, -1)
                if found == -1:
                    found = known[to] = rule_of(state, to)
                if found == number:
                    made += _marches(origin, to, n)
        segments[origin] = (ahead, made)
        out += made
    kept.dirty = set()
    kept.whole = out
    return out
