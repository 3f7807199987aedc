"""The saves folder: listing its games (each checked as loading would check
it), the newest one, deleting one.

The save file itself (its format, writing and reading it) is
:mod:`boardgames_tui.engine.savefile`, beneath the session (import its names
from there).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from .game import SetupError
from .lock import holder
from .paths import default_saves_dir
from .save_folder import (
    FolderScan,
    refusal,
    remove_stale_temps,
    scan,
)
from .save_index import Entry, Fingerprint, SaveIndex, fingerprint
from .savefile import (
    MAX_BYTES,
    SaveError,
    SaveFile,
    check_save_file,
    new_save_path,
    read_save,
)
from .seat_files import seats_taken


class SaveInfo(BaseModel):
    """One entry of the save list: enough to choose, without replaying the game."""

    path: Path
    game: str = ""
    title: str = ""
    seats: list[str] = Field(default_factory=list)
    progress: str = ""
    updated: datetime | None = None
    actions: int = 0
    finished: bool = False
    error: str | None = None
    #: Which process has the game open in another window ("process 4242"),
    #: "" when none does.
    open_elsewhere: str = ""
    #: The seats sitting in windows of their own now (a screen per seat:
    #: ``boardgames-tui sit``), by number; none when nobody sits.
    seated: list[int] = Field(default_factory=list)
    #: Listed before its checks were made (``quick_list``): still to check.
    pending: bool = False

    @property
    def ok(self) -> bool:
        return self.error is None

    def seated_names(self) -> list[str]:
        """The seats sitting in windows now, as the list names them."""
        return [self.seats[i] if i < len(self.seats) else f"seat {i + 1}" for i in self.seated]


def check_saves_dir(folder: Path) -> None:
    """Make sure games can be saved in ``folder`` (creating it), before the
    first save is due.  Raises SaveError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(
            f"Could not make the saves folder {folder}: {exc.strerror or exc}."
        ) from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SaveError(f"Games cannot be saved in {folder}: it is not writable.")


def new_session_path(saves_dir: Path, game_id: str) -> Path:
    """The save file of a game being started: checked writable, not written.
    A game is first written at its first action, so a setup abandoned before
    it leaves no file behind."""
    check_saves_dir(saves_dir)
    return new_save_path(saves_dir, game_id)


# ------------------------------------------------------------ the lists
#: The index of the folder being listed, read once per listing (see ``checking``).
_listing: ContextVar[SaveIndex | None] = ContextVar("save_index", default=None)


@contextlib.contextmanager
def checking(folder: Path) -> Iterator[SaveIndex]:
    """One look at a saves folder: its index (:mod:`.save_index`) read once,
    and written once at the end if anything was learnt.  Nested looks at the
    same folder (a listing checking each save) share it."""
    current = _listing.get()
    if current is not None and current.folder == folder:
        yield current
        return
    index = SaveIndex.load(folder)
    token = _listing.set(index)
    try:
        yield index
    finally:
        _listing.reset(token)
        index.write()


def _summary(path: Path) -> dict[str, Any]:
    """What the lists show of a save, from the file alone (no replay); its
    ``error`` when it is not a well-formed save."""
    try:
        save = read_save(path)
    except SaveError as exc:
        return {"error": str(exc)}
    sides = _sides(save)
    return {
        "game": save.game,
        "seats": [
            _seat_words(s.name, side, s.bot) for s, side in zip(save.seats, sides, strict=True)
        ],
        "progress": save.progress,
        "updated": save.updated.isoformat(),
        "actions": len(save.actions),
        "finished": save.finished,
    }


def _seat_words(name: str, side: str, bot: str | None) -> str:
    """A seat in the lists: "Ben (Marquise, root bot)", "Ana"."""
    about = [word for word in (side, f"{bot} bot" if bot else "") if word]
    return f"{name} ({', '.join(about)})" if about else name


def _sides(save: SaveFile) -> list[str]:
    """The side each seat plays (Root's factions), from the save's options;
    none when the game is unknown or its options do not validate (the load
    says why)."""
    from .registry import UnknownGame, get_game

    none = [""] * len(save.seats)
    try:
        game = get_game(save.game)
        sides = game.seat_sides(
            game.options(game.saved_options(dict(save.options))), len(save.seats)
        )
    except (UnknownGame, SetupError):
        return none
    except Exception:  # a list never stops at one file (the load says why)
        return none
    return sides if len(sides) == len(save.seats) else none


