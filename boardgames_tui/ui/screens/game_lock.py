"""One window plays a game: the lock, and watching a game open elsewhere.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``).  The window that opens a saved game takes its lock
(``engine/lock.py``) and looks now and then that the lock file is still its
own; a window that finds the game open in another watches it instead,
reading the save as it changes, and takes the game over once the other
window lets it go.
"""

from __future__ import annotations

from pathlib import Path

from boardgames_tui.engine.lock import OPEN_ELSEWHERE, LockState, SaveLock
from boardgames_tui.engine.saves import SaveError, read_save
from boardgames_tui.engine.session import Session

from .game_core import ScreenCore

#: How often a window watching a game open elsewhere looks for new moves,
#: and how often the window playing it makes sure its lock file is still there.
WATCH_SECONDS = 1.0


class LockKeeping(ScreenCore):
    """The lock of the game's save, and watching while another window has it."""

    def release_lock(self) -> None:
        """Let the game go: another window (or the menu's Continue) may open it."""
        if self._lock_timer is not None:
            self._lock_timer.stop()
            self._lock_timer = None
        if self.save_lock is not None:
            self.save_lock.release()
            self.save_lock = None
        if self._watch_lock is not None:
            self._watch_lock.release()
            self._watch_lock = None

    def _hold(self, lock: SaveLock) -> None:
        """This window plays the game now, under ``lock``."""
        self.save_lock = lock
        self._watch_lock = None
        if self._lock_timer is None:
            self._lock_timer = self.set_interval(WATCH_SECONDS, self.keep_lock, name="keep-lock")

    def keep_lock(self) -> bool:
        """While playing: make sure the lock file is still this window's (it
        may have been deleted or replaced), taking a new one if need be.  False
        when another window took the game meanwhile: this one watches now."""
        lock = self.save_lock
        if lock is None or self.read_only:
            return not self.read_only
        state = lock.check()
        if state is LockState.RETAKEN:
            self.notify(
                "This game's lock file had been removed or replaced: this window made a new one.",
                title="Lock",
            )
        elif state is LockState.UNSAFE and lock.problem != self._lock_problem_told:
            self._lock_problem_told = lock.problem
            self.notify(
                f"{lock.problem} This window keeps playing, but another may not see it.",
                title="Lock",
                severity="warning",
                timeout=10,
            )
        elif state is LockState.LOST:
            self._lost(lock)
            return False
        return True

    def _lost(self, lock: SaveLock) -> None:
        """Another window took the game while its lock file was missing:
        this one gives way and watches (a move not yet written stays unwritten,
        so the other window's file is never written over)."""
        path = self.session.path
        if self._lock_timer is not None:
            self._lock_timer.stop()
            self._lock_timer = None
        self.save_lock = None
        if path is None:
            return
        self.session.save_pending = False
        held = lock.holder()
        who = f" ({held.describe()})" if held is not None else ""
        self._start_watching(path, lock)
        self._watched_key = None  # read the file as it is now at the next look
        self.notify(
            f"Another window{who} took this game while its lock file was missing: "
            "this window only watches it now.",
            title="Watching",
            severity="warning",
            timeout=10,
        )
        self.changed()

    def _start_watching(self, path: Path, lock: SaveLock) -> None:
        self.read_only = True
        self.watched = path
        self.session.path = None  # a watching window never writes the save
        self._watched_key = self._stat(path)
        self._watch_lock = lock
        if self._watch_timer is None:
            self._watch_timer = self.set_interval(WATCH_SECONDS, self._watch, name="watch")
        self.show_save_status()

    # --------------------------------------------------- one window per game
    def take_lock(self) -> None:
        """Become the one window playing this game, or, when another window
        has it, watch it without moving (saying so once)."""
        path = self.session.path if self.watched is None else self.watched
        if path is None:
            return
        lock = SaveLock(path)
        if lock.acquire():
            self._hold(lock)
            self._catch_up(path)
            return
        self._start_watching(path, lock)
        if lock.problem is not None:
            # Something not a lock file is at the lock path: never written
            # through; the game is watched until it is removed.
            self._lock_problem_told = lock.problem
            self.notify(
                f"{lock.problem} Until then this window only watches it.",
                title="Watching",
                severity="warning",
                timeout=10,
            )
            return
        holder = lock.holder()
        who = f" ({holder.describe()})" if holder is not None else ""  # "process 4242"
        self.notify(
            f"{OPEN_ELSEWHERE}{who}: you can watch it here, but moves are made there.",
            title="Watching",
            severity="warning",
            timeout=10,
        )

    def _catch_up(self, path: Path) -> None:
        """With the lock just taken: if another window moved on since this
        game was read, read it again, so its moves are not written over."""
        try:
            disk = read_save(path)
        except SaveError:
            return  # no file yet (a new game), or one this window will replace
        if len(disk.actions) == len(self.session.actions) and disk.updated == self.session.updated:
            return
        try:
            fresh = Session.load(path)
        except SaveError as exc:
            self.notify(str(exc), title="Not read again", severity="error", timeout=10)
            return
        self.session = fresh
        self._saved_length = len(fresh.actions)
        self._results_shown = fresh.is_over

    @staticmethod
    def _stat(path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return (stat.st_size, stat.st_mtime_ns)

    def _watch(self) -> None:
        """While watching: take the game over once the other window has
        closed it, else show the moves it made since the last look."""
        path = self.watched
        if not self.read_only or path is None:
            return
        lock = self._watch_lock or SaveLock(path)
        self._watch_lock = lock
        if lock.acquire():
            self._hold(lock)
            self.read_only = False
            self.watched = None
            if self._watch_timer is not None:
                self._watch_timer.stop()
                self._watch_timer = None
            self.session.path = path
            self._catch_up(path)
            closed = (
                "Nothing is in the way of this game's lock any more"
                if self._lock_problem_told is not None
                else "The other window has closed this game"
            )
            self._lock_problem_told = None
            self.notify(f"{closed}: you can play it here now.", title="Your game")
            self.show_save_status()
            self.changed()
            return
        key = self._stat(path)
        if key is None or key == self._watched_key:
            return
        self._watched_key = key
        try:
            fresh = Session.load(path)
        except SaveError:
            return  # looked at mid-change or damaged: the next look tells
        fresh.path = None
        self.session = fresh
        self.changed()
