"""The key bar shows the keys as they are at every moment, though it works
out its rows only when its keys, their state or its width change (issue
49): a key turned off or on, a new screen's keys, a screen's keys changed
while another covered it, a resize to another width and back, and a
resize at the same width (the bar's own height set, its screen shown
again), which looks at nothing again."""

from __future__ import annotations

from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import wait_for


class Table(Screen[None]):
    """A screen whose Pass key a test turns off and on, and whose Trade key
    it shows or hides."""

    BINDINGS = [
        Binding("enter", "play", "Play"),
        Binding("n", "pass", "Pass"),
        Binding("t", "trade", "Trade"),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.passing = True
        self.trading = False

    def compose(self) -> ComposeResult:
        yield KeyBar()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pass":
            return self.passing or None  # (None: shown, dimmed)
        if action == "trade":
            return self.trading  # (False: not shown)
        return True


class Cover(Screen[None]):
    """Another screen with keys of its own."""

    BINDINGS = [Binding("enter", "ready", "Ready")]

    def compose(self) -> ComposeResult:
        yield KeyBar()


class Bars(App[None]):
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        self.push_screen(Table())


def drawn(screen: Screen[None]) -> list[tuple[str, bool]]:
    """The words the screen's bar draws, each with whether it is drawn as
    usable (not in the bar's disabled style)."""
    bar = screen.query_one(KeyBar)
    off = bar.get_component_rich_style("keybar--disabled")
    text: Text = bar.render()
    words: list[tuple[str, bool]] = []
    for span in text.spans:
        word = text.plain[span.start : span.end].strip()
        if word:
            words.append((word, span.style != off))
    return words


async def change(table: Table, pilot: Pilot[None], **keys: bool) -> None:
    """Turn the table's keys (``passing``, ``trading``) as ``keys`` say,
    and signal it, as a game's screen does after a move."""
    for name, on in keys.items():
        setattr(table, name, on)
    table.refresh_bindings()
    await pilot.pause()


async def at_the_table(app: Bars, pilot: Pilot[None]) -> Table:
    await pilot.pause()
    table = app.screen
    assert isinstance(table, Table)
    return table


def rows(screen: Screen[None]) -> list[str]:
    return [row.rstrip() for row in screen.query_one(KeyBar).render().plain.split("\n")]


async def test_the_bar_shows_every_change_of_the_keys_after_working_them_out() -> None:
    app = Bars()
    async with app.run_test(size=(80, 10)) as pilot:
        table = await at_the_table(app, pilot)
        first = drawn(table)
        assert ("Pass", True) in first and "Trade" not in dict(first)

        # A key turned off: shown dimmed; on again: shown usable.
        await change(table, pilot, passing=False)
        await wait_for(pilot, lambda: ("Pass", False) in drawn(table))
        assert ("Pass", False) in drawn(table)
        await change(table, pilot, passing=True)
        await wait_for(pilot, lambda: drawn(table) == first)
        assert drawn(table) == first

        # A key that comes: shown; nothing else changed, nothing else drawn.
        await change(table, pilot, trading=True)
        await wait_for(pilot, lambda: ("Trade", True) in drawn(table))
        assert ("Trade", True) in drawn(table)

        # A new screen's keys: its own bar shows them, not the table's.
        await app.push_screen(Cover())
        await wait_for(pilot, lambda: [word for word, _ in drawn(app.screen)] == ["⏎", "Ready"])
        assert [word for word, _ in drawn(app.screen)] == ["⏎", "Ready"]

        # The table's keys changed while it was covered: shown when it is
        # uncovered (its bar, shown again at the same width, looks at
        # nothing again, and needs not: the change came by the signal).
        await change(table, pilot, passing=False, trading=False)
        app.pop_screen()
        await wait_for(pilot, lambda: app.screen is table and ("Pass", False) in drawn(table))
        assert app.screen is table
        uncovered = drawn(table)
        assert ("Pass", False) in uncovered and "Trade" not in dict(uncovered)


async def test_the_bar_works_its_rows_out_again_at_another_width() -> None:
    app = Bars()
    async with app.run_test(size=(80, 10)) as pilot:
        table = await at_the_table(app, pilot)
        await change(table, pilot, trading=True)
        await wait_for(pilot, lambda: "Trade" in dict(drawn(table)))
        wide = rows(table)
        assert wide == [" ⏎ Play  n Pass  t Trade  f1 Help"]

        # Narrower than one row holds: two rows (the screen's own keys
        # part where both fit, the nearest place to the keys every screen has).
        await pilot.resize_terminal(24, 10)
        await wait_for(
            pilot, lambda: len(rows(table)) == 2 and table.query_one(KeyBar).size.height == 2
        )
        narrow = rows(table)
        assert narrow == [" ⏎ Play  n Pass", " t Trade  f1 Help"]
        assert table.query_one(KeyBar).size.height == 2

        # A key turned off at this width: shown dimmed on its row.
        await change(table, pilot, passing=False)
        await wait_for(pilot, lambda: ("Pass", False) in drawn(table))
        assert rows(table) == narrow and ("Pass", False) in drawn(table)

        # Wide again: one row, as wide as before, the key still dimmed.
        await pilot.resize_terminal(80, 10)
        await wait_for(pilot, lambda: rows(table) == wide)
        assert rows(table) == wide and ("Pass", False) in drawn(table)


async def test_keys_drawn_before_come_back_as_drawn_in_the_styles_of_now(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The keys of a screen go back and forth between a few sets (the
    board's, the action list's): a set drawn before at this width is drawn
    from what the bar kept, not worked out again, and shows as it is now;
    a new theme draws them afresh, in its styles."""
    app = Bars()
    async with app.run_test(size=(80, 10)) as pilot:
        table = await at_the_table(app, pilot)
        bar = table.query_one(KeyBar)
        for passing in (False, True):
            await change(table, pilot, passing=passing)
            await wait_for(pilot, lambda on=passing: ("Pass", on) in drawn(table))
        planned: list[int] = []
        plan = KeyBar._plan

        def counted(self: KeyBar, *args: Any) -> Any:
            planned.append(1)
            return plan(self, *args)

        monkeypatch.setattr(KeyBar, "_plan", counted)
        for passing in (False, True, False):
            await change(table, pilot, passing=passing)
            await wait_for(pilot, lambda on=passing: ("Pass", on) in drawn(table))
            assert ("Pass", passing) in drawn(table)
        assert planned == []

        def key_style() -> object:
            text: Text = bar.render()
            return text.spans[0].style

        before = key_style()
        app.theme = "textual-light" if app.theme != "textual-light" else "textual-dark"
        await wait_for(pilot, lambda: key_style() != before)
        assert key_style() == bar.get_component_rich_style("keybar--key") != before
        assert planned and ("Pass", False) in drawn(table)
