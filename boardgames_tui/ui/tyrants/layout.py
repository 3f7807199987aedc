"""Where everything of the Underdark sits on screen: one box per site, the
lines between them and a cell for each route space on those lines.

Pure geometry, no Textual: the map widget draws what this lays out, the
tests check it.  Each site's place comes from where its name sits on the
printed board (measured as fractions of the board's width and height, see
``shared/facts/tyrants-site-positions.json``); only the sections in play are
laid out, stretched over the room given.  Boxes that would touch are pushed
apart to the nearest free place, and each route's spaces are spread evenly
along the straight line between its two sites.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.board import Side

from ..kit.board import BoxLayout

#: Where each site's name sits on the printed board: (x, y) as fractions of
#: its width and height, from the left and the top.
POSITIONS: dict[str, tuple[float, float]] = {
    "gauntlgrym": (0.084, 0.025),
    "blingdenstone": (0.373, 0.062),
    "buiyrandyn": (0.081, 0.464),
    "jhachalkhyn": (0.078, 0.290),
    "stoneshaft-clanhold": (0.073, 0.620),
    "gracklstugh": (0.291, 0.359),
    "the-wormwrithings": (0.233, 0.092),
    "skullport": (0.292, 0.691),
    "chasmleap-bridge": (0.551, 0.366),
    "menzoberranzan": (0.516, 0.024),
    "mantol-derith": (0.341, 0.226),
    "araumycos": (0.534, 0.503),
    "eryndlyn": (0.493, 0.752),
    "the-labyrinth": (0.300, 0.501),
    "halls-of-the-scoured-legion": (0.705, 0.348),
    "ched-nasad": (0.737, 0.553),
    "chchitl": (0.082, 0.822),
    "the-phaerlin": (0.920, 0.190),
    "llacerellyn": (0.690, 0.742),
    "sszuraassnee": (0.893, 0.864),
    "tsenviilyq": (0.549, 0.857),
    "yathchol": (0.866, 0.423),
    "chaulssin": (0.790, 0.065),
    "ruins-of-dekanter": (0.921, 0.623),
    "everfire": (0.676, 0.235),
    "kanaglym": (0.306, 0.917),
}

#: A site's box: a presence bar, its name and VP on the first line; its
#: troop spaces, control marker and spies on the second.  BOX_W is the
#: least width; the boxes are as wide as WIDE_BOX_W wherever every site
#: still finds a place, so that every name is written whole.
BOX_W = 14
WIDE_BOX_W = 18
BOX_H = 2

#: The least room the map is laid out in, by the number of sections in play
#: (smaller viewports scroll).
MIN_SIZE: dict[int, tuple[int, int]] = {1: (58, 24), 2: (70, 28), 3: (76, 32)}


@dataclass(frozen=True)
class MapLayout(BoxLayout[str]):
    """Everything placed: the kit's boxes by site (left, top), and besides
    them the route-space cells by id (x, y) and the cells of the lines
    with the glyph each draws."""

    box_w: int = BOX_W
    box_h: int = BOX_H
    cells: dict[str, tuple[int, int]] = field(default_factory=dict)
    lines: dict[tuple[int, int], str] = field(default_factory=dict)

    def centre(self, space: str) -> tuple[int, int]:
        """The cell a space is pointed at by: the middle of a box's top
        line (its name), a route cell."""
        if space in self.boxes:
            x, y = self.boxes[space]
            return x + self.box_w // 2, y
        return self.cells[space]

    def space_at(self, x: int, y: int) -> str | None:
        """The space drawn at (x, y), if any (for the mouse): a site's box,
        or a route cell and the cell either side of it."""
        site = self.box_at(x, y)
        if site is not None:
            return site
        for space, cell in self.cells.items():
            if abs(cell[0] - x) <= 1 and cell[1] == y:
                return space
        return None


def _overlaps(a: tuple[int, int], b: tuple[int, int], box_w: int = BOX_W) -> bool:
    """Two boxes closer than one free column / one free row."""
    return abs(a[0] - b[0]) < box_w + 1 and abs(a[1] - b[1]) < BOX_H + 1


def _place_boxes(
    sites: list[str], width: int, height: int, box_w: int = BOX_W
) -> dict[str, tuple[int, int]] | None:
    """Each site's box as near its place on the printed board as it can go
    without touching another; None when some box finds no free place."""
    xs = [POSITIONS[bd.site(s).id][0] for s in sites]
    ys = [POSITIONS[bd.site(s).id][1] for s in sites]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    placed: dict[str, tuple[int, int]] = {}
    order = sorted(sites, key=lambda s: (POSITIONS[s][1], POSITIONS[s][0]))
    for s in order:
        fx, fy = POSITIONS[s]
        want_x = round((fx - x0) / (x1 - x0 or 1) * (width - box_w))
        want_y = round((fy - y0) / (y1 - y0 or 1) * (height - BOX_H))
        best: tuple[int, int] | None = None
        for radius in range(0, max(width, height)):
            candidates = [
                (want_x + dx, want_y + dy)
                for dy in range(-radius, radius + 1)
                for dx in range(-2 * radius, 2 * radius + 1)
                if max(abs(dx) / 2, abs(dy)) >= radius - 0.5
            ]
            candidates.sort(key=lambda c: abs(c[0] - want_x) + 2 * abs(c[1] - want_y))
            for c in candidates:
                if not (0 <= c[0] <= width - box_w and 0 <= c[1] <= height - BOX_H):
                    continue
                if any(_overlaps(c, other, box_w) for other in placed.values()):
                    continue
                best = c
                break
            if best is not None:
                break
        if best is None:
            return None
        placed[s] = best
    return placed


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    """The cells of a straight line from a to b (Bresenham), both ends included."""
    (x0, y0), (x1, y1) = a, b
    dx, dy = abs(x1 - x0), -abs(y1 - y0)
    sx, sy = (1 if x0 < x1 else -1), (1 if y0 < y1 else -1)
    err = dx + dy
    cells = []
    while True:
        cells.append((x0, y0))
        if (x0, y0) == (x1, y1):
            return cells
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x0 += sx
        if e2 <= dx:
            err += dx
            y0 += sy


def _glyph(step: tuple[int, int]) -> str:
    dx, dy = step
    if dy == 0:
        return "─"
    if dx == 0:
        return "│"
    return "╲" if dx * dy > 0 else "╱"


def _anchor(box: tuple[int, int], box_w: int = BOX_W) -> tuple[int, int]:
    return box[0] + box_w // 2, box[1] + BOX_H // 2


def _free_near(
    cell: tuple[int, int],
    taken: set[tuple[int, int]],
    inside: Callable[[tuple[int, int]], bool],
    width: int,
    height: int,
) -> tuple[int, int]:
    """The nearest cell to ``cell`` that is on the map, under no box and
    holds no route space yet."""
    x0, y0 = cell
    for radius in range(1, width + height):
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                c = (x0 + dx, y0 + dy)
                if max(abs(dx), abs(dy)) != radius:
                    continue
                if 0 <= c[0] < width and 0 <= c[1] < height and c not in taken and not inside(c):
                    return c
    raise ValueError("no free cell on the map")


@lru_cache(maxsize=32)
def layout(players: int, side: Side, width: int, height: int) -> MapLayout:
    """The map of the sections in play for ``players`` (and ``side`` with 3)
    in at least ``width`` x ``height`` cells (more when that is too small)."""
    bmap = bd.board_map(players, side)
    least_w, least_h = MIN_SIZE[len(bmap.sections)]
    # The widest boxes with which every site finds a free place, so that
    # the names are written whole; narrower ones only where they do not fit.
    widest = WIDE_BOX_W
    width, height = max(width, least_w), max(height, least_h)
    sites = list(bmap.sites)
    for box_w in range(widest, BOX_W - 1, -2):
        placed = _place_boxes(sites, width, height, box_w)
        if placed is not None:
            break
    if placed is None:
        raise ValueError(f"the sites do not fit in {width}x{height}")
    boxes = placed

    def inside(cell: tuple[int, int]) -> bool:
        x, y = cell
        return any(
            left <= x < left + box_w and top <= y < top + BOX_H for left, top in boxes.values()
        )

    cells: dict[str, tuple[int, int]] = {}
    lines: dict[tuple[int, int], str] = {}
    taken: set[tuple[int, int]] = set()
    for route in bd.routes():
        if route.ends[0] not in boxes or route.ends[1] not in boxes:
            continue
        spaces = [s for s in route.spaces if s in bmap]
        full = _line(_anchor(boxes[route.ends[0]], box_w), _anchor(boxes[route.ends[1]], box_w))
        path = [c for c in full if not inside(c)]
        if not path:
            path = full[1:-1] or full
        for i, cell in enumerate(path):
            nxt = path[i + 1] if i + 1 < len(path) else cell
            prev = path[i - 1] if i > 0 else cell
            step = (nxt[0] - prev[0], nxt[1] - prev[1])
            lines.setdefault(cell, _glyph(step))
        n = len(spaces)
        last = -1
        for k, space in enumerate(spaces):
            index = max(last + 1, round((k + 1) * (len(path) - 1) / (n + 1)))
            index = min(index, len(path) - 1)
            # Two route spaces never share a cell (crossing lines, a short route).
            while path[index] in taken and index + 1 < len(path):
                index += 1
            last = index
            cell = path[index]
            if cell in taken:
                cell = _free_near(cell, taken, inside, width, height)
            cells[space] = cell
            taken.add(cell)
    return MapLayout(width=width, height=height, box_w=box_w, boxes=boxes, cells=cells, lines=lines)


def nearest(layout: MapLayout, space: str, direction: str, spaces: list[str]) -> str | None:
    """The space nearest ``space`` in ``direction`` ("up", "down", "left",
    "right"): within a 45-degree cone either side first, then anywhere on
    that side; None when there is nothing that way."""
    x0, y0 = layout.centre(space)
    best: tuple[float, str] | None = None
    for other in spaces:
        if other == space:
            continue
        x, y = layout.centre(other)
        # Rows are about twice as tall as columns are wide.
        dx, dy = x - x0, (y - y0) * 2
        ahead, side = {
            "right": (dx, dy),
            "left": (-dx, dy),
            "down": (dy, dx),
            "up": (-dy, dx),
        }[direction]
        if ahead <= 0:
            continue
        cost = ahead + 2 * abs(side) + (0 if abs(side) <= ahead else 1000)
        if best is None or cost < best[0]:
            best = (cost, other)
    return best[1] if best else None
