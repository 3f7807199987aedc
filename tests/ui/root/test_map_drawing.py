"""Each map drawn as its own Woodland (issue: every map readable at 80x24
and whole at 120x40): no clearing hidden under another, none off the
drawing, no two paths crossing; the Lake drawn by its shore, the
Mountain's closed paths and the Ferry's and the Tower's marks; every
forest a mark among its clearings, crossing nothing, reached by the
arrows and the mouse."""

from __future__ import annotations

import pytest
from rich.text import Text

from boardgames_tui.games.root.woodland import MAPS, WoodlandMap, woodland
from boardgames_tui.ui.root.forests import (
    LAKE_WORD,
    Cell,
    box_cells,
    drawn_lines,
    inside_ring,
    lake_label,
    ring,
    route,
    trail_cells,
)
from boardgames_tui.ui.root.widgets import (
    MORE,
    SHORT_NAMES,
    TOWER_MARK,
    MapLayout,
    box_title,
    compact_row,
    map_layout,
    name_room,
    step,
    water_lines,
)

#: The map's room at 80x24 (52 columns; the rows the prompt, the hint, the
#: detail and the key bar leave it, with the line under the boxes, which the
#: places off the map share whatever the table: 13 on the tightest screen,
#: more where the lines over and under it take fewer), at 120x40 (70
#: columns, 29 to 37 rows) and a size between.  ``test_map_rooms`` reads the
#: room from the screen at 80x24 and 120x40 and checks it is one of these.
ROOMS_80 = [(52, 13), (52, 14), (52, 15), (52, 16), (52, 17)]
ROOMS_120 = [(70, 29), (70, 30), (70, 33), (70, 37)]
ALL_SIZES = [*ROOMS_80, (60, 22), *ROOMS_120]
#: Where a river runs under a path on the printed map (a bridge): the
#: Mountain's river from the Pass to Drain passes under the path Ledge-Ramp,
#: and from the Pass to Peak under the path Mine-Valley (drawn so where the
#: Mine and the Pass are drawn in two columns, as printed).
BRIDGES = {"mountain": {((4, 10), (9, 12)), ((2, 10), (5, 11))}}


