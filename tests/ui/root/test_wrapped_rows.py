"""Root's text panels (the side panel, the words under the map) draw each
line's rows once and keep them while the line stands (issue 49): the rows
they draw, those kept from the last repaint among them, are Textual's
drawing of the whole text, piece for piece, the place each piece carries
included, move after move at both sizes; and the height the layout measures
(each line's kept) is Textual's measure of the whole text, there and for
texts of every shape (blank lines, a last line ended, words longer than the
width, the text's wrapping and overflow rules)."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import pytest
from rich.console import Console
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap, Styles
from textual.strip import Strip
from textual.visual import Visual

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.panels import TextPanel
from boardgames_tui.ui.root.side_panel import SidePanel
from boardgames_tui.ui.root.wrapped import LineCache, LineRows
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import TABLES, Table, moves_counted, played

ROOT_TABLES = [t for t in TABLES if t.game == "root"]


def drawn(panel: TextPanel, visual: Visual) -> list[Strip]:
    width, height = panel.size
    return Visual.to_strips(panel, visual, width, height, panel.visual_style)


def pieces(strips: list[Strip]) -> list[list[tuple[str, object]]]:
    return [[(seg.text, seg.style) for seg in strip] for strip in strips]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", ROOT_TABLES, ids=str)
async def test_panels_draw_as_textual_draws_their_text(
    table: Table,
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
) -> None:
    app = new_app(session=played(table))
    compared: list[str] = []
    failures: list[str] = []

    def check(screen: GameScreen, count: RenderCount) -> None:
        for panel in screen.query(TextPanel):
            width, height = panel.size
            if not (width and height and panel.display):
                continue
            # (Its rows as kept from the last repaint, and as Textual draws
            # the same text whole.)
            ours_visual = panel.render()
            theirs_visual = Content.from_rich_text(panel.text(), app.console)
            ours, theirs = drawn(panel, ours_visual), drawn(panel, theirs_visual)
            compared.append(panel.id or "")
            if pieces(ours) != pieces(theirs):
                failures.append(f"move {len(screen.session.actions)}: #{panel.id} differs")
            # (Its height, measured line by line with the lines' heights
            # kept, at its width and others, as Textual measures the text.)
            rules = cast(RulesMap, panel.styles)
            for at in sorted({width, max(1, width - 7), max(1, width // 2)}):
                if ours_visual.get_height(rules, at) != theirs_visual.get_height(rules, at):
                    failures.append(
                        f"move {len(screen.session.actions)}: #{panel.id} height at {at}"
                    )

    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, 5, check)
    assert made == 5
    assert "boards" in compared
    assert not failures, "\n".join(failures)


def test_a_text_measured_line_by_line_is_as_tall_as_textual_measures_it() -> None:
    console = Console()
    rng = random.Random(49)
    words = ["a", "Marquise", "(Ben)", "·", "13", "warriors,", "", "   ", "x" * 30, "Mud,"]
    cache = LineCache()  # (one panel's, over texts, widths and rules)
    for _ in range(600):
        lines = [
            " ".join(rng.choice(words) for _ in range(rng.randint(0, 12)))
            for _ in range(rng.randint(1, 8))
        ]
        text = Text("\n".join(lines) + rng.choice(["", "\n"]))
        styles = Styles()
        if rng.random() < 0.3:
            styles.text_wrap = "nowrap"
        if rng.random() < 0.3:
            styles.text_overflow = rng.choice(["ellipsis", "fold", "clip"])
        rules, width = styles.get_rules(), rng.randint(1, 60)
        ours = LineRows.of(text, console, cache).get_height(rules, width)
        assert ours == Content.from_rich_text(text, console).get_height(rules, width), (
            repr(text.plain),
            width,
        )


@pytest.mark.parametrize("table", ROOT_TABLES, ids=str)
async def test_the_side_drawn_at_two_widths_in_turn_keeps_its_lines_rows(
    table: Table,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 120x40 the side panel is drawn in turn at two widths: with its
    scroll's bar while the list is read beside it (A), without it after the
    move.  A move that keeps the table (no hand-off: the same hand shown)
    draws anew only the lines that changed since the panel was last drawn
    at that width: most lines keep their rows (every line was drawn anew,
    the rows of the other width kept in their place)."""
    app = new_app(session=played(table))
    side: list[LineCache] = []
    lines = drawn_anew = 0
    #: In a move's key (``moving``); in the side panel's drawing, as nested.
    moving: list[bool] = []
    drawing: list[bool] = []
    #: The counts before a move's key, and those of the moves that kept the table.
    start: list[int] = [0, 0]
    kept = [0, 0]
    rows, one = LineRows.render_strips, Content.render_strips

    def panel_rows(self: LineRows, *args: Any) -> list[Strip]:
        nonlocal lines
        ours = bool(side) and self.cache is side[0] and bool(moving)
        if ours:
            lines += self.plain.count("\n") + 1
        drawing.append(ours)  # (the lines drawn in it are counted: ``line_rows``)
        try:
            return rows(self, *args)
        finally:
            drawing.pop()

    def line_rows(self: Content, *args: Any) -> list[Strip]:
        nonlocal drawn_anew
        if type(self) is Content and drawing and drawing[-1]:
            drawn_anew += 1
        return one(self, *args)

    monkeypatch.setattr(LineRows, "render_strips", panel_rows)
    monkeypatch.setattr(Content, "render_strips", line_rows)

    def before(screen: GameScreen) -> None:
        if not side:
            side.append(screen.query_one(SidePanel)._line_rows)
        moving[:] = [True]
        start[:] = [lines, drawn_anew]

    def after(screen: GameScreen, count: RenderCount) -> None:
        moving.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        kept[0] += lines - start[0]
        kept[1] += drawn_anew - start[1]

    async with app.run_test(size=(120, 40)) as pilot:
        made = await moves_counted(app, pilot, 6, check, before, after)
    assert made == 6
    assert kept[0], "the side panel was not drawn in a move that kept the table"
    assert kept[1] * 2 < kept[0], f"{kept[1]} of {kept[0]} lines drawn anew"