def _summary_fits(summary: dict[str, Any]) -> bool:
    """An index entry's summary is one this module wrote (an index is data
    like any other file in the folder)."""
    if "error" in summary:
        return isinstance(summary["error"], str) and len(summary) == 1
    try:
        datetime.fromisoformat(summary["updated"])
        return (
            isinstance(summary["game"], str)
            and isinstance(summary["seats"], list)
            and all(isinstance(seat, str) for seat in summary["seats"])
            and isinstance(summary["progress"], str)
            and type(summary["actions"]) is int
            and type(summary["finished"]) is bool
        )
    except (KeyError, TypeError, ValueError):
        return False


def _entry(index: SaveIndex, path: Path, print_: Fingerprint) -> Entry:
    """The index's entry for the file as it is, made by reading it if new."""
    entry = index.get(path.name, print_)
    if entry is not None and _summary_fits(entry.summary):
        return entry
    entry = Entry(print_.size, print_.mtime_ns, print_.sha256, _summary(path))
    if fingerprint(path, MAX_BYTES) == print_:  # not changed while read
        index.put(path.name, entry)
    return entry


def _replay(path: Path) -> str | None:
    from .session import Session

    try:
        Session.load(path)
    except SaveError as exc:
        return str(exc)
    except Exception as exc:  # load would fail the same way
        return f"{path.name} cannot be loaded ({type(exc).__name__}: {exc})."
    return None


def _replay_verdict(index: SaveIndex, path: Path, print_: Fingerprint, entry: Entry) -> str | None:
    if "error" in entry.summary:
        return str(entry.summary["error"])
    if entry.replayed:
        return entry.replay_error
    error = _replay(path)
    if fingerprint(path, MAX_BYTES) == print_:
        entry.replayed, entry.replay_error = True, error
        index.put(path.name, entry)
    return error


def replay_error(path: Path) -> str | None:
    """Why ``Session.load`` refuses the file (the very same checks: the
    replay from the seed and the comparison with the snapshot), or None.
    Remembered in the folder's index until the file changes, since a replay
    takes a moment."""
    print_ = fingerprint(path, MAX_BYTES)
    if print_ is None:
        return _replay(path)
    with checking(path.parent) as index:
        return _replay_verdict(index, path, print_, _entry(index, path, print_))


def _when(mtime_ns: int | None) -> datetime | None:
    if mtime_ns is None:
        return None
    with contextlib.suppress(OverflowError, OSError, ValueError):
        return datetime.fromtimestamp(mtime_ns / 1e9, UTC)
    return None


def _info(
    path: Path,
    summary: dict[str, Any],
    error: str | None,
    *,
    mtime_ns: int | None,
    open_elsewhere: str,
    seated: list[int] | None = None,
    pending: bool = False,
) -> SaveInfo:
    """The list's entry from a summary (and the replay's verdict)."""
    from .registry import UnknownGame, get_game

    title = ""
    if error is None:
        error = summary.get("error")
    if error is None:
        try:
            title = get_game(summary["game"]).title
        except UnknownGame:
            error = f"{path.name} is a game this version does not know ({summary['game']!r})."
    if error is not None:
        return SaveInfo(
            path=path,
            error=error,
            updated=_when(mtime_ns),
            open_elsewhere=open_elsewhere,
            seated=seated or [],
        )
    # Built without validation: every field was checked by ``_summary_fits``.
    return SaveInfo.model_construct(
        path=path,
        game=summary["game"],
        title=title,
        seats=list(summary["seats"]),
        progress=summary["progress"],
        updated=datetime.fromisoformat(summary["updated"]),
        actions=summary["actions"],
        finished=summary["finished"],
        error=None,
        open_elsewhere=open_elsewhere,
        seated=seated or [],
        pending=pending,
    )


def _open_elsewhere(path: Path, folder: FolderScan | None) -> str:
    """Who has the game open in another window, "" if nobody.  ``folder``,
    when given, is the folder as a listing has just read it: a save without
    a lock file beside it is not looked at again."""
    if folder is not None and not folder.has_lock(path.name):
        return ""
    held = holder(path)
    return held.describe() if held is not None else ""


