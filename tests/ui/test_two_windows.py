"""The same game open in two windows: the second (here, another process
holding the save's lock) keeps it; this window only watches, follows its
moves, writes nothing, and takes the game over once the other closes it."""

from __future__ import annotations

import io
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import OptionList

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import holder, lock_path
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.widgets.save_status import SaveStatus
from tests.engine.lockholder import Holder
from tests.ui.helpers import leave_game, messages, wait_until

AppFactory = Callable[..., BoardgamesApp]
#: The watching window looks once a second; a busy machine may take longer.
WAIT = 30.0

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")


@pytest.fixture
def save(saves_dir: Path) -> Path:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], {"rounds": 8}, seed=5, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path


@pytest.fixture
def other(save: Path) -> Iterator[Holder]:
    held = Holder(save)
    assert held.first == "LOCKED"
    yield held
    held.close()


def game_screen(app: BoardgamesApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


async def test_a_game_open_elsewhere_is_only_watched(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    before = save.read_bytes()
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        assert screen.read_only
        await wait_until(
            pilot,
            lambda: (
                f"This game is open in another window (process {other.pid}): you can watch it here"
                in messages(app)
            ),
        )
        status = screen.query_one(SaveStatus)
        assert status.state == "watching" and status.display
        # No move, no undo, no save from here; the file is untouched.
        for key in ("1", "enter", "ctrl+z", "ctrl+s"):
            await pilot.press(key)
        await pilot.pause()
        assert len(screen.session.actions) == 1
        assert save.read_bytes() == before
        # The other window moves: this one shows it.
        assert other.send("move") == "MOVED 2"
        await wait_until(pilot, lambda: len(game_screen(app).session.actions) == 2, WAIT)
        assert game_screen(app).read_only
        # The other window closes the game: this one may play it now.
        assert other.send("release") == "RELEASED"
        await wait_until(pilot, lambda: not game_screen(app).read_only, WAIT)
        # A notification is a message to the app: it arrives a moment later.
        await wait_until(pilot, lambda: "you can play it here now" in messages(app), WAIT)
        assert status.state == "saved" and not status.display
        assert holder(save) is not None  # this window holds it now
        await pilot.press("1")
        await wait_until(pilot, lambda: len(game_screen(app).session.actions) == 3)
        assert len(Session.load(save).actions) == 3


async def test_taking_the_game_reads_the_moves_made_meanwhile(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    stale = Session.load(save)  # read while the other window still plays
    assert other.send("move") == "MOVED 2"
    assert other.send("release") == "RELEASED"
    app = new_app(session=stale)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        assert not screen.read_only
        assert len(screen.session.actions) == 2  # not written over
        await pilot.press("1")
        await wait_until(pilot, lambda: len(game_screen(app).session.actions) == 3)
    assert len(Session.load(save).actions) == 3


async def test_the_load_screen_marks_an_open_game_and_asks(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        (info,) = screen.saves
        assert f"process {other.pid}" in info.open_elsewhere
        prompt = screen.query_one("#saves", OptionList).get_option_at_index(0).prompt
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(prompt)
        assert f"Open in another window (process {other.pid})" in console.export_text()
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game_screen(app).read_only
        # Back to the menu: the watching window held no lock and wrote nothing.
        await pilot.press("escape")
        await pilot.pause()
    assert holder(save) is not None and holder(save).pid == other.pid  # type: ignore[union-attr]


async def test_continue_from_the_menu_asks_too(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    app = new_app()
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        await wait_until(pilot, lambda: app.screen.query_one("#menu", OptionList).option_count > 0)
        menu = app.screen
        await wait_until(pilot, lambda: getattr(menu, "latest", None) is not None)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game_screen(app).read_only


async def test_a_closed_game_leaves_no_lock(new_app: AppFactory, save: Path) -> None:
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert not game_screen(app).read_only
        assert holder(save) is not None
        await leave_game(pilot)
        await wait_until(pilot, lambda: not isinstance(app.screen, GameScreen))
        assert holder(save) is None


async def test_a_killed_window_hands_the_game_over(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game_screen(app).read_only
        os.kill(other.pid, signal.SIGKILL)
        other.process.wait(10)
        await wait_until(pilot, lambda: not game_screen(app).read_only, WAIT)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(game_screen(app).session.actions) == 2)
    assert len(Session.load(save).actions) == 2


async def test_a_deleted_lock_file_does_not_hand_the_game_over(
    new_app: AppFactory, save: Path, other: Holder
) -> None:
    """Deleting the lock file while the other window plays: this window
    keeps watching (it does not announce the game closed nor write), and
    follows the moves still made there."""
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert game_screen(app).read_only
        lock_path(save).unlink()
        # Several looks of the watching window (one a second).
        for _ in range(6):
            await pilot.pause(0.5)
        assert game_screen(app).read_only
        assert "you can play it here now" not in messages(app)
        assert other.send("check") == "RETAKEN"
        assert other.send("move") == "MOVED 2"
        await wait_until(pilot, lambda: len(game_screen(app).session.actions) == 2, WAIT)
        assert game_screen(app).read_only
        assert holder(save) is not None and holder(save).pid == other.pid  # type: ignore[union-attr]
        assert other.send("release") == "RELEASED"
        await wait_until(pilot, lambda: not game_screen(app).read_only, WAIT)


async def test_the_playing_window_makes_a_new_lock_file(new_app: AppFactory, save: Path) -> None:
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert not game_screen(app).read_only
        lock_path(save).unlink()
        await wait_until(pilot, lambda: lock_path(save).exists(), WAIT)
        assert holder(save) is not None and holder(save).pid == os.getpid()  # type: ignore[union-attr]
        await wait_until(pilot, lambda: "made a new one" in messages(app), WAIT)
        # A window opening the game now finds it held.
        watcher = Holder(save)
        try:
            assert watcher.first == "BUSY"
        finally:
            watcher.close()


async def test_a_window_that_lost_its_lock_file_gives_way(new_app: AppFactory, save: Path) -> None:
    """The lock file goes and another window takes the game before this one
    looks: this one watches from then on and writes nothing more."""
    app = new_app(session=Session.load(save))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        assert not screen.read_only
        timer = getattr(screen, "_lock_timer", None)
        if timer is not None:
            timer.pause()  # so the newcomer comes first
        lock_path(save).unlink()
        newcomer = Holder(save)
        try:
            assert newcomer.first == "LOCKED"
            before = save.read_bytes()
            await pilot.press("1")  # its save looks at the lock first
            await wait_until(pilot, lambda: game_screen(app).read_only, WAIT)
            await wait_until(pilot, lambda: "only watches it now" in messages(app), WAIT)
            await pilot.pause(0.3)
            assert save.read_bytes() == before
            assert newcomer.send("move") == "MOVED 2"
            await wait_until(
                pilot,
                lambda: game_screen(app).session.actions == Session.load(save).actions,
                WAIT,
            )
        finally:
            newcomer.close()
