"""Which screen plays which game, and in which mode.

A game's own screen is named in its registry entry (``engine/registry.py``,
``GameInfo.screen``) as a lazy import string, so opening the menu never
imports every game's widgets.  A game with no screen of its own, or whose
screen module does not exist yet, gets the generic screen.  The screen is
made with the mode of the window (``screens/modes.py``): one keyboard
(:func:`screen_for`), some seats (:func:`seated_screen`), a replay
(:func:`replay_screen`).
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from boardgames_tui.engine.registry import UnknownGame, game_info
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.seating import SeatClaim
from boardgames_tui.engine.session import Session

from .screens.game import GameScreen
from .screens.generic import GenericScreen
from .screens.modes import WatchMode
from .screens.replay import ReplayMode
from .screens.seats import SeatFile, SeatMode
from .settings import Settings


def _missing(module_name: str, error: ModuleNotFoundError) -> bool:
    """True when the error is about the screen module itself (or its package)
    not existing, not about something it imports failing."""
    missing = error.name or ""
    return bool(missing) and (module_name == missing or module_name.startswith(missing + "."))


def screen_class(game_id: str) -> type[GameScreen]:
    """The screen class for a game: its own, or the generic one."""
    try:
        target = game_info(game_id).screen
    except UnknownGame:
        target = ""
    if not target:
        return GenericScreen
    module_name, _, attr = target.partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if _missing(module_name, exc):
            return GenericScreen
        raise
    cls = getattr(module, attr)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{target} is not a GameScreen subclass")
    return cls


def screen_for(session: Session, settings: Settings | None = None) -> GameScreen:
    """A screen playing ``session`` at one keyboard."""
    return screen_class(session.game_id)(session, settings)


def replay_screen(
    replay: Replay, settings: Settings | None = None, seat: int | None = None
) -> GameScreen:
    """The game's own screen (or the generic one) replaying ``replay``,
    read-only, from its start; ``seat``: whose view (asked when None, in a
    game with hidden hands)."""
    mode = ReplayMode(replay, seat)
    return screen_class(replay.game.id)(mode.first_session(), settings).set_mode(mode)


def seated_screen(
    session: Session,
    path: Path,
    claim: SeatClaim,
    settings: Settings | None = None,
    *,
    ends_app: bool = True,
) -> GameScreen:
    """The game's own screen (or the generic one) playing ``session`` (read
    from ``path``) at the seats of ``claim`` only: a screen per seat (with
    no seat: watching the table).  ``ends_app``: leaving it ends the
    program (``sit``), else it goes back to the menu that opened it."""
    seats = SeatFile(path, claim, ends_app=ends_app)
    mode = SeatMode(seats) if claim.seats else WatchMode(seats)
    return screen_class(session.game_id)(session, settings).set_mode(mode)


__all__ = ["replay_screen", "screen_class", "screen_for", "seated_screen"]
