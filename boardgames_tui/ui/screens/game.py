"""The generic game screen: plays any registered game through the Game
contract alone.

It shows the title and progress, the seats (whose turn, person or bot), the
prompt, an action picker listing exactly the legal actions, a scrolling log
and a plain view of the table.  Bots move by themselves in a thread worker;
in a game with hidden hands a hand-off screen covers the table whenever the
terminal passes to another person.

A game's own screen subclasses :class:`GameScreen`: it keeps the flow (apply,
bots, hand-off, undo, save, game over, the command palette) and overrides
``compose`` and ``refresh_view`` (calling ``super().refresh_view()``) to draw
the game's own picture.  Its ``compose`` must yield an
:class:`~boardgames_tui.ui.widgets.ActionPicker` with id ``actions``; the other
shared pieces are drawn when present: ``#game-title`` and ``#prompt``
(Static), ``#seats`` (SeatTable), ``#log`` (GameLog), ``#table`` (StateView).
Its CSS_PATH may list :data:`GAME_SCREEN_CSS` before its own stylesheet.

The rules a subclass keeps (``docs/architecture.md``, "A game's own screen"):
never call ``super().on_mount()`` (Textual calls this one last; the game would
start twice); find shared parts through :meth:`part` (or :meth:`one`), not a
query per redraw; an overridden ``_handed_off`` clears ``handoff_pending`` and
sets ``viewer`` (or calls this one); an overridden :meth:`handoff_screen`
keeps ``recap=self.recap_for(seat)``; its own ``BINDINGS`` include
:data:`BOT_KEYS`.
"""

from __future__ import annotations

import atexit
import contextlib
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

from textual import on, work
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.query import NoMatches
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Static
from textual.worker import get_current_worker

from boardgames_tui.engine.game import Action, Game, IllegalAction
from boardgames_tui.engine.lock import OPEN_ELSEWHERE, LockState, SaveLock
from boardgames_tui.engine.saves import SaveError, new_save_path, read_save
from boardgames_tui.engine.session import Session, UndoError, UndoPlan

from ..commands import GameCommand, GameCommands
from ..host import host
from ..messages import ActionChosen, BotChose, BotFailed
from ..settings import PACE_ORDER, PACES, Settings
from ..widgets import ActionPicker, GameLog, SeatTable, StateView
from ..widgets.footer import GameFooter
from ..widgets.save_status import SaveStatus
from ..widgets.text_line import update_text
from .dialogs import ConfirmDialog
from .gameover import GameOverChoice, GameOverScreen
from .handoff import HandoffScreen
from .help import HelpScreen, headings, rules_markdown, screen_keys
from .unsaved import LeaveChoice, UnsavedDialog

W = TypeVar("W", bound=Widget)
T = TypeVar("T")

#: The generic screen's stylesheet, by absolute path so that a subclass in
#: another package can list it in its own ``CSS_PATH``.
GAME_SCREEN_CSS = Path(__file__).with_name("game.tcss")

#: Keys the footer does not show, for the help screen.
PICKER_KEYS = [
    ("↑ / ↓", "Move through the actions"),
    ("Enter", "Take the highlighted action"),
    ("1 … 9", "Take the numbered action"),
    ("Tab", "Move between the panels"),
    ("Ctrl+P", "Command palette (save, undo, rules …)"),
    ("F5", "Bot pace: how long each bot move stays in view (instant, normal, slow)"),
    ("F6", "While bots play: skip to your turn (they play on without pausing)"),
]

#: How often a window watching a game open elsewhere looks for new moves,
#: and how often the window playing it makes sure its lock file is still there.
WATCH_SECONDS = 1.0


#: Keys every game screen has for its bots (a game's own screen lists them
#: among its bindings): the pace of their moves, and skipping to your turn.
BOT_KEYS: list[BindingType] = [
    Binding("f5", "pace", "Bot pace", show=False),
    Binding("f6", "skip", "Skip to my turn"),
]


