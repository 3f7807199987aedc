"""Which screen plays which game.

Each game's own screen registers here as a lazy import string, so opening
the menu never imports every game's widgets.  A game with no screen of its
own, or whose screen module does not exist yet, gets the generic
:class:`~boardgames_tui.ui.screens.game.GameScreen`.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.seating import SeatClaim
from boardgames_tui.engine.session import Session

from .screens.game import GameScreen
from .screens.game_replay import REPLAY_CSS, REPLAY_KEYS, ReplayMode
from .screens.game_seated import SeatedMode
from .settings import Settings

#: game id -> "module:Class" of its screen (a GameScreen subclass).
SCREENS: dict[str, str] = {
    "underwing": "boardgames_tui.ui.underwing.screen:UnderwingScreen",
    "incubation": "boardgames_tui.ui.incubation.screen:IncubationScreen",
    "tyrants": "boardgames_tui.ui.tyrants.screen:TyrantsScreen",
    "root": "boardgames_tui.ui.root.screen:RootScreen",
}


def _missing(module_name: str, error: ModuleNotFoundError) -> bool:
    """True when the error is about the screen module itself (or its package)
    not existing, not about something it imports failing."""
    missing = error.name or ""
    return bool(missing) and (module_name == missing or module_name.startswith(missing + "."))


def screen_class(game_id: str) -> type[GameScreen]:
    """The screen class for a game: its own, or the generic one."""
    target = SCREENS.get(game_id)
    if target is None:
        return GameScreen
    module_name, _, attr = target.partition(":")
    try:
        module = import_module(module_name)
    except ModuleNotFoundError as exc:
        if _missing(module_name, exc):
            return GameScreen
        raise
    cls = getattr(module, attr)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{target} is not a GameScreen subclass")
    return cls


def screen_for(session: Session, settings: Settings | None = None) -> GameScreen:
    """A screen playing ``session``."""
    return screen_class(session.game_id)(session, settings)


#: Each game screen's replay class, made once.
_REPLAY_CLASSES: dict[type[GameScreen], type[GameScreen]] = {}


def replay_class(base: type[GameScreen]) -> type[GameScreen]:
    """``base`` made a replay: :class:`ReplayMode` before it (its methods
    have the last word), the replay's keys added to its own.  The game's
    screen class stays the first screen class among the bases, so that its
    stylesheet's rules (``TyrantsScreen #map``) still apply, and its module
    (where its ``CSS_PATH`` is read from) stays the class's."""
    made = _REPLAY_CLASSES.get(base)
    if made is None:
        namespace = {
            "BINDINGS": REPLAY_KEYS,
            "DEFAULT_CSS": REPLAY_CSS,
            "__module__": base.__module__,
        }
        made = type(f"{base.__name__}Replay", (ReplayMode, base), namespace)
        _REPLAY_CLASSES[base] = made
    return made


def replay_screen(
    replay: Replay, settings: Settings | None = None, seat: int | None = None
) -> GameScreen:
    """The game's own screen (or the generic one) replaying ``replay``,
    read-only, from its start; ``seat``: whose view (asked when None, in a
    game with hidden hands)."""
    cls = replay_class(screen_class(replay.game.id))
    return cls(replay, settings, seat)  # type: ignore[call-arg,arg-type]


#: Each game screen's seated class, made once.
_SEATED_CLASSES: dict[type[GameScreen], type[GameScreen]] = {}


def seated_class(base: type[GameScreen]) -> type[GameScreen]:
    """``base`` sitting at some seats: :class:`SeatedMode` before it (its
    methods have the last word); the game's screen class stays the first
    screen class among the bases, as for a replay (its stylesheet's rules
    and its module are the class's)."""
    made = _SEATED_CLASSES.get(base)
    if made is None:
        namespace = {"__module__": base.__module__}
        made = type(f"{base.__name__}Seated", (SeatedMode, base), namespace)
        _SEATED_CLASSES[base] = made
    return made


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
    cls = seated_class(screen_class(session.game_id))
    return cls(session, settings, path=path, claim=claim, ends_app=ends_app)  # type: ignore[call-arg]
