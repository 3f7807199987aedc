"""The save list's memory: what was found when each save was last checked.

Checking a save for the lists means replaying it (see ``saves.replay_error``),
which takes a moment per file; a folder of a thousand saves took minutes.  The
index remembers each verdict under the file's size, modification time (ns)
and content hash, in a hidden file in the saves folder (:data:`INDEX_NAME`),
so that a listing replays only the saves that are new or changed.

It is never trusted over a file: an entry counts only while all three still
match the file as it is read now, and loading a game always makes every check
again.  A missing, damaged, foreign or out-of-date index (another version of
the program, or its rules changed) is simply started afresh; it is written
atomically (a temporary file renamed over it), so a crash leaves the old one
or the new one whole.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

#: The index file, beside the saves (hidden, and not a ``*.json``).
INDEX_NAME = ".saves-index"
FORMAT = "boardgames-tui-save-index"
#: 2: the file is lines.  The first is a JSON object: the format, version
#: and program, and ``listing``, a row ``[name, size, mtime_ns, sort key,
#: replayed]`` per save; line ``n + 1`` is the JSON of the n-th row's entry,
#: read only when that entry is used.  So a listing's first screen reads a
#: thousand saves' keys and parses none of their entries.  (Version 1 was
#: one JSON object; such an index is simply made afresh.)
VERSION = 2
#: A larger index is not read (a thousand saves make about half a megabyte).
MAX_INDEX_BYTES = 64 * 1024 * 1024

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def sort_key(summary: dict[str, Any]) -> float | None:
    """When the game was last played (seconds since the epoch; a time with
    no zone is read as UTC), from a summary; None when it says no time."""
    updated = summary.get("updated")
    if not isinstance(updated, str):
        return None
    try:
        moment = datetime.fromisoformat(updated)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.timestamp()
    except (ValueError, OverflowError, OSError):
        return None


def is_stored(stored: object) -> bool:
    """Whether ``stored`` has the shape of a stored entry (its text unread)."""
    if type(stored) is not list or len(stored) != 5:
        return False
    size, mtime_ns, key, replayed, text = stored
    return (
        type(size) is int
        and type(mtime_ns) is int
        and (key is None or type(key) is float or type(key) is int)
        and type(replayed) is bool
        and type(text) is str
    )


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What identifies one version of a file's contents."""

    size: int
    mtime_ns: int
    sha256: str