class GameScreen(Screen[None]):
    """Any game, end to end, from the contract alone."""

    #: Textual repaints the whole screen when the focus moves; here the focus
    #: moves on most moves (the action list, the board), and what shows the
    #: focus (borders, highlights, the cursor) repaints itself when its style
    #: changes.  A whole-screen repaint was half of a move's time on screen.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    CSS_PATH = str(GAME_SCREEN_CSS)
    DEFAULT_CSS = """
    GameScreen { layers: default save-status; }
    """
    COMMANDS = {GameCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f1", "help", "Help"),
        Binding("l", "log", "Log"),
        Binding("v", "table", "Table"),
        Binding("g", "results", "Results"),
        Binding("escape", "menu", "Menu"),
        *BOT_KEYS,
    ]

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__()
        self.session = session
        self.settings = settings or Settings()
        #: Bumped on every change of the game, so a stale bot choice is dropped.
        self.version = 0
        self._legal: list[Action] = []
        self._legal_for: tuple[int, int, int] = (-1, -1, -1)
        #: The person at the terminal (whose hand may be shown), in hidden-hand games.
        self.viewer: int | None = None
        self.handoff_pending = False
        self.thinking: int | None = None
        self.stuck: str | None = None
        self._results_shown = False
        #: The lock that makes this the one window playing the game.
        self.save_lock: SaveLock | None = None
        #: The game is open in another window: this one only watches it.
        self.read_only = False
        #: The save being watched, and its (size, mtime) when last read.
        self.watched: Path | None = None
        self._watched_key: tuple[int, int] | None = None
        self._watch_timer: Timer | None = None
        #: While watching: the lock this window would take, which remembers
        #: the lock file it saw held (see ``SaveLock``).
        self._watch_lock: SaveLock | None = None
        #: While playing: the periodic look at the lock file (``keep_lock``).
        self._lock_timer: Timer | None = None
        #: The lock path's problem already told (said once, not every look).
        self._lock_problem_told: str | None = None
        #: Why the last save failed; None while everything is saved.
        self.save_error: str | None = None
        #: How many actions the game had at its last successful save.
        self._saved_length = len(session.actions)
        #: The shared widgets found by ``part``.
        self._parts_found: dict[tuple[str, type[Widget]], Widget] = {}
        #: The shared widgets this screen does not have (known once mounted).
        self._parts_missing: set[tuple[str, type[Widget]]] = set()
        self._parts_complete = False
        #: A move waits for the frame that shows it (``_after_move``): its save
        #: and the garbage collector's work come after that frame.
        self._frame_awaited = False
        self._frame_overdue: Timer | None = None
        #: How long each bot move stays in view (``PACES``), and whether the
        #: bots play on without pausing until a person is to move (F6).
        self.pace = "normal"
        self.skipping = False
        #: What each person last saw of the board (``place_signature``), and
        #: the places marked as changed since, after a hand-off, until their
        #: first key.
        self._last_seen: dict[int, dict[Any, str]] = {}
        self.changed_marks: frozenset[Any] = frozenset()

    # -------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        yield Static(id="game-title", markup=False)
        yield SeatTable(id="seats")
        yield Static(id="prompt", markup=False)
        with Horizontal(id="main"):
            yield ActionPicker(id="actions")
            with Vertical(id="side"):
                yield StateView(id="table")
                yield GameLog(id="log")
        yield GameFooter(compact=True)

    def on_mount(self) -> None:
        for selector, title in (("#actions", "Actions"), ("#table", "Table"), ("#log", "Log")):
            for widget in self.query(selector):
                widget.border_title = widget.border_title or title
        # Textual calls on_mount of every class of a game's own screen, this
        # one last: a subclass never calls it again (the game would start
        # twice; tests/ui/test_game_screens.py checks it).
        self.mount(SaveStatus(id="save-status"))
        # Every shared part is in place now: a part not found from here on
        # is one this screen does not have (``part`` stops looking for it).
        self._parts_complete = True
        # A move's save may still be to write when the program ends in a way
        # that skips unmounting (a fatal error): write it then.
        atexit.register(self._save_at_exit)
        self.take_lock()
        self.advance()

    def on_unmount(self) -> None:
        self._move_shown()
        atexit.unregister(self._save_at_exit)
        self.release_lock()

    def release_lock(self) -> None:
        """Let the game go: another window (or the menu's Continue) may open it."""
        if self._lock_timer is not None:
            self._lock_timer.stop()
            self._lock_timer = None
        if self.save_lock is not None:
            self.save_lock.release()
            self.save_lock = None
        if self._watch_lock is not None:
            self._watch_lock.release()
            self._watch_lock = None

    def _hold(self, lock: SaveLock) -> None:
        """This window plays the game now, under ``lock``."""
        self.save_lock = lock
        self._watch_lock = None
        if self._lock_timer is None:
            self._lock_timer = self.set_interval(WATCH_SECONDS, self.keep_lock, name="keep-lock")

    def keep_lock(self) -> bool:
        """While playing: make sure the lock file is still this window's (it
        may have been deleted or replaced), taking a new one if need be.  False
        when another window took the game meanwhile: this one watches now."""
        lock = self.save_lock
        if lock is None or self.read_only:
            return not self.read_only
        state = lock.check()
        if state is LockState.RETAKEN:
            self.notify(
                "This game's lock file had been removed or replaced: this window made a new one.",
                title="Lock",
            )
        elif state is LockState.UNSAFE and lock.problem != self._lock_problem_told:
            self._lock_problem_told = lock.problem
            self.notify(
                f"{lock.problem} This window keeps playing, but another may not see it.",
                title="Lock",
                severity="warning",
                timeout=10,
            )
        elif state is LockState.LOST:
            self._lost(lock)
            return False
        return True

    def _lost(self, lock: SaveLock) -> None:
        """Another window took the game while its lock file was missing:
        this one gives way and watches (a move not yet written stays unwritten,
        so the other window's file is never written over)."""
        path = self.session.path
        if self._lock_timer is not None:
            self._lock_timer.stop()
            self._lock_timer = None
        self.save_lock = None
        if path is None:
            return
        self.session.save_pending = False
        held = lock.holder()
        who = f" ({held.describe()})" if held is not None else ""
        self._start_watching(path, lock)
        self._watched_key = None  # read the file as it is now at the next look
        self.notify(
            f"Another window{who} took this game while its lock file was missing: "
            "this window only watches it now.",
            title="Watching",
            severity="warning",
            timeout=10,
        )
        self.changed()

    def _start_watching(self, path: Path, lock: SaveLock) -> None:
        self.read_only = True
        self.watched = path
        self.session.path = None  # a watching window never writes the save
        self._watched_key = self._stat(path)
        self._watch_lock = lock
        if self._watch_timer is None:
            self._watch_timer = self.set_interval(WATCH_SECONDS, self._watch, name="watch")
        self.show_save_status()

    # --------------------------------------------------- one window per game
    def take_lock(self) -> None:
        """Become the one window playing this game, or, when another window
        has it, watch it without moving (saying so once)."""
        path = self.session.path if self.watched is None else self.watched
        if path is None:
            return
        lock = SaveLock(path)
        if lock.acquire():
            self._hold(lock)
            self._catch_up(path)
            return
        self._start_watching(path, lock)
        if lock.problem is not None:
            # Something not a lock file is at the lock path: never written
            # through; the game is watched until it is removed.
            self._lock_problem_told = lock.problem
            self.notify(
                f"{lock.problem} Until then this window only watches it.",
                title="Watching",
                severity="warning",
                timeout=10,
            )
            return
        holder = lock.holder()
        who = f" ({holder.describe()})" if holder is not None else ""  # "process 4242"
        self.notify(
            f"{OPEN_ELSEWHERE}{who}: you can watch it here, but moves are made there.",
            title="Watching",
            severity="warning",
            timeout=10,
        )

    def _catch_up(self, path: Path) -> None:
        """With the lock just taken: if another window moved on since this
        game was read, read it again, so its moves are not written over."""
        try:
            disk = read_save(path)
        except SaveError:
            return  # no file yet (a new game), or one this window will replace
        if len(disk.actions) == len(self.session.actions) and disk.updated == self.session.updated:
            return
        try:
            fresh = Session.load(path)
        except SaveError as exc:
            self.notify(str(exc), title="Not read again", severity="error", timeout=10)
            return
        self.session = fresh
        self._saved_length = len(fresh.actions)
        self._results_shown = fresh.is_over

    @staticmethod
    def _stat(path: Path) -> tuple[int, int] | None:
        try:
            stat = path.stat()
        except OSError:
            return None
        return (stat.st_size, stat.st_mtime_ns)

    def _watch(self) -> None:
        """While watching: take the game over once the other window has
        closed it, else show the moves it made since the last look."""
        path = self.watched
        if not self.read_only or path is None:
            return
        lock = self._watch_lock or SaveLock(path)
        self._watch_lock = lock
        if lock.acquire():
            self._hold(lock)
            self.read_only = False
            self.watched = None
            if self._watch_timer is not None:
                self._watch_timer.stop()
                self._watch_timer = None
            self.session.path = path
            self._catch_up(path)
            closed = (
                "Nothing is in the way of this game's lock any more"
                if self._lock_problem_told is not None
                else "The other window has closed this game"
            )
            self._lock_problem_told = None
            self.notify(f"{closed}: you can play it here now.", title="Your game")
            self.show_save_status()
            self.changed()
            return
        key = self._stat(path)
        if key is None or key == self._watched_key:
            return
        self._watched_key = key
        try:
            fresh = Session.load(path)
        except SaveError:
            return  # looked at mid-change or damaged: the next look tells
        fresh.path = None
        self.session = fresh
        self.changed()

    def show_save_status(self) -> None:
        status = self.part("#save-status", SaveStatus)
        if status is None:
            return
        width = self.size.width or self.app.size.width
        if self.read_only:
            status.show_state("watching", width)
        elif self.save_error is not None:
            status.show_state("unsaved", width)
        else:
            status.show_state("saved", width)

    def on_resize(self) -> None:
        self.show_save_status()

    def part(self, selector: str, kind: type[W]) -> W | None:
        """The shared widget matching ``selector``, if this screen has one
        (found once, and found missing once: a query walks the whole screen,
        and every redraw asks)."""
        key = (selector, kind)
        found = self._parts_found.get(key)
        if found is not None and found.is_attached and found.screen is self:
            return cast(W, found)
        if key in self._parts_missing:
            return None
        widget = next(iter(self.query(selector).results(kind)), None)
        if widget is not None:
            self._parts_found[key] = widget
        elif self._parts_complete:
            self._parts_missing.add(key)
        return widget

    def one(self, selector: str, kind: type[W]) -> W:
        """The widget matching ``selector``, which this screen has: as
        ``query_one``, found once (see ``part``)."""
        widget = self.part(selector, kind)
        if widget is None:
            raise NoMatches(f"No {kind.__name__} matches {selector!r} on {self}")
        return widget

    #: While Textual looks at every binding (``active_bindings``, some
    #: eighty ``check_action`` calls, several times a move): what the checks
    #: have worked out, shared by all of them (nothing changes during a look).
    _binding_look: dict[str, object] | None = None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        self._binding_look = {}
        try:
            return super().active_bindings
        finally:
            self._binding_look = None

    def in_binding_look(self, name: str, work: Callable[[], T]) -> T:
        """``work()``, worked out once per look at the bindings (and every
        time outside one)."""
        look = self._binding_look
        if look is None:
            return work()
        if name not in look:
            look[name] = work()
        return cast(T, look[name])

    def focus_now(self, widget: Widget) -> None:
        """Move the focus to ``widget`` in this frame, not after the app's
        next messages: the widget losing it is styled for that at once (its
        own Blur event comes later, and the restyle it caused then repainted
        its scrollbars in a frame of their own, after the move's)."""
        blurred = self.focused
        if blurred is widget or not widget.focusable:
            return
        self.set_focus(widget)
        if blurred is not None and self.focused is widget:
            blurred.has_focus = False

    @property
    def picker(self) -> ActionPicker:
        return self.one("#actions", ActionPicker)

    # ------------------------------------------------------------- queries
    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.session.seats[seat].name

    @property
    def people(self) -> int:
        return sum(1 for seat in self.session.seats if not seat.is_bot)

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off covers the table when, in a game with hidden hands, the
        terminal passes to a different person (and before the first decision).
        With only one person at the table there is nobody to hide from."""
        return bool(self.game.hidden_information) and self.people >= 2 and seat != self.viewer

    def public_scores(self) -> list[int] | None:
        """Scores while playing, for open-information games only (a hidden-hand
        game's score may count hidden cards)."""
        if self.game.hidden_information and not self.session.is_over:
            return None
        try:
            outcome = self.session.outcome()
        except Exception:
            return None
        scores = {r.seat: r.score for r in outcome.results}
        return [scores.get(i, 0) for i in range(len(self.session.seats))]

    def watching(self) -> int | None:
        """Whose view of the table is shown: the person at the terminal in a
        hidden-hand game, else the seat to act."""
        if self.game.hidden_information:
            return None if self.handoff_pending else self.viewer
        return self.session.to_act

    @property
    def can_act(self) -> bool:
        return (
            not self.session.is_over
            and not self.read_only
            and not self.handoff_pending
            and self.thinking is None
            and not self.session.bot_to_act
        )

    @property
    def live(self) -> bool:
        """A person at the terminal is deciding now, so their keys work."""
        return self.can_act and not self.session.is_over

    def legal(self) -> list[Action]:
        """The legal actions now (none while nobody at the terminal decides),
        asked of the engine once per position: footers, hints and the picker
        all ask on every redraw."""
        if not self.live:
            return []
        key = (self.version, len(self.session.actions), id(self.session.state))
        if key != self._legal_for:
            self._legal_for = key
            self._legal = self.session.legal_actions()
        return list(self._legal)

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        """Bring the screen up to date and start what comes next: the results,
        a bot's move, a hand-off, or a person's choice."""
        session = self.session
        self.thinking = None
        if session.is_over:
            self.refresh_view()
            if not self._results_shown:
                self._results_shown = True
                self.action_results()
            return
        seat = session.to_act
        assert seat is not None
        if self.read_only:
            # Moves, the bots' too, are made in the window that has the game.
            if self.game.hidden_information:
                self.viewer = None
            self.refresh_view()
            return
        if session.bot_to_act:
            if self.stuck is None:
                self.thinking = seat
                self.think(self.version)
            self.refresh_view()
            return
        if self.needs_handoff(seat):
            self.handoff_pending = True
            self.refresh_view()
            self.app.push_screen(self.handoff_screen(seat), callback=self._cover_lifted)
            return
        self.viewer = seat
        self.refresh_view()
        # Not ``focus()``: asked of the widget that has the focus already,
        # that repaints the whole list after every move.
        self.focus_now(self.picker)

    def handoff_screen(self, seat: int) -> HandoffScreen:
        """The cover while the terminal passes to ``seat``.  A game's screen
        may override it to name the seat's side and the decision that waits
        (public information only: everyone at the table sees it), keeping
        the recap (:meth:`recap_for`)."""
        return HandoffScreen(self.seat_name(seat), self.game.title, recap=self.recap_for(seat))

    def recap_for(self, seat: int) -> list[str]:
        """What the others did since ``seat`` last acted: the log's lines."""
        return [entry.text for entry in self.session.recap(seat)]

    def place_signature(self) -> dict[Any, str]:
        """Each place of the board and its public contents, for marking what
        changed while a person was away (a game's screen draws
        ``changed_marks``); none by default."""
        return {}

    def _remember_board(self, viewer: int) -> None:
        if seen := self.place_signature():
            self._last_seen[viewer] = seen

    def _cover_lifted(self, _: None = None) -> None:
        """The hand-off is over: mark the places that changed since the
        person taking the seat last saw the board, then hand it over."""
        seat = self.session.to_act
        seen = self._last_seen.get(seat) if seat is not None else None
        if seen is not None:
            now = self.place_signature()
            self.changed_marks = frozenset(n for n, what in now.items() if seen.get(n) != what)
        self._handed_off()

    def on_key(self) -> None:
        """The places marked after a hand-off stay marked until the first key."""
        if self.changed_marks:
            self.changed_marks = frozenset()
            self.call_later(self.refresh_view)

    def _handed_off(self, _: None = None) -> None:
        self.handoff_pending = False
        self.viewer = self.session.to_act
        self.refresh_view()
        self.picker.focus()

    def changed(self) -> None:
        """The game changed (a move, an undo): redraw and go on."""
        self.version += 1
        self.stuck = None
        self.refresh_bindings()
        self.advance()

    def refresh_view(self) -> None:
        """Redraw everything from the session.  A game's own screen overrides
        this (calling super) to draw its board."""
        session = self.session
        # The board as this person last saw it, for the marks of what
        # changed when the table comes back to them.
        viewer = self.viewer
        if viewer is not None and not self.handoff_pending and not self.read_only:
            self._remember_board(viewer)
        if header := self.part("#game-title", Static):
            update_text(header, self.title_line())
        if seats := self.part("#seats", SeatTable):
            status = "thinking…" if self.thinking is not None else "to play"
            seats.show_seats(
                session.seats, session.to_act, scores=self.public_scores(), status=status
            )
        if prompt := self.part("#prompt", Static):
            update_text(prompt, self.prompt_text())
        self.refresh_picker()
        if log := self.part("#log", GameLog):
            log.show_entries(session.log)
        if table := self.part("#table", StateView):
            watching = self.watching()
            caption = f"As {self.seat_name(watching)} sees it" if watching is not None else ""
            if self.game.hidden_information and watching is None and not session.is_over:
                caption = "Hands hidden"
            shown = session.state if session.is_over else session.view(watching)
            table.show_state(shown, caption)

    def title_line(self) -> str:
        """The title bar: the game and how far it has got.  A game's own
        screen may say more (one text, so the bar is drawn once a move)."""
        session = self.session
        progress = "Finished" if session.is_over else session.progress()
        return self.game.title + (f" · {progress}" if progress else "")

    def prompt_text(self) -> str:
        session = self.session
        if session.is_over:
            summary = session.outcome().summary
            return f"Game over. {summary}".strip()
        name = self.seat_name(session.to_act)
        if self.read_only:
            return f"{OPEN_ELSEWHERE}: watching. {name} to play there."
        if self.stuck is not None:
            return f"{name} (bot) is stuck: {self.stuck}"
        if self.thinking is not None:
            return f"{name} is thinking…"
        if self.handoff_pending:
            return f"Pass to {name}."
        return session.prompt()

    def refresh_picker(self) -> None:
        picker = self.picker
        session = self.session
        if session.is_over:
            picker.set_waiting("The game is over. G shows the results.")
        elif self.read_only:
            picker.set_waiting(f"{OPEN_ELSEWHERE}: moves are made there.")
        elif self.thinking is not None or session.bot_to_act:
            picker.set_waiting(f"{self.seat_name(session.to_act)} is thinking…")
        elif self.handoff_pending:
            picker.set_waiting(f"Waiting for {self.seat_name(session.to_act)}.")
        else:
            actions = self.legal()
            if actions:
                picker.set_actions([(a, session.describe(a)) for a in actions])
            else:
                picker.set_waiting("The game offers no action here (a bug in its rules).")

    # -------------------------------------------------------------- moves
    @on(ActionChosen, "#actions")
    def _action_chosen(self, event: ActionChosen) -> None:
        event.stop()
        if self.can_act:
            self.play(event.action)

    def play(self, action: Action) -> bool:
        """Apply an action; an illegal one is refused with its message and
        changes nothing."""
        if self.read_only:
            self.notify(f"{OPEN_ELSEWHERE}: make the move there.", severity="warning")
            return False
        try:
            self.session.apply(action, save=False)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self._after_move()
        self.changed()
        if not self.is_current:  # covered (results, a hand-off): no frame of ours
            self._move_shown()
        return True

    # ---------------------------------------------------------------- saving
    # A move is saved once it is on screen: the write waits for the disk
    # (fsync), which took as long as the rest of the move, so the player
    # sees the move first.  The save is written right after the frame that
    # shows it (or at once when another screen covers this one), and before
    # anything leaves the game (the menu, quitting, the end of the program).
    #
    # The garbage collector waits for that frame too (the app holds it: the
    # app alone tunes it for the process, and says why): a move makes tens
    # of thousands of short-lived objects (a drawn line caches itself, so it
    # only goes in a collection), and the collections run, fewer and
    # together, once the frame is out.
    #
    # (``call_after_refresh`` does not wait for the frame: it runs as soon
    # as the screen is idle with nothing marked to repaint, which is before
    # the widgets a move changed have said so.  The app's
    # ``call_after_frame`` waits for a frame written to the terminal.)
    def _after_move(self) -> None:
        app = host(self)
        app.hold_collections()
        if not self._frame_awaited:
            self._frame_awaited = True
            app.call_after_frame(self._frame_out)
        if self._frame_overdue is None:
            # In case no frame of this screen comes (another screen covers it).
            self._frame_overdue = self.set_timer(0.5, self._move_shown, name="move-shown")

    def _frame_out(self) -> None:
        if self._frame_awaited:
            self._move_shown()

    def _move_shown(self) -> None:
        """The move is on screen (or cannot be): collect, then save."""
        self._frame_awaited = False
        if self._frame_overdue is not None:
            self._frame_overdue.stop()
            self._frame_overdue = None
        host(self).release_collections()
        self.save_move()

    def save_move(self) -> None:
        """Write the last move's save if it is still to write (and the game
        is still this window's)."""
        if self.session.save_pending and not self.keep_lock():
            return
        try:
            wrote = self.session.save_now()
        except SaveError as exc:
            self.save_failed(exc, "The move was made, but not saved")
            return
        if wrote:
            self.saved()

    def _save_at_exit(self) -> None:
        with contextlib.suppress(SaveError):
            self.session.save_now()

    # ---------------------------------------------------------- save state
    def saved(self) -> None:
        """A save worked (or nothing needed one): the game is safe again."""
        if self.session.path is None:
            return
        self._saved_length = len(self.session.actions)
        if self.save_error is not None:
            self.save_error = None
            self.notify("The game is saved again.", title="Saved")
            self.show_save_status()

    def save_failed(self, error: SaveError, what: str) -> None:
        """A save failed: one notification when it starts failing; the header
        says "Not saved" until a save works again."""
        first = self.save_error is None
        self.save_error = str(error)
        if first:
            self.notify(f"{what}: {error}", title="Not saved", severity="error", timeout=10)
        self.show_save_status()

    @property
    def unsaved_moves(self) -> int:
        """Moves made since the last save that worked (0 when all is saved)."""
        if self.save_error is None:
            return 0
        return max(1, len(self.session.actions) - self._saved_length)

    def confirm_leave(self, then: Callable[[], object]) -> None:
        """Call ``then()`` once leaving loses nothing: at once when the game
        is saved, else after asking (and perhaps saving elsewhere)."""
        self.save_move()
        if self.save_error is None:
            then()
            return
        if isinstance(self.app.screen, UnsavedDialog):
            return  # already asking
        count = self.unsaved_moves
        what = "The last move is" if count == 1 else f"The last {count} moves are"
        question = (
            f"{what} not saved ({self.save_error.rstrip('.')}).\n"
            "Save the game to another file before leaving?"
        )
        name = self.session.path.name if self.session.path is not None else "game.json"
        suggestion = Path.home() / name

        def answered(choice: LeaveChoice | None) -> None:
            if choice is not None:
                then()

        self.app.push_screen(UnsavedDialog(question, suggestion, self.save_elsewhere), answered)

    def save_elsewhere(self, path: Path) -> str | None:
        """Write the game to ``path``; None when it worked, else why not."""
        try:
            self.session.save(path)
        except SaveError as exc:
            return str(exc)
        self.notify(f"Saved to {path}", title="Saved")
        return None

    @work(exclusive=True, thread=True, group="bot", exit_on_error=False)
    def think(self, version: int) -> None:
        """A bot's choice, off the event loop, after a short pause."""
        worker = get_current_worker()
        delay = self.settings.bot_delay * PACES[self.pace]
        waited = 0.0
        while waited < delay and not self.skipping and not worker.is_cancelled:
            step = min(0.05, delay - waited)
            time.sleep(step)
            waited += step
        if worker.is_cancelled:
            return
        try:
            action = self.session.choose_bot_action()
        except Exception as exc:
            self.post_message(BotFailed(str(exc) or type(exc).__name__, version))
            return
        if not worker.is_cancelled:
            self.post_message(BotChose(action, version))

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        if message.version != self.version or not self.session.bot_to_act or self.read_only:
            return
        try:
            self.session.apply(message.action, save=False)
        except IllegalAction as exc:
            self._bot_stuck(str(exc))
            return
        if not self.session.bot_to_act:
            self.skipping = False  # a person is to move (or the game is over)
        self._after_move()
        self.changed()
        if not self.is_current:  # covered (results, a hand-off): no frame of ours
            self._move_shown()

    @on(BotFailed)
    def _bot_failed(self, message: BotFailed) -> None:
        if message.version == self.version:
            self._bot_stuck(message.error)

    def _bot_stuck(self, error: str) -> None:
        self.thinking = None
        self.stuck = error
        self.notify(f"The bot could not move: {error}", severity="error", timeout=10)
        self.refresh_view()

    # ------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pace":
            return self.has_bots
        if action == "skip":
            return self.can_skip
        if action == "undo":
            return True if self.session.actions and not self.handoff_pending else None
        if action == "results":
            return self.session.is_over
        return True

    @property
    def has_bots(self) -> bool:
        """Whether a bot sits at this table (its pace can be set)."""
        return any(seat.bot for seat in self.session.seats)

    @property
    def can_skip(self) -> bool:
        """A bot is to move, a person sits at the table, and this window plays."""
        return (
            self.session.bot_to_act
            and not self.session.is_over
            and not self.read_only
            and not self.skipping
            and self.people > 0
        )

    def action_pace(self) -> None:
        """The next pace of the bots' moves: instant, normal, slow."""
        self.pace = PACE_ORDER[(PACE_ORDER.index(self.pace) + 1) % len(PACE_ORDER)]
        seconds = self.settings.bot_delay * PACES[self.pace]
        how = "no pause" if not seconds else f"{seconds:g} s each"
        self.notify(f"Bot moves: {self.pace} ({how}).", title="Bot pace")
        self.refresh_bindings()

    def action_skip(self) -> None:
        """Let the bots play on without pausing until a person is to move."""
        if not self.can_skip:
            return
        self.skipping = True
        self.notify("The bots play on without pausing until a person is to move.")
        self.refresh_bindings()

    def action_undo(self) -> None:
        """Undo the last action of the person deciding now; when that takes
        back another person's action too, ask first."""
        if self.handoff_pending:
            return
        if self.read_only:
            self.notify(f"{OPEN_ELSEWHERE}: undo there.", severity="warning")
            return
        try:
            plan = self.session.undo_plan()
        except UndoError as exc:
            self.notify(str(exc), title="Can't undo", severity="warning")
            return
        if plan.question is None:
            self.undo(plan)
            return
        self.app.push_screen(
            ConfirmDialog(plan.question, yes="Undo", no="Keep"),
            callback=partial(self._undo_answered, plan),
        )

    def _undo_answered(self, plan: UndoPlan, answer: bool | None) -> None:
        if answer:
            self.undo(plan)

    def undo(self, plan: UndoPlan) -> None:
        if not self.keep_lock():
            return
        try:
            count = self.session.undo(plan)
        except UndoError as exc:
            self.notify(str(exc), title="Can't undo", severity="warning")
            return
        except SaveError as exc:
            self.save_failed(exc, "Undone, but not saved")
            count = plan.count
        else:
            self.saved()
        self.workers.cancel_group(self, "bot")
        self._results_shown = self.session.is_over
        if count:
            moves = "move" if count == 1 else "moves"
            self.notify(f"Undid {count} {moves}.", title="Undo")
        self.changed()

    def action_save(self) -> None:
        if self.read_only:
            self.notify(f"{OPEN_ELSEWHERE}: it is saved there.", severity="warning")
            return
        try:
            if self.session.path is None:
                path = self.session.save(new_save_path(self.settings.saves_dir, self.game.id))
                if self.save_lock is None:
                    self.take_lock()  # the new file is this window's
            else:
                if not self.keep_lock():
                    return
                path = self.session.save()
        except SaveError as exc:
            self.save_error = str(exc)
            self.show_save_status()
            self.notify(str(exc), title="Not saved", severity="error")
            return
        if self.save_error is not None:
            self.save_error = None
            self.show_save_status()
        self._saved_length = len(self.session.actions)
        self.notify(f"Saved to {path}", title="Saved")

    def help_screen(self, query: str = "") -> HelpScreen:
        keys = screen_keys(self) + PICKER_KEYS
        return HelpScreen(self.game, keys, query=query)

    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())

    def show_rules(self, section: str) -> None:
        self.app.push_screen(self.help_screen(query=section))

    def _toggle_panel(self, name: str) -> None:
        panel = self.part(f"#{name}", Widget)
        if panel is None:
            return
        if panel.has_focus:
            self.picker.focus()
            return
        self.set_class(name == "table", "-side-table")
        panel.focus()

    def action_log(self) -> None:
        self._toggle_panel("log")

    def action_show_log(self) -> None:
        self.set_class(False, "-side-table")
        if log := self.part("#log", GameLog):
            log.focus()

    def action_table(self) -> None:
        self._toggle_panel("table")

    def action_results(self) -> None:
        if not self.session.is_over:
            return
        self.app.push_screen(
            GameOverScreen(self.game.title, self.session.outcome()), callback=self._after_results
        )

    def _after_results(self, choice: GameOverChoice | None) -> None:
        if choice == "menu":
            self.call_after_refresh(self.action_menu)
        else:
            self.action_show_log()

    def action_menu(self) -> None:
        """Back to the main menu; the game is already saved (if its last
        save failed, after asking)."""
        self.confirm_leave(self._leave)

    def ask_leave(self) -> None:
        """Escape with nothing left to close: ask before leaving for the menu
        (Esc, Esc, the habit of dismissing things, no longer leaves the game
        unasked; a second Esc answers "Stay")."""

        def answered(leave: bool | None) -> None:
            if leave:
                self.action_menu()

        question = "Leave this game for the main menu? It is saved: Continue brings it back."
        self.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), answered)

    def _leave(self) -> None:
        self.workers.cancel_group(self, "bot")
        if self.is_current:
            # Saved already (confirm_leave): let the game go before the menu
            # shows, or it reads the save as open in another window.
            self._move_shown()
            self.release_lock()
            self.dismiss(None)

    # ------------------------------------------------------ command palette
    def game_commands(self) -> list[GameCommand]:
        commands = [
            GameCommand("Save", "Write the save file now", self.action_save),
            GameCommand("Undo", "Take back your last move", self.action_undo),
            GameCommand("Help", "Keys and the rules of the game", self.action_help),
            GameCommand("Show log", "Everything that happened so far", self.action_show_log),
            GameCommand(
                "Main menu", "Leave this game (it is saved) for the menu", self.action_menu
            ),
        ]
        if self.has_bots:
            commands.append(
                GameCommand(
                    "Bot pace",
                    "How long each bot move stays in view: instant, normal, slow (F5)",
                    self.action_pace,
                )
            )
        if self.can_skip:
            commands.append(
                GameCommand(
                    "Skip to my turn", "The bots play on without pausing (F6)", self.action_skip
                )
            )
        if self.session.is_over:
            commands.append(GameCommand("Results", "The final scores", self.action_results))
        rules = rules_markdown(self.game.id)
        if rules:
            for heading in headings(rules):
                commands.append(
                    GameCommand(
                        f"Rules: {heading}",
                        "Open the rules help at this section",
                        partial(self.show_rules, heading),
                    )
                )
        return commands
