"""The game screen's state and the questions every part of it asks.

:class:`~boardgames_tui.ui.screens.game.GameScreen` is put together from
parts, each a class in a module of its own beside ``game.py``: the lock and
watching (``game_lock.py``), saving and undo (``game_saving.py``), the bots
(``game_bots.py``), hand-offs (``game_handoff.py``), and help, panels,
leaving and the palette (``game_menus.py``).  Every part is a
:class:`ScreenCore`: the state they share (set in ``__init__`` here), the
shared widgets found once (:meth:`ScreenCore.part`), and what the game looks
like now (whose turn, who may act, the legal actions).  The names the parts
call of one another are declared here for the type checker; GameScreen
defines them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from textual.binding import ActiveBinding
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from boardgames_tui.engine.game import Action, Game
from boardgames_tui.engine.lock import SaveLock
from boardgames_tui.engine.session import Session

from ..settings import Settings
from ..widgets import ActionPicker
from ..widgets.save_status import SaveStatus

W = TypeVar("W", bound=Widget)
T = TypeVar("T")


class ScreenCore(Screen[None]):
    """What every part of the game screen shares: its state, its parts
    found once, and the questions about the game now."""

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

    if TYPE_CHECKING:
        # Defined by GameScreen or one of its parts; called across them.
        def advance(self) -> None: ...
        def changed(self) -> None: ...
        def refresh_view(self) -> None: ...
        def keep_lock(self) -> bool: ...
        def take_lock(self) -> None: ...
        def release_lock(self) -> None: ...
        def _after_move(self) -> None: ...
        def _move_shown(self) -> None: ...
        def confirm_leave(self, then: Callable[[], object]) -> None: ...

    # ------------------------------------------------------------- parts
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

    # ------------------------------------------------------------- queries
    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.session.seats[seat].name

    def thinking_line(self, seat: int | None) -> str:
        """What every screen says while a bot's seat decides."""
        return f"{self.seat_name(seat)} (bot) is thinking…"

    @property
    def people(self) -> int:
        return sum(1 for seat in self.session.seats if not seat.is_bot)

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
