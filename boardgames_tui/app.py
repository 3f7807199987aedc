"""The Textual app: the main menu at the bottom of the screen stack, global
keys (Ctrl+Q quit, F1 help), and the factory the CLI and the tests call.

Screens are imported when first shown, so importing this module stays cheap.

An exception inside a screen does not end the program: the player reads one
sentence and goes back to the menu (the game was saved after its last
action), and the traceback goes to ``crash.log`` in the saves folder.  Only
an exception in the app itself ends it, with the same sentence, the log, and
a non-zero exit status (:attr:`App.return_code`).
"""

from __future__ import annotations

import contextlib
import gc
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual import events
from textual.actions import ActionParseResult
from textual.binding import Binding
from textual.dom import DOMNode
from textual.notifications import Notification, SeverityLevel

from .ui.compat import AppHooks
from .ui.settings import DEFAULT_BOT_DELAY, Settings

if TYPE_CHECKING:
    from textual.message_pump import MessagePump
    from textual.screen import Screen

    from .engine.replay import Replay
    from .engine.seating import SeatClaim
    from .engine.session import Session
    from .ui.host import Host


class BoardgamesApp(AppHooks):
    """Pass-and-play tabletop games."""

    TITLE = "boardgames-tui"
    #: The menu's stylesheet is read with the app's: the menu is the app's
    #: first screen (get_default_screen), whose own CSS_PATH Textual skips,
    #: and a screen's own, read when it is pushed, makes Textual parse every
    #: stylesheet again.
    CSS_PATH = ["app.tcss", "ui/screens/menu.tcss"]
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "help", "Help"),
    ]

    def __init__(
        self,
        settings: Settings | None = None,
        session: Session | None = None,
        replay: Replay | None = None,
        seated: SeatClaim | None = None,
    ) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.initial_session = session
        #: A save to replay at once (``boardgames-tui replay SAVE``).
        self.initial_replay = replay
        #: The seats ``initial_session`` is played at in this window (a
        #: screen per seat: ``boardgames-tui sit``); None: every seat.
        self.initial_seats = seated
        self._screens_ready = False
        #: Exceptions the app recovered from, and the log they were written to.
        self.crashes: list[BaseException] = []
        self.crash_log: Path | None = None
        self._recovering = False
        #: What to tell the person when the app ends on an error it could not
        #: recover from (the command line prints it after the app has exited).
        self.fatal_message = ""
        #: Run once the next frame is on the terminal (see call_after_frame).
        self._after_frame: list[Callable[[], object]] = []
        #: Whether the garbage collector waits for a frame (hold_collections).
        self._collections_held = False
        #: The notification on screen now (one at a time: see ``notify``),
        #: and the last ones told, oldest first (the tests read both).
        self.notes: list[Notification] = []
        self.told: deque[Notification] = deque(maxlen=100)

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None:
        """A notification, always shown as written: its text carries names
        players typed and save paths, never markup (a name such as
        ``[/]Zed`` read as markup stopped the app).  One at a time: a new
        message replaces the one showing (three quick undos stacked their
        messages over most of an 80x24 board)."""
        self.clear_notifications()
        note = Notification(message, title, severity, markup=False)
        self.notes = [note]
        self.told.append(note)
        super().notify(message, title=title, severity=severity, timeout=timeout, markup=False)

    def clear_notifications(self) -> None:
        self.notes = []
        super().clear_notifications()

    def call_after_frame(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the next frame has been written to the
        terminal.  Textual's ``call_after_refresh`` runs before the app's
        first frame (which waits for the terminal's size), so work done there
        delays that frame; the menu reads the saves here instead."""
        self._after_frame.append(callback)

    def frame_written(self) -> None:
        if self._after_frame:
            callbacks, self._after_frame = self._after_frame, []
            for callback in callbacks:
                self.call_later(callback)

    # ------------------------------------------------ the garbage collector
    # The collector is tuned for the whole process here, and only here:
    #
    # - At start (on_mount, before any game is opened) everything there is
    #   (Textual, Rich, the program's modules, the app and its menu: about
    #   57,000 objects) is frozen: it lives as long as the program, and a full
    #   pass of the collector need not walk it.  Measured on a 4-player
    #   Underwing game at 120x40 after 40 moves (an ad hoc pilot run): a full
    #   pass walked about 100,000 objects in 60-70 ms with nothing frozen,
    #   about 45,000 in 9-25 ms with the program frozen.  A game's own objects
    #   stay out of the freeze, so a game left for the menu is collected; the
    #   app unfreezes everything when it ends.
    # - During a move the collector waits for the move's frame
    #   (hold_collections, called by the game screen): a move makes tens of
    #   thousands of short-lived objects, and the collections, run as they
    #   came, were a fifth of the time before the move's frame.
    #
    # Key -> screen redrawn (benchmarks/screen_keys.py, five runs taken in
    # turn with the code before, which froze everything when a game screen
    # was mounted): the same, CPU a move 40 ms against 40 ms in Underwing
    # (4 players) and 25 ms against 23 ms in Incubation (medians; the clock
    # figures moved with the machine's load, both ways alike).
    def _settle_collector(self) -> None:
        gc.freeze()

    def on_unmount(self) -> None:
        # What was frozen is collectable again once the app is over (a test
        # process runs many apps one after another).
        self.release_collections()
        gc.unfreeze()

    def hold_collections(self) -> None:
        """Hold the garbage collector's passes until the next frame is on the
        terminal (a move's frame: see GameScreen._after_move)."""
        if gc.isenabled():
            gc.disable()
            self._collections_held = True
        self.call_after_frame(self.release_collections)

    def release_collections(self) -> None:
        """The collector runs again (at once, when a frame is overdue)."""
        if self._collections_held:
            self._collections_held = False
            gc.enable()

    def open_replay(self, replay: Replay, seat: int | None = None, at: int = 0) -> None:
        from .ui.game_screens import replay_screen
        from .ui.screens.replay import ReplayMode

        screen = replay_screen(replay, self.settings, seat)
        self.push_screen(screen)
        if at and isinstance(screen.mode, ReplayMode):
            screen.call_after_refresh(screen.mode.go, at)

    def get_default_screen(self) -> Screen[Any]:
        """The menu, at the bottom of the screen stack.  Composed with the
        app (its stylesheet is one of the app's), it is on the terminal
        before its footer's keys, as any Textual app's first screen is; one
        pushed in on_mount waited for them."""
        from .ui.screens.menu import MainMenuScreen

        return MainMenuScreen(self.settings)

    def on_mount(self) -> None:
        self._settle_collector()  # before any game: see below
        self._remember_theme()
        # In a browser (serve) the scrollbar tracks are drawn otherwise (app.tcss).
        self.set_class(self.is_web, "-served")
        if self.initial_session is not None and self.initial_seats is not None:
            from .ui.game_screens import seated_screen

            # A window at some seats is that game only: leaving it ends the
            # program (the menu would open every save, hands and all).
            seats = self.initial_seats
            screen = seated_screen(self.initial_session, seats.save_path, seats, self.settings)
            self.push_screen(screen, callback=lambda _: self.exit())
        elif self.initial_session is not None:
            from .ui.game_screens import screen_for

            self.push_screen(screen_for(self.initial_session, self.settings))
        elif self.initial_replay is not None:
            from .ui.game_screens import replay_screen

            self.push_screen(replay_screen(self.initial_replay, self.settings))
        self._screens_ready = True
        self.check_size(self.size.width, self.size.height)

    # ------------------------------------------------------------ the theme
    @property
    def theme_file(self) -> Path:
        """Where the theme chosen last is kept (beside the saves: one line)."""
        return self.settings.saves_dir / ".theme"

    def _remember_theme(self) -> None:
        """The theme chosen in an earlier run, and every new choice kept."""
        with contextlib.suppress(OSError, UnicodeDecodeError):
            name = self.theme_file.read_text(encoding="utf-8").strip()
            if name in self.available_themes:
                self.theme = name
        self.theme_changed_signal.subscribe(self, self._theme_chosen)

    def _theme_chosen(self, theme: object) -> None:
        with contextlib.suppress(OSError):
            self.theme_file.parent.mkdir(parents=True, exist_ok=True)
            self.theme_file.write_text(self.theme + "\n", encoding="utf-8")

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

    async def action_quit(self) -> None:
        """Quit; when a game's last moves could not be saved, ask first (and
        offer to save them elsewhere)."""
        from .ui.screens.game import GameScreen

        unsaved = [
            s for s in self.screen_stack if isinstance(s, GameScreen) and s.save_error is not None
        ]
        if unsaved and not self._recovering:
            unsaved[-1].confirm_leave(self.exit)
            return
        self.exit()

    def action_command_palette(self) -> None:
        """Textual's palette, with a search mark every font draws."""
        from textual.command import CommandPalette

        from .ui.palette import Palette

        if self.use_command_palette and not CommandPalette.is_open(self):  # type: ignore[arg-type]
            self.push_screen(Palette(id="--command-palette"))

    def action_help(self) -> None:
        """Help for whatever is on screen: the screen's own if it has one."""
        from .ui.screens.help import HelpScreen, screen_keys

        screen = self.screen
        if isinstance(screen, HelpScreen):
            return
        own = getattr(screen, "help_screen", None)
        self.push_screen(own() if callable(own) else HelpScreen(None, screen_keys(screen)))

    # ------------------------------------------------------------- crashes
    #: When True (the test suite sets it), a crash the app recovered from is
    #: still raised when a pilot test (``run_test``) ends, so no bug hides
    #: behind the crash screen.
    strict: ClassVar[bool] = False

    async def run_action(
        self,
        action: str | ActionParseResult,
        default_namespace: DOMNode | None = None,
        namespaces: Any = None,
    ) -> bool:
        """Key bindings run their actions here, in the app's own message loop,
        which an exception would end: a screen's action that raises is a
        crash the app recovers from."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except Exception as error:
            if self._recover(error):
                return True
            raise

    def unhandled_exception(self, error: Exception, raised_in: MessagePump | None) -> None:
        """Every unhandled exception comes here.  One in a screen or a widget
        (whose message loop it ended) is recovered from; one in the app
        itself ends the program, saying so in one sentence."""
        if raised_in is not None and raised_in is not self and self._recover(error):
            return
        self._fatal(error)

    def _crash_context(self) -> list[str]:
        """What was on screen, for the log (names only, never the state)."""
        from .ui.screens.game import GameScreen

        lines = ["screens: " + " > ".join(type(s).__name__ for s in self.screen_stack)]
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                session = screen.session
                lines.append(
                    f"game: {session.game_id}, {len(session.actions)} actions, save: {session.path}"
                )
        return lines

    def _write_crash_log(self, error: BaseException) -> Path:
        from .ui.screens.crash import write_crash_log

        try:
            about = self._crash_context()
        except Exception:
            about = []
        self.crash_log = write_crash_log(self.settings.saves_dir, error, about)
        return self.crash_log

    def _recover(self, error: BaseException) -> bool:
        """Log ``error`` and cover the screens with the crash screen, whose
        Enter goes back to a fresh menu.  False when that is not possible
        (a crash while recovering from one, or the app is closing)."""
        if self._recovering or self.fatal_message or not self.is_running:
            return False
        if self.initial_seats is not None:
            # A window at some seats has no menu to go back to (the menu
            # opens every save): it ends, saying so, and can sit again.
            return False
        self._recovering = True
        self.crashes.append(error)
        if self.strict and isinstance(error, Exception):
            self.keep_exception_for_tests(error)
        log = self._write_crash_log(error)
        self.call_later(self._show_crash, log)
        return True

    def _show_crash(self, log: Path) -> None:
        from .ui.screens.crash import CrashScreen
        from .ui.screens.game import GameScreen

        in_game = any(isinstance(s, GameScreen) for s in self.screen_stack)
        self.push_screen(CrashScreen(log, game_saved=in_game), callback=self._back_to_menu)

    async def _back_to_menu(self, _: None = None) -> None:
        """Every screen closed (the one that failed too), a fresh menu over
        the first one (the bottom of the stack, which Textual keeps)."""
        from .ui.screens.menu import MainMenuScreen

        while len(self.screen_stack) > 1:
            await self.pop_screen()
        await self.push_screen(MainMenuScreen(self.settings))
        self._recovering = False
        self.check_size(self.size.width, self.size.height)

    def _fatal(self, error: Exception) -> None:
        """The app cannot go on: log, one sentence on exit, exit status 1."""
        from .ui.screens.crash import SAVED

        # Pilot tests re-raise the first exception, so a test sees it.
        self.keep_exception_for_tests(error)
        if self.fatal_message:  # already ending after an earlier error
            return
        try:
            log = self._write_crash_log(error)
        except Exception:
            log = None
        sentence = SAVED.replace(", press Enter to go back to the menu", "")
        lines = [f"boardgames-tui: {sentence}"]
        if log is not None:
            lines.append(f"Details for a bug report: {log}")
        # Printed by the command line once the terminal is given back, as plain
        # text: a long path is never wrapped or cut (an exit message given to
        # App.exit is printed through Rich, which cuts it at the terminal's
        # width).
        self.fatal_message = "\n".join(lines)
        self.exit(return_code=1)


def make_app(
    saves_dir: Path | None = None,
    *,
    session: Session | None = None,
    seed: int | None = None,
    bot_delay: float = DEFAULT_BOT_DELAY,
    replay: Replay | None = None,
    seated: SeatClaim | None = None,
) -> BoardgamesApp:
    """The app, for the CLI and the tests.

    ``saves_dir``: where games are saved (default ``$BOARDGAMES_TUI_SAVES`` or
    ``./saves``); ``session``: a game to open at once (the menu beneath it);
    ``seed``: the seed of new games when the setup screen leaves it blank;
    ``bot_delay``: seconds a bot pauses before moving (0 in tests);
    ``replay``: a save to replay at once, read-only (the menu beneath it);
    ``seated``: the seats this window sits at in ``session`` (read from
    ``seated.save_path``), which is then the only thing the window shows.
    """
    if saves_dir is None:
        settings = Settings(bot_delay=bot_delay, seed=seed)
    else:
        settings = Settings(saves_dir=Path(saves_dir), bot_delay=bot_delay, seed=seed)
    return BoardgamesApp(settings, session, replay, seated)


if TYPE_CHECKING:

    def _serves_the_screens(app: BoardgamesApp) -> Host:
        """mypy checks here that the app is what the screens take it for."""
        return app
