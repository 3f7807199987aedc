"""Where the Woodland's clearings' boxes go (no Textual: plain geometry, read
by :mod:`.widgets`' layout and the tests).

The printed map's clearings fall in columns (:func:`columns`); each box is
drawn in its column, as high up as on the map.  Where that hides something
(a column of more boxes than its rows hold, a path passing behind a box of
its column, two boxes joined by a path touching, so the path has no cell
to show), a clearing or two move to the next column, the fewest and the
least far from where the printed map has them (:func:`box_places`).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from boardgames_tui.games.root.woodland import WoodlandMap

Spot = tuple[int, int]
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
) -> tuple[int, dict[int, Spot]]:
    """The boxes' width and each clearing's box (its top-left cell) in
    ``width`` columns and ``room`` rows: in its printed column where nothing
    is hidden so; else with the fewest clearings moved to a next column
    (one, then two), or a column split in two where the width holds one
    more; of those the ones that hide least, cross fewest lines and move
    least far."""
    base = columns(woodland)
    count = max(base.values()) + 1
    box_w = box_width(count, width)
    printed = _placed(woodland, base, count, width, room, box_w, box_h)
    # (the crossings the printed columns have: a river under a path, a bridge)
    bridges = _crossings(woodland, printed, box_w, box_h)
    best: tuple[tuple[int, float], int, dict[int, Spot]] | None = None
    kept: object = None
    wider = box_width(count + 1, width)
    roomy = (count + 1) * wider + count <= width
    if not _covered(woodland, printed, box_w, box_h, paths=roomy):
        # (no box over another, no path under a box: kept unless another
        # grouping hides nothing; in a width too narrow for another column,
        # the 80x24 room, only boxes over boxes are mended: there no
        # grouping hides nothing, and the others move corners inward)
        kept = best = (_score(woodland, base, printed, room, box_w, box_h), box_w, printed)
        if best[0][0] <= bridges:
            return box_w, printed
    for moved in range(1, 3):
        for cols in _regroupings(woodland, base, count, moved):
            boxes = _placed(woodland, cols, count, width, room, box_w, box_h)
            score = _score(woodland, cols, boxes, room, box_w, box_h)
            if (kept is None or score[0] <= bridges) and (best is None or score < best[0]):
                best = (score, box_w, boxes)
        assert best is not None
        if best[0][0] <= bridges:
            return best[1], best[2]
    if roomy:
        for cols in _splits(woodland, base, count):
            boxes = _placed(woodland, cols, count + 1, width, room, wider, box_h)
            score = _score(woodland, cols, boxes, room, wider, box_h)
            if (kept is None or score[0] <= bridges) and (best is None or score < best[0]):
                best = (score, wider, boxes)
    assert best is not None
    return best[1], best[2]


def _score(
    woodland: WoodlandMap,
    cols: dict[int, int],
    boxes: dict[int, Spot],
    room: int,
    box_w: int,
    box_h: int,
) -> tuple[int, float]:
    """What a layout hides and crosses (a path hidden as bad as two lines
    crossing), then how far it moves the clearings."""
    hidden = _hidden(woodland, boxes, room, box_w, box_h)
    return hidden + _crossings(woodland, boxes, box_w, box_h), _drift(woodland, cols)


def _splits(woodland: WoodlandMap, base: dict[int, int], count: int) -> Iterator[dict[int, int]]:
    """The columns with one of them split in two, between two of its
    clearings in the printed map's order left to right."""
    order = sorted(woodland.clearings, key=lambda c: c.position[0])
    for i in range(1, len(order)):
        if base[order[i].number] != base[order[i - 1].number]:
            continue
        cut = base[order[i].number]
        yield {
            c.number: base[c.number] + (1 if base[c.number] > cut or j >= i else 0)
            for j, c in enumerate(order)
        }


def _regroupings(
    woodland: WoodlandMap, base: dict[int, int], count: int, moved: int
) -> Iterator[dict[int, int]]:
    """The columns with ``moved`` clearings each in the next column left or
    right (no column left empty)."""
    moves = [
        (n, base[n] + d) for n in woodland.numbers for d in (-1, 1) if 0 <= base[n] + d < count
    ]
    for chosen in combinations(moves, moved):
        if len({n for n, _ in chosen}) < moved:
            continue
        cols = dict(base)
        cols.update(chosen)
        if len(set(cols.values())) == count:
            yield cols


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
        roomy = len(members) * (box_h + 1) - 1 <= room
        gaps = [1 if roomy else 0] * len(members)
        placed: list[tuple[int, int]] = []
        for i, c in enumerate(members):
            y = round((c.position[1] - top) / (bottom - top) * max(0, room - box_h))
            if placed and y < placed[-1][1] + box_h + gaps[i - 1]:
                y = placed[-1][1] + box_h + gaps[i - 1]
            placed.append((c.number, y))
        # pushed past the bottom: push back up from there
        limit = room - box_h
        for i in range(len(placed) - 1, -1, -1):
            n, y = placed[i]
            if y > limit:
                placed[i] = (n, max(0, limit))
            limit = placed[i][1] - box_h - (gaps[i - 1] if i > 0 else 0)
        for n, y in placed:
            boxes[n] = (round(col * step), y)
    return boxes


