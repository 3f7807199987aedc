"""The Underdark map's layout: every site and route space in play has a place
of its own, boxes never overlap, the whole 4-player board fits the map's room
at 120x40, and the arrows reach every space from every other."""

from __future__ import annotations

from collections import deque

import pytest

from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.ui.tyrants.layout import BOX_H, BOX_W, MIN_SIZE, WIDE_BOX_W, layout, nearest
from boardgames_tui.ui.tyrants.look import short_name

MAPS = [(2, "A"), (3, "A"), (3, "B"), (4, "A")]


@pytest.mark.parametrize(("players", "side"), MAPS)
@pytest.mark.parametrize("room", [(46, 15), (76, 33)])
def test_every_space_has_a_place_of_its_own(players: int, side: str, room: tuple[int, int]) -> None:
    bmap = bd.board_map(players, side)  # type: ignore[arg-type]
    plan = layout(players, side, *room)  # type: ignore[arg-type]
    assert set(plan.boxes) == set(bmap.sites)
    assert set(plan.cells) == set(bmap.route_spaces)
    boxes = list(plan.boxes.values())
    box_w = plan.box_w
    assert BOX_W <= box_w <= WIDE_BOX_W
    for i, (x, y) in enumerate(boxes):
        assert 0 <= x <= plan.width - box_w and 0 <= y <= plan.height - BOX_H
        for ox, oy in boxes[i + 1 :]:
            assert abs(x - ox) >= box_w or abs(y - oy) >= BOX_H, "two site boxes overlap"
    cells = list(plan.cells.values())
    assert len(set(cells)) == len(cells), "two route spaces share a cell"
    for x, y in cells:
        assert not any(bx <= x < bx + box_w and by <= y < by + BOX_H for bx, by in boxes), (
            "a route space under a site box"
        )


def test_the_whole_four_player_board_fits_at_120x40() -> None:
    """The map's room at 120x40: 120 less the 44-column side panel, 40 less
    the title, prompt, hint, footer and the 3-line detail."""
    room = (120 - 44, 40 - 4 - 4)
    assert MIN_SIZE[3][0] <= room[0] and MIN_SIZE[3][1] <= room[1]
    plan = layout(4, "A", *room)
    assert (plan.width, plan.height) == room


@pytest.mark.parametrize(("players", "side"), MAPS)
def test_the_arrows_reach_every_space(players: int, side: str) -> None:
    plan = layout(players, side, 76, 32)  # type: ignore[arg-type]
    spaces = list(bd.board_map(players, side).spaces)  # type: ignore[arg-type]
    for start in spaces:
        seen = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for key in ("up", "down", "left", "right"):
                there = nearest(plan, here, key, spaces)
                if there is not None and there not in seen:
                    seen.add(there)
                    queue.append(there)
        assert seen == set(spaces), f"from {start} the arrows miss {set(spaces) - seen}"


@pytest.mark.parametrize(("players", "side"), MAPS)
@pytest.mark.parametrize("room", [(80 - 32, 24 - 9), (120 - 44, 40 - 8)])
def test_every_site_name_is_written_whole(players: int, side: str, room: tuple[int, int]) -> None:
    """Issue 45.13: with three or four players the boxes stayed narrow and
    names were cut ("Menzoberr.", "Mantol-De."): the widest boxes with which
    every site finds a place are used, at 80x24 (the map scrolls) and at
    120x40 alike, and every name is written whole (a leading "The ", "Ruins
    of " or "Halls of the " may go)."""
    plan = layout(players, side, *room)  # type: ignore[arg-type]
    assert plan.box_w == WIDE_BOX_W
    for site in plan.boxes:
        name = bd.site(site).name
        shown = short_name(name, plan.box_w - 4)
        assert not shown.endswith(".") and shown in name, (name, shown)
    assert short_name("Ruins of Dekanter", plan.box_w - 4) == "Dekanter"
    assert short_name("Halls of the Scoured Legion", plan.box_w - 4) == "Scoured Legion"
    assert plan.height <= max(room[1], MIN_SIZE[len(bd.board_map(players, side).sections)][1])  # type: ignore[arg-type]
