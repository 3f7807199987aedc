"""A move at a wide table does between Enter and its frame only the work
the frame needs (issue 49).

Moves are made as a player without the direct keys makes them (A focuses
the action list, Home, Enter plays its first action), 30 moves into a
four-player game at 120x40, where every panel shows at once and the focus
goes back to the board after the move.  Each move is counted:

- the grid's redraws (``GroundsView._rebuild``): the move's own (``show``)
  and the frame's check that the grid is drawn for its size; the focus
  event that follows a move's ``focus_board`` drew the grid again for the
  focus it was drawn for already, working out everything the grid reads to
  find nothing to draw;
- the grid's layouts worked out (``grid_layout``'s, each a ``GridLayout``
  made): the hint's fit and a redraw worked out the same layout in every
  move, for cards and a width that had not changed since the first;
- the action list's descriptions put through ``textwrap`` that come out as
  they went in (one line, the description itself): most of a new list's;
- the action list's rows compared before and after its new list is set
  (``_rows_shown``) where the focus going back to the board has the whole
  list to be painted already.
"""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.underwing import grid
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.widgets.action_picker import ActionPicker
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

#: Moves counted.
MOVES = 8


async def test_a_wide_move_redraws_the_grid_once_and_wraps_nothing_for_nothing(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    count: Counter[str] = Counter()
    rebuild = GroundsView._rebuild
    wrap = textwrap.wrap
    made_layout = grid.GridLayout
    #: The layouts worked out in the move (each made anew).
    layouts: list[grid.GridLayout] = []

    rows_shown = ActionPicker._rows_shown

    def counted_rows(picker: ActionPicker, region: Any = None) -> Any:
        count["rows compared"] += 1
        return rows_shown(picker, region)

    def counted_rebuild(view: GroundsView, repaint: bool = True) -> None:
        count["redraws"] += 1
        rebuild(view, repaint)

    def counted_wrap(text: str, width: int = 70, **options: Any) -> list[str]:
        lines = wrap(text, width, **options)
        count["wrapped as it was"] += lines == [text]
        return lines

    def counted_layout(*fields: Any, **named: Any) -> grid.GridLayout:
        made = made_layout(*fields, **named)
        count["layouts again"] += made in layouts  # (the same cards at the same width)
        layouts.append(made)
        return made

    monkeypatch.setattr(GroundsView, "_rebuild", counted_rebuild)
    monkeypatch.setattr(textwrap, "wrap", counted_wrap)
    monkeypatch.setattr(grid, "GridLayout", counted_layout)
    monkeypatch.setattr(ActionPicker, "_rows_shown", counted_rows)
    app = new_app(session=played(Table("underwing", 4, into=30)))
    failures: list[str] = []
    focus_moves = 0
    focused_before: list[object] = []

    def before(screen: GameScreen) -> None:
        layouts.clear()
        count.clear()
        focused_before[:] = [screen.focused]

    def check(screen: GameScreen, _: RenderCount) -> None:
        nonlocal focus_moves
        moved = screen.focused is not focused_before[0]
        focus_moves += moved
        move = len(screen.session.actions)
        if moved and count["rows compared"]:
            failures.append(f"move {move}: the list's rows compared {count['rows compared']} times")
        if count["redraws"] > 2:
            failures.append(f"move {move}: the grid redrawn {count['redraws']} times")
        if count["layouts again"]:
            failures.append(f"move {move}: {count['layouts again']} layouts worked out again")
        if count["wrapped as it was"]:
            failures.append(
                f"move {move}: {count['wrapped as it was']} descriptions wrapped for nothing"
            )

    async with app.run_test(size=(120, 40)) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert focus_moves, "no counted move gave the board the focus back: the case is not met"
    assert not failures, "\n".join(failures)
