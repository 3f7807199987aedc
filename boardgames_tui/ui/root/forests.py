"""Where the Woodland's lines and forests are drawn, for a layout of the map
(no Textual: plain geometry, read by the drawing, the cursor and the tests).

- :func:`trail_cells`: the cells a line between two clearings is drawn on
  (a path, a closed path, the river, the lake's shore), outside the boxes;
- :func:`lake_label`: where the Lake's word sits;
- :func:`forest_spots`: the cell of each forest's mark, inside the ring of
  the clearings around it, on no box, no line and no other mark;
- :func:`forest_position`: where a forest lies on the printed map (the
  middle of its clearings), for the arrow keys.

A forest is a place on the drawing only where a faction at the table has it
as one of its places (its screen part's ``forests``): the drawing knows the
forest by the map's number and the place by the faction's.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import islice
from math import atan2

from boardgames_tui.games.root.woodland import WoodlandMap

from ..kit.board import BoxLayout
from .geometry import line, pieces

Cell = tuple[int, int]
#: A forest's mark keeps this many cells from a box or a line where it can
#: (a mark touching a path reads as part of it): the cost of each neighbour
#: taken, against the distance (in columns) from the forest's middle.
CROWDED = 4.0
#: A cell is about twice as high as it is wide: a row counts as two columns.
ROW = 2.0
#: A squeezed forest's mark (no room inside its ring) goes this much
#: farther (in columns) to stand in no other forest's ring, and no farther.
APART = 6.0
#: ... and stands at most this many cells from its clearings' boxes.
REACH = 2


def box_cells(layout: BoxLayout[int]) -> set[Cell]:
    """Every cell inside a clearing's box."""
    inside: set[Cell] = set()
    for x, y in layout.boxes.values():
        for dy in range(layout.box_h):
            for dx in range(layout.box_w):
                inside.add((x + dx, y + dy))
    return inside


def route(layout: BoxLayout[int], a: int, b: int) -> list[Cell]:
    """The corners of the line from clearing ``a``'s box to ``b``'s: their
    centres, and between them the cells it bends at where the layout bends
    it (its ``bends``, by the two clearings; a line drawn straight would
    pass under a box there)."""
    bends: Mapping[tuple[int, int], tuple[Cell, ...]] = getattr(layout, "bends", {})
    if (a, b) in bends:
        return [layout.centre(a), *bends[a, b], layout.centre(b)]
    if (b, a) in bends:
        return [layout.centre(a), *reversed(bends[b, a]), layout.centre(b)]
    return [layout.centre(a), layout.centre(b)]


def trail_cells(layout: BoxLayout[int], a: int, b: int, inside: set[Cell]) -> Iterator[Cell]:
    """The cells a line from clearing ``a``'s box to ``b``'s is drawn on
    (from centre to centre, by its bend if it has one (:func:`route`),
    outside the boxes, on the drawing)."""
    for k, (start, end) in enumerate(pieces(route(layout, a, b))):
        for x, y in islice(line(start, end), 1 if k else 0, None):
            if (x, y) not in inside and 0 <= y < layout.height and 0 <= x < layout.width:
                yield x, y


