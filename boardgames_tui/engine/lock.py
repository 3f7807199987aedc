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

Nothing at a lock path is trusted: a lock file is only ever written when this
program has just created it (``O_CREAT | O_EXCL | O_NOFOLLOW``), one left
behind by a dead process is removed and made afresh rather than truncated, and
a symbolic link, FIFO, folder or any other non-regular file there means the
game cannot be locked (one sentence says why): it is never followed, opened
for writing or waited on.

A lock file can also vanish or be replaced while its game is played (someone
deletes it).  The holder notices (:meth:`SaveLock.check`, on its periodic look
and before it saves) and takes a new one; a watching window keeps the lock
file it saw held open, so it still sees that lock held wherever the file went
and does not take the game over while the holder plays on.  A holder that
lets its lock go empties its file first, which tells a watcher the game was
closed rather than the lock file deleted.
"""

from __future__ import annotations

import contextlib
import enum
import errno
import os
import socket
import stat
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from .paths import file_kind

fcntl: ModuleType | None
try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform
    fcntl = None

#: Locks keep a second window from playing (False where fcntl is missing).
ENFORCED = fcntl is not None

OPEN_ELSEWHERE = "This game is open in another window"

#: Opening anything at a lock path: never through a link, never waiting (a
#: FIFO would block a reader until a writer came).
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
#: A lock file says "PID host"; more than this is never read.
_MAX_READ = 512


def lock_path(save_path: Path) -> Path:
    """The lock file of a save: hidden, beside it, not a ``*.json``."""
    return save_path.with_name(f".{save_path.name}.lock")


def seat_key(save_path: Path, seat: int) -> Path:
    """The name a seat of a save is locked under (a screen per seat,
    ``engine/seating.py``): its lock file is ``.SAVE.seatN.lock``."""
    return save_path.with_name(f"{save_path.name}.seat{seat}")


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

    def alive(self) -> bool | None:
        """Whether the process lives: None when that cannot be told (no
        process id, or another host)."""
        if self.pid is None or self.host != socket.gethostname():
            return None
        return process_alive(self.pid)


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (a zombie does not)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # another user's process: it exists
    except OSError:
        return False
    with (
        contextlib.suppress(OSError, IndexError),
        open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as proc,
    ):
        if proc.read().rsplit(")", 1)[1].split()[0] == "Z":
            return False
    return True


def _parse_holder(data: bytes) -> Holder:
    pid_text, _, host = data.decode("utf-8", "replace").strip().partition(" ")
    pid = int(pid_text) if pid_text.isdigit() and len(pid_text) < 12 else None
    return Holder(pid, host.strip())


def _read_holder(fd: int) -> Holder:
    try:
        return _parse_holder(os.pread(fd, _MAX_READ, 0))
    except OSError:
        return Holder(None, "")


def _problem(save_path: Path, what: str) -> str:
    name = lock_path(save_path).name
    return (
        f"{save_path.name} cannot be locked: its lock file {name} is {what}, "
        "which this program never opens as a lock (remove it to play the game here)."
    )


def _open_existing(save_path: Path) -> tuple[int | None, str | None]:
    """The regular file at the lock path, open for reading (its descriptor),
    None when there is none; or, when something else is there, the sentence
    saying why the game cannot be locked.  Never follows a link, never waits
    and never opens anything but a regular file."""
    path = lock_path(save_path)
    try:
        seen = os.lstat(path)
    except FileNotFoundError:
        return None, None
    except OSError as exc:
        return None, _problem(save_path, f"unreadable ({exc.strerror or exc})")
    if not stat.S_ISREG(seen.st_mode):
        return None, _problem(save_path, file_kind(seen.st_mode))
    try:
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW | _NONBLOCK | _CLOEXEC)
    except FileNotFoundError:
        return None, None  # gone since: nobody's
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return None, _problem(save_path, "a symbolic link")
        return None, _problem(save_path, f"unreadable ({exc.strerror or exc})")
    try:
        mode = os.fstat(fd).st_mode
    except OSError as exc:
        os.close(fd)
        return None, _problem(save_path, f"unreadable ({exc.strerror or exc})")
    if not stat.S_ISREG(mode):  # swapped in since the look
        os.close(fd)
        return None, _problem(save_path, file_kind(mode))
    return fd, None


def _at_path(fd: int, path: Path) -> bool:
    """The file open as ``fd`` is the one at ``path`` now (links not followed)."""
    try:
        mine = os.fstat(fd)
        there = os.lstat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def holder(save_path: Path) -> Holder | None:
    """Who holds the lock of ``save_path`` now, or None if nobody does.

    The check takes a shared lock for an instant and never creates a file, so
    it cannot leave a lock behind.  A lock this very process holds (through
    another :class:`SaveLock`) counts as held.  Anything but a regular file at
    the lock path holds nothing (:func:`lock_problem` says what it is)."""
    if fcntl is None:
        return None
    fd, _problem_text = _open_existing(save_path)
    if fd is None:
        return None  # no lock file, or not one: nobody holds it
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return _read_holder(fd)
        except OSError:
            return None  # a file system without locks: nobody can hold one
        fcntl.flock(fd, fcntl.LOCK_UN)
        return None
    finally:
        os.close(fd)


def is_open_elsewhere(save_path: Path) -> bool:
    return holder(save_path) is not None


def lock_problem(save_path: Path) -> str | None:
    """Why ``save_path`` cannot be locked (something not a lock file is at its
    lock path), or None."""
    if fcntl is None:
        return None
    fd, problem = _open_existing(save_path)
    if fd is not None:
        os.close(fd)
    return problem


class LockState(enum.Enum):
    """What :meth:`SaveLock.check` found."""

    #: The lock file is where it was (or no lock is kept here).
    KEPT = "kept"
    #: It had vanished or been replaced: a new one is held now.
    RETAKEN = "retaken"
    #: It was replaced by another window's, which holds the game now.
    LOST = "lost"
    #: Something not a lock file is at the path now; the old lock is still
    #: held, but a window opening the game cannot see it.
    UNSAFE = "unsafe"


class _Take(enum.Enum):
    HELD = "held"  # this lock holds the file at the path now
    UNLOCKED = "unlocked"  # granted without a lock (no file can be made, no flock)
    BUSY = "busy"  # another window holds it
    UNSAFE = "unsafe"  # something else is at the lock path


class SaveLock:
    """The lock of one save, for the window playing it.

    ``acquire()`` is True when this window may play the game (the lock is
    held now, or locks are not enforced here), False when another window
    has it or the lock path holds something else (then :attr:`problem` says
    what).  ``release()`` gives it back and removes the lock file."""

    def __init__(self, save_path: Path) -> None:
        self.save_path = save_path
        self.path = lock_path(save_path)
        self._fd: int | None = None
        #: This lock made the file it holds (only such a file is written).
        self._created = False
        #: Why the game cannot be locked, when the last ``acquire`` was
        #: refused for something at the lock path that is not a lock file.
        self.problem: str | None = None
        #: The lock file last seen held by another window, kept open: its
        #: lock says whether that window still plays, even once the file is
        #: deleted or replaced at the path.
        self._seen: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def acquire(self) -> bool:
        if self._fd is not None or fcntl is None:
            return True
        self.problem = None
        if self._seen is not None and self._other_plays_on():
            return False
        return self._take() in (_Take.HELD, _Take.UNLOCKED)

    def _other_plays_on(self) -> bool:
        """The window whose lock file this one saw held still has the game:
        it holds that file yet, wherever the file went, or its process lives
        on this machine and never emptied the file (a lock file emptied was
        let go; one that names a dead process was left by a crash)."""
        assert fcntl is not None and self._seen is not None
        fd = self._seen
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            # Held still, at the path or gone from it (its holder takes a
            # new one at its next look).
            return True
        except OSError:
            self._drop_seen()
            return False
        fcntl.flock(fd, fcntl.LOCK_UN)
        if _at_path(fd, self.path):
            self._drop_seen()  # a dead holder's file, still in place: taken over below
            return False
        if _read_holder(fd).alive():
            return True
        self._drop_seen()
        return False

    def _drop_seen(self) -> None:
        fd, self._seen = self._seen, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)

    def _take(self) -> _Take:
        """Take the lock file at the path: a dead holder's file is removed
        and made afresh (never truncated), one held by another window is
        remembered (``_seen``), anything else refuses."""
        assert fcntl is not None
        for _ in range(10):
            fd, problem = _open_existing(self.save_path)
            if problem is not None:
                self.problem = problem
                return _Take.UNSAFE
            if fd is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    self._drop_seen()
                    self._seen = fd
                    return _Take.BUSY
                except OSError:
                    os.close(fd)
                    return _Take.UNLOCKED  # the file system has no locks: as without fcntl
                # Nobody holds it: left by a process that ended.  Its name goes
                # (under our lock, so no other window can be taking it), and a
                # file of our own is made in its place.
                if _at_path(fd, self.path):
                    try:
                        self.path.unlink()
                    except FileNotFoundError:
                        pass
                    except OSError:
                        # It cannot be removed (a read-only folder): hold it
                        # as it is, never written.
                        self._drop_seen()
                        self._fd, self._created = fd, False
                        return _Take.HELD
                os.close(fd)
                continue
            try:
                fd = os.open(
                    self.path,
                    os.O_RDWR | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC,
                    0o644,
                )
            except FileExistsError:
                continue  # made by another window meanwhile: look again
            except OSError:
                # No lock file can be made (a read-only folder): nobody else
                # can make one either, and the save itself will say why it
                # cannot be written.
                return _Take.UNLOCKED
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)  # another window found it first: look again
                continue
            except OSError:
                with contextlib.suppress(OSError):
                    self.path.unlink()
                os.close(fd)
                return _Take.UNLOCKED
            if not _at_path(fd, self.path):
                os.close(fd)  # taken and replaced by another window meanwhile
                continue
            with contextlib.suppress(OSError):
                os.write(fd, f"{os.getpid()} {socket.gethostname()}\n".encode())
            self._drop_seen()
            self._fd, self._created = fd, True
            return _Take.HELD
        return _Take.BUSY

    def check(self) -> LockState:
        """For the window holding the lock: is its lock file still at the
        path?  If it vanished or was replaced, a new one is taken (the old is
        held until then, so a watching window never sees the game free)."""
        old = self._fd
        if old is None or fcntl is None or _at_path(old, self.path):
            return LockState.KEPT
        old_created = self._created
        self._fd = None
        self.problem = None
        taken = self._take()
        if taken is _Take.HELD:
            if old_created:
                # Emptied: a window watching the old file looks at the path
                # again, where the new one is held.
                with contextlib.suppress(OSError):
                    os.ftruncate(old, 0)
            with contextlib.suppress(OSError):
                os.close(old)
            return LockState.RETAKEN
        if taken is _Take.BUSY:
            with contextlib.suppress(OSError):
                os.close(old)
            return LockState.LOST
        # Something not a lock file, or nowhere to make one: keep what we hold.
        self._fd, self._created = old, old_created
        return LockState.UNSAFE if taken is _Take.UNSAFE else LockState.KEPT

    def release(self) -> None:
        self._drop_seen()
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if self._created:
            # Emptied first: a window watching this file sees the game let
            # go, not a lock file deleted under a window still playing.
            with contextlib.suppress(OSError):
                os.ftruncate(fd, 0)
            # Unlinked while still locked, so no other window can be holding
            # the file that goes; and only if it is still ours.
            if _at_path(fd, self.path):
                with contextlib.suppress(OSError):
                    self.path.unlink()
        with contextlib.suppress(OSError):
            os.close(fd)  # closing drops the lock

    def holder(self) -> Holder | None:
        """Who has the game, when this window could not take it."""
        if self.held:
            return None
        found = holder(self.save_path)
        if found is None and self._seen is not None:
            found = _read_holder(self._seen)
        return found

    def __enter__(self) -> SaveLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._drop_seen()
