"""The straight-drawn scrollbar looks exactly as Textual's own does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.geometry import Region
from textual.scrollbar import ScrollBar
from textual.strip import Strip
from textual.widgets import RichLog

from boardgames_tui.ui.widgets.scrollbars import StraightScrollBar, StraightScrollbars


class StraightLog(StraightScrollbars, RichLog):
    pass


class TwoLogs(App[None]):
    AUTO_FOCUS = None  # neither log drawn as focused unless a test says so
    CSS = """
    RichLog { width: 1fr; height: 12; }
    .wide { scrollbar-size-vertical: 2; }
    """

    def compose(self) -> ComposeResult:
        with Horizontal():
            yield StraightLog(id="straight")
            yield RichLog(id="textual")


def drawn(bar: ScrollBar, crop: Region | None = None) -> list[list[object]]:
    """The bar's rows as segments, drawn afresh."""
    bar._set_dirty()
    strips: list[Strip] = bar.render_lines(crop or Region(0, 0, *bar.size))
    return [list(strip) for strip in strips]


def fill(app: TwoLogs, lines: int) -> list[RichLog]:
    """Both logs, each given the same lines."""
    logs = list(app.query(RichLog))
    for log in logs:
        for n in range(lines):
            log.write(f"line {n} " * 3)
    return logs


async def test_the_log_gets_a_straight_bar() -> None:
    app = TwoLogs()
    async with app.run_test(size=(80, 20)) as pilot:
        fill(app, 40)
        await pilot.pause()
        straight = app.query_one("#straight", RichLog).vertical_scrollbar
        textual = app.query_one("#textual", RichLog).vertical_scrollbar
        assert isinstance(straight, StraightScrollBar)
        assert not isinstance(textual, StraightScrollBar)
        assert straight.display and straight.size.height == 12


@settings(max_examples=25, deadline=None)
@given(
    lines=st.integers(min_value=0, max_value=80),
    scrolled=st.floats(min_value=0, max_value=1),
    state=st.sampled_from(["plain", "hover", "grabbed", "focus"]),
    wide=st.booleans(),
    theme=st.sampled_from(["textual-dark", "textual-light", "nord"]),
    crop_top=st.integers(min_value=0, max_value=11),
)
async def test_a_straight_bar_draws_what_textuals_draws(
    lines: int, scrolled: float, state: str, wide: bool, theme: str, crop_top: int
) -> None:
    app = TwoLogs()
    async with app.run_test(size=(80, 20)) as pilot:
        app.theme = theme
        logs = fill(app, lines)
        for log in logs:
            log.set_class(wide, "wide")
        await pilot.pause()
        for log in logs:
            log.scroll_to(y=round(log.max_scroll_y * scrolled), animate=False)
        if state == "focus":
            logs[0].focus()
        await pilot.pause()
        bars = [log.vertical_scrollbar for log in logs]
        assert isinstance(bars[0], StraightScrollBar)
        for bar in bars:
            bar.mouse_over = state == "hover"
            if state == "grabbed":
                bar.grabbed = bar.region.offset
        if state == "focus":
            # Each log in turn, so that both are drawn as the focused one.
            first = drawn(bars[0])
            logs[1].focus()
            await pilot.pause()
            assert first == drawn(bars[1])
            return
        assert bars[0].size == bars[1].size
        assert drawn(bars[0]) == drawn(bars[1])
        width, height = bars[0].size
        if height:
            crop = Region(0, min(crop_top, height - 1), width, height - min(crop_top, height - 1))
            assert drawn(bars[0], crop) == drawn(bars[1], crop)
            if width > 1:
                side = Region(1, 0, 1, height)
                assert drawn(bars[0], side) == drawn(bars[1], side)


async def test_a_bar_with_its_own_border_is_drawn_by_textual() -> None:
    """Styles the straight drawing does not do fall back to Textual's."""
    app = TwoLogs()
    async with app.run_test(size=(80, 20)) as pilot:
        bars = [log.vertical_scrollbar for log in fill(app, 40)]
        await pilot.pause()
        for bar in bars:
            bar.styles.tint = "red 50%"
        assert drawn(bars[0]) == drawn(bars[1])
