"""When saving fails (the disk fills up: the write raises ENOSPC): the move
stands, one notification says so, the header says "Not saved" until a save
works again, and leaving the game or quitting asks first and offers to save
the game to another file."""

from __future__ import annotations

import errno
import gc
import os
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

import pytest
from textual.widgets import Button, Input, Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.unsaved import UnsavedDialog
from boardgames_tui.ui.widgets.save_status import SaveStatus
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")


class Disk:
    """The saves folder's disk: ``full`` makes every write to a file in it
    fail with ENOSPC, as a full disk does (other folders are not on it)."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = folder.resolve()
        self.full = False
        self.failed = 0
        real = os.fdopen

        def fdopen(fd: int, *args: Any, **kwargs: Any) -> IO[Any]:
            handle = real(fd, *args, **kwargs)
            where = Path(os.readlink(f"/proc/self/fd/{fd}")).parent
            if self.full and where == self.folder:
                return FullFile(handle, self)  # type: ignore[return-value]
            return handle

        monkeypatch.setattr(os, "fdopen", fdopen)


class FullFile:
    def __init__(self, handle: IO[Any], disk: Disk) -> None:
        self.handle = handle
        self.disk = disk

    def __enter__(self) -> FullFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()

    def write(self, text: str) -> int:
        self.disk.failed += 1
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.handle, name)


def two_people(saves_dir: Path) -> Session:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], {"rounds": 8}, seed=9, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    return session


def not_saved_notes(app: BoardgamesApp) -> list[str]:
    return [n.message for n in app.notes if n.title == "Not saved"]


def screen_of(app: BoardgamesApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def same_game(path: Path, session: Session) -> None:
    loaded = Session.load(path)
    game = session.game
    assert [game.dump_action(a) for a in loaded.actions] == [
        game.dump_action(a) for a in session.actions
    ]
    assert game.dump_state(loaded.state) == game.dump_state(session.state)


async def test_a_full_disk_is_shown_until_a_save_works_again(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    assert session.path is not None
    good = session.path.read_bytes()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        status = screen_of(app).query_one(SaveStatus)
        assert not status.display
        disk.full = True
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 2)
        await pilot.press("2")
        await wait_until(pilot, lambda: len(session.actions) == 3)
        assert disk.failed == 2
        # Both moves stand; the file is the last good save, no temporary left.
        assert session.path.read_bytes() == good
        assert [p.name for p in saves_dir.iterdir() if p.name.endswith(".tmp")] == []
        # One notification, the header says so for as long as it lasts.
        notes = not_saved_notes(app)
        assert len(notes) == 1 and "No space left on device" in notes[0]
        assert status.state == "unsaved" and status.display
        assert "Not saved" in str(status.render())
        # Ctrl+S retries, still failing: still unsaved.
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert status.state == "unsaved" and disk.failed == 3
        # The disk has room again: the next move is saved, the header clears.
        disk.full = False
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 4)
        assert status.state == "saved" and not status.display
        assert "The game is saved again." in [n.message for n in app.notes]
        same_game(session.path, session)


async def test_leaving_with_unsaved_moves_asks_and_saves_elsewhere(
    new_app: AppFactory, saves_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        disk.full = True
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 2)
        await pilot.press("2")
        await wait_until(pilot, lambda: len(session.actions) == 3)
        # Escape (back to the menu) asks first; Escape again stays in the game.
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        question = str(app.screen.query_one("#unsaved-question", Static).render())
        assert "The last 2 moves are not saved" in question
        assert "No space left on device" in question
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        # Ctrl+Q asks too.  Saving on the full disk again fails in the dialog.
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        dialog = app.screen
        path_input = dialog.query_one("#unsaved-path", Input)
        assert path_input.value.endswith(session.path.name)  # type: ignore[union-attr]
        path_input.value = str(saves_dir / "again.json")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is dialog
        assert "No space left on device" in str(dialog.query_one("#unsaved-error", Static).render())
        # Another disk: saved, and the app quits.
        path_input.value = str(elsewhere)  # a folder: the save's own name in it
        await pilot.press("enter")
        await wait_until(pilot, lambda: not app.is_running)
    saved = elsewhere / session.path.name  # type: ignore[union-attr]
    same_game(saved, session)


async def test_leave_unsaved_is_a_choice(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        disk.full = True
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 2)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        question = str(app.screen.query_one("#unsaved-question", Static).render())
        assert "The last move is not saved" in question
        await pilot.click(app.screen.query_one("#leave", Button))
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
    assert len(Session.load(session.path).actions) == 1  # type: ignore[arg-type]


async def test_a_saved_game_leaves_without_asking(new_app: AppFactory, saves_dir: Path) -> None:
    session = two_people(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1")
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: not app.is_running)


async def test_a_move_is_saved_after_its_frame_and_when_leaving_at_once(
    new_app: AppFactory, saves_dir: Path
) -> None:
    """A move's save waits for the frame that shows it, and is written
    whatever comes first: that frame, or leaving the program at once."""
    session = two_people(saves_dir)
    assert session.path is not None
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = screen_of(app)
        screen.play(session.legal_actions()[0])
        assert session.save_pending  # not yet: the move is drawn first
        assert not gc.isenabled()  # nor the garbage collector's work
        # The frame comes (a pause of the pilot may end before it does).
        await wait_until(pilot, lambda: not session.save_pending)
        assert gc.isenabled()
        same_game(session.path, session)
        screen.play(session.legal_actions()[0])
        screen.play(session.legal_actions()[0])
        app.exit()
    assert not session.save_pending and gc.isenabled()
    assert len(session.actions) == 4
    same_game(session.path, session)
