"""Root's action list at 80x24 and 120x40: its words leave room for its
scrollbar (issue 45), and a move lays it out once (issue 49).

- A long list (a Daylight with battles and moves, more options than rows),
  read page by page as it is drawn: on every row the column before the
  scrollbar is blank (no word runs into the bar: "Battle the Eyrie in▃▃"),
  and every option seen whole reads its description whole, word for word.
- The list and the boards keep their scrollbars' columns: the list's words
  are wrapped once for its width, and moves that make it longer or shorter
  than its rows, or give it the room of the boards (A) and take it back,
  never wrap them again; and each move restyles the side column alone (the
  focus leaving the list), not the whole screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.widgets.action_picker import ActionPicker
from tests.ui import test_render_once as render_once
from tests.ui.helpers import lifted, screen_lines, wait_until
from tests.ui.render_count import RenderCount

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]
THREE = {"factions": "marquise,eyrie,duchy", "seating": "chosen"}


def a_long_list(longest: int = 14) -> Session:
    """Three seats, seeded random moves until a person chooses among at
    least ``longest`` actions, battles among them (their words are long)."""
    seats = [Seat(name=name) for name in ("Ana", "Ben", "Cy")]
    session = Session.new("root", seats, dict(THREE), seed=5, autosave=False)
    bots = [get_bot("random", seed=i, game=session.game) for i in range(3)]
    while not session.is_over:
        legal = session.legal_actions()
        battles = any(a.kind == "battle" for a in legal)
        if len(session.actions) > 40 and len(legal) >= longest and battles:
            return session
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat), legal))
    raise AssertionError("no long list in this game")


def words(text: str) -> str:
    return " ".join(text.split())


def rows_read(app: BoardgamesApp, picker: ActionPicker) -> list[str]:
    """Each row the list shows, as drawn: its text from the list's left
    edge to the scrollbar (the bar's own column left out)."""
    lines = screen_lines(app)
    text = picker.content_region
    bar = picker.vertical_scrollbar.region
    assert bar.width and bar.x >= text.x, "the list shows no scrollbar"
    return [lines[y][text.x : bar.x] for y in range(text.y, text.bottom)]


def check_rows(app: BoardgamesApp, picker: ActionPicker, descriptions: list[str]) -> int:
    """The rows on screen leave the column before the bar blank, and each
    option whose rows are all on screen reads its words whole; how many
    options were seen whole."""
    rows = rows_read(app, picker)
    touching = [row for row in rows if row[-1:] != " "]
    assert not touching, "words run into the scrollbar:\n" + "\n".join(touching)
    top = picker.scroll_offset.y
    shown: dict[int, list[str]] = {}
    for y, row in enumerate(rows):
        line = top + y
        if line < len(picker._lines):
            index, _ = picker._lines[line]
            shown.setdefault(index, []).append(row)
    whole = 0
    for index, option_rows in shown.items():
        count = sum(1 for at, _ in picker._lines if at == index)
        if len(option_rows) < count:
            continue  # (cut at the top or the bottom edge)
        read = words(" ".join(option_rows))
        number = f"{index + 1} " if index < 9 else ""
        assert read == words(number + descriptions[index]), f"option {index + 1} reads {read!r}"
        whole += 1
    return whole


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_long_lists_words_leave_room_for_its_scrollbar(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = a_long_list()
    descriptions = [session.describe(a) for a in session.legal_actions()]
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await lifted(app, pilot, RootScreen)
        await pilot.press("a")
        picker = screen.picker
        await wait_until(pilot, lambda: picker.has_focus)
        await pilot.pause()
        assert picker.max_scroll_y > 0, "the list fits: not a long list"
        seen = 0
        for _ in range(len(descriptions)):
            seen += check_rows(app, picker, descriptions)
            if picker.scroll_offset.y >= picker.max_scroll_y:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert seen >= len(descriptions), "some options were never seen whole"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_moves_never_wrap_the_list_again_nor_restyle_the_screen(
    size: tuple[int, int],
    new_app: AppFactory,
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Moves made from the list (A, Home, Enter), as ``test_render_once``
    makes them: the list's words are wrapped for one width, and a move
    restyles the side column (the list or the log giving the boards their
    room back) and the part the focus leaves, a few widgets, not the
    screen's every one."""
    table = next(t for t in render_once.TABLES if t.game == "root" and t.players == 3)
    session = render_once.played(table)
    app = new_app(session=session)
    restyled: list[int] = [0]
    update_nodes = Stylesheet.update_nodes

    def counted(sheet: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        restyled[0] += len(nodes)
        update_nodes(sheet, nodes, animate=animate)

    reset = RenderCount.reset
    set_actions = ActionPicker.set_actions
    filled: list[int] = [0]

    def reset_both(count: RenderCount) -> None:
        restyled[0] = filled[0] = 0
        reset(count)

    def counted_filling(picker: ActionPicker, choices: Any) -> None:
        filled[0] += 1
        set_actions(picker, choices)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    monkeypatch.setattr(RenderCount, "reset", reset_both)
    monkeypatch.setattr(ActionPicker, "set_actions", counted_filling)
    widths: set[int] = set()
    restyles: list[int] = []

    def check(screen: Any, count: RenderCount) -> None:
        restyles.append(restyled[0])
        # (At 80 columns the list hides after a move, and is filled when A
        # shows it again: not in the move.)
        assert filled[0] <= 1, f"the list was filled {filled[0]} times for one move"
        widths.add(screen.picker._wrapped_at)
        filled[0] = 0

    async with app.run_test(size=size) as pilot:
        made = await render_once.moves_counted(app, pilot, 6, check)
    assert made == 6
    assert len(widths) == 1, f"the list was wrapped at {sorted(widths)} columns"
    # (The list losing the focus, the side column and what it holds.)
    assert max(restyles) <= 8, f"widgets restyled per move: {restyles}"
