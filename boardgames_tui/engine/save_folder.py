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
words for the same file.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from .paths import default_saves_dir
from .printable import printable
from .savefile import SaveError, check_save_file
from .seat_files import SeatFiles, seat_files_by_save

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
