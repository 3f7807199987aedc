"""A move paints only the log's new lines (issue 49).

A move adds a line or two to the log and scrolls it by them: every other row
shows what the row below it showed a frame before.  Textual's styles cache
paints a widget whole again when it scrolls, each row asking the log for its
line (``render_line``) and framing it again (border, padding, colours); the
log keeps its rows as painted, by the line they show, and asks only for the
lines no row showed before.  Counted over moves made from the action list at
120x40, 30 moves into a four-player game, where the log is full and follows
its end.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.strip import Strip

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets import game_log
from boardgames_tui.ui.widgets.frame_look import FrameLook
from boardgames_tui.ui.widgets.game_log import GameLog
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

#: Moves counted.
MOVES = 6


async def test_a_move_paints_only_the_logs_new_lines(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[int] = []
    render_line = GameLog.render_line

    def counted(log: GameLog, y: int) -> Strip:
        asked.append(y)
        return render_line(log, y)

    monkeypatch.setattr(GameLog, "render_line", counted)
    app = new_app(session=played(Table("underwing", 4, into=30)))
    failures: list[str] = []
    lines_before: list[int] = []
    scrolled = 0

    def before(screen: GameScreen) -> None:
        log = screen.query_one("#log", GameLog)
        lines_before[:] = [len(log.lines), int(log.scroll_y)]
        asked.clear()

    def check(screen: GameScreen, _: RenderCount) -> None:
        nonlocal scrolled
        log = screen.query_one("#log", GameLog)
        added = len(log.lines) - lines_before[0]
        scrolled += int(log.scroll_y) != lines_before[1]
        if len(asked) > added:
            failures.append(
                f"move {len(screen.session.actions)}: {len(asked)} log lines painted"
                f" for {added} new"
            )
        asked.clear()

    async with app.run_test(size=(120, 40)) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert scrolled, "no counted move scrolled the log: the case is not met"
    assert not failures, "\n".join(failures)


async def test_the_rows_kept_are_the_rows_textual_paints(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rows kept, forgotten when more than a few are kept, are the rows
    Textual's own painting of the log gives (its styles cache's)."""
    monkeypatch.setattr(game_log, "STYLED_KEPT", 4)
    app = new_app(session=played(Table("underwing", 4, into=30)))
    failures: list[str] = []

    def check(screen: GameScreen, _: RenderCount) -> None:
        log = screen.query_one("#log", GameLog)
        whole = Region(0, 0, *log.outer_size)
        kept = log.render_lines(whole)
        if kept != FrameLook.render_lines(log, whole):
            failures.append(f"move {len(screen.session.actions)}: the log's rows differ")

    async with app.run_test(size=(120, 40)) as pilot:
        made = await moves_counted(app, pilot, 4, check)
    assert made == 4, f"only {made} moves made"
    assert not failures, "\n".join(failures)
