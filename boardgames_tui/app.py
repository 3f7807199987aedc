"""The Textual app: the main menu at the bottom of the screen stack, global
keys (Ctrl+Q quit, F1 help), and the factory the CLI and the tests call.

Screens are imported when first shown, so importing this module stays cheap.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding

from .ui.settings import DEFAULT_BOT_DELAY, Settings

if TYPE_CHECKING:
    from .engine.session import Session


class BoardgamesApp(App[None]):
    """Pass-and-play tabletop games."""

    TITLE = "boardgames-tui"
    CSS_PATH = "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "help", "Help"),
    ]

    def __init__(self, settings: Settings | None = None, session: Session | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.initial_session = session
        self._screens_ready = False

    def on_mount(self) -> None:
        # Pushed rather than returned by get_default_screen, which would skip
        # loading the screen's CSS_PATH.
        from .ui.screens.menu import MainMenuScreen

        self.push_screen(MainMenuScreen(self.settings))
        if self.initial_session is not None:
            from .ui.game_screens import screen_for

            self.push_screen(screen_for(self.initial_session, self.settings))
        self._screens_ready = True
        self.check_size(self.size.width, self.size.height)

    def on_resize(self, event: events.Resize) -> None:
        if self._screens_ready:  # on_mount checks the first size itself
            self.check_size(event.size.width, event.size.height)

    def check_size(self, width: int, height: int) -> None:
        """Cover everything with a clear message while the terminal is too
        small, and uncover it as soon as it is large enough."""
        from .ui.screens.too_small import TooSmallScreen, too_small

        covered = isinstance(self.screen, TooSmallScreen)
        if too_small(width, height):
            if covered:
                self.screen.show_size(width, height)  # type: ignore[attr-defined]
            else:
                self.push_screen(TooSmallScreen())
        elif covered:
            self.pop_screen()

    def action_help(self) -> None:
        """Help for whatever is on screen: the screen's own if it has one."""
        from .ui.screens.help import HelpScreen, screen_keys

        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        own = getattr(screen, "help_screen", None)
        self.push_screen(own() if callable(own) else HelpScreen(None, screen_keys(screen)))


def make_app(
    saves_dir: Path | None = None,
    *,
    session: Session | None = None,
    seed: int | None = None,
    bot_delay: float = DEFAULT_BOT_DELAY,
) -> BoardgamesApp:
    """The app, for the CLI and the tests.

    ``saves_dir``: where games are saved (default ``$BOARDGAMES_TUI_SAVES`` or
    ``./saves``); ``session``: a game to open at once (the menu beneath it);
    ``seed``: the seed of new games when the setup screen leaves it blank;
    ``bot_delay``: seconds a bot pauses before moving (0 in tests).
    """
    if saves_dir is None:
        settings = Settings(bot_delay=bot_delay, seed=seed)
    else:
        settings = Settings(saves_dir=Path(saves_dir), bot_delay=bot_delay, seed=seed)
    return BoardgamesApp(settings, session)
