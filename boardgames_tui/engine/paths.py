"""Where saves go, without importing what reads them (the app's first frame
needs the folder's name, not pydantic)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

ENV_VAR = "BOARDGAMES_TUI_SAVES"


def default_saves_dir() -> Path:
    """``$BOARDGAMES_TUI_SAVES`` if set, else ``./saves``."""
    env = os.environ.get(ENV_VAR)
    return Path(env).expanduser() if env else Path.cwd() / "saves"


def file_kind(mode: int) -> str:
    """What a file that is not a regular file is, in a player's words
    (a save path or a lock path holding something else)."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"
