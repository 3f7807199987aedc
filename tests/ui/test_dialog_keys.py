"""Issue 45, item 10: a footer under a dialog shows only the dialog's keys.

Every screen that opens over a game's table (the kit's choice and text
dialogs, Tyrants' card view and tables behind a key, Root's boards and
cards, the advice, the palette, the questions) draws a key bar of its own
over the table's, covering every row of it: the table's keys do nothing
while the dialog is open, so none may show beneath it -- as the person sees
the whole picture (the table dimmed behind the dialog), not only the top
screen.  And it stays so when the table's bar changes under an open dialog
(the window resized: at 80 columns the bar takes two rows, at 120 one; a
card view showed the table's "⏎ Act" row above its own "esc/⏎ Close").
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.test_footer_truth import GAMES, NOT_PRESSED, at_the_table, offered, played

#: The four games (the footer tests' positions, a few moves in).
FOUR = [game for game in GAMES if game != "sevens"]
SIZES = [(80, 24), (120, 40)]
#: Keys that open something over the table from any game screen.
ALWAYS_OPEN = ("question_mark", "ctrl+p", "escape")


def picture(app: BoardgamesApp) -> list[str]:
    """Every row of the whole picture as a person sees it (the screens
    beneath a dialog included), blank rows kept."""
    rows: dict[int, list[tuple[float, str]]] = {}
    for match in re.finditer(
        r'<text[^>]*x="([0-9.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>([^<]*)</text>',
        app.export_screenshot(),
    ):
        x, line, text = match.groups()
        cell = html.unescape(text).replace("\xa0", " ")
        rows.setdefault(int(line), []).append((float(x), cell))
    return ["".join(t for _, t in sorted(rows.get(y, []))).rstrip() for y in range(app.size.height)]


def own_keys_only(app: BoardgamesApp, table: Screen[Any], where: str) -> None:
    """The rows of the table's key bar, as the person sees them with the top
    screen open over it, read only the top screen's own keys: its own at the
    bottom, and above them (where the table's bar is taller) none of the
    table's (a blank row, or the dialog's own frame over it)."""
    top = app.screen
    bars = list(top.query(KeyBar))
    assert bars, f"{where}: {type(top).__name__} has no key bar of its own"
    own = [row.rstrip() for row in bars[0].render().plain.split("\n") if row.strip()]
    table_bar = table.query_one(KeyBar)
    theirs = [row.strip() for row in table_bar.render().plain.split("\n") if row.strip()]
    rows = max(table_bar.rows, len(own))
    seen = picture(app)[-rows:]
    shown = f"{where}: {type(top).__name__} shows {seen}, its own keys are {own}"
    assert seen[len(seen) - len(own) :] == own, shown
    for row in seen[: len(seen) - len(own)]:
        assert not any(row.strip()[:12] == key[:12] for key in theirs), shown


async def settle(pilot: Pilot[Any]) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("game", FOUR)
async def test_every_dialog_over_the_table_shows_only_its_own_keys(
    game: str, saves_dir: Path
) -> None:
    """Each key the table offers that opens a screen over it, at both sizes;
    then the terminal resized with the dialog open (the table's bar changes
    its rows beneath it)."""
    save = played(game, saves_dir)
    opened: set[str] = set()
    for size, other in zip(SIZES, reversed(SIZES), strict=True):
        app = make_app(saves_dir, session=Session.load(save), bot_delay=0)
        app.animation_level = "none"
        async with app.run_test(size=size) as pilot:
            table = await at_the_table(app, pilot)
            moves = len(table.session.actions)
            # The keys that open something first, then a key of play, which may
            # open a choice among its actions or play one (then the table is
            # another: the keys after it are not pressed).  Undo is not pressed.
            shown = [k for k in offered(table) if k not in (*NOT_PRESSED, *ALWAYS_OPEN, "ctrl+z")]
            plays = [
                k for k in shown if table.active_bindings[k].binding.action.startswith("take(")
            ]
            keys = [*ALWAYS_OPEN, *(k for k in shown if k not in plays), *plays]
            for key in keys:
                await pilot.press(key)
                await settle(pilot)
                if len(table.session.actions) != moves or app.screen is table:
                    if len(table.session.actions) != moves:
                        break
                    continue
                where = f"{game}, {size}, {key}"
                if not app.screen.is_modal:
                    # A screen of its own (the help): the table is not in sight.
                    await app.pop_screen()
                    await pilot.pause()
                    continue
                own_keys_only(app, table, where)
                if type(app.screen).__name__ not in opened:
                    # The window resized under the dialog, and back.
                    await pilot.resize_terminal(*other)
                    await settle(pilot)
                    own_keys_only(app, table, f"{where}, resized to {other}")
                    await pilot.resize_terminal(*size)
                    await settle(pilot)
                    own_keys_only(app, table, f"{where}, resized back")
                opened.add(type(app.screen).__name__)
                while app.screen is not table and len(app.screen_stack) > 1:
                    await app.pop_screen()
                    await pilot.pause()
                table.panels.close()
                await pilot.pause()
    assert {"AdviceDialog", "Palette", "ConfirmDialog"} <= opened, opened