def _side(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> int:
    return (c[1] - a[1]) * (b[0] - a[0]) - (b[1] - a[1]) * (c[0] - a[0])


def crosses(
    p: tuple[tuple[int, int], tuple[int, int]], q: tuple[tuple[int, int], tuple[int, int]]
) -> bool:
    """Whether two segments cross at a point inside both."""
    d1, d2 = _side(*q, p[0]), _side(*q, p[1])
    d3, d4 = _side(*p, q[0]), _side(*p, q[1])
    return 0 not in (d1, d2, d3, d4) and (d1 > 0) != (d2 > 0) and (d3 > 0) != (d4 > 0)


def lines(board: WoodlandMap) -> list[tuple[int, int]]:
    return [*board.paths(), *board.closed_paths, *water_lines(board)]


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_clearing_is_drawn_whole_and_apart(map_id: str, size: tuple[int, int]) -> None:
    board = woodland(map_id)
    drawn_whole_and_apart(board, map_layout(board, *size, (0,)))


def drawn_whole_and_apart(board: WoodlandMap, layout: MapLayout) -> None:
    """Every clearing's box on the map's rows, over no other."""
    cells: dict[tuple[int, int], int] = {}
    for n, (x, y) in layout.boxes.items():
        assert x >= 0 and x + layout.box_w <= layout.width, (n, x)
        assert y >= 0 and y + layout.box_h <= layout.below_y, (n, y)
        for dx in range(layout.box_w):
            for dy in range(layout.box_h):
                assert (x + dx, y + dy) not in cells, (n, cells.get((x + dx, y + dy)))
                cells[x + dx, y + dy] = n
    assert sorted(layout.boxes) == list(board.numbers)


def pieces(layout: MapLayout, a: int, b: int) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """A line's straight pieces as drawn: centre to centre, by its bends."""
    corners = route(layout, a, b)
    return [(corners[k], corners[k + 1]) for k in range(len(corners) - 1)]


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_two_paths_cross(map_id: str, size: tuple[int, int]) -> None:
    """No two lines (paths, closed paths, water) cross, but where the
    printed map has a river under a path; a line that bends round a box is
    judged by its pieces, against the lines from its own clearings too."""
    board = woodland(map_id)
    crossing_only_at_bridges(board, map_layout(board, *size, (0,)))


def crossing_only_at_bridges(board: WoodlandMap, layout: MapLayout) -> None:
    """No two lines cross but at the printed map's bridges (:data:`BRIDGES`)."""
    drawn = lines(board)
    crossing = set()
    for i, (a, b) in enumerate(drawn):
        for c, d in drawn[i + 1 :]:
            if {a, b} == {c, d}:
                continue
            # (two lines from one clearing meet at its centre, and cross
            # nowhere else unless one bends)
            if any(crosses(p, q) for p in pieces(layout, a, b) for q in pieces(layout, c, d)):
                crossing.add(tuple(sorted(((min(a, b), max(a, b)), (min(c, d), max(c, d))))))
    assert crossing <= BRIDGES.get(board.map.lower(), set())


def boxes_touch(layout: MapLayout, a: int, b: int) -> bool:
    """Whether two boxes overlap or touch (no free cell between them, side
    or corner)."""
    (ax, ay), (bx, by) = layout.boxes[a], layout.boxes[b]
    w, h = layout.box_w, layout.box_h
    return ax - 1 <= bx <= ax + w and ay - 1 - h < by <= ay + h and bx < ax + w + 1


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_box_hides_a_line_or_touches_another(map_id: str, size: tuple[int, int]) -> None:
    """Every line, a path (open or closed), the river or the lake's shore,
    shows between its two boxes and passes under no other box; no two
    boxes touch (a free cell between them, side or corner), at every room
    the map gets, the 80x24 room's smallest included (12 rows of boxes
    three rows high: Autumn's river from Pond to Haven bends along the free
    row between Glade and Meadow)."""
    board = woodland(map_id)
    no_line_hidden_no_box_touching(board, map_layout(board, *size, (0,)))


def no_line_hidden_no_box_touching(board: WoodlandMap, layout: MapLayout) -> None:
    """Every line shows between its boxes and under no other; no two boxes touch."""
    cells = {
        (x + dx, y + dy): n
        for n, (x, y) in layout.boxes.items()
        for dx in range(layout.box_w)
        for dy in range(layout.box_h)
    }
    for a, b in lines(board):
        drawn = list(trail_cells(layout, a, b, set()))
        under = {cells[c] for c in drawn if c in cells} - {a, b}
        assert not under, (a, b, under)
        assert any(c not in cells for c in drawn), ("hidden", a, b)
    numbers = sorted(layout.boxes)
    touching = [
        (a, b) for i, a in enumerate(numbers) for b in numbers[i + 1 :] if boxes_touch(layout, a, b)
    ]
    assert not touching


def test_the_rivers_are_tested_under_the_boxes() -> None:
    """The lines the test above looks under include the water: the
    Winter's river, the Lake's shore and the Mountain's river beside the
    paths."""
    for map_id in ("winter", "lake", "mountain"):
        board = woodland(map_id)
        water = set(water_lines(board))
        assert water and water <= set(lines(board))


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_name_reads_in_its_box(map_id: str, size: tuple[int, int]) -> None:
    """A box's title holds its clearing's number and its whole name, or its
    documented short name (:data:`SHORT_NAMES`), never a name cut short,
    beside both marks a box may have (◆ where Enter acts, ✱ changed since
    you looked) and the map's mark where the map has one there (the Tower;
    the Ferry, in any coastal clearing); at 120x40 every name whole."""
    board = woodland(map_id)
    names_read(board, map_layout(board, *size, (0,)), whole=size in ROOMS_120)


def names_read(board: WoodlandMap, layout: MapLayout, whole: bool = False) -> None:
    """Every box's title: its number and its name, whole or short (see above)."""
    for spot in board.clearings:
        feature = spot.number == board.tower or spot.number in board.coastal
        room = name_room(layout.box_w, len("✱◆"), len(TOWER_MARK) * feature)
        title = box_title(spot.number, spot.name, layout.wide, room)
        assert len(title) <= room
        gap = " " if layout.wide else ""
        assert title in (
            f"{spot.number}{gap}{spot.name}",
            f"{spot.number}{gap}{SHORT_NAMES.get(spot.name)}",
        ), title
        if whole:
            assert title == f"{spot.number} {spot.name}"


@pytest.mark.parametrize("map_id", MAPS)
def test_the_short_names_read_apart(map_id: str) -> None:
    """A short name is used only for a name that needs it (too long for a
    box 12 cells wide with both marks), and reads like no other clearing's
    name or short name on its map."""
    board = woodland(map_id)
    names = [c.name for c in board.clearings]
    shown = [SHORT_NAMES.get(name, name) for name in names]
    assert len(set(shown)) == len(shown)
    assert not {s for s, n in zip(shown, names, strict=True) if s != n} & set(names)
    for spot in board.clearings:
        if spot.name in SHORT_NAMES:
            assert len(f"{spot.number}{spot.name}") > name_room(12, len("✱◆"), 0)


def test_a_crowded_compact_box_keeps_whole_pieces() -> None:
    """Where a clearing's pieces overrun a compact box's row, the spaces go
    first; then as many whole pieces as fit are kept before the … (a count
    never cut: twelve warriors never read as one)."""
    suit, slots = Text("F"), Text("S·")
    warriors, tokens = Text("c12 d9"), Text("K w3 TT")
    assert compact_row(suit, slots, warriors, Text(""), 10).plain == "FS·c12d9"
    assert compact_row(suit, slots, Text("c2"), Text(""), 10).plain == "F S· c2"
    row = compact_row(suit, slots, warriors, tokens, 10).plain
    assert row == "FS·c12d9K" + MORE
    assert compact_row(suit, slots, warriors, tokens, 6).plain == "FS·" + MORE
    assert compact_row(suit, slots, warriors, tokens, 20).plain == "F S· c12 d9 K w3 TT"


def test_the_lake_is_drawn_by_its_shore() -> None:
    """The lake's links between every pair of coastal clearings would cross
    in the middle: the shore around it is drawn instead."""
    lake = woodland("lake")
    assert set(water_lines(lake)) == {(10, 11), (11, 1), (1, 12), (12, 10)}
    assert water_lines(woodland("winter")) == woodland("winter").river


@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_lakes_word_is_whole_inside_its_shore(size: tuple[int, int]) -> None:
    """The Lake's word lies inside the ring of its coastal clearings, under
    no box and on no line, at every size the map is drawn at."""
    board = woodland("lake")
    layout = map_layout(board, *size, (0,))
    label = lake_label(layout, board)
    assert label is not None
    boxes = box_cells(layout)
    lined = {
        c
        for a, b in drawn_lines(board, water_lines(board))
        for c in trail_cells(layout, a, b, boxes)
    }
    corners = ring(layout, board.lake_ring)
    for dx in range(len(LAKE_WORD)):
        cell = (label[0] + dx, label[1])
        assert cell not in boxes | lined and inside_ring(cell, corners), cell


def test_the_screen_words_for_the_ferry_and_the_mountain() -> None:
    """The count of a sail is asked as a sail; the line under the map names
    the Ferry, a coastal clearing, the Pass and the closed paths."""
    from boardgames_tui.games.root import GAME
    from boardgames_tui.games.root.factions.marquise import CATS
    from boardgames_tui.ui.root.choices import move_to
    from boardgames_tui.ui.root.words import map_words
    from tests.games.root.helpers import put
    from tests.games.root.test_root_maps import on

    lake = on("lake")
    put(lake, 1, cats=2)
    pick = move_to(lake, GAME.legal_actions(lake), 1, 11)
    assert pick.title == "Sail on the Ferry from Gulf (1) to Bay (11): how many?"
    assert len(pick.actions) == 2
    assert map_words(lake, 1) == ["Ferry here: sail to any coastal clearing, draw a card"]
    assert map_words(lake, 10) == ["coastal"] and map_words(lake, 2) == []
    mountain = on("mountain")
    assert mountain.clearings[10].warriors.get(CATS) is None
    assert map_words(mountain, 10) == ["the Pass: its ruler scores 1 at the end of their Evening"]
    assert map_words(mountain, 5) == [
        "closed paths to Peak (2), Ledge (9) (clear one in Daylight: a card, 1 point)"
    ]


# ------------------------------------------------------------- the forests
#: Every room the map gets.
FOREST_SIZES = ALL_SIZES
#: The forests whose ring of clearings has no room inside on the drawing at
#: some size (their boxes and lines covering the ring): marked beside their
#: clearings, on the side the printed map has them.  They fill up at 80x24,
#: where the boxes fill the 52 columns, and the Mountain's third forest (its
#: ring Ledge, Pass, Ramp: the Ledge-Ramp path bent round the Pass) at 60x22
#: too.
SQUEEZED = {"autumn": {1, 7}, "lake": {7, 8}, "mountain": {3}}


def forest_marks(board: WoodlandMap, size: tuple[int, int]) -> tuple[MapLayout, dict[int, Cell]]:
    """The layout with every forest as a place (its number), its marks by forest."""
    places = {100 + f.number: f.number for f in board.forests}
    layout = map_layout(board, *size, (0,), places)
    return layout, {places[p]: cell for p, cell in layout.marks.items()}


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", FOREST_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_forest_is_marked_among_its_clearings(map_id: str, size: tuple[int, int]) -> None:
    """Each forest's mark is on the map's rows, on no box, no path, no river
    and not the Lake's word, two cells at least from another mark; inside
    the ring of its own clearings and in no other forest's, where its ring
    has room; else beside its clearings (two cells from a box at most)."""
    board = woodland(map_id)
    layout, marks = forest_marks(board, size)
    assert sorted(marks) == [f.number for f in board.forests]
    boxes = box_cells(layout)
    lined = {
        c
        for a, b in drawn_lines(board, water_lines(board))
        for c in trail_cells(layout, a, b, boxes)
    }
    label = lake_label(layout, board)
    word = {(label[0] + i, label[1]) for i in range(len(LAKE_WORD))} if label else set()
    for number, (x, y) in marks.items():
        assert 0 <= x < layout.width and 0 <= y < layout.below_y, number
        assert (x, y) not in boxes | lined | word, number
        others = [c for f, c in marks.items() if f != number]
        assert all(max(abs(x - ox), abs(y - oy)) >= 2 for ox, oy in others), number
        corners = ring(layout, board.forests[number - 1].clearings)
        free = [
            (cx, cy)
            for cx in range(layout.width)
            for cy in range(layout.below_y)
            if (cx, cy) not in boxes | lined | word and inside_ring((cx, cy), corners)
        ]
        if free:
            assert inside_ring((x, y), corners), number
            for other in board.forests:
                if other.number != number:
                    assert not inside_ring((x, y), ring(layout, other.clearings)), (number, other)
        else:
            assert number in SQUEEZED.get(map_id, set()), number
            near = min(
                max(bx - x, x - (bx + layout.box_w - 1), by - y, y - (by + layout.box_h - 1))
                for n, (bx, by) in layout.boxes.items()
                if n in board.forests[number - 1].clearings
            )
            assert near <= 2, (number, near)


@pytest.mark.parametrize("map_id", MAPS)
def test_a_forest_is_clicked_and_pointed_at_by_its_cell(map_id: str) -> None:
    """The mouse finds a forest's place at its mark; the arrows reach every
    clearing and forest from anywhere, stepping onto a forest as onto a
    clearing (its place lies in the middle of its clearings on the printed
    map)."""
    board = woodland(map_id)
    places = {100 + f.number: f.number for f in board.forests}
    layout = map_layout(board, 70, 37, (0,), places)
    for place, (x, y) in layout.marks.items():
        assert layout.box_at(x, y) == place
    for start in (*board.numbers, *places):
        seen = {start}
        todo = [start]
        while todo:
            here = todo.pop()
            for key in ("up", "down", "left", "right"):
                there = step(board, here, key, (0,), places)
                if there is not None and there not in seen:
                    seen.add(there)
                    todo.append(there)
        assert seen == {*board.numbers, *places, 0}, start


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", ALL_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_two_lines_run_along_each_other(map_id: str, size: tuple[int, int]) -> None:
    """Two lines from one clearing share at most the cell where they leave
    its box side by side (a fork), never a run of cells where which goes
    where cannot be read: a line bent round a box goes its own way, not
    along a path from its clearing (the Mountain's closed path Brim-Ledge
    once ran three to five cells up the path Slope-Brim).  The Lake's
    shore from Gulf may run along itself (water beside water reads as one
    shore); lines from four clearings share a cell only at a printed
    bridge (:data:`BRIDGES`, see ``test_no_two_paths_cross``)."""
    board = woodland(map_id)
    lines_run_apart(board, map_layout(board, *size, (0,)))


def lines_run_apart(board: WoodlandMap, layout: MapLayout) -> None:
    """Two lines from one clearing share a cell at most (see the test above)."""
    inside = box_cells(layout)
    water = set(water_lines(board))
    drawn: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for line in lines(board):
        for cell in trail_cells(layout, *line, inside):
            drawn.setdefault(cell, set()).add(line)
    shared: dict[frozenset[tuple[int, int]], int] = {}
    for found in drawn.values():
        for p in found:
            for q in found:
                if p < q and len({*p, *q}) == 3 and not {p, q} <= water:
                    key = frozenset((p, q))
                    shared[key] = shared.get(key, 0) + 1
    assert all(count <= 1 for count in shared.values()), shared


def drawn_clean(board: WoodlandMap, layout: MapLayout) -> None:
    """Every check above on one layout: the boxes whole and apart, no line
    crossed (but at a bridge) or hidden, no two boxes touching, every name
    whole or short, no two lines running along each other."""
    drawn_whole_and_apart(board, layout)
    crossing_only_at_bridges(board, layout)
    no_line_hidden_no_box_touching(board, layout)
    names_read(board, layout)
    lines_run_apart(board, layout)