def _covered(
    woodland: WoodlandMap, boxes: dict[int, Spot], box_w: int, box_h: int, paths: bool = True
) -> bool:
    """Whether a box overlaps another or (``paths``) a path passes under a
    box not its own."""
    cells = _cells(boxes, box_w, box_h)
    if len(cells) < len(boxes) * box_w * box_h:
        return True
    return paths and any(
        cells.get(c, a) not in (a, b)
        for a, b in (*woodland.paths(), *woodland.closed_paths)
        for c in _line(_centre(boxes, a, box_w, box_h), _centre(boxes, b, box_w, box_h))
    )


def _cells(boxes: dict[int, Spot], box_w: int, box_h: int) -> dict[Spot, int]:
    return {
        (x + dx, y + dy): n
        for n, (x, y) in boxes.items()
        for dx in range(box_w)
        for dy in range(box_h)
    }


def _centre(boxes: dict[int, Spot], n: int, box_w: int, box_h: int) -> Spot:
    x, y = boxes[n]
    return x + box_w // 2, y + box_h // 2


def _line(a: Spot, b: Spot) -> Iterator[Spot]:
    """The cells of a line from cell to cell (as the drawing draws it)."""
    (x0, y0), (x1, y1) = a, b
    steps = max(abs(x1 - x0), abs(y1 - y0), 1)
    for i in range(steps + 1):
        yield round(x0 + (x1 - x0) * i / steps), round(y0 + (y1 - y0) * i / steps)


def _hidden(
    woodland: WoodlandMap, boxes: dict[int, Spot], room: int, box_w: int, box_h: int
) -> int:
    """How much the boxes hide: boxes overlapping, paths with a cell under a
    box not their own or none to show, boxes touching (where the rows hold
    every column a row apart)."""
    cells = _cells(boxes, box_w, box_h)
    faults = len(boxes) * box_w * box_h - len(cells)
    for a, b in (*woodland.paths(), *woodland.closed_paths):
        drawn = list(_line(_centre(boxes, a, box_w, box_h), _centre(boxes, b, box_w, box_h)))
        if any(cells.get(c, a) not in (a, b) for c in drawn):
            faults += 1
        if all(c in cells for c in drawn):
            faults += 1
    if room >= 3 * box_h + 2:
        for a, b in combinations(boxes, 2):
            (ax, ay), (bx, by) = boxes[a], boxes[b]
            if abs(ax - bx) <= box_w and abs(ay - by) <= box_h:
                faults += 1
    return faults


def _side(a: Spot, b: Spot, c: Spot) -> int:
    return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])


def _crossings(woodland: WoodlandMap, boxes: dict[int, Spot], box_w: int, box_h: int) -> int:
    """How many pairs of lines cross: paths (open or closed), the river's
    links, the lake's shore."""
    shore = woodland.lake_ring
    water = [(shore[i], shore[(i + 1) % len(shore)]) for i in range(len(shore))]
    lines = [*woodland.paths(), *woodland.closed_paths, *(water or woodland.river)]
    ends = [(_centre(boxes, a, box_w, box_h), _centre(boxes, b, box_w, box_h)) for a, b in lines]
    found = 0
    for (i, (p0, p1)), (j, (q0, q1)) in combinations(enumerate(ends), 2):
        if len({*lines[i], *lines[j]}) < 4:
            continue
        d1, d2 = _side(q0, q1, p0), _side(q0, q1, p1)
        d3, d4 = _side(p0, p1, q0), _side(p0, p1, q1)
        if 0 not in (d1, d2, d3, d4) and (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0):
            found += 1
    return found


def _drift(woodland: WoodlandMap, cols: dict[int, int]) -> float:
    """How far the clearings are drawn from their columns' middles, in
    fractions of the printed map's width."""
    spread: dict[int, list[float]] = {}
    for c in woodland.clearings:
        spread.setdefault(cols[c.number], []).append(c.position[0])
    middle = {col: sum(xs) / len(xs) for col, xs in spread.items()}
    return sum(abs(c.position[0] - middle[cols[c.number]]) for c in woodland.clearings)


__all__ = ["NEAR", "box_places", "columns"]
