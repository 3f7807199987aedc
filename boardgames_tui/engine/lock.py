"""One game open in one window: an advisory lock per save file.

A window playing a game holds an exclusive ``flock`` on a small lock file
beside the save (``.<save name>.lock``).  The kernel drops the lock when the
process ends in any way, ``kill -9`` and a power cut included, so a lock can
never be left stuck: the file a dead process leaves behind is simply taken
over by the next window.  A second window that finds the lock held may only
watch the game.

The lock file holds the owner's process id and host, to say who has the game.
Where ``fcntl`` is missing (not on Linux or macOS), the game is never kept
from anyone: :data:`ENFORCED` is False, every lock is granted and nothing is
reported as open elsewhere, which is how the program behaved before locks.
"""

from __future__ import annotations

import contextlib
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform
    fcntl = None

#: Locks keep a second window from playing (False where fcntl is missing).
ENFORCED = fcntl is not None

OPEN_ELSEWHERE = "This game is open in another window"


def lock_path(save_path: Path) -> Path:
    """The lock file of a save: hidden, beside it, not a ``*.json``."""
    return save_path.with_name(f".{save_path.name}.lock")


@dataclass(frozen=True)
class Holder:
    """Who holds a lock, as its owner wrote it (may be blank if unreadable)."""

    pid: int | None
    host: str

    def describe(self) -> str:
        """Which process: "process 4242", with its host if not this one."""
        if self.pid is None:
            return "an unknown process"
        here = socket.gethostname()
        where = "" if not self.host or self.host == here else f" on {self.host}"
        return f"process {self.pid}{where}"


def _read_holder(path: Path) -> Holder:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return Holder(None, "")
    pid_text, _, host = text.strip().partition(" ")
    pid = int(pid_text) if pid_text.isdigit() else None
    return Holder(pid, host.strip())


def holder(save_path: Path) -> Holder | None:
    """Who holds the lock of ``save_path`` now, or None if nobody does.

    The check takes a shared lock for an instant and never creates a file, so
    it cannot leave a lock behind.  A lock this very process holds (through
    another :class:`SaveLock`) counts as held."""
    if fcntl is None:
        return None
    path = lock_path(save_path)
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None  # no lock file (or unreadable): nobody holds it
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_holder(path)
        except OSError:
            return None  # a file system without locks: nobody can hold one
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def is_open_elsewhere(save_path: Path) -> bool:
    return holder(save_path) is not None


class SaveLock:
    """The lock of one save, for the window playing it.

    ``acquire()`` is True when this window may play the game (the lock is
    held now, or locks are not enforced here), False when another window
    has it.  ``release()`` gives it back and removes the lock file."""

    def __init__(self, save_path: Path) -> None:
        self.save_path = save_path
        self.path = lock_path(save_path)
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        if self._fd is not None:
            return True
        if fcntl is None:
            return True
        # A lock file removed by its owner between our open and our lock
        # would be a lock on nothing: try again on the file now at the path.
        for _ in range(10):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError:
                # No lock file can be made (a read-only folder): nobody else
                # can make one either, and the save itself will say why it
                # cannot be written.
                return True
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                return False
            except OSError:
                os.close(fd)
                return True  # the file system has no locks: as without fcntl
            try:
                same = os.fstat(fd).st_ino == os.stat(self.path).st_ino
            except OSError:
                same = False
            if not same:
                os.close(fd)
                continue
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            self._fd = fd
            return True
        return False

    def release(self) -> None:
        fd, self._fd = self._fd, None
        if fd is None:
            return
        # Unlinked while still locked, so no other window can be holding
        # the file that goes (see ``acquire``'s check).
        with contextlib.suppress(OSError):
            self.path.unlink()
        with contextlib.suppress(OSError):
            os.close(fd)  # closing drops the lock

    def holder(self) -> Holder | None:
        """Who has the game, when this window could not take it."""
        if self.held:
            return None
        return holder(self.save_path)

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
