"""Where saves go, without importing what reads them (the app's first frame
needs the folder's name, not pydantic)."""

from __future__ import annotations

import os
from pathlib import Path

ENV_VAR = "BOARDGAMES_TUI_SAVES"


def default_saves_dir() -> Path:
    """``$BOARDGAMES_TUI_SAVES`` if set, else ``./saves``."""
    env = os.environ.get(ENV_VAR)
    return Path(env).expanduser() if env else Path.cwd() / "saves"
