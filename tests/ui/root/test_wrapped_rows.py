"""Root's text panels (the side panel, the words under the map) draw each
line's rows once and keep them while the line stands (issue 49): the rows
they draw, those kept from the last repaint among them, are Textual's
drawing of the whole text, piece for piece, the place each piece carries
included, move after move at both sizes."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.panels import TextPanel
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
            ours = drawn(panel, panel.render())
            theirs = drawn(panel, Content.from_rich_text(panel.text(), app.console))
            compared.append(panel.id or "")
            if pieces(ours) != pieces(theirs):
                failures.append(f"move {len(screen.session.actions)}: #{panel.id} differs")

    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, 5, check)
    assert made == 5
    assert "boards" in compared
    assert not failures, "\n".join(failures)
