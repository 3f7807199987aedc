"""What the app was started with, handed to the screens that need it."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from boardgames_tui.engine.paths import default_saves_dir

#: Seconds a bot waits before it moves, so a person can follow the game.
DEFAULT_BOT_DELAY = 0.6

#: How long each bot move stays in view before the next, as a share of the
#: settings' delay: instant (none), normal (the delay), slow (2.5 times it).
PACES: dict[str, float] = {"instant": 0.0, "normal": 1.0, "slow": 2.5}
PACE_ORDER = ("instant", "normal", "slow")


@dataclass(frozen=True)
class Settings:
    """The saves folder, how long bots pause, and an optional fixed seed for new
    games (tests and bug reports)."""

    saves_dir: Path = field(default_factory=default_saves_dir)
    bot_delay: float = DEFAULT_BOT_DELAY
    seed: int | None = None