def fingerprint(path: Path, limit: int) -> Fingerprint | None:
    """The file's size, modification time and hash, read through one open
    descriptor; None when it is not a regular file that can be read, or is
    larger than ``limit`` bytes (such files are checked every time)."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _CLOEXEC)
    except OSError:
        return None
    try:
        seen = os.fstat(fd)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size > limit:
            return None
        digest = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    return Fingerprint(seen.st_size, seen.st_mtime_ns, digest.hexdigest())


@lru_cache(maxsize=1)
def program_stamp() -> str:
    """This program's version and a fingerprint of its engine and rules
    code: a verdict found by other code (another version, rules edited since)
    is not reused."""
    from boardgames_tui import __version__

    package = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256(__version__.encode())
    for folder in ("engine", "games"):
        for source in sorted((package / folder).rglob("*.py")):
            try:
                seen = source.stat()
            except OSError:
                continue
            digest.update(
                f"{source.relative_to(package)}:{seen.st_size}:{seen.st_mtime_ns};".encode()
            )
    return f"{__version__}:{digest.hexdigest()[:16]}"


@dataclass(slots=True)
class Entry:
    """One save as last checked: its fingerprint, what the lists show of it
    (``summary``: game, seats, progress, updated, actions, finished, and the
    file's own ``error`` if it is not a well-formed save) and, once it was
    replayed, the replay's verdict (``replayed``; ``replay_error``)."""

    size: int
    mtime_ns: int
    sha256: str
    summary: dict[str, Any]
    replayed: bool = False
    replay_error: str | None = None

    def matches(self, print_: Fingerprint) -> bool:
        return (self.size, self.mtime_ns, self.sha256) == (
            print_.size,
            print_.mtime_ns,
            print_.sha256,
        )

    def matches_stat(self, size: int, mtime_ns: int) -> bool:
        return self.size == size and self.mtime_ns == mtime_ns

    def to_json(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "mtime_ns": self.mtime_ns,
            "sha256": self.sha256,
            "summary": self.summary,
            "replayed": self.replayed,
            "replay_error": self.replay_error,
        }

    def to_stored(self) -> list[Any]:
        """The entry as a listing reads it: ``[size, mtime_ns, sort key,
        replayed, text]``, ``text`` its JSON (see :data:`VERSION`)."""
        return [
            self.size,
            self.mtime_ns,
            sort_key(self.summary),
            self.replayed,
            json.dumps(self.to_json(), separators=(",", ":")),
        ]

    @classmethod
    def from_stored(cls, stored: object) -> Entry | None:
        """An entry as :meth:`to_stored` wrote it, or None if it is not one
        (its text damaged, or not agreeing with its size and time)."""
        if not is_stored(stored):
            return None
        size, mtime_ns, _key, _replayed, text = cast("list[Any]", stored)
        try:
            entry = cls.from_json(json.loads(text))
        except (ValueError, RecursionError):
            return None
        if entry is None or not entry.matches_stat(size, mtime_ns):
            return None
        return entry

    @classmethod
    def from_json(cls, data: object) -> Entry | None:
        """An entry as stored, or None if it is not one (then forgotten)."""
        if not isinstance(data, dict):
            return None
        size, mtime, digest = data.get("size"), data.get("mtime_ns"), data.get("sha256")
        summary, replayed, error = (
            data.get("summary"),
            data.get("replayed"),
            data.get("replay_error"),
        )
        if not (
            type(size) is int
            and type(mtime) is int
            and isinstance(digest, str)
            and len(digest) == 64
            and isinstance(summary, dict)
            and type(replayed) is bool
            and (error is None or isinstance(error, str))
        ):
            return None
        return cls(size, mtime, digest, summary, replayed, error)


class SaveIndex:
    """The index of one saves folder, as read at the start of a listing and
    written (if anything changed) at its end."""

    def __init__(self, folder: Path, entries: dict[str, Entry] | None = None) -> None:
        self.folder = folder
        #: The entries as read (``[size, mtime_ns, sort key, replayed, text]``,
        #: of that shape), each read and checked when first used (``entries``).
        self.raw: dict[str, list[Any]] = {}
        self._entries = entries
        self.dirty = False

    @property
    def entries(self) -> dict[str, Entry]:
        if self._entries is None:
            self._entries = {}
            for name, raw in self.raw.items():
                entry = Entry.from_stored(raw)
                if entry is not None:
                    self._entries[name] = entry
                else:
                    self.dirty = True
        return self._entries

    @property
    def path(self) -> Path:
        return self.folder / INDEX_NAME

    @classmethod
    def load(cls, folder: Path) -> SaveIndex:
        """The folder's index, or an empty one (to be written afresh) when it
        is missing, damaged, not a regular file, or made by other code."""
        index = cls(folder, {})
        raw = _read_stored(index.path)
        if raw is None:
            index.dirty = True
            return index
        index.raw = raw
        index._entries = None
        return index

    def get(self, name: str, print_: Fingerprint) -> Entry | None:
        entry = self.entries.get(name)
        return entry if entry is not None and entry.matches(print_) else None

    def put(self, name: str, entry: Entry) -> None:
        self.entries[name] = entry
        self.dirty = True

    def keep_only(self, names: set[str]) -> None:
        """Forget the saves no longer in the folder."""
        gone = [name for name in self.entries if name not in names]
        for name in gone:
            del self.entries[name]
        if gone:
            self.dirty = True

    def write(self) -> None:
        """Write the index if it changed; a failure (a read-only folder, a
        full disk) only means the next listing checks again."""
        if not self.dirty or not self.folder.is_dir():
            return  # no folder is ever made for an index
        if not self.entries and not self.path.exists():
            # A folder with no saves gets no index: leaving a setup before
            # the first move leaves nothing behind.
            self.dirty = False
            return
        from .savefile import write_atomic

        stored = [(name, entry.to_stored()) for name, entry in sorted(self.entries.items())]
        head = {
            "format": FORMAT,
            "version": VERSION,
            "program": program_stamp(),
            "listing": [[name, *row[:4]] for name, row in stored],
        }
        lines = [json.dumps(head, separators=(",", ":"))] + [row[4] for _, row in stored]
        try:
            write_atomic(self.path, "\n".join(lines) + "\n", sync=False)
        except OSError:
            return
        self.dirty = False


def _read_stored(path: Path) -> dict[str, list[Any]] | None:
    """The index file's entries as stored (see :data:`VERSION`), by name,
    each ``[size, mtime_ns, sort key, replayed, text]`` with its text not yet
    read; None when the file is missing, damaged or made by other code."""
    text = _read_text(path)
    if text is None:
        return None
    lines = text.split("\n")
    try:
        head = json.loads(lines[0])
    except (ValueError, RecursionError):
        return None
    if (
        not isinstance(head, dict)
        or head.get("format") != FORMAT
        or head.get("version") != VERSION
        or head.get("program") != program_stamp()
        or not isinstance(head.get("listing"), list)
    ):
        return None
    listing = head["listing"]
    # The rows, then a line per row, then the last line's end.
    if len(lines) != len(listing) + 2 or lines[-1]:
        return None
    raw: dict[str, list[Any]] = {}
    for row, entry in zip(listing, lines[1:], strict=False):
        if type(row) is list and len(row) == 5:
            name, size, mtime_ns, key, replayed = row
            stored = [size, mtime_ns, key, replayed, entry]
            if type(name) is str and is_stored(stored):
                raw[name] = stored
    return raw


def _read_text(path: Path) -> str | None:
    """The text in ``path``, or None: never through a link, never waiting on
    a FIFO, never more than :data:`MAX_INDEX_BYTES`."""
    try:
        fd = os.open(path, os.O_RDONLY | _NONBLOCK | _NOFOLLOW | _CLOEXEC)
    except OSError:
        return None
    try:
        seen = os.fstat(fd)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size > MAX_INDEX_BYTES:
            return None
        chunks = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks).decode("utf-8")
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)
