"""Where the Woodland's clearings' boxes go, and where a line bends round
a box (no Textual: plain geometry, read by :mod:`.widgets`' layout and the
tests).

The printed map's clearings fall in columns (:func:`columns`); each box is
first drawn in its column, as high up as on the map (:func:`_placed`).
Where that hides something (two boxes overlapping or touching, a line,
path or water, passing under a box not its own or with no cell to show
between its two, two lines crossing where the printed map has them apart),
the boxes at fault move to the row, the next column or the half-column
between that hides least and keeps them nearest where the printed map has
them, one at a time, a few pushed along, or two together (:class:`_Plan`),
until nothing is hidden or no move helps.  A line still under a box then
bends round it by a free cell or two (:meth:`.bends.Lines.bend`); where
something is hidden still, the boxes at fault move a row or two again,
judged with the lines bent (:meth:`_Plan.repair`: in the smallest room a
line bent along a free row leaves room that a straight one took).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import TypeVar

from boardgames_tui.games.root.woodland import WoodlandMap

from . import geometry as geo
from .bends import HIDDEN, Lines
from .forests import water_lines
from .geometry import Line, Spot

#: A column of the drawing: clearings closer than this (a fraction of the
#: printed map's width) to the next one share it.
NEAR = 0.1


def columns(woodland: WoodlandMap) -> dict[int, int]:
    """Each clearing's column on screen: the printed map's clearings fall in
    columns (x positions closer than :data:`NEAR` share one)."""
    spots = sorted(woodland.clearings, key=lambda c: c.position[0])
    col = 0
    found: dict[int, int] = {}
    last = spots[0].position[0]
    for c in spots:
        if c.position[0] - last > NEAR:
            col += 1
        last = c.position[0]
        found[c.number] = col
    return found


#: A box's widths, widest first, the first whose columns fit is taken.
WIDTHS = (18, 16, 14, 12, 11)


def box_width(count: int, width: int) -> int:
    """The widest box for ``count`` columns in ``width`` cells, a cell
    between them (the narrowest where none fits)."""
    return next((w for w in WIDTHS if count * w + count - 1 <= width), WIDTHS[-1])


def box_places(
    woodland: WoodlandMap, width: int, room: int, box_h: int
) -> tuple[int, dict[int, Spot], dict[Line, tuple[Spot, ...]]]:
    """The boxes' width and each clearing's box (its top-left cell) in
    ``width`` columns and ``room`` rows: in its printed column, as high up
    as on the map, moved where that hides something (see the module); the
    widest boxes that hide nothing (or the layout that hides least), each
    width tried from the printed columns and from the half-columns nearest
    the printed map's clearings; and the cells each line still hidden so
    bends at, around the box in its way (by the line's two clearings)."""
    base = columns(woodland)
    count = max(base.values()) + 1
    widest = box_width(count, width)
    best: tuple[float, int, dict[int, Spot], dict[int, tuple[Spot, ...]]] | None = None
    for box_w in (w for w in WIDTHS if w <= widest):
        for halves in (False, True):
            plan = _Plan(woodland, base, count, width, room, box_w, box_h, halves)
            plan.solve()
            boxes, bends = plan.repair()
            faults = plan.line_faults(bends) + plan.box_faults()
            if best is None or faults < best[0]:
                best = (faults, box_w, boxes, bends)
            if not faults:
                break
        if best is not None and not best[0]:
            break
    assert best is not None
    return best[1], best[2], {plan.lines[i]: cell for i, cell in best[3].items()}


#: What one thing hidden costs (a box over or touching another, a line
#: under a box or with no cell to show, two lines crossing), against a
#: box's distance from where the printed map has it (:meth:`_Plan.drift`).
FAULT = 1000.0
#: A box over another hides the most: no other fault is mended by it.
OVERLAP = 20 * FAULT
#: What each cell of a line under a box adds to the fault.
HIDDEN_CELL = 2.0
#: A box in the next column costs as much as this many rows away.
COLUMN_ROWS = 4.0


class _Plan(Lines):
    """The boxes of one map at one size, moved one at a time: each move is
    judged by the faults it mends and makes (only those the moved box has a
    part in are counted again, and a move is dropped as soon as it costs
    more than it saves), so a layout takes some thousands of cheap sums."""

    def __init__(
        self,
        woodland: WoodlandMap,
        base: dict[int, int],
        count: int,
        width: int,
        room: int,
        box_w: int,
        box_h: int,
        halves: bool = False,
    ) -> None:
        self.count = count
        self.width = width
        self.room = room
        self.w, self.h = box_w, box_h
        step = (width - box_w) / (count - 1) if count > 1 else 0
        # (the columns, and half-way between two: ``col`` counts halves)
        self.xs = [round(half * step / 2) for half in range(2 * count - 1)]
        self.lines: list[Line] = [
            *woodland.paths(),
            *woodland.closed_paths,
            *water_lines(woodland),
        ]
        numbers = woodland.numbers
        self.mine = {n: [i for i, line in enumerate(self.lines) if n in line] for n in numbers}
        self.others = {
            n: [i for i, line in enumerate(self.lines) if n not in line] for n in numbers
        }
        joined = {frozenset(line) for line in self.lines}
        # Where every column a row apart fits, no two boxes may touch; else
        # only those joined by a line may not.
        roomy = room >= 3 * box_h + 2
        self.gap = {
            (n, m): 1 if roomy or frozenset((n, m)) in joined else 0
            for n in numbers
            for m in numbers
        }
        bridges = geo.printed_crossings(woodland, self.lines)
        #: The lines each line may not cross (those apart on the printed map).
        self.apart = [
            [
                j
                for j, q in enumerate(self.lines)
                if len({*p, *q}) == 4 and (min(i, j), max(i, j)) not in bridges
            ]
            for i, p in enumerate(self.lines)
        ]
        #: The lines from the same clearing as each line.
        self.beside = [
            [j for j, q in enumerate(self.lines) if j != i and len({*p, *q}) == 3]
            for i, p in enumerate(self.lines)
        ]
        top = min(c.position[1] for c in woodland.clearings)
        bottom = max(c.position[1] for c in woodland.clearings)
        self.lowest = max(0, room - box_h)
        self.aim = {
            c.number: (c.position[1] - top) / ((bottom - top) or 1) * self.lowest
            for c in woodland.clearings
        }
        left = min(c.position[0] for c in woodland.clearings)
        right = max(c.position[0] for c in woodland.clearings)
        # (where the printed map has it across, in columns)
        self.across = {
            c.number: (c.position[0] - left) / ((right - left) or 1) * (count - 1)
            for c in woodland.clearings
        }
        self._cells: dict[tuple[Spot, Spot], tuple[tuple[int, int, int, int], tuple[Spot, ...]]]
        self._cells = {}
        #: The box over each cell (made again after a box moves).
        self._owner: dict[Spot, int] | None = None
        self.col: dict[int, int] = {}
        self.top: dict[int, int] = {}
        self.rects: dict[int, tuple[int, int, int, int]] = {}
        self.centres: dict[int, Spot] = {}
        #: Each line's ends on the drawing (where its boxes are now).
        self.segments: dict[int, tuple[Spot, Spot]] = {}
        for n, (_, y) in _placed(woodland, base, count, width, room, box_w, box_h).items():
            # (each in its column, or ``halves``: in the half-column nearest
            # where the printed map has it across)
            self.place(n, round(2 * self.across[n]) if halves else 2 * base[n], y)

    # ------------------------------------------------------------ geometry
    def place(self, n: int, col: int, y: int) -> None:
        self.col[n], self.top[n] = col, y
        self._owner = None
        self.rects[n] = self.rect(col, y)
        self.centres[n] = self.centre(col, y)
        for i in self.mine[n]:
            if all(end in self.centres for end in self.lines[i]):
                a, b = self.lines[i]
                self.segments[i] = self.centres[a], self.centres[b]

    def rect(self, col: int, y: int) -> tuple[int, int, int, int]:
        """A box's left, top, right and bottom cells."""
        x = self.xs[col]
        return x, y, x + self.w - 1, y + self.h - 1

    def centre(self, col: int, y: int) -> Spot:
        return self.xs[col] + self.w // 2, y + self.h // 2

    # -------------------------------------------------------------- faults
    def local(
        self, n: int, col: int, y: int, bound: float = float("inf"), boxes: bool = True
    ) -> float:
        """Every fault the box of ``n`` has a part in, drawn at ``col`` and
        ``y`` (the others where they are), and its drift; counted only up
        to ``bound`` (a move that costs that much is not taken); ``boxes``:
        with the boxes it comes too near."""
        mine = self.rect(col, y)
        cost = self.drift(n, col, y)
        for m, theirs in self.rects.items():
            if boxes and m != n and geo.near(mine, theirs, self.gap[n, m]):
                cost += OVERLAP if geo.near(mine, theirs, 0) else FAULT
        if cost >= bound:
            return cost
        for i in self.others[n]:
            cost += _under(self.cells(*self.segments[i]), mine)
        here = self.centre(col, y)
        for i in self.mine[n]:
            if cost >= bound:
                return cost
            a, b = self.lines[i]
            other = b if a == n else a
            ends = (here, self.centres[b]) if a == n else (self.centres[a], here)
            line = self.cells(*ends)
            theirs = self.rects[other]
            if all(geo.inside(c, mine) or geo.inside(c, theirs) for c in line[1]):
                cost += FAULT  # no cell to show
            for m, rect in self.rects.items():
                if m != n and m != other:
                    cost += _under(line, rect)
            for j in self.apart[i]:
                if geo.crosses(ends, self.segments[j]):
                    cost += FAULT
        return cost

    def drift(self, n: int, col: int, y: int) -> float:
        """How far a box is from where the printed map has it: its rows
        away, a column across as :data:`COLUMN_ROWS` rows."""
        return abs(y - self.aim[n]) + COLUMN_ROWS * abs(col / 2 - self.across[n])

    # -------------------------------------------------------------- search
    def moves(self, n: int) -> Iterator[tuple[int, int]]:
        """Where a box may go: any row of its column, the next ones or
        half-way to them."""
        here = self.col[n]
        for col in (here, here - 1, here + 1, here - 2, here + 2):
            if 0 <= col < len(self.xs):
                for y in range(self.lowest + 1):
                    yield col, y

    def best_move(self, n: int) -> tuple[float, int, int] | None:
        """The move of ``n`` that lowers its cost most (the gain, where to)."""
        now = self.local(n, self.col[n], self.top[n])
        best: tuple[float, int, int] | None = None
        for col, y in self.moves(n):
            bound = now if best is None else now + best[0]
            gain = self.local(n, col, y, bound) - now
            if gain < 0 and (best is None or gain < best[0]):
                best = (gain, col, y)
        return best

    def faulty(self) -> list[int]:
        """The boxes with a part in a fault."""
        return [n for n in self.col if self.local(n, self.col[n], self.top[n]) >= FAULT]

    def total(self) -> float:
        """The layout's cost: every box's (a fault between boxes counted
        once for each)."""
        return sum(self.local(n, self.col[n], self.top[n]) for n in self.col)

    def solve(self) -> dict[int, Spot]:
        """Move the boxes at fault, each to its best place, while that
        mends something; where no one move does, a box and then another
        at fault after it; the boxes' top-left cells."""
        for _ in range(4 * len(self.col)):
            faulty = self.faulty()
            if not faulty:
                break
            best: tuple[float, int, int, int] | None = None
            for n in faulty:
                found = self.best_move(n)
                if found is not None and (best is None or found[0] < best[0]):
                    best = (found[0], n, found[1], found[2])
            if best is not None:
                self.place(*best[1:])
            elif not self.push(faulty) and not self.two_moves(faulty):
                break
        return {n: (self.xs[self.col[n]], self.top[n]) for n in self.col}

    def push(self, faulty: list[int]) -> bool:
        """A box at fault moved up or down a few rows, pushing along the
        boxes in its way, where that lowers the layout's cost; whether
        such a move was found (and made)."""
        before = self.total()
        best: tuple[float, dict[int, tuple[int, int]]] | None = None
        for n in faulty:
            for dy in (-1, 1, -2, 2, -3, 3):
                moved = self.pushed(n, dy)
                if moved is None:
                    continue
                after = self.trial(moved, self.total)
                if after < before and (best is None or after < best[0]):
                    best = (after, moved)
        if best is None:
            return False
        for m, (col, y) in best[1].items():
            self.place(m, col, y)
        return True

    def pushed(self, n: int, dy: int) -> dict[int, tuple[int, int]] | None:
        """Where the boxes go when ``n`` moves ``dy`` rows: each box it then
        comes too near on that side pushed on as far as it must, and so
        on; None where one would leave the map."""
        moved = {n: (self.col[n], self.top[n] + dy)}
        todo = [n]
        while todo:
            k = todo.pop()
            mine = self.rect(*moved[k])
            for m in self.col:
                if m in moved:
                    continue
                theirs = self.rects[m]
                ahead = theirs[1] > self.rects[k][1] if dy > 0 else theirs[1] < self.rects[k][1]
                if not ahead or not geo.near(mine, theirs, self.gap[k, m]):
                    continue
                gap = self.gap[k, m]
                y = mine[3] + 1 + gap if dy > 0 else mine[1] - gap - self.h
                moved[m] = (self.col[m], y)
                todo.append(m)
        if any(not 0 <= y <= self.lowest for _, y in moved.values()):
            return None
        return moved

    def two_moves(self, faulty: list[int]) -> bool:
        """A box at fault moved to one of the few places that mend most of
        its lines (whatever boxes are there) and a box at fault after that
        to its best, where the two lower the layout's cost; whether such
        were found (and made)."""
        before = self.total()
        for n in faulty:
            home = self.col[n], self.top[n]
            # (the places that mend its lines, the boxes there to move next)
            alone = self.local(n, *home, boxes=False)
            tries: list[tuple[float, int, int]] = []
            for col, y in self.moves(n):
                bound = tries[-1][0] if len(tries) == TRIES else alone
                cost = self.local(n, col, y, bound, boxes=False)
                if cost < bound:
                    insort(tries, (cost, col, y))
                    del tries[TRIES:]
            for _, col, y in tries:
                self.place(n, col, y)
                for m in self.faulty():
                    found = self.best_move(m) if m != n else None
                    if found is None:
                        continue
                    there = self.col[m], self.top[m]
                    self.place(m, found[1], found[2])
                    if self.total() < before:
                        return True
                    self.place(m, *there)
            self.place(n, *home)
        return False

    def repair(self) -> tuple[dict[int, Spot], dict[int, tuple[Spot, ...]]]:
        """The boxes and the bends of their lines (:meth:`bend`), the boxes
        moved again where something is still hidden once the lines bend:
        a box at fault moved a row or two up or down (pushing along those
        in its way, :meth:`pushed`), judged by what the bent lines and the
        boxes then hide (a line bent round a box frees the rows a straight
        one took, which the moves before could not see), while that mends
        something.  Only a layout with a fault left pays for it."""
        now, bends = self.bent()
        for _ in range(len(self.col)):
            if not now:
                break
            best: tuple[int, float, dict[int, tuple[int, int]], dict[int, tuple[Spot, ...]]]
            best = (now, 0.0, {}, bends)
            for n in self.at_fault(bends):
                for dy in (-1, 1, -2, 2):
                    moved = self.pushed(n, dy)
                    if moved is None:
                        continue
                    cost, tried = self.trial(moved, self.bent)
                    drift = sum(self.drift(m, col, y) for m, (col, y) in moved.items())
                    if (cost, drift) < best[:2]:
                        best = (cost, drift, dict(moved), tried)
            if not best[2]:
                break
            for m, (col, y) in best[2].items():
                self.place(m, col, y)
            now, bends = best[0], best[3]
        return {n: (self.xs[self.col[n]], self.top[n]) for n in self.col}, bends

    def trial(self, moved: dict[int, tuple[int, int]], judge: Callable[[], T]) -> T:
        """What ``judge`` finds with the boxes ``moved`` so (column, row),
        each put back after."""
        home = {m: (self.col[m], self.top[m]) for m in moved}
        for m, (col, y) in moved.items():
            self.place(m, col, y)
        try:
            return judge()
        finally:
            for m, (col, y) in home.items():
                self.place(m, col, y)

    def bent(self) -> tuple[int, dict[int, tuple[Spot, ...]]]:
        """The lines' bends where the boxes are now, and what is then
        hidden (:meth:`hidden`)."""
        bends = self.bend()
        return self.hidden(bends), bends

    def hidden(self, bends: dict[int, tuple[Spot, ...]]) -> int:
        """What the layout hides with its lines bent so: the lines'
        faults (:meth:`route_faults`) and each box too near another as
        much as a line under a box."""
        return self.line_faults(bends) + HIDDEN * self.box_faults()

    def at_fault(self, bends: dict[int, tuple[Spot, ...]]) -> list[int]:
        """The boxes with a part in a fault with the lines bent so: too near
        another, at either end of a line at fault or over one."""
        found: set[int] = set()
        for n, m in combinations(self.rects, 2):
            if geo.near(self.rects[n], self.rects[m], self.gap[n, m]):
                found.update((n, m))
        owner = self.owner()
        shapes = self.shapes(bends)
        for i, line in enumerate(self.lines):
            pieces = shapes[i]
            if self.route_faults(i, pieces, shapes):
                found.update(line)
                found.update(owner[c] for p in pieces for c in self.cells(*p)[1] if c in owner)
        return sorted(found)

    # --------------------------------------------------------------- bends
    def box_faults(self) -> int:
        """The boxes over or too near another."""
        return sum(
            geo.near(self.rects[n], self.rects[m], self.gap[n, m])
            for n, m in combinations(self.rects, 2)
        )


#: The places tried for a box at fault before the second move.
TRIES = 8
#: What a trial of moved boxes finds (:meth:`_Plan.trial`).
T = TypeVar("T")


def _under(
    line: tuple[tuple[int, int, int, int], tuple[Spot, ...]], rect: tuple[int, int, int, int]
) -> float:
    """The cost of a line (the rectangle around its cells, its cells) under
    a box: a fault, and more the more of its cells the box hides (so a move
    that uncovers some is worth taking on the way)."""
    (x0, y0, x1, y1), cells = line
    left, top, right, bottom = rect
    if x1 < left or x0 > right or y1 < top or y0 > bottom:
        return 0.0
    hidden = sum(left <= x <= right and top <= y <= bottom for x, y in cells)
    return FAULT + HIDDEN_CELL * hidden if hidden else 0.0


def _placed(
    woodland: WoodlandMap,
    cols: dict[int, int],
    count: int,
    width: int,
    room: int,
    box_w: int,
    box_h: int,
) -> dict[int, Spot]:
    """The boxes of each column as high up as on the printed map, a row
    apart where the rows hold that (else touching), pushed up from the
    bottom where they overrun it."""
    ys = [c.position[1] for c in woodland.clearings]
    top, bottom = min(ys), max(ys)
    step = (width - box_w) / (count - 1) if count > 1 else 0
    boxes: dict[int, Spot] = {}
    for col in range(count):
        members = sorted(
            (c for c in woodland.clearings if cols[c.number] == col), key=lambda c: c.position[1]
        )
        gap = 1 if len(members) * (box_h + 1) - 1 <= room else 0
        placed: list[tuple[int, int]] = []
        for c in members:
            y = round((c.position[1] - top) / (bottom - top) * max(0, room - box_h))
            if placed and y < placed[-1][1] + box_h + gap:
                y = placed[-1][1] + box_h + gap
            placed.append((c.number, y))
        # pushed past the bottom: push back up from there
        limit = room - box_h
        for i in range(len(placed) - 1, -1, -1):
            n, y = placed[i]
            if y > limit:
                placed[i] = (n, max(0, limit))
            limit = placed[i][1] - box_h - gap
        for n, y in placed:
            boxes[n] = (round(col * step), y)
    return boxes


__all__ = ["NEAR", "box_places", "box_width", "columns"]