def drawn_lines(woodland: WoodlandMap, water: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Every line the drawing draws: the water (``water``), the closed paths
    and the paths."""
    return [*water, *woodland.closed_paths, *woodland.paths()]


def water_lines(woodland: WoodlandMap) -> tuple[tuple[int, int], ...]:
    """The river links drawn as water: the river's; on the Lake, the lake's
    shore from coastal clearing to coastal clearing around it (its links
    across the lake would cross: the lake between them is drawn instead)."""
    ring = woodland.lake_ring
    if not ring:
        return woodland.river
    return tuple((ring[i], ring[(i + 1) % len(ring)]) for i in range(len(ring)))


def lake_label(layout: BoxLayout[int], woodland: WoodlandMap) -> Cell | None:
    """The first cell of the Lake's word (" Lake "): the run of cells
    nearest the middle of its coastal clearings, inside their ring, that no
    box and no line covers (the middle itself where none is free); None on
    a map without a lake.  Kept with the layout: found once for it."""
    ring_ = woodland.lake_ring
    if not ring_:
        return None
    key = (id(layout), id(woodland))
    found = _LABELS.get(key)
    if found is not None and found[0] is layout:
        return found[1]
    xs, ys = zip(*(layout.centre(n) for n in ring_), strict=True)
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    label = round(mx) - 2, round(my)
    inside = box_cells(layout)
    taken = set(inside)
    for a, b in drawn_lines(woodland, water_lines(woodland)):
        taken.update(trail_cells(layout, a, b, inside))
    corners = ring(layout, ring_)
    best: tuple[float, Cell] | None = None
    for y in range(min(ys), max(ys) + 1):
        for x in range(min(xs), max(xs) - len(LAKE_WORD) + 2):
            word = [(x + dx, y) for dx in range(len(LAKE_WORD))]
            if any(c in taken for c in word) or not all(inside_ring(c, corners) for c in word):
                continue
            far = abs(x + len(LAKE_WORD) / 2 - mx) + abs(y - my) * ROW
            if best is None or far < best[0]:
                best = (far, (x, y))
    if best is not None:
        label = best[1]
    if len(_LABELS) > 64:
        _LABELS.clear()
    _LABELS[key] = (layout, label)
    return label


#: The Lake's word's cell, by layout (see :func:`lake_label`).
_LABELS: dict[tuple[int, int], tuple[BoxLayout[int], Cell]] = {}


#: The Lake's word, as drawn at :func:`lake_label`.
LAKE_WORD = " Lake "


def ring(layout: BoxLayout[int], clearings: Iterable[int]) -> list[tuple[float, float]]:
    """The centres of a forest's clearings in their order around it."""
    points = [layout.centre(n) for n in clearings]
    mx = sum(x for x, _ in points) / len(points)
    my = sum(y for _, y in points) / len(points)
    return sorted(
        ((float(x), float(y)) for x, y in points),
        key=lambda p: atan2((p[1] - my) * ROW, p[0] - mx),
    )


def inside_ring(cell: Cell, corners: list[tuple[float, float]]) -> bool:
    """Whether a cell lies strictly inside the ring (on no edge of it)."""
    x, y = cell
    inside = False
    for i, (ax, ay) in enumerate(corners):
        bx, by = corners[(i + 1) % len(corners)]
        cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
        if cross == 0 and min(ax, bx) <= x <= max(ax, bx) and min(ay, by) <= y <= max(ay, by):
            return False  # on the edge
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            inside = not inside
    return inside


def forest_spots(
    woodland: WoodlandMap,
    layout: BoxLayout[int],
    forests: Iterable[int],
    water: Iterable[tuple[int, int]],
    rows: int,
) -> dict[int, Cell]:
    """The cell of each forest's mark (by the map's forest number), for the
    forests in ``forests``: inside the ring of its clearings, on no box, no
    line (``water`` and the paths), not on the Lake's word and not next to
    another mark; the free cell nearest the middle of its clearings, kept
    off the lines where there is room (``rows``: the map's rows, the lines
    under it aside).  A forest with no such cell has no mark."""
    inside = box_cells(layout)
    taken = set(inside)
    for a, b in drawn_lines(woodland, water):
        taken.update(trail_cells(layout, a, b, inside))
    label = lake_label(layout, woodland)
    if label is not None:
        x, y = label
        taken.update((x + dx, y) for dx in range(len(LAKE_WORD)))
    rings = {f.number: ring(layout, f.clearings) for f in woodland.forests}
    spots: dict[int, Cell] = {}
    for number in forests:
        corners = rings[number]
        found = _nearest(layout, rows, taken, corners, inner=True)
        if found is None:
            # Its ring has no room inside (its clearings drawn in a line, or
            # their boxes and paths covering it): beside its middle, on the
            # side the printed map has it, in no other forest's ring where
            # it can.
            aim = _printed_side(woodland, layout, number, rows)
            others = [r for f, r in rings.items() if f != number]
            around = _around(layout, rows, woodland.forests[number - 1].clearings)
            near = _nearest(layout, rows, taken, corners, aim=aim, bounds=around)
            apart = _nearest(layout, rows, taken, corners, aim=aim, outside=others, bounds=around)
            found = near
            if near is not None and apart is not None:
                extra = _score(apart, corners, aim, taken) - _score(near, corners, aim, taken)
                found = apart if extra <= APART else near
        if found is not None:
            x, y = spots[number] = found
            # (no other mark beside it)
            taken.update((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return spots


def _nearest(
    layout: BoxLayout[int],
    rows: int,
    taken: set[Cell],
    corners: list[tuple[float, float]],
    inner: bool = False,
    aim: tuple[float, float] = (0.0, 0.0),
    outside: Iterable[list[tuple[float, float]]] = (),
    bounds: tuple[int, int, int, int] | None = None,
) -> Cell | None:
    """The free cell nearest the middle of ``corners`` moved by ``aim``,
    kept off the lines where it can (``inner``: inside their ring only;
    ``outside``: in none of these rings; ``bounds``: left, right, top and
    bottom cells to look between)."""
    if inner:
        left = max(0, int(min(x for x, _ in corners)))
        right = min(layout.width - 1, int(max(x for x, _ in corners)) + 1)
        top = max(0, int(min(y for _, y in corners)))
        bottom = min(rows - 1, int(max(y for _, y in corners)) + 1)
    else:
        left, right, top, bottom = bounds or (0, layout.width - 1, 0, rows - 1)
    shun = list(outside)
    best: tuple[float, Cell] | None = None
    for y in range(top, bottom + 1):
        for x in range(left, right + 1):
            if (x, y) in taken or (inner and not inside_ring((x, y), corners)):
                continue
            score = _score((x, y), corners, aim, taken)
            if best is not None and score >= best[0]:
                continue
            if any(inside_ring((x, y), r) for r in shun):
                continue
            best = (score, (x, y))
    return None if best is None else best[1]


def _around(
    layout: BoxLayout[int], rows: int, clearings: Iterable[int]
) -> tuple[int, int, int, int]:
    """The cells around some clearings' boxes: :data:`REACH` columns and
    rows out from them (left, right, top, bottom)."""
    spots = [layout.boxes[n] for n in clearings]
    return (
        max(0, min(x for x, _ in spots) - REACH),
        min(layout.width - 1, max(x for x, _ in spots) + layout.box_w - 1 + REACH),
        max(0, min(y for _, y in spots) - REACH),
        min(rows - 1, max(y for _, y in spots) + layout.box_h - 1 + REACH),
    )


def _score(
    cell: Cell, corners: list[tuple[float, float]], aim: tuple[float, float], taken: set[Cell]
) -> float:
    """How far a cell is from the middle of ``corners`` moved by ``aim``,
    in columns, with the cost of its neighbours taken (:data:`CROWDED`)."""
    x, y = cell
    mx = sum(cx for cx, _ in corners) / len(corners) + aim[0]
    my = sum(cy for _, cy in corners) / len(corners) + aim[1]
    crowd = sum((x + dx, y + dy) in taken for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    return abs(x - mx) + abs(y - my) * ROW + CROWDED * crowd


def _printed_side(
    woodland: WoodlandMap, layout: BoxLayout[int], number: int, rows: int
) -> tuple[float, float]:
    """How far a forest lies from the clearing nearest its middle on the
    printed map, in cells of the drawing."""
    fx, fy = forest_position(woodland, number)
    near = min(
        woodland.forests[number - 1].clearings,
        key=lambda n: (
            (woodland.clearing(n).position[0] - fx) ** 2
            + (woodland.clearing(n).position[1] - fy) ** 2
        ),
    )
    px, py = woodland.clearing(near).position
    return (fx - px) * layout.width, (fy - py) * rows


def forest_position(woodland: WoodlandMap, number: int) -> tuple[float, float]:
    """Where forest ``number`` lies on the printed map: the middle of the
    clearings around it."""
    spots = [woodland.clearing(n).position for n in woodland.forests[number - 1].clearings]
    return (
        sum(x for x, _ in spots) / len(spots),
        sum(y for _, y in spots) / len(spots),
    )


def forests_of(places: Mapping[int, int]) -> tuple[int, ...]:
    """The map's forest numbers of ``places`` (place -> forest), in order."""
    return tuple(sorted(set(places.values())))


__all__ = [
    "LAKE_WORD",
    "box_cells",
    "drawn_lines",
    "forest_position",
    "forest_spots",
    "forests_of",
    "inside_ring",
    "lake_label",
    "ring",
    "route",
    "trail_cells",
    "water_lines",
]