def _refused(path: Path) -> str | None:
    """Why ``path`` is not a save file to open (check_save_file's sentence)."""
    try:
        check_save_file(path)
    except SaveError as exc:
        return str(exc)
    return None


def save_info(path: Path, *, replay: bool = True, folder: FolderScan | None = None) -> SaveInfo:
    """What the save list shows of ``path``.  With ``replay`` (the default)
    the file gets every check :meth:`Session.load` makes, so a file listed
    as fine also loads; a verdict is remembered in the folder's index (under
    the file's size, modification time and hash) until the file changes.
    What is not a regular file (a link, a folder, a FIFO) is refused in the
    words every command uses.  (``folder``: the folder as a listing has just
    read it.)"""
    open_elsewhere = _open_elsewhere(path, folder)
    seated = seats_taken(path, folder.seat_files if folder is not None else None)
    mtime_ns = None
    with contextlib.suppress(OSError):
        mtime_ns = os.lstat(path).st_mtime_ns
    not_a_save = _refused(path)
    if not_a_save is not None:
        return _info(
            path, {}, not_a_save, mtime_ns=mtime_ns, open_elsewhere=open_elsewhere, seated=seated
        )
    print_ = fingerprint(path, MAX_BYTES)
    if print_ is None:  # not a regular file that can be read, or too large
        summary = _summary(path)
        error = None
        if replay and "error" not in summary:
            error = _replay(path)
        return _info(
            path,
            summary,
            error,
            mtime_ns=mtime_ns,
            open_elsewhere=open_elsewhere,
            seated=seated,
        )
    with checking(path.parent) as index:
        entry = _entry(index, path, print_)
        info = _info(
            path,
            entry.summary,
            None,
            mtime_ns=print_.mtime_ns,
            open_elsewhere=open_elsewhere,
            seated=seated,
        )
        if replay and info.ok and (error := _replay_verdict(index, path, print_, entry)):
            info = _info(
                path,
                entry.summary,
                error,
                mtime_ns=print_.mtime_ns,
                open_elsewhere=open_elsewhere,
                seated=seated,
            )
    return info


def _written(entry: os.DirEntry[str]) -> float:
    try:
        return entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return float("-inf")


def _sorted(infos: list[SaveInfo]) -> list[SaveInfo]:
    epoch = datetime.min.replace(tzinfo=UTC)
    infos.sort(key=lambda i: (i.updated or epoch, i.path.name), reverse=True)
    return infos


def list_saves(saves_dir: Path | None = None, *, replay: bool = True) -> list[SaveInfo]:
    """Every ``*.json`` in the folder, most recently played first; damaged ones
    carry their reason in ``error`` (one that is not a regular file too).
    Without ``replay`` only the file itself is checked (JSON, fields, game):
    for callers that replay the one they pick.  The folder is read once; saves
    the folder's index knows unchanged are not read again; temporary files a
    dead writer left are removed (:func:`remove_stale_temps`)."""
    folder = saves_dir or default_saves_dir()
    if not folder.is_dir():
        return []
    found = scan(folder)
    remove_stale_temps(folder, found.entries)
    with checking(folder) as index:
        # The most recently written last: the save a caller goes on to load
        # (continue's) is then the one read last, not read again
        # (``savefile._last_read``).
        entries = sorted(found.saves, key=_written)
        infos = [save_info(folder / e.name, replay=replay, folder=found) for e in entries]
        index.keep_only({e.name for e in entries})
    return _sorted(infos)


