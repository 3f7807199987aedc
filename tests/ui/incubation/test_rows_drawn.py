"""A move paints only the rows of Incubation's parts that read differently,
and draws a row through Rich only for a line that row has not shown before
(issue 49: "a move repaints only what changed").

Moves are made as a player without the direct keys makes them (A, Home,
Enter), some way into a seeded game.  For each part of the board, every
row painted in the move is counted, with what it shows: a row painted with
the picture it already had is painted for nothing (the key bar, the kit's,
is left out of this count: at 80 columns it repaints both its rows when
one changes).  And for those parts and the key bar every row drawn anew
through Rich (``text_rows.text_strips``) is counted with the line it
draws: a line that row showed before, at the same width and style, is
drawn twice for nothing (the decks' keys lit at the dice step
and dimmed at the next, a die's face seen again, the key bar's Undo back:
each row was drawn anew every time, 4-5 rows a move of the 8-9 painted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.incubation.panel import IncubationPanel
from boardgames_tui.ui.incubation.screen import IncubationScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets import text_rows
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.render_count import RenderCount, part_name
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 10


def watched(screen: GameScreen) -> list[Widget]:
    """Incubation's panels on screen, and the key bar."""
    parts: list[Widget] = [p for p in screen.query(IncubationPanel) if p.on_screen]
    return [*parts, screen.query_one(KeyBar)]


def line_key(line: Text, width: int, base: Style) -> tuple[object, ...]:
    return (line.plain, tuple(line.spans), line.style, width, base)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_move_paints_and_draws_only_rows_that_read_differently(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    names: set[str] = set()
    #: Every line each part's rows have shown, by part and row.
    shown: dict[tuple[str, int], set[tuple[object, ...]]] = {}
    drawn: Counter[str] = Counter()
    drawn_again: Counter[str] = Counter()
    painted: Counter[str] = Counter()
    painted_same: Counter[str] = Counter()
    #: Each row's picture as last painted, by part and row.
    pictures: dict[tuple[str, int], object] = {}
    strips = text_rows.text_strips

    def counted_strips(
        lines: list[Text],
        widget: Widget,
        width: int,
        base: Style,
        first: int = 0,
        pieces: Any = None,
    ) -> Any:
        name = part_name(widget)
        if name in names:
            for y, line in enumerate(lines, first):
                seen = shown.setdefault((name, y), set())
                key = line_key(line, width, base)
                drawn[name] += 1
                drawn_again[name] += key in seen
                seen.add(key)
        return strips(lines, widget, width, base, first, pieces)

    monkeypatch.setattr(text_rows, "text_strips", counted_strips)
    app = new_app(session=played(Table("incubation", 2, into=30)))
    failures: list[str] = []
    totals: Counter[str] = Counter()

    def watch(widget: Widget) -> None:
        name = part_name(widget)
        names.add(name)
        line = widget.render_line

        def render_line(y: int) -> Any:
            strip = line(y)
            picture = tuple((s.text, s.style) for s in strip)
            painted[name] += 1
            painted_same[name] += pictures.get((name, y)) == picture
            pictures[(name, y)] = picture
            return strip

        widget.render_line = render_line  # type: ignore[method-assign]

    def before(screen: GameScreen) -> None:
        for widget in watched(screen):
            if part_name(widget) not in names:
                watch(widget)
        for counter in (drawn, drawn_again, painted, painted_same):
            counter.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        move = len(screen.session.actions)
        totals.update(painted)
        totals.update({f"{n} drawn": k for n, k in drawn.items()})
        for name in sorted(names):
            if painted_same[name] and name != "KeyBar":
                failures.append(
                    f"move {move}: {name} painted {painted_same[name]} of its "
                    f"{painted[name]} rows as they were"
                )
            if drawn_again[name]:
                failures.append(
                    f"move {move}: {name} drew {drawn_again[name]} of {drawn[name]} rows "
                    "anew for a line the row showed before"
                )

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, before)
        assert isinstance(app.screen, IncubationScreen)
    assert done == MOVES, f"only {done} moves made"
    # (The case is met: rows were painted and drawn in the moves counted.)
    assert sum(totals.values()) > MOVES, totals
    assert not failures, "painted or drawn for nothing:\n" + "\n".join(failures)
