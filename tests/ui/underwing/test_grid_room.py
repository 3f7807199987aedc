"""Issue 45, item 13 (room at 80x24): at 80x24 the key bar takes two rows,
and two players' grid lost the bottom edge of its lower row of eggs (and the
claimant's name drawn in it), cut with nothing to say so.  Along a game at
80x24, for one to four players: the grid shows whole above the key bar, or,
where it cannot (three and four players' rows of eggs), its last line in
view says that more eggs are below (and its first, once scrolled, that more
are above); a cut egg never passes for the last.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widget import Widget

from boardgames_tui.app import make_app
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import screen_lines, wait_until, widget_sizes
from tests.ui.underwing.helpers import new_session

NAMES = ("Ana", "Ben", "Cy", "Dee")
#: Moves played at each table, the screen looked at after each.
MOVES = 40


@pytest.mark.parametrize("players", [1, 2, 3, 4])
async def test_the_grid_shows_whole_above_the_key_bar_or_says_what_is_below(
    players: int, saves_dir: Path
) -> None:
    session = new_session(NAMES[:players], seed=14)
    bots = [get_bot("random", 70 + i) for i in range(players)]
    app = make_app(saves_dir, session=session, bot_delay=0)
    app.animation_level = "none"
    whole = cut = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for move in range(MOVES):
            if session.is_over or session.to_act is None:
                break
            for _ in range(2):
                await pilot.pause()
            if isinstance(app.screen, HandoffScreen | PauseScreen):
                await pilot.press("enter")
                await wait_until(pilot, lambda: app.screen is screen)
            grid = screen.query_one(GroundsView)
            bar = screen.query_one(KeyBar)
            where = f"{players} players, move {move}"
            if grid.display and grid.size.height:
                box = grid.region
                assert box.bottom <= bar.region.y, f"{where}: grid {box} under the bar {bar.region}"
                lines = screen_lines(app)
                if grid.virtual_size.height <= grid.size.height:
                    whole += 1
                else:
                    cut += 1
                    last = lines[box.bottom - 1][box.x : box.right]
                    assert "more eggs below" in last or grid.scroll_offset.y == grid.max_scroll_y, (
                        f"{where}: the grid is cut ({grid.virtual_size.height} lines in "
                        f"{grid.size.height}) and its last line says nothing: {last!r}"
                    )
                    if grid.scroll_offset.y:
                        first = lines[box.y][box.x : box.right]
                        assert "more eggs above" in first, f"{where}: {first!r}"
            seat = session.to_act
            assert seat is not None
            legal = [a for a in session.legal_actions() if a.kind != "offer_trade"]
            screen.play(bots[seat].rng.choice(legal))
    # Alone, the grid has two columns of eggs and fits; at three and four
    # players it has rows of eggs it cannot show at once.  (Two players'
    # fits but for an egg of eight spaces in its upper row: 13 lines in 12.)
    assert whole + cut == MOVES, (whole, cut)
    if players == 1:
        assert not cut, (whole, cut)
    if players >= 3:
        assert cut, (whole, cut)


async def test_the_grid_takes_the_room_of_the_layout_made_not_of_a_passing_one(
    saves_dir: Path,
) -> None:
    """A resize lays the screen out in steps (the hint's lines, then the key
    bar's second row): the grid's room was judged on the step a redraw
    happened in, and a later step could leave the grid a row more than its
    column holds (the menu path's check of sizes after a resize failed on it
    now and then: grid 50x12 where the command line's was 50x11).  Here the
    hint takes another line behind the screen's back, as a later step of a
    layout would: the grid is given the room of the layout that follows,
    every part of the board stays inside its column, and when the line goes
    every part comes back to the size it had."""
    session = new_session(NAMES[:2], seed=1)
    app = make_app(saves_dir, session=session, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(3):
            await pilot.pause()
        settled = widget_sizes(screen)
        grid = screen.query_one(GroundsView)
        assert grid.virtual_size.height > grid.size.height  # (the grid is cut: it fills its room)
        column = grid.parent
        assert isinstance(column, Widget)

        def inside() -> bool:
            return all(part.region.bottom <= column.region.bottom for part in column.children)

        assert inside()
        hint = screen.query_one("#hint")
        lines = hint.size.height
        hint.styles.height = lines + 1
        await wait_until(pilot, lambda: hint.size.height == lines + 1 and inside())
        assert inside(), [(part.id, part.region) for part in column.children]
        assert grid.size.height == settled["grounds"][1] - 1
        hint.styles.height = lines
        await wait_until(pilot, lambda: widget_sizes(screen) == settled)
        assert widget_sizes(screen) == settled
