"""The save file: its format, and writing and reading one.

A save is JSON: a format name and version, the game id, seats, options, seed,
the action log, a snapshot of the state, and when it was created and last
played.  Reading validates its structure and refuses every way a file can be
wrong with one sentence (:class:`SaveError`), never touching the file; the
replay from the seed and the comparison with the snapshot are
:meth:`Session.load`'s.  The saves folder (listing, the newest save,
deleting) is :mod:`boardgames_tui.engine.saves`, above the session.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from .game import Seat

FORMAT = "boardgames-tui-save"
#: 2: the state snapshot no longer holds the setup's ``opening`` events (the
#: session keeps them in its log); version 1 files are migrated on reading.
VERSION = 2
#: Larger files are refused unread: a real save is a few hundred kilobytes.
MAX_BYTES = 16 * 1024 * 1024


class SaveError(Exception):
    """A save that cannot be written or loaded.  The message is one clear sentence."""


class SaveFile(BaseModel):
    format: str
    version: int
    game: str
    seats: list[Seat] = Field(min_length=1)
    options: dict[str, Any]
    seed: int
    actions: list[dict[str, Any]]
    state: dict[str, Any]
    created: datetime
    updated: datetime
    progress: str = ""
    finished: bool = False


def now() -> datetime:
    return datetime.now(UTC)


def new_save_path(saves_dir: Path, game_id: str, when: datetime | None = None) -> Path:
    """A file name no other game will have: game, time and a random tag."""
    when = when or now()
    stamp = when.strftime("%Y%m%d-%H%M%S")
    safe = re.sub(r"[^a-z0-9_-]", "", game_id.lower()) or "game"
    while True:
        path = saves_dir / f"{safe}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


def write_atomic(path: Path, text: str) -> None:
    """Write so that a crash leaves either the old file or the new one, whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def write_save(path: Path, save: SaveFile) -> None:
    try:
        write_atomic(path, save.model_dump_json(indent=1))
    except OSError as exc:
        raise SaveError(f"Could not write {path}: {exc.strerror or exc}.") from None


def read_save(path: Path) -> SaveFile:
    """Read and validate a save's structure (not its replay).  Raises SaveError."""
    name = path.name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise SaveError(f"{name} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    if size > MAX_BYTES:
        raise SaveError(
            f"{name} is {size // (1024 * 1024)} MB, too large to be a save (limit {MAX_BYTES // (1024 * 1024)} MB)."
        )
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    if not raw.strip():
        raise SaveError(f"{name} is empty.")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a text file, so not a save.") from None
    except json.JSONDecodeError as exc:
        if exc.pos >= len(raw.rstrip()) - 1:
            raise SaveError(f"{name} is cut short (truncated JSON).") from None
        raise SaveError(
            f"{name} is not valid JSON (line {exc.lineno}, column {exc.colno})."
        ) from None
    except RecursionError:
        raise SaveError(f"{name} is nested too deeply to be a save.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a boardgames-tui save.")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(
            f"{name} was saved by a newer version of boardgames-tui (save format {version}; this one reads {VERSION})."
        )
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise SaveError(f"{name} is damaged: {where}: {first['msg'].lower()}.") from None
    if save.version < 1:
        raise SaveError(f"{name} has an unknown save format version ({save.version}).")
    return migrate(save)


def migrate(save: SaveFile) -> SaveFile:
    """A save of an older format version brought up to this one."""
    if save.version == 1:
        # Version 1 snapshots carried setup's opening events in the state.
        state = {k: v for k, v in save.state.items() if k != "opening"}
        save = save.model_copy(update={"version": 2, "state": state})
    return save
