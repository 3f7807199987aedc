"""The lines of the Woodland's drawing and the bends round the boxes in
their way (no Textual: plain geometry, the half of the map's layout in
:mod:`.columns` that knows the lines; its plan places the boxes).

A line (a path, a closed path, the river, the lake's shore) is drawn from
its clearing's box's centre to the other's, straight, or by a bend or two
in free cells where straight it would pass under a box or cross a line
that the printed map has apart (:meth:`Lines.bend`), running along no
other line where the room allows (two lines from one clearing share at
most the cell where they leave its box: :data:`ALONG`).
"""

from __future__ import annotations

from collections.abc import Iterator

from . import geometry as geo
from .geometry import Line, Spot

Rect = tuple[int, int, int, int]
Shape = list[tuple[Spot, Spot]]

#: A line under a box or with no cell to show, against one line crossed.
HIDDEN = 100
#: A cell of a line's way round shared with a line from one of its own
#: clearings (the two run along each other: which goes where is hard to
#: read), against a line crossed: a way round that runs along another for
#: a cell or two is still taken where it mends a crossing, but one that
#: runs along none is taken before it.
ALONG = 0.1
#: How far from its clearings' middles a line's bend is looked for.
BEND_ROWS = 4
BEND_COLUMNS = 8


class Lines:
    """The lines of a plan of boxes, where the boxes are now (set by the
    plan, :class:`.columns._Plan`): each line's ends, the boxes, the cells
    of the drawing."""

    width: int
    room: int
    #: The lines, each by its two clearings.
    lines: list[Line]
    #: Each clearing's box: left, top, right and bottom cells.
    rects: dict[int, Rect]
    #: Each line's ends on the drawing (where its boxes are now).
    segments: dict[int, tuple[Spot, Spot]]
    #: The lines each line may not cross (those apart on the printed map).
    apart: list[list[int]]
    #: The lines from the same clearing as each line.
    beside: list[list[int]]
    _cells: dict[tuple[Spot, Spot], tuple[Rect, tuple[Spot, ...]]]
    #: The box over each cell (made again after a box moves).
    _owner: dict[Spot, int] | None

    def owner(self) -> dict[Spot, int]:
        """The clearing whose box covers each covered cell."""
        if self._owner is None:
            self._owner = {
                (x, y): n
                for n, (left, top, right, bottom) in self.rects.items()
                for x in range(left, right + 1)
                for y in range(top, bottom + 1)
            }
        return self._owner

    def cells(self, a: Spot, b: Spot) -> tuple[tuple[int, int, int, int], tuple[Spot, ...]]:
        """The cells of a line from centre to centre on the drawing (as
        :func:`.forests.trail_cells` draws it), and the rectangle around
        them."""
        found = self._cells.get((a, b))
        if found is None:
            cells = tuple(
                (x, y) for x, y in geo.line(a, b) if 0 <= y < self.room and 0 <= x < self.width
            )
            xs = [x for x, _ in cells] or [a[0]]
            ys = [y for _, y in cells] or [a[1]]
            found = self._cells[a, b] = ((min(xs), min(ys), max(xs), max(ys)), cells)
        return found

    def pieces(self, i: int, bends: dict[int, tuple[Spot, ...]]) -> list[tuple[Spot, Spot]]:
        """A line's straight pieces: centre to centre, by its bends."""
        a, b = self.segments[i]
        return geo.pieces([a, *bends.get(i, ()), b])

    def shapes(self, bends: dict[int, tuple[Spot, ...]]) -> list[list[tuple[Spot, Spot]]]:
        """Every line's straight pieces with its bends (by line)."""
        return [self.pieces(i, bends) for i in range(len(self.lines))]

    def route_faults(
        self,
        i: int,
        pieces: list[tuple[Spot, Spot]],
        shapes: list[list[tuple[Spot, Spot]]],
        bound: float = float("inf"),
    ) -> int:
        """What a line drawn as ``pieces`` hides or crosses, the others drawn
        as ``shapes``: a box not its own over it or no cell of it to show
        (:data:`HIDDEN` each), a line apart on the printed map crossed (one
        each); counted only up to ``bound``."""
        a, b = self.lines[i]
        owner = self.owner()
        faults = 0
        under = {owner.get(c, 0) for p in pieces for c in self.cells(*p)[1]}
        if not under - {a, b}:
            faults += HIDDEN  # (every cell in its own two boxes)
        faults += HIDDEN * len(under - {a, b, 0})
        # (a line bent round a box may cross one from its own clearings)
        bent = len(pieces) > 1 or any(len(shape) > 1 for shape in shapes)
        for j in (*self.apart[i], *(self.beside[i] if bent else ())):
            if faults >= bound:
                break
            faults += any(geo.crosses(p, q) for p in pieces for q in shapes[j])
        return faults

    def line_faults(self, bends: dict[int, tuple[Spot, ...]]) -> int:
        shapes = self.shapes(bends)
        return sum(self.route_faults(i, shapes[i], shapes) for i in range(len(self.lines)))

    def detours(self, i: int) -> Iterator[tuple[Spot, ...]]:
        """The ways round tried for a line: by one free cell near its
        clearings, then by two (a straight run across or down between, from
        near its boxes' middles or from just off their sides)."""
        (ax, ay), (bx, by) = self.segments[i]
        rows = range(max(0, min(ay, by) - BEND_ROWS), min(self.room, max(ay, by) + BEND_ROWS + 1))
        cols = range(
            max(0, min(ax, bx) - BEND_COLUMNS), min(self.width, max(ax, bx) + BEND_COLUMNS + 1)
        )
        for y in rows:
            for x in cols:
                yield ((x, y),)
        for x in cols:
            for y1 in (ay - 1, ay, ay + 1):
                for y2 in (by - 1, by, by + 1):
                    yield (x, y1), (x, y2)
        for y in rows:
            for x1 in (ax - 1, ax, ax + 1):
                for x2 in (bx - 1, bx, bx + 1):
                    yield (x1, y), (x2, y)
        # (a run along the free row or column beside a box in the way: its
        # ends just off the sides of the line's two boxes)
        a, b = (self.rects[n] for n in self.lines[i])
        for y in rows:
            for x1 in (a[0] - 1, a[2] + 1):
                for x2 in (b[0] - 1, b[2] + 1):
                    yield (x1, y), (x2, y)
        for x in cols:
            for y1 in (a[1] - 1, a[3] + 1):
                for y2 in (b[1] - 1, b[3] + 1):
                    yield (x, y1), (x, y2)

    def drawn(
        self, lines: list[int], shapes: list[list[tuple[Spot, Spot]]], owner: dict[Spot, int]
    ) -> set[Spot]:
        """The cells outside the boxes that ``lines`` are drawn on."""
        return {c for j in lines for p in shapes[j] for c in self.cells(*p)[1] if c not in owner}

    def bend(self) -> dict[int, tuple[Spot, ...]]:
        """The cells each line at fault bends at (by the line's number),
        where bends mend it: free cells near its clearings, those that mend
        most (a box over it before a line crossed), the shortest way round,
        by one cell where one does."""
        bends: dict[int, tuple[Spot, ...]] = {}
        owner = self.owner()
        shapes = self.shapes(bends)
        # (twice: a line bent round a box may cross one that bends next)
        for i in [*range(len(self.lines))] * 2:
            now = self.route_faults(i, shapes[i], shapes)
            if not now:
                continue
            # (the cells the lines apart from it are drawn on: a way round
            # shares none; and those of the lines from its own clearings: a
            # way round runs along none where another way is as good)
            apart = self.drawn(self.apart[i], shapes, owner)
            beside = self.drawn(self.beside[i], shapes, owner) - apart
            a, b = self.segments[i]
            best: tuple[float, int, float, tuple[Spot, ...]] | None = None
            for corners in self.detours(i):
                if best is not None and len(corners) > best[1] and not best[0]:
                    break
                if any(
                    not (0 <= x < self.width and 0 <= y < self.room) or (x, y) in owner
                    for x, y in corners
                ):
                    continue
                pieces = geo.pieces([a, *corners, b])
                cells = [c for p in pieces for c in self.cells(*p)[1]]
                shared = sum(c in apart for c in cells) + ALONG * sum(c in beside for c in cells)
                # (no worse than the best so far, and better than straight)
                bound = now if best is None else min(now, best[0] + 1)
                faults = shared + self.route_faults(i, pieces, shapes, bound - shared)
                if faults >= bound:
                    continue
                length = sum(geo.length(p, q) for p, q in pieces)
                if best is None or (faults, len(corners), length) < best[:3]:
                    best = (faults, len(corners), length, corners)
            if best is not None:
                bends[i] = best[3]
                shapes[i] = self.pieces(i, bends)
        return bends


__all__ = ["ALONG", "BEND_COLUMNS", "BEND_ROWS", "HIDDEN", "Lines"]
