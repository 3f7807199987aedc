"""A clearing's free building slots (Law 2.2.4): those its map prints, with
the ruin's once the ruin is gone, less the buildings there.  Asked of one
clearing, and of a list at once (the builds' listings)."""

from __future__ import annotations

from .model import RootState


def free_slots(state: RootState, number: int) -> int:
    slots = state.woodland.open_slots.get(number)
    if slots is None:
        return 0
    if state.ruins_gone and number in state.ruins_gone:
        slots += 1  # the ruin's slot is open (Law 2.2.4)
    return slots - len(state.clearings[number].buildings)


def with_free_slot(state: RootState, numbers: list[int]) -> list[int]:
    """The clearings of ``numbers`` (in their order) with a free slot:
    :func:`free_slots` above zero, asked of each inline (a listing's loop)."""
    open_slots = state.woodland.open_slots
    places = state.clearings
    gone = state.ruins_gone
    out: list[int] = []
    for n in numbers:
        slots = open_slots.get(n)
        if slots is None:
            continue
        if gone and n in gone:
            slots += 1  # the ruin's slot is open (Law 2.2.4)
        if slots > len(places[n].buildings):
            out.append(n)
    return out


__all__ = ["free_slots", "with_free_slot"]
