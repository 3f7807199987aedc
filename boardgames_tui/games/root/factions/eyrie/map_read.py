"""What the Eyrie rule bot's model (``plan_model.py``) reads of a map, once
per map: the clearings a card of each suit matches and each clearing's
neighbours (a map in play is made once per layout, ``woodland.played_map``)."""

from __future__ import annotations

from ...woodland import WoodlandMap

#: What a model reads of each map met, by its identity (the map kept beside
#: them, so that no other takes its identity): :func:`suited_places` and
#: each clearing's neighbours.
_MAP_READ: dict[
    int, tuple[WoodlandMap, dict[str, tuple[int, ...]], dict[int, tuple[int, ...]]]
] = {}


def of_map(
    woodland: WoodlandMap,
) -> tuple[dict[str, tuple[int, ...]], dict[int, tuple[int, ...]]]:
    """:func:`suited_places` and the neighbours, worked out once per map
    (read, never changed)."""
    found = _MAP_READ.get(id(woodland))
    if found is None:
        near = {n: tuple(woodland.neighbours(n)) for n in woodland.numbers}
        found = _MAP_READ[id(woodland)] = (woodland, suited_places(woodland), near)
    return found[1], found[2]


def suited_places(woodland: WoodlandMap) -> dict[str, tuple[int, ...]]:
    """The clearings a card of each suit matches, birds every one."""
    places: dict[str, tuple[int, ...]] = {
        suit: woodland.of_suit(suit) for suit in set(woodland.suits.values())
    }
    places["bird"] = woodland.numbers
    return places