@dataclass(slots=True)
class QuickRow:
    """One save as :func:`quick_rows` found it: enough to sort the list,
    its entry (``info``) built only when it is shown, and who has it open
    looked up only then (a lock file is opened to ask)."""

    folder: Path
    name: str
    mtime_ns: int | None
    #: The folder as the listing read it (its lock and seat files' names).
    scan: FolderScan
    #: The index's entry as stored (its text not read yet) when it matches
    #: the file's size and time; None for a save to be checked.
    known: list[Any] | None
    #: When it was last played, as the index knows it (else its file's
    #: time), in seconds since the epoch: the list's order.
    key: float
    #: Why it is not a save file (a link, a folder, a FIFO), or None.
    refused: str | None = None

    @property
    def path(self) -> Path:
        return self.folder / self.name

    @property
    def open_elsewhere(self) -> str:
        """Which process has the game open in another window, "" if none."""
        return _open_elsewhere(self.path, self.scan)

    @property
    def seated(self) -> list[int]:
        """The seats sitting in windows of their own (``seats_taken``)."""
        return seats_taken(self.path, self.scan.seat_files)

    @property
    def replayed(self) -> bool:
        """Whether the index knows this save's replay's verdict."""
        return self.known is not None and self.known[3] is True

    def info(self) -> SaveInfo:
        open_elsewhere, seated = self.open_elsewhere, self.seated
        if self.refused is not None:
            return SaveInfo(
                path=self.path,
                error=self.refused,
                updated=_when(self.mtime_ns),
                open_elsewhere=open_elsewhere,
                seated=seated,
            )
        entry = Entry.from_stored(self.known) if self.known is not None else None
        if (
            entry is not None
            and _summary_fits(entry.summary)
            and (entry.replayed or "error" in entry.summary)
        ):
            return _info(
                self.path,
                entry.summary,
                entry.replay_error,
                mtime_ns=self.mtime_ns,
                open_elsewhere=open_elsewhere,
                seated=seated,
            )
        return SaveInfo(
            path=self.path,
            updated=_when(self.mtime_ns),
            open_elsewhere=open_elsewhere,
            seated=seated,
            pending=True,
        )


def quick_rows(saves_dir: Path | None = None, folder: FolderScan | None = None) -> list[QuickRow]:
    """The save list at once, most recently played first, for a screen to
    show before the checks are done: a save its folder's index knows, at the
    size and modification time it was checked, is listed as then found; any
    other is listed ``pending`` (its name, and its file's time), to be
    checked with :func:`save_info`; what is not a regular file, refused.
    Reads the folder once (or takes ``folder``, as just read) and the
    index's keys, not the saves nor the index's entries; each row's
    :class:`SaveInfo` is made when asked for."""
    where = saves_dir or default_saves_dir()
    if folder is None:
        if not where.is_dir():
            return []
        folder = scan(where)
    remove_stale_temps(where, folder.entries)
    raw = SaveIndex.load(where).raw
    rows = []
    for found in folder.saves:
        name = found.name
        refused = refusal(found)
        try:
            seen: os.stat_result | None = found.stat(follow_symlinks=False)
        except OSError:
            seen = None
        mtime_ns = seen.st_mtime_ns if seen is not None else None
        known = raw.get(name) if refused is None else None
        key = None
        if (  # (the index's rows are of the right shape: see SaveIndex.load)
            seen is not None
            and known is not None
            and known[0] == seen.st_size
            and known[1] == seen.st_mtime_ns
        ):
            key = known[2]
        else:
            known = None
        if key is None:
            key = mtime_ns / 1e9 if mtime_ns is not None else float("-inf")
        rows.append(QuickRow(where, name, mtime_ns, folder, known, key, refused=refused))
    rows.sort(key=lambda r: (r.key, r.name), reverse=True)
    return rows


def quick_list(saves_dir: Path | None = None) -> list[SaveInfo]:
    """Every row of :func:`quick_rows`, as the list's entries."""
    return [row.info() for row in quick_rows(saves_dir)]


def latest_save(saves_dir: Path | None = None, *, unfinished: bool = False) -> SaveInfo | None:
    """The most recently played save that loads (and, if asked, is not over).
    Only the candidates are replayed, newest first, until one passes: the
    menu asks this at start, and a folder of finished games costs nothing.
    Saves the folder's index knows are not read, but for the one returned
    (checked against its hash, and replayed if it changed)."""
    folder = saves_dir or default_saves_dir()
    if not folder.is_dir():
        return None
    found = scan(folder)
    with checking(folder) as index:
        rows = quick_rows(folder, found)
        infos = []
        # Oldest first: the newest, the likeliest to be replayed next, is then
        # the save read last and is not read again for its replay.
        for row in reversed(rows):
            info = row.info() if row.known is not None or row.refused else None
            if info is None or info.pending:
                info = save_info(row.path, replay=False, folder=found)
            infos.append(info)
        index.keep_only({row.name for row in rows})
        for info in _sorted(infos):
            if not info.ok or (unfinished and info.finished):
                continue
            if replay_error(info.path) is not None:
                continue
            # As the file is now (the index told of it by its size and time).
            fresh = save_info(info.path, replay=False, folder=found)
            if fresh.ok and not (unfinished and fresh.finished):
                return fresh
    return None
