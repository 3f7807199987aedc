"""``?`` (the advice) in the footer wherever advice may be given, at 80x24
as at 120x40, in every game: the bar closes up (one column between keys,
a key's aliases left to the help) before a key that matters gives way.
Where no advice may be given (a watching window, a replay, the table's
setting off), ``?`` is not offered and says why when pressed."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding

from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.test_footer_truth import GAMES, MODES, at_the_table, opener, played
from tests.ui.test_footer_undo import pressed_key_explains

SIZES = [(80, 24), (120, 40)]


def offered(screen: GameScreen) -> bool:
    """``?`` in the footer: in the key bar's line as drawn (a game's own
    screen), or among the keys shown (Textual's footer, the generic one)."""
    bars = screen.query(KeyBar)
    if bars:
        line = bars.first().render().plain
        assert all(len(row) <= screen.size.width for row in line.split("\n")), line
        if "? Advice" in line:
            assert "^q Quit" in line and "f1 Help" in line, line
        return "? Advice" in line
    return any(
        active.binding.action == "advice" and active.binding.show and active.enabled
        for active in screen.active_bindings.values()
    )


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", GAMES)
async def test_the_footer_offers_advice_wherever_it_may_be_given(
    game: str, mode: str, size: tuple[int, int], saves_dir: Path
) -> None:
    app = opener(mode, played(game, saves_dir), saves_dir)()
    async with app.run_test(size=size) as pilot:
        screen = await at_the_table(app, pilot)
        for _ in range(3):
            await pilot.pause()
        refusal = screen.advice_refusal()
        where = f"{game}, {mode}, {size}"
        if mode in ("keyboard", "seat"):
            assert refusal is None, where  # a person deciding here
        assert offered(screen) == (refusal is None), f"{where}: {refusal}"
        if refusal is None:
            # The table's setting off: no longer offered, and ? says so.
            screen.action_toggle_advice()
            for _ in range(3):
                await pilot.pause()
            refusal = screen.advice_refusal()
            assert refusal is not None
            assert not offered(screen), where
        await pressed_key_explains(screen, pilot, "question_mark", refusal, where)


class Bar(App[None]):
    """A key bar over bindings of its own."""

    BINDINGS = [
        Binding("enter,space", "a", "Assign"),
        Binding("n", "b", "Pass"),
        Binding("question_mark", "advice", "Advice"),
        Binding("f1", "help", "Help"),
        Binding("ctrl+s", "save", "Save"),
    ]
    ENABLE_COMMAND_PALETTE = False

    def compose(self) -> ComposeResult:
        yield KeyBar()


#: One row: the screen's own keys, then the keys every screen has in their
#: one order (the same as on two rows).
WIDE = " ⏎/space Assign  n Pass  f1 Help  ^s Save  ? Advice"


@pytest.mark.parametrize(
    ("width", "rows"),
    [
        (80, [WIDE]),
        # A column short with two between: closed up, nothing gone.
        (len(WIDE), [" ⏎ Assign n Pass f1 Help ^s Save ? Advice"]),
        # Closed up and still too long: a second row, the keys every screen
        # has under the screen's own (in the order every game's row has), two
        # columns between them again.
        (40, [" ⏎/space Assign  n Pass", " f1 Help  ^s Save  ? Advice"]),
        (28, [" ⏎/space Assign  n Pass", " f1 Help  ^s Save  ? Advice"]),
        # Two rows closed up.
        (25, [" ⏎ Assign n Pass", " f1 Help ^s Save ? Advice"]),
        # Two rows and still too long: Save gives way, then the advice (and
        # Save comes back where the advice's going left it room).
        (20, [" ⏎ Assign n Pass", " f1 Help ? Advice"]),
        (16, [" ⏎ Assign n Pass", " f1 Help ^s Save"]),
    ],
)
async def test_the_bar_closes_up_then_takes_a_row_before_a_key_gives_way(
    width: int, rows: list[str]
) -> None:
    app = Bar()
    async with app.run_test(size=(width, 5)) as pilot:
        await pilot.pause()
        bar = app.screen.query_one(KeyBar)
        drawn: Text = bar.render()
        assert [row.rstrip() for row in drawn.plain.split("\n")] == rows
        assert all(len(row) <= width for row in drawn.plain.split("\n"))
        assert bar.size.height == len(rows)
