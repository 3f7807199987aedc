"""The Vagabond's items (Law 9.2.5): face up or exhausted, damaged or not,
tea, coins and bags face up on their tracks, the rest in the Satchel; what
the tracks give (Refresh, the Evening draw, the item limit) and every way
an item changes state.

An item's state is the list it is in (:class:`~.state.Vagabond`'s
``ready``, ``exhausted``, ``damaged``, ``damaged_down``), named by these
boxes in the actions and decisions."""

from __future__ import annotations

from bisect import insort
from typing import Final

from .state import TRACK_ITEMS, TRACK_SPACES, Vagabond

READY: Final = "ready"
EXHAUSTED: Final = "exhausted"
DAMAGED: Final = "damaged"
DAMAGED_DOWN: Final = "damaged_down"
BOXES: Final = (READY, EXHAUSTED, DAMAGED, DAMAGED_DOWN)

#: Items on the tracks beyond which the Satchel holds face-up ones.
BASE_LIMIT: Final = 6
PER_BAG: Final = 2
BASE_REFRESH: Final = 3
PER_TEA: Final = 2


def box(v: Vagabond, name: str) -> list[str]:
    if name == READY:
        return v.ready
    if name == EXHAUSTED:
        return v.exhausted
    if name == DAMAGED:
        return v.damaged
    assert name == DAMAGED_DOWN, name
    return v.damaged_down


def move(v: Vagabond, item: str, origin: str, to: str) -> None:
    box(v, origin).remove(item)
    insort(box(v, to), item)


def gain(v: Vagabond, item: str) -> None:
    """An item gained goes face up to its track or the Satchel."""
    insort(v.ready, item)


def all_items(v: Vagabond) -> list[str]:
    return v.ready + v.exhausted + v.damaged + v.damaged_down


def on_track(v: Vagabond, item: str) -> int:
    """Face-up undamaged items of a track's kind on their track (three at most)."""
    if item not in TRACK_ITEMS:
        return 0
    return min(TRACK_SPACES, v.ready.count(item))


def undamaged(v: Vagabond, item: str) -> int:
    return v.ready.count(item) + v.exhausted.count(item)


def has_ready(v: Vagabond, *items: str) -> bool:
    """Whether he may exhaust all these items at once (face up, undamaged)."""
    return all(v.ready.count(i) >= items.count(i) for i in set(items))


def exhaust(v: Vagabond, *items: str) -> None:
    for item in items:
        move(v, item, READY, EXHAUSTED)


def satchel_and_damaged(v: Vagabond) -> int:
    """Items that count toward the item limit: all but those on the tracks."""
    on_tracks = sum(on_track(v, i) for i in TRACK_ITEMS)
    return len(all_items(v)) - on_tracks


def item_limit(v: Vagabond) -> int:
    """Six plus two per bag face up on its track (Law 9.6.4)."""
    return BASE_LIMIT + PER_BAG * on_track(v, "bag")


def refreshes(v: Vagabond) -> int:
    """Items Refresh turns face up: two per tea face up on its track, then three."""
    return BASE_REFRESH + PER_TEA * on_track(v, "tea")


def face_down(v: Vagabond) -> list[tuple[str, str]]:
    """The exhausted items, damaged or not, as (item, box), each kind once."""
    return sorted(
        {(i, EXHAUSTED) for i in v.exhausted} | {(i, DAMAGED_DOWN) for i in v.damaged_down}
    )


def hittable(v: Vagabond) -> list[tuple[str, str]]:
    """The undamaged items, as (item, box), each kind and face once."""
    return sorted({(i, READY) for i in v.ready} | {(i, EXHAUSTED) for i in v.exhausted})


def broken(v: Vagabond) -> list[tuple[str, str]]:
    """The damaged items, as (item, box), each kind and face once."""
    return sorted({(i, DAMAGED) for i in v.damaged} | {(i, DAMAGED_DOWN) for i in v.damaged_down})


def countable(v: Vagabond) -> list[tuple[str, str]]:
    """The items the item limit may remove (Satchel and Damaged box): all but
    face-up ones on their tracks."""
    out: set[tuple[str, str]] = set()
    for i in v.ready:
        if i not in TRACK_ITEMS or v.ready.count(i) > TRACK_SPACES:
            out.add((i, READY))
    out |= {(i, EXHAUSTED) for i in v.exhausted}
    return sorted(out | set(broken(v)))


def damage(v: Vagabond, item: str, origin: str) -> None:
    """To the Damaged box, keeping its face."""
    move(v, item, origin, DAMAGED if origin == READY else DAMAGED_DOWN)


def repair(v: Vagabond, item: str, origin: str) -> None:
    """Out of the Damaged box, keeping its face (a face-up track item to its track)."""
    move(v, item, origin, READY if origin == DAMAGED else EXHAUSTED)


def refresh(v: Vagabond, item: str, origin: str) -> None:
    """Face up, staying damaged or not."""
    move(v, item, origin, READY if origin == EXHAUSTED else DAMAGED)
