"""The saves folder: listing its games (each checked as loading would check
it), the newest one, deleting one.

The save file itself (its format, writing and reading it) is
:mod:`boardgames_tui.engine.savefile`, beneath the session; its names are
re-exported here.
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, Field

from .lock import holder, is_open_elsewhere
from .paths import ENV_VAR, default_saves_dir
from .savefile import (
    FORMAT,
    MAX_BYTES,
    VERSION,
    SaveError,
    SaveFile,
    migrate,
    new_save_path,
    now,
    read_save,
    write_atomic,
    write_save,
)

# Re-exported: they used to live here.
__all__ = [
    "ENV_VAR",
    "FORMAT",
    "MAX_BYTES",
    "VERSION",
    "SaveError",
    "SaveFile",
    "default_saves_dir",
    "migrate",
    "new_save_path",
    "now",
    "read_save",
    "write_atomic",
    "write_save",
]


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

    @property
    def ok(self) -> bool:
        return self.error is None


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


#: Replay checks already made: path -> ((size, mtime_ns), error or None).
_checked: dict[Path, tuple[tuple[int, int], str | None]] = {}


def replay_error(path: Path) -> str | None:
    """Why ``Session.load`` refuses the file (the very same checks: the
    replay from the seed and the comparison with the snapshot), or None.
    Remembered until the file changes, since a replay takes a moment."""
    from .session import Session

    try:
        stat = path.stat()
        key = (stat.st_size, stat.st_mtime_ns)
    except OSError as exc:
        return f"{path.name} cannot be read: {exc.strerror or exc}."
    known = _checked.get(path)
    if known is not None and known[0] == key:
        return known[1]
    error: str | None = None
    try:
        Session.load(path)
    except SaveError as exc:
        error = str(exc)
    except Exception as exc:  # load would fail the same way
        error = f"{path.name} cannot be loaded ({type(exc).__name__}: {exc})."
    _checked[path] = (key, error)
    return error


def save_info(path: Path, *, replay: bool = True) -> SaveInfo:
    """What the save list shows of ``path``.  With ``replay`` (the default)
    the file gets every check :meth:`Session.load` makes, so a file listed
    as fine also loads."""
    from .registry import UnknownGame, get_game

    held = holder(path)
    open_elsewhere = held.describe() if held is not None else ""
    try:
        save = read_save(path)
        try:
            title = get_game(save.game).title
        except UnknownGame:
            raise SaveError(
                f"{path.name} is a game this version does not know ({save.game!r})."
            ) from None
        if replay and (error := replay_error(path)) is not None:
            raise SaveError(error)
    except SaveError as exc:
        updated = None
        with contextlib.suppress(OSError):
            updated = datetime.fromtimestamp(path.stat().st_mtime, UTC)
        return SaveInfo(path=path, error=str(exc), updated=updated, open_elsewhere=open_elsewhere)
    return SaveInfo(
        path=path,
        game=save.game,
        title=title,
        seats=[s.name + (f" ({s.bot} bot)" if s.bot else "") for s in save.seats],
        progress=save.progress,
        updated=save.updated,
        actions=len(save.actions),
        finished=save.finished,
        open_elsewhere=open_elsewhere,
    )


def list_saves(saves_dir: Path | None = None, *, replay: bool = True) -> list[SaveInfo]:
    """Every ``*.json`` in the folder, most recently played first; damaged ones
    carry their reason in ``error``.  Without ``replay`` only the file itself is
    checked (JSON, fields, game): for callers that replay the one they pick."""
    folder = saves_dir or default_saves_dir()
    if not folder.is_dir():
        return []
    infos = [save_info(p, replay=replay) for p in folder.glob("*.json") if p.is_file()]
    epoch = datetime.min.replace(tzinfo=UTC)
    infos.sort(key=lambda i: (i.updated or epoch, i.path.name), reverse=True)
    return infos


def latest_save(saves_dir: Path | None = None, *, unfinished: bool = False) -> SaveInfo | None:
    """The most recently played save that loads (and, if asked, is not over).
    Only the candidates are replayed, newest first, until one passes: the
    menu asks this at start, and a folder of finished games costs nothing."""
    for info in list_saves(saves_dir, replay=False):
        if info.ok and not (unfinished and info.finished) and replay_error(info.path) is None:
            return info
    return None


def delete_save(path: Path) -> None:
    """Delete a save; refused while another window has the game open."""
    if is_open_elsewhere(path):
        raise SaveError(f"{path.name} is open in another window; close the game there first.")
    try:
        path.unlink()
    except FileNotFoundError:
        return
    except OSError as exc:
        raise SaveError(f"Could not delete {path.name}: {exc.strerror or exc}.") from None
