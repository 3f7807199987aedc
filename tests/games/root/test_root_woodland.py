"""The Autumn map in assets/root/autumn.json against the facts
(shared/facts/root-autumn-map.json and root-cards.md section 5, restated here
as an independent table), and the pure map helpers in woodland.py."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from boardgames_tui.engine.assets import asset_path
from boardgames_tui.games.root.factions.duchy import BURROW
from boardgames_tui.games.root.woodland import SUITS, WoodlandMap, autumn

# number: (name, suit, building slots incl. the ruin's, ruin, corner, paths)
FACTS: dict[int, tuple[str, str, int, bool, str | None, set[int]]] = {
    1: ("Hill", "fox", 1, False, "top-left", {5, 9, 10}),
    2: ("Quarry", "mouse", 2, False, "top-right", {5, 6, 10}),
    3: ("Weald", "rabbit", 1, False, "bottom-right", {6, 7, 11}),
    4: ("Haven", "rabbit", 1, False, "bottom-left", {8, 9, 12}),
    5: ("Creek", "rabbit", 2, False, None, {1, 2}),
    6: ("Mountain", "fox", 2, True, None, {2, 3, 11}),
    7: ("Pond", "mouse", 2, False, None, {3, 8, 12}),
    8: ("Meadow", "fox", 2, False, None, {4, 7}),
    9: ("Dune", "mouse", 2, False, None, {1, 4, 12}),
    10: ("Beach", "rabbit", 2, True, None, {1, 2, 12}),
    11: ("Waterfall", "mouse", 3, True, None, {3, 6, 12}),
    12: ("Glade", "fox", 2, True, None, {4, 7, 9, 10, 11}),
}
RIVER = {frozenset(p) for p in ((5, 10), (10, 11), (11, 7), (7, 4))}
FORESTS = [
    {1, 5, 2, 10},
    {9, 1, 10, 12},
    {12, 10, 2, 6, 11},
    {9, 12, 4},
    {12, 11, 3, 7},
    {11, 6, 3},
    {4, 12, 7, 8},
]


def raw() -> dict[str, object]:
    data: dict[str, object] = json.loads(asset_path("root", "autumn.json").read_text())
    return data


def test_loaded_once() -> None:
    assert autumn() is autumn()
    assert autumn().map == "Autumn"


def test_twelve_clearings_as_the_facts_say() -> None:
    m = autumn()
    assert m.numbers == tuple(range(1, 13))
    for c in m.clearings:
        name, suit, slots, ruin, corner, paths = FACTS[c.number]
        assert (c.name, c.suit, c.building_slots, c.ruin, c.corner) == (
            name,
            suit,
            slots,
            ruin,
            corner,
        )
        assert set(c.paths) == paths, c.name


def test_four_clearings_of_each_suit() -> None:
    m = autumn()
    assert Counter(c.suit for c in m.clearings) == {"fox": 4, "rabbit": 4, "mouse": 4}
    assert m.of_suit("fox") == (1, 6, 8, 12)
    assert m.of_suit("rabbit") == (3, 4, 5, 10)
    assert m.of_suit("mouse") == (2, 7, 9, 11)
    assert m.of_suit("bird") == ()
    assert sum(len(m.of_suit(s)) for s in SUITS) == 12


def test_eighteen_symmetric_paths() -> None:
    m = autumn()
    assert len(m.paths()) == 18
    assert sum(len(c.paths) for c in m.clearings) == 36
    for a, b in m.paths():
        assert a < b
        assert m.adjacent(a, b) and m.adjacent(b, a)
    assert {frozenset(p) for p in m.paths()} == {
        frozenset((n, o)) for n, fact in FACTS.items() for o in fact[5]
    }


def test_the_map_is_connected() -> None:
    m = autumn()
    assert set(m.distances_from(1)) == set(m.numbers)
    assert all(set(m.distances_from(n)) == set(m.numbers) for n in m.numbers)


def test_building_slots_and_ruins() -> None:
    m = autumn()
    assert m.ruins() == (6, 10, 11, 12)
    assert sum(c.building_slots for c in m.clearings) == 22
    assert [m.open_slots_at_setup(n) for n in m.numbers] == [1, 2, 1, 1, 2, 1, 2, 2, 2, 1, 2, 1]
    assert all(c.building_slots >= 1 for c in m.clearings)


def test_corners_and_opposite_corners() -> None:
    m = autumn()
    assert m.corners() == (1, 2, 3, 4)
    assert [m.opposite_corner(n) for n in (1, 2, 3, 4)] == [3, 4, 1, 2]
    with pytest.raises(ValueError, match="not a corner"):
        m.opposite_corner(12)
    # diagonally opposite corners are the farthest apart of the corners
    assert m.distances_from(1)[3] == 4 and m.distances_from(2)[4] == 3
    assert m.distances_from(1)[2] == 2 and m.distances_from(1)[4] == 2


def test_the_river() -> None:
    m = autumn()
    assert {frozenset(p) for p in m.river} == RIVER
    assert m.river_neighbours(10) == {5, 11}
    assert m.river_neighbours(7) == {11, 4}
    assert m.river_neighbours(1) == frozenset()
    # one stream from Creek to Haven, and no river link is a path
    assert [n for n in m.numbers if len(m.river_neighbours(n)) == 1] == [4, 5]
    assert not any(m.adjacent(a, b) for a, b in m.river)


def test_the_forests() -> None:
    m = autumn()
    assert [set(f.clearings) for f in m.forests] == FORESTS
    assert m.forests_touching(12) == (2, 3, 4, 5, 7)
    assert m.forests_touching(8) == (7,)
    assert all(m.forests_touching(n) for n in m.numbers)


def test_positions_are_distinct_fractions() -> None:
    positions = [c.position for c in autumn().clearings]
    assert len(set(positions)) == 12
    # the corners sit in their corners of the printed map
    by_corner = {c.corner: c.position for c in autumn().clearings if c.corner}
    assert by_corner["top-left"][0] < 0.5 and by_corner["top-left"][1] < 0.5
    assert by_corner["bottom-right"][0] > 0.5 and by_corner["bottom-right"][1] > 0.5


def test_the_burrow_joins_every_tunnel() -> None:
    """A place off the map (the Burrow) joined to some clearings (the tunnels)."""
    m = autumn()
    tunnels = {1, 11}
    assert m.neighbours(BURROW, BURROW, tunnels) == {1, 11}
    assert m.neighbours(1, BURROW, tunnels) == {5, 9, 10, BURROW}
    assert BURROW not in m.neighbours(12, BURROW, tunnels)
    assert m.adjacent(11, BURROW, BURROW, tunnels) and m.adjacent(BURROW, 11, BURROW, tunnels)
    assert m.neighbours(BURROW, BURROW) == frozenset()
    assert m.suit_of(5) == "rabbit"
    # through the Burrow, Hill and Waterfall are two steps apart
    assert m.distances_from(1, BURROW, tunnels)[11] == 2
    with pytest.raises(KeyError):
        m.clearing(BURROW)
    with pytest.raises(KeyError):
        m.suit_of(BURROW)
    with pytest.raises(KeyError):
        m.neighbours(13)


def test_connected_through_ruled_clearings() -> None:
    m = autumn()
    assert m.connected(1, {1, 5, 2, 12}) == {1, 2, 5}
    assert m.connected(1, {5, 2}) == frozenset()
    assert m.connected(1, {1, 3}, BURROW, joined={1, 3}) == {1}
    assert m.connected(1, {1, 3, BURROW}, BURROW, joined={1, 3}) == {1, 3, BURROW}


@given(st.sets(st.integers(1, 12)), st.integers(1, 12))
def test_connected_is_a_closed_piece_of_the_allowed_clearings(
    through: set[int], start: int
) -> None:
    m = autumn()
    reached = m.connected(start, through)
    assert reached <= through
    if start in through:
        assert start in reached
        for n in reached:
            assert m.neighbours(n) & through <= reached
        assert all(m.connected(n, through) == reached for n in reached)
    else:
        assert reached == frozenset()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["clearings"][4]["paths"].append(12), "one end only"),
        (lambda d: d["clearings"][0]["paths"].append(1), "itself"),
        (lambda d: d["clearings"][0]["paths"].append(13), "unknown clearing"),
        (lambda d: d.__setitem__("opposite_corners", [[1, 2], [3, 4]]), "diagonally opposite"),
        (lambda d: d.__setitem__("opposite_corners", [[1, 3]]), "exactly one"),
        (lambda d: d["clearings"][4].__setitem__("corner", "top-left"), "same corner"),
        (lambda d: d["river"].append([5, 13]), "river link"),
        (lambda d: d["forests"][0]["clearings"].append(13), "forest 1"),
        (lambda d: d["clearings"][0].__setitem__("suit", "bird"), "suit"),
        (lambda d: d["clearings"][0].__setitem__("building_slots", 0), "building_slots"),
        (lambda d: d["clearings"].pop(4), "numbered"),
    ],
)
def test_the_file_is_validated(change: object, message: str) -> None:
    data = raw()
    WoodlandMap.model_validate(data)
    change(data)  # type: ignore[operator]
    with pytest.raises(ValidationError, match=message):
        WoodlandMap.model_validate(data)


@given(st.sets(st.integers(1, 12), max_size=3), st.integers(0, 12), st.integers(0, 12))
def test_adjacency_with_tunnels_is_symmetric(tunnels: set[int], a: int, b: int) -> None:
    m = autumn()
    assert m.adjacent(a, b, BURROW, tunnels) == m.adjacent(b, a, BURROW, tunnels)
    assert a not in m.neighbours(a, BURROW, tunnels)
    # the Burrow adds itself and nothing else to a clearing's neighbours
    if a:
        assert m.neighbours(a, BURROW, tunnels) - {BURROW} == m.neighbours(a)
