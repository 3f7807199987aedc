"""A frame paints through Textual's styles cache only the parts whose rows
changed (issue 49): containers, parts drawn row by row nobody asked to
repaint and scrollbars showing what they showed give back their rows as
painted, and a scrollbar is repainted only when its picture changed."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widget import Widget

from boardgames_tui.ui.widgets.laid_out import Column, Row
from boardgames_tui.ui.widgets.scrollbars import PanelScroll, StraightScrollBar
from boardgames_tui.ui.widgets.text_rows import TextRows


class Words(TextRows, Widget):
    """A few lines of words, one a row."""

    def __init__(self, lines: list[str], id: str) -> None:
        super().__init__(id=id)
        self.lines = lines

    def text_rows(self) -> list[Text]:
        return [Text(line) for line in self.lines]

    def say(self, lines: list[str]) -> None:
        before = self.text_rows()
        self.lines = lines
        self.refresh_rows(before, self.text_rows())


class Parts(App[None]):
    CSS = """
    Row { height: 1fr; }
    Column { width: 1fr; }
    #left { height: 5; border: round $primary; padding: 0 1; }
    #right { height: 1; }
    #long { height: 200; }
    PanelScroll { height: 8; border: round $secondary; }
    """

    def compose(self) -> ComposeResult:
        with Row():
            with Column(id="board"):
                yield Words(["one", "two", "three"], id="left")
                yield Words(["four"], id="right")
            with Column(id="side"):
                yield PanelScroll(Words([f"row {n}" for n in range(200)], id="long"), id="panel")


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> Iterator[Counter[str]]:
    """The parts painted through Textual's styles cache, by name."""
    counts: Counter[str] = Counter()
    paint = Widget.render_lines

    def counted(self: Widget, crop: Region) -> list[Strip]:
        counts[self.id or type(self).__name__] += 1
        return paint(self, crop)

    monkeypatch.setattr(Widget, "render_lines", counted)
    yield counts


def rows(strips: list[Strip]) -> list[list[object]]:
    return [list(strip) for strip in strips]


async def test_a_frame_paints_only_the_part_that_changed(painted: Counter[str]) -> None:
    app = Parts()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        left = app.query_one("#left", Words)
        for n in range(3):
            painted.clear()
            left.say(["one", f"two {n}", "three"])
            await pilot.pause()
            # The row that changed, painted; the containers under it, the
            # other parts and the bar, given back as painted (the screen,
            # Textual's own here, is painted as before).
            del painted["_default"]
            assert painted == Counter({"left": 1}), painted
        board = app.query_one("#board", Column)
        region = Region(0, 0, *board.size)
        kept = board.render_lines(region)
        assert rows(kept) == rows(Widget.render_lines(board, region))
        for part in (left, app.query_one("#right", Words), app.query_one("#panel", PanelScroll)):
            region = Region(0, 0, *part.size)
            assert rows(part.render_lines(region)) == rows(Widget.render_lines(part, region))


async def test_a_part_restyled_is_painted_again(painted: Counter[str]) -> None:
    app = Parts()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        painted.clear()
        app.query_one("#board", Column).styles.background = "red"
        await pilot.pause()
        assert painted["board"] >= 1
        assert painted["right"] >= 1  # (drawn over its parent's new background)
        region = Region(0, 0, *app.query_one("#right", Words).size)
        right = app.query_one("#right", Words)
        assert rows(right.render_lines(region)) == rows(Widget.render_lines(right, region))


def same_cells_as(bar: ScrollBar, virtual: int) -> int:
    """A scrolled size, more than ``virtual``, at which ``bar`` draws the
    same cells."""
    style = bar.render().style  # type: ignore[attr-defined]

    def cells(size: int) -> list[object]:
        return list(
            bar.renderer.render_bar(
                size=bar.size.height,
                virtual_size=size,
                window_size=bar.window_size,
                position=bar.position,
                thickness=bar.size.width,
                vertical=True,
                back_color=style.bgcolor,
                bar_color=style.color,
            ).segments
        )

    for other in range(virtual + 1, virtual + 200):
        if cells(other) == cells(virtual):
            return other
    raise AssertionError("no scrolled size draws the same cells")


async def test_a_bar_is_repainted_only_when_its_picture_changed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = Parts()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        bar = app.query_one("#panel", PanelScroll).vertical_scrollbar
        assert isinstance(bar, StraightScrollBar) and bar.display
        repaints: list[ScrollBar] = []
        refresh = ScrollBar.refresh

        def counted(self: ScrollBar, *regions: Region, **kwargs: bool) -> ScrollBar:
            if not (regions or kwargs.get("layout") or kwargs.get("recompose")):
                repaints.append(self)
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(ScrollBar, "refresh", counted)
        bar.window_virtual_size = same_cells_as(bar, bar.window_virtual_size)
        await pilot.pause()
        assert repaints == []  # (the thumb in the same cells)
        bar.window_virtual_size = bar.window_size + 1
        await pilot.pause()
        assert repaints == [bar]  # (a longer thumb)


async def test_a_bar_whose_thumb_moved_is_repainted_without_its_styles_looked_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its cells alone tell it changed: the styles it is drawn over (its
    text style and background, an ancestor walk each) are looked up only
    where its cells are the same."""
    app = Parts()
    async with app.run_test(size=(60, 16)) as pilot:
        await pilot.pause()
        bar = app.query_one("#panel", PanelScroll).vertical_scrollbar
        assert isinstance(bar, StraightScrollBar) and bar.display
        before = bar.render_lines(bar.size.region)
        pictures: list[StraightScrollBar] = []
        picture = StraightScrollBar._picture

        def counted(self: StraightScrollBar, *cells: Any) -> tuple[object, ...]:
            pictures.append(self)
            return picture(self, *cells)

        monkeypatch.setattr(StraightScrollBar, "_picture", counted)
        bar.window_virtual_size = bar.window_size + 1
        bar._refresh_if_stale()
        assert pictures == []
        # (Painted, it shows the longer thumb.)
        assert bar.render_lines(bar.size.region) != before
        assert pictures == [bar]
        pictures.clear()
        bar.window_virtual_size = 40
        bar.render_lines(bar.size.region)
        pictures.clear()
        bar.window_virtual_size = same_cells_as(bar, 40)
        bar._refresh_if_stale()
        assert pictures == [bar]
