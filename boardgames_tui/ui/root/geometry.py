"""The plain geometry of the Woodland's drawing (no Textual): boxes as
rectangles of cells, lines as the cells from one cell to another and as
straight pieces that may cross (read by :mod:`.columns`' layout)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardgames_tui.games.root.woodland import WoodlandMap

Spot = tuple[int, int]
Rect = tuple[int, int, int, int]
Line = tuple[int, int]


def line(a: Spot, b: Spot) -> Iterator[Spot]:
    """The cells of a line from cell to cell (as the drawing draws it)."""
    (x0, y0), (x1, y1) = a, b
    steps = max(abs(x1 - x0), abs(y1 - y0), 1)
    for i in range(steps + 1):
        yield round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)


def pieces(corners: list[Spot]) -> list[tuple[Spot, Spot]]:
    """A line's straight pieces from corner to corner."""
    return [(corners[k], corners[k + 1]) for k in range(len(corners) - 1)]


def length(a: Spot, b: Spot) -> float:
    """A line's length on the drawing, a row as two columns."""
    return float(abs(a[0] - b[0]) + 2 * abs(a[1] - b[1]))


def inside(cell: Spot, rect: Rect) -> bool:
    x, y = cell
    return rect[0] <= x <= rect[2] and rect[1] <= y <= rect[3]


def near(p: Rect, q: Rect, gap: int) -> bool:
    """Whether two boxes overlap or have fewer than ``gap`` free cells
    between them (side or corner)."""
    return p[0] - gap <= q[2] and q[0] - gap <= p[2] and p[1] - gap <= q[3] and q[1] - gap <= p[3]


def side(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
    return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])


def crosses(
    p: tuple[tuple[float, float], tuple[float, float]],
    q: tuple[tuple[float, float], tuple[float, float]],
) -> bool:
    """Whether two segments cross at a point inside both."""
    (p0x, p0y), (p1x, p1y) = p
    (q0x, q0y), (q1x, q1y) = q
    if (
        max(p0x, p1x) < min(q0x, q1x)
        or max(q0x, q1x) < min(p0x, p1x)
        or max(p0y, p1y) < min(q0y, q1y)
        or max(q0y, q1y) < min(p0y, p1y)
    ):
        return False
    d1, d2 = side(*q, p[0]), side(*q, p[1])
    d3, d4 = side(*p, q[0]), side(*p, q[1])
    return 0 not in (d1, d2, d3, d4) and (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def printed_crossings(woodland: WoodlandMap, lines: list[Line]) -> set[tuple[int, int]]:
    """The pairs of lines (by index) that cross on the printed map (a river
    under a path: a bridge), drawn crossing too."""
    spot = {c.number: c.position for c in woodland.clearings}
    return {
        (i, j)
        for (i, p), (j, q) in combinations(enumerate(lines), 2)
        if len({*p, *q}) == 4 and crosses((spot[p[0]], spot[p[1]]), (spot[q[0]], spot[q[1]]))
    }


__all__ = [
    "Line",
    "Rect",
    "Spot",
    "crosses",
    "inside",
    "length",
    "line",
    "near",
    "pieces",
    "printed_crossings",
]
