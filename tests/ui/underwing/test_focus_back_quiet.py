"""A move that sends the focus back to the board scrolls it into view at
once, where Textual's ``set_focus`` would queue a callback to the screen to
do so (a message and a turn of the screen's queue before every such move's
frame; issue 49), and leaves the focus where it was: on the board."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.events import Callback
from textual.message import Message
from textual.messages import InvokeLater

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 6


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_focus_goes_back_to_the_board_with_no_scroll_callback(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    queued: list[str] = []
    post = UnderwingScreen.post_message

    def counted(screen: UnderwingScreen, message: Message) -> bool:
        if isinstance(message, Callback):
            func = getattr(message.callback, "func", message.callback)
            queued.append(getattr(func, "__qualname__", repr(func)))
        return post(screen, message)

    monkeypatch.setattr(UnderwingScreen, "post_message", counted)
    failures: list[str] = []
    backs = 0

    def before(screen: GameScreen) -> None:
        queued.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        nonlocal backs
        backs += isinstance(screen.focused, GroundsView)
        scrolls = [name for name in queued if "scroll_to_center" in name]
        if scrolls:
            failures.append(f"move {len(screen.session.actions)}: {scrolls}")

    app = new_app(session=played(Table("underwing", 4, into=30)))
    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert backs, "no move sent the focus back to the board"
    assert not failures, "a scroll callback queued:\n" + "\n".join(failures)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_redraw_queues_one_callback_for_after_its_frame(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The grid fitted to its room and the decider's mat kept in view, once
    the move's frame is made: one callback a redraw queues (not one each)."""
    queued: list[str] = []
    post = UnderwingScreen.post_message

    def counted(screen: UnderwingScreen, message: Message) -> bool:
        if isinstance(message, InvokeLater):
            func = getattr(message.callback, "func", message.callback)
            name = getattr(func, "__qualname__", repr(func))
            if not name.startswith(("Screen.", "Widget.", "App.")):
                queued.append(name)
        return post(screen, message)

    monkeypatch.setattr(UnderwingScreen, "post_message", counted)
    failures: list[str] = []

    def before(screen: GameScreen) -> None:
        queued.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        if len(queued) != 1:
            failures.append(f"move {len(screen.session.actions)}: {queued}")

    app = new_app(session=played(Table("underwing", 4, into=30)))
    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert not failures, "callbacks queued for after a move's frame:\n" + "\n".join(failures)
