"""The save of a game played at one keyboard, and of one watched elsewhere.

Two services the screen's mode uses (``modes.py``):

- :class:`SaveKeeper`: the window playing the game at one keyboard holds
  the save's lock (``engine/lock.py``), looks now and then that the lock
  file is still its own, and writes the save: after each move, on request,
  after an undo.
- :class:`LockWatch`: a window that found the game open in another reads
  its save as it changes, and takes the game over once the other window
  lets it go.

What a move's save waits for (the frame that shows it) and what a failed
save shows are the screen's (``game_saves.Saves``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.timer import Timer

from boardgames_tui.engine.lock import OPEN_ELSEWHERE, LockState, SaveLock
from boardgames_tui.engine.savefile import SaveError, new_save_path, read_save
from boardgames_tui.engine.session import Session, UndoError, UndoPlan

if TYPE_CHECKING:
    from .game_core import ScreenCore

#: How often a window watching a game open elsewhere looks for new moves,
#: and how often the window playing it makes sure its lock file is still there.
WATCH_SECONDS = 1.0


class SaveKeeper:
    """The lock of the game's save and every write of it, for the window
    playing the game at one keyboard."""

    def __init__(self, screen: ScreenCore, lock: SaveLock | None = None) -> None:
        self.screen = screen
        #: The lock that makes this the one window playing the game.
        self.lock = lock
        self._timer: Timer | None = None
        #: The lock path's problem already told (said once, not every look).
        self._problem_told: str | None = None

    # ------------------------------------------------------------ the lock
    def take(self) -> SaveLock | None:
        """Become the one window playing the game (None), or the lock another
        window holds (this one watches then)."""
        session = self.screen.session
        if self.lock is not None or session.path is None:
            self._hold()
            return None
        lock = SaveLock(session.path)
        if not lock.acquire():
            return lock
        self.lock = lock
        self._hold()
        self.catch_up(session.path)
        return None

    def _hold(self) -> None:
        if self.lock is not None and self._timer is None:
            self._timer = self.screen.set_interval(WATCH_SECONDS, self.keep, name="keep-lock")

    def keep(self) -> bool:
        """Make sure the lock file is still this window's (it may have been
        deleted or replaced), taking a new one if need be.  False when
        another window took the game meanwhile: this one watches now."""
        lock, screen = self.lock, self.screen
        if lock is None:
            return True
        state = lock.check()
        if state is LockState.RETAKEN:
            screen.notify(
                "This game's lock file had been removed or replaced: this window made a new one.",
                title="Lock",
            )
        elif state is LockState.UNSAFE and lock.problem != self._problem_told:
            self._problem_told = lock.problem
            screen.notify(
                f"{lock.problem} This window keeps playing, but another may not see it.",
                title="Lock",
                severity="warning",
                timeout=10,
            )
        elif state is LockState.LOST:
            self.stop_looking()
            self.lock = None
            screen.lock_lost(lock)
            return False
        return True

    def stop_looking(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    def release(self) -> None:
        """Let the game go: another window (or the menu's Continue) may open it."""
        self.stop_looking()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def catch_up(self, path: Path) -> None:
        """With the lock just taken: if another window moved on since this
        game was read, read it again, so its moves are not written over."""
        screen = self.screen
        try:
            disk = read_save(path)
        except SaveError:
            return  # no file yet (a new game), or one this window will replace
        session = screen.session
        if len(disk.actions) == len(session.actions) and disk.updated == session.updated:
            return
        try:
            fresh = Session.load(path)
        except SaveError as exc:
            screen.notify(str(exc), title="Not read again", severity="error", timeout=10)
            return
        screen.now_reading(fresh, catching_up=True)

    # ------------------------------------------------------------ writing
    def write(self) -> None:
        """Write the last move's save if it is still to write (and the game
        is still this window's)."""
        screen = self.screen
        if screen.session.save_pending and not self.keep():
            return
        try:
            wrote = screen.session.save_now()
        except SaveError as exc:
            screen.save_failed(exc, "The move was made, but not saved")
            return
        if wrote:
            screen.saved()

    def save(self) -> None:
        """Ctrl+S: write the save now (a game never saved gets a file)."""
        screen = self.screen
        session = screen.session
        try:
            if session.path is None:
                path = session.save(new_save_path(screen.settings.saves_dir, screen.game.id))
                if self.lock is None and self.take() is not None:
                    return
            else:
                if not self.keep():
                    return
                path = session.save()
        except SaveError as exc:
            screen.save_failed(exc, "Not saved", again=True)
            return
        screen.saved()
        screen.notify(f"Saved to {path}", title="Saved")

    def undo(self, plan: UndoPlan) -> int | None:
        """Take back the moves of ``plan``, the save written after; the
        number taken back, or None when nothing was."""
        screen = self.screen
        if not self.keep():
            return None
        try:
            count = screen.session.undo(plan)
        except UndoError as exc:
            screen.notify(str(exc), title="Can't undo", severity="warning")
            return None
        except SaveError as exc:
            screen.save_failed(exc, "Undone, but not saved")
            return plan.count
        screen.saved()
        return count


class LockWatch:
    """A game open in another window, followed from its save: read again
    whenever the file changes, and taken over once its lock is free."""

    #: The game is open in another window (not played at a screen per seat).
    elsewhere = True
    ends_app = False

    def __init__(self, screen: ScreenCore, path: Path, lock: SaveLock) -> None:
        self.screen = screen
        self.path = path
        #: The lock this window would take, which remembers the lock file it
        #: saw held (see ``SaveLock``).
        self.lock = lock
        self._key = self._stat(path)
        self._timer: Timer | None = None

    def attach(self, screen: ScreenCore) -> None:
        self.screen = screen

    def start(self) -> None:
        self.screen.session.path = None  # a watching window never writes the save
        if self._timer is None:
            self._timer = self.screen.set_interval(WATCH_SECONDS, self.look, name="watch")

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.lock.release()

    def read_next_look(self) -> None:
        self._key = None

    def waiting_text(self) -> str:
        return f"{OPEN_ELSEWHERE}: moves are made there."

    @staticmethod
    def _stat(path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return (stat.st_size, stat.st_mtime_ns)

    def look(self) -> None:
        """Take the game over once the other window has closed it, else
        show the moves it made since the last look."""
        screen = self.screen
        if self.lock.acquire():
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            screen.session.path = self.path
            screen.lock_freed(self.lock)
            return
        key = self._stat(self.path)
        if key is None or key == self._key:
            return
        self._key = key
        try:
            fresh = Session.load(self.path)
        except SaveError:
            return  # looked at mid-change or damaged: the next look tells
        fresh.path = None
        screen.session = fresh
        screen.changed()


__all__ = ["WATCH_SECONDS", "LockWatch", "SaveKeeper"]
