"""The hatching grounds' cursor is a reactive: ``validate_cursor`` keeps it on
a card and a space that exist, and each move posts one
``GroundsView.TargetChanged`` carrying the grid as ``control``, which the
screen selects by the grid's id."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

import pytest
from textual.message import Message

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.underwing.grid import space_count
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.targets import Target

from .helpers import new_session, point, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]


async def test_a_cursor_set_out_of_range_is_clamped_to_a_place_that_exists(
    new_app: AppFactory,
) -> None:
    session = new_session()
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        grounds = state_of(session).grounds
        last = len(grounds) - 1
        grid.cursor = (99, 99)
        assert grid.cursor == (last, max(-1, space_count(grounds[last]) - 1))
        grid.cursor = (-4, -9)
        assert grid.cursor == (0, -1)
        # A space past the card's last is its last space.
        egg = next(slot for slot, s in enumerate(grounds) if space_count(s) > 0)
        grid.cursor = (egg, 50)
        assert grid.cursor == (egg, space_count(grounds[egg]) - 1)
        assert grid.target == Target(slot=egg, space=space_count(grounds[egg]) - 1)


async def test_moving_the_cursor_posts_one_target_changed_from_the_grid(
    new_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new_session()
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        assert state_of(session).cols > 1
        await point(pilot, screen, 0)
        await pilot.pause()
        posted: list[Message] = []
        forward = grid.post_message

        def record(message: Message) -> bool:
            posted.append(message)
            return forward(message)

        monkeypatch.setattr(grid, "post_message", record)

        def changed() -> list[GroundsView.TargetChanged]:
            found = [m for m in posted if isinstance(m, GroundsView.TargetChanged)]
            posted.clear()
            return found

        # An arrow: one message, from the grid, saying where it points now;
        # the screen (selecting on "#grounds") follows.
        await pilot.press("right")
        await pilot.pause()
        (message,) = changed()
        assert message.control is grid and message.target == Target(slot=1)
        assert grid.cursor == (1, -1) and screen.target == Target(slot=1)
        # Set in code: the same, once; set to where it is: nothing.
        grid.cursor = (0, -1)
        await pilot.pause()
        (message,) = changed()
        assert message.control is grid and message.target == Target(slot=0)
        assert screen.target == Target(slot=0)
        grid.cursor = (0, -1)
        await pilot.pause()
        assert changed() == []


async def test_after_moves_the_lines_redrawn_are_the_whole_grid_drawn_afresh(
    new_app: AppFactory,
) -> None:
    """A move draws again only the rows of cards the cursor left and reached:
    what the grid shows then is what drawing every card anew gives."""
    session = new_session(("Ana", "Ben", "Cy", "Di"), seed=7)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        await point(pilot, screen, 0)
        visited = {grid.cursor}
        for key in ["down", "down", "right", "down", "down", "down", "left", "up", "up", "right"]:
            await pilot.press(key)
            await pilot.pause()
            visited.add(grid.cursor)
            assert grid.grid is not None
            shown = list(grid._lines)
            grid._cards.clear()
            assert grid._draw(grid.grid) == shown, (key, grid.cursor)
        # The moves went across cards, within a card, and from row to row.
        assert len({slot for slot, _ in visited}) >= 3
        assert len({slot // grid.grid.cols for slot, _ in visited}) >= 2


async def test_a_drawing_reads_the_cursor_and_theme_once_not_for_each_card(
    new_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every card's key reads the cursor, the focus and the theme: read once
    for a drawing (a drawing of cards all drawn before reads them once),
    not once for each card; the lines are the same."""
    session = new_session(("Ana", "Ben", "Cy", "Di"), seed=7)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        await point(pilot, screen, 0)
        assert grid.grid is not None and grid.board is not None
        shown = list(grid._lines)
        reads: list[str] = []
        slot = GroundsView.slot

        def counted(view: GroundsView) -> int:
            reads.append("slot")
            return cast(int, slot.fget(view))  # type: ignore[attr-defined]

        monkeypatch.setattr(GroundsView, "slot", property(counted))
        assert grid._draw(grid.grid) == shown
        assert len(grid.board.state.grounds) > 4
        assert reads == ["slot"]
