"""A move's frame asks each part of Underwing's screen only for the rows
that changed (issue 49: a frame that paints much less), and the screen it
leaves is the one a whole repaint draws.

Moves are made as a player without the direct keys makes them (A, Home,
Enter), some way into a seeded game at four players, and every frame the
game's screen writes is watched:

- the rows each part is asked for: in a frame of changes, only those from
  the first to the last row on which a changed region meets the part (on
  its columns).  Textual asked every part the changed regions' bounding
  rectangle touched (a move changes the hint at the top and the key bar at
  the bottom: the whole screen) for all its lines, to write out the few
  that changed: the bag, the Field, the card at the cursor and the mats of
  players the move did not touch, every line of each, in every move;
- what the frames wrote, put together as a terminal would (each update on
  the last), is after every move what a whole repaint of the screen shows,
  cell for cell: the rows not asked for are not needed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.segment import Segment
from textual._compositor import ChopsUpdate, Compositor, LayoutUpdate
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.render_count import RenderCount, part_name
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 6

Cell = tuple[str, str]


def cells(segments: Iterable[Segment]) -> list[Cell]:
    """A line's cells: each character with its style (a wide one takes two)."""
    out: list[Cell] = []
    for segment in segments:
        if segment.control:
            continue
        style = str(segment.style) if segment.style else ""
        for char in segment.text:
            out.append((char, style))
            if cell_len(char) == 2:
                out.append(("", style))
    return out


class Watched:
    """The frames the game screen's compositor writes, applied to a model
    of the terminal, and the rows each part was asked for in each frame
    of changes, with the changed regions of that frame."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.compositor: Compositor | None = None
        self.screen: list[list[Cell]] = []
        #: This frame's changed regions (None: a whole repaint).
        self.changed: list[Region] | None = None
        #: Rows a part was asked for outside its changed rows, and the
        #: lines each part was asked for since the last reset.
        self.outside: list[str] = []
        self.asked: Counter[str] = Counter()
        update = Compositor.render_update

        def render_update(compositor: Compositor, full: bool = False, **kwargs: Any) -> Any:
            if compositor is not self.compositor:
                return update(compositor, full, **kwargs)
            whole = full or compositor.size.region in compositor._dirty_regions
            self.changed = None if whole else list(compositor._dirty_regions)
            try:
                result = update(compositor, full, **kwargs)
            finally:
                self.changed = None
            self.apply(compositor, result)
            return result

        monkeypatch.setattr(Compositor, "render_update", render_update)

    def watch(self, screen: GameScreen) -> None:
        if self.compositor is not screen._compositor:
            # (From here on the model follows what the frames write.)
            self.compositor = screen._compositor
            self.screen = self.whole(screen._compositor)
        for widget in screen.walk_children(Widget, with_self=True):
            lines = widget.render_lines
            if getattr(lines, "watched", False):
                continue

            def asked(crop: Region, _widget: Widget = widget, _lines: Any = lines) -> list[Strip]:
                self.asked_for(_widget, crop)
                return list(_lines(crop))

            asked.watched = True  # type: ignore[attr-defined]
            widget.render_lines = asked  # type: ignore[method-assign]

    def asked_for(self, widget: Widget, crop: Region) -> None:
        name = part_name(widget)
        self.asked[name] += crop.height
        changed, compositor = self.changed, self.compositor
        if changed is None or compositor is None or not crop.height:
            return
        region, _clip = compositor.visible_widgets[widget]
        asked = crop.translate(region.offset)

        def meets(y: int) -> bool:
            row = Region(asked.x, y, asked.width, 1)
            return any(row.overlaps(r) for r in changed)

        if not (meets(asked.y) and meets(asked.bottom - 1)):
            self.outside.append(f"{name}: rows {asked.y}-{asked.bottom - 1} of {region}")

    def apply(self, compositor: Compositor, update: object) -> None:
        width, height = compositor.size
        if isinstance(update, LayoutUpdate):
            self.screen = [[(" ", "")] * width for _ in range(height)]
            for y, line in enumerate(update.strips, update.region.y):
                row = cells(segment for strip in line for segment in strip)
                self.screen[y][update.region.x : update.region.x + len(row)] = row
        elif isinstance(update, ChopsUpdate) and self.screen:
            for y, x1, x2 in update.spans:
                for end, (x, strip) in zip(
                    update.chop_ends[y], update.chops[y].items(), strict=True
                ):
                    if strip is None or x >= x2 or end <= x1:
                        continue
                    for at, cell in enumerate(cells(strip), x):
                        if x1 <= at < x2:
                            self.screen[y][at] = cell

    def whole(self, compositor: Compositor) -> list[list[Cell]]:
        return [cells(strip) for strip in compositor.render_strips()]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("into", [30, 6], ids=["place", "assign"])
async def test_a_move_asks_each_part_only_for_its_changed_rows(
    size: tuple[int, int],
    into: int,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    watched = Watched(monkeypatch)
    app = new_app(session=played(Table("underwing", 4, into=into)))
    failures: list[str] = []
    asked: list[int] = []

    def before(screen: GameScreen) -> None:
        watched.watch(screen)
        watched.outside.clear()
        watched.asked.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        move = len(screen.session.actions)
        asked.append(sum(watched.asked.values()))
        if watched.outside:
            failures.append(f"move {move}: asked outside its changed rows: {watched.outside}")
        if watched.screen != watched.whole(screen._compositor):
            failures.append(f"move {move}: the screen written is not the screen drawn whole")

    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert not failures, "\n".join(failures)
    # (Every frame of changes asks a part or two: the test saw them.)
    assert all(asked), asked
