"""The saves folder as one listing reads it, and the save a command names.

A listing (``saves``, the Load screen, Continue) reads the folder once
(:func:`scan`): its entries, their names, and the seat lock files beside
each save found through a map by the save's name, so that a thousand saves
cost a thousand look-ups, not a thousand looks at every name.  Every
``*.json`` in it is listed, whatever it is: one that is not a regular file
(a symbolic link, a folder, a FIFO, a socket) is named and refused in the
sentence :func:`~.savefile.check_save_file` gives it.

Every command that takes a save (``load``, ``replay``, ``sit``, ``serve
--table``) finds and checks it through :func:`find_save`, with the same
words for the same file.  Deleting a save (and what a screen per seat kept
beside it) and removing the temporary files of writes a killed program
left are here too.
"""

from __future__ import annotations

import contextlib
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from .lock import is_open_elsewhere, process_alive
from .paths import default_saves_dir
from .printable import printable
from .savefile import HOST_TAG, STALE_TEMP_SECONDS, TEMP_NAME, SaveError, check_save_file
from .seat_files import SeatFiles, remove_seat_files, seat_files_by_save, seats_taken

#: A save's file name ends so.
SUFFIX = ".json"


@dataclass(frozen=True, slots=True)
class FolderScan:
    """One read of a saves folder: everything in it, and what a listing asks
    of its names."""

    folder: Path
    entries: list[os.DirEntry[str]]
    names: frozenset[str]
    seat_files: SeatFiles

    @property
    def saves(self) -> list[os.DirEntry[str]]:
        """Every ``*.json`` in the folder, a save file or not."""
        return [e for e in self.entries if e.name.endswith(SUFFIX)]

    def has_lock(self, name: str) -> bool:
        """Whether the save ``name`` has a lock file beside it (lock_path's name)."""
        return f".{name}.lock" in self.names


def scan(folder: Path) -> FolderScan:
    """The folder read once (nothing in it if it cannot be read)."""
    try:
        with os.scandir(folder) as found:
            entries = list(found)
    except OSError:
        entries = []
    names = frozenset(e.name for e in entries)
    return FolderScan(folder, entries, names, seat_files_by_save(names))


def refusal(entry: os.DirEntry[str]) -> str | None:
    """Why the ``*.json`` ``entry`` is not a save file, in
    :func:`~.savefile.check_save_file`'s words; None for a regular file (its
    type is known from the listing: nothing more is asked of the system)."""
    try:
        if entry.is_file(follow_symlinks=False):
            return None
    except OSError:
        pass
    try:
        check_save_file(Path(entry.path))
    except SaveError as exc:
        return str(exc)
    return None


def find_save(given: Path, saves_dir: Path | None = None) -> Path:
    """The save a command names: the path as given when something is there,
    else, for a bare name, that name in the saves folder (``.json`` may be
    left off).  Checked by :func:`~.savefile.check_save_file`: a symbolic
    link, a folder, a FIFO, a socket or a device is refused in its words,
    whichever command names it.  Returns the path made absolute (not
    resolved: the file named is the save, not what a link points to).
    Raises SaveError in one sentence."""
    folder = saves_dir or default_saves_dir()
    candidates = [given]
    bare = not given.is_absolute() and given.parent == Path(".")
    if bare:
        candidates.append(folder / given.name)
        if not given.name.endswith(SUFFIX):
            candidates.append(folder / f"{given.name}{SUFFIX}")
    for candidate in candidates:
        if os.path.lexists(candidate):
            check_save_file(candidate)
            return candidate.absolute()
    if not bare:
        check_save_file(given)  # "... does not exist."
    raise SaveError(
        f"there is no save {printable(str(given))} (nor in {printable(str(folder))}); "
        "`boardgames-tui saves` lists them"
    )


def remove_stale_temps(folder: Path, entries: list[os.DirEntry[str]] | None = None) -> list[Path]:
    """Remove the temporary files of writes that will never finish (the
    writer was killed mid-write) from ``folder``; returns them.  A temporary
    file's name carries its writer's host and process id
    (:func:`write_atomic`): one of this machine whose process no longer runs
    goes at once; any (an older version's, another machine's, one whose process
    id was reused) once it is :data:`STALE_TEMP_SECONDS` old, far longer
    than any write takes.  A live writer's file is never removed.
    (``entries``: the folder's, when a listing has just read them.)"""
    removed: list[Path] = []
    if entries is None:
        entries = scan(folder).entries
    temps = [e for e in entries if e.name.startswith(".") and e.name.endswith(".tmp")]
    moment = time.time()
    for entry in temps:
        try:
            seen = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(seen.st_mode):
            continue
        match = TEMP_NAME.match(entry.name)
        stale = moment - seen.st_mtime > STALE_TEMP_SECONDS
        if not stale and match is not None and match["host"] == HOST_TAG:
            pid = int(match["pid"])
            stale = pid != os.getpid() and not process_alive(pid)
        if stale:
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def is_folder(path: Path) -> bool:
    """Whether ``path`` is a folder itself (not a link to one)."""
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def delete_refusal(path: Path) -> str | None:
    """Why ``path`` may not be deleted now, in one sentence, or None: the
    game is open in another window, or sits at some of its seats in windows
    of their own.  Asked before a person is asked to confirm."""
    name = printable(path.name)
    if is_folder(path):
        return f"{name} is a folder, not a save file: it is not deleted here."
    if is_open_elsewhere(path):
        return f"{name} is open in another window; close the game there first."
    taken = seats_taken(path)
    if taken:
        seats = "a seat" if len(taken) == 1 else f"{len(taken)} seats"
        return f"{name} is open at {seats} in windows of their own; close those windows first."
    return None


def delete_save(path: Path) -> None:
    """Delete a save, and what a screen per seat kept beside it: its seats'
    links (``.SAVE.seats``) and the lock files of seats nobody sits at; and
    its review (``.SAVE.review``, ``engine/review_cache.py``).
    Refused while another window has the game open, or sits at one of its
    seats (:func:`delete_refusal`).  A ``*.json`` that is not a save file
    (a link, a FIFO) goes the same way; a folder is not deleted."""
    refused = delete_refusal(path)
    if refused is not None:
        raise SaveError(refused)
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise SaveError(
            f"Could not delete {printable(path.name)}: {exc.strerror or exc}."
        ) from None
    remove_seat_files(path)
    from .review_cache import remove as remove_review

    remove_review(path)
