"""At a crowded table (four players at 80x24) the side (players, list, log)
lies over the board on a layer of its own, and the board stays laid out
beneath it: a move that closes the list hides the side alone (no Hide, Show
or Resize to the board's parts, which keep their place and size), the board
is not drawn while covered, and it is drawn, up to date, as the side goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.message import Message
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from tests.games.underwing.helpers import new_game, phase
from tests.ui.helpers import screen_lines, wait_for

from .helpers import screen_of, session_at

AppFactory = Callable[..., BoardgamesApp]

#: The board column and its parts.
BOARD = ("#board", "#grounds", "#detail", "#supply", "#field")
LAYOUT_EVENTS = (events.Resize, events.Show, events.Hide)


def heard(screen: UnderwingScreen) -> list[str]:
    """From now on, the layout events posted to the board's parts, as
    ``"grounds Resize"``, in a list that grows."""
    got: list[str] = []
    for selector in BOARD:
        widget = screen.query_one(selector, Widget)
        post = widget.post_message

        def noted(message: Message, widget: Widget = widget, post: Any = post) -> bool:
            if isinstance(message, LAYOUT_EVENTS):
                got.append(f"{widget.id} {type(message).__name__}")
            return bool(post(message))

        widget.post_message = noted  # type: ignore[method-assign]
    return got


def on_board(screen: UnderwingScreen) -> bool:
    """The focus is back on the board (the grounds or the Field)."""
    focused = screen.focused
    return focused is not None and focused.id in ("grounds", "field")


def regions(screen: UnderwingScreen) -> dict[str, object]:
    return {s: screen.query_one(s, Widget).region for s in BOARD}


async def test_a_move_that_closes_the_list_leaves_the_board_laid_out(
    new_app: AppFactory,
) -> None:
    state = new_game(4)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert screen.has_class("-crowded")
        laid_out = regions(screen)
        got = heard(screen)
        await pilot.press("a")
        picker = screen.picker
        assert await wait_for(pilot, lambda: "All actions" in "".join(screen_lines(app)))
        assert "All actions" in "".join(screen_lines(app))
        # Covered, not hidden: the board keeps its place and size.
        assert got == []  # (before: Hide to the board and each of its parts)
        assert regions(screen) == laid_out
        # Enter on a handler sent to the Field (the next player decides:
        # the list closes).
        sending = next(i for i, a in enumerate(picker.actions) if a.kind == "assign_field")
        picker.highlighted = sending
        await pilot.pause()
        before = len(session.actions)
        await pilot.press("enter")
        assert await wait_for(pilot, lambda: on_board(screen))
        await pilot.pause()
        assert len(session.actions) == before + 1 and screen.panels.open is None
        assert await wait_for(pilot, lambda: "All actions" not in "".join(screen_lines(app)))
        assert got == []  # (before: Show and Resize to each)
        assert regions(screen) == laid_out
        # The board shows again, drawn for the player deciding now.
        lines = screen_lines(app)
        name = session.seats[session.to_act or 0].name
        assert any(line.lstrip().startswith(name) for line in lines[:3])
        assert "Bag " in "".join(lines) and "╭─→" in "".join(lines)  # the supply, the Field


async def test_the_board_is_drawn_as_the_side_goes_not_beneath_it(
    new_app: AppFactory,
) -> None:
    state = new_game(4)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        grounds = screen.query_one(GroundsView)
        await pilot.press("a")
        await pilot.pause()
        shown = grounds.board
        # A move that leaves the same person deciding (a trade put
        # together) keeps the list open: the board beneath is not drawn.
        picker = screen.picker
        offer = next(i for i, a in enumerate(picker.actions) if a.kind == "offer_trade")
        picker.highlighted = offer
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.panels.open == "picker" and screen.has_class("-crowded")
        assert grounds.board is shown
        await pilot.press("escape")  # the trade called off: the list stays
        assert await wait_for(pilot, lambda: session.state.trade is None)  # type: ignore[attr-defined]
        await pilot.pause()
        assert screen.panels.open == "picker" and grounds.board is shown
        await pilot.press("escape")  # the list closes
        assert await wait_for(pilot, lambda: on_board(screen))
        assert grounds.board is not shown and screen.panels.open is None
        assert grounds.board is not None and grounds.board.state is session.state
