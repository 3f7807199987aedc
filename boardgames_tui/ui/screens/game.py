"""The game screen: any game, played through the Game contract, with the
screen kit's layout, keys and side panels.

A game's own screen subclasses :class:`GameScreen` and declares its parts,
its keys and what a key reads (docs/architecture.md, "A game's screen");
the generic screen (``generic.py``) is the one every game without its own
gets.  The screen is made with a *mode* (``modes.py``), which says what
the window does with the game: one keyboard, a seat, watching, a replay.

This module holds the layout (the slots a game fills), the flow from one
decision to the next (``go_on``, ``changed``, ``refresh_view``, ``play``),
and the keys: the game's key map through ``take('kind')``, the shared keys
through the mode.  The services it uses sit beside it: the bots
(``game_bots.py``), the hand-offs (``game_handoff.py``), the side panels
(``kit/panels.py``), the help and the palette (``game_menus.py``).

Why one module: the layout, the flow and the keys are one object's (a
Textual screen's bindings, its focus and its redraws are the screen's own),
and each calls the others on every move; the parts that can stand alone are
the services beside it.
"""

from __future__ import annotations

import atexit
import contextlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, ClassVar, TypeVar, cast

from textual import events, on
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding, BindingType
from textual.css.query import NoMatches
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action, Game, IllegalAction
from boardgames_tui.engine.lock import SaveLock
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.session import Session

from ..commands import GameCommand, GameCommands
from ..compat import repaints_now
from ..kit.choice import Ask, KeyMap, Pick
from ..kit.dialogs import ChoiceDialog
from ..kit.keys import BACK, PICKER_KEYS, assemble
from ..kit.panels import SidePanels, shown
from ..messages import ActionChosen, BotChose, BotFailed
from ..settings import Settings
from ..widgets.action_picker import ActionPicker
from ..widgets.game_log import GameLog
from ..widgets.keybar import KeyBar
from ..widgets.laid_out import Column, Line, Row
from ..widgets.save_status import SaveStatus
from ..widgets.scrollbars import PanelScroll
from ..widgets.text_line import update_text
from .dialogs import ConfirmDialog
from .game_advice import Advising
from .game_bots import Bots
from .game_handoff import Handoffs
from .game_menus import game_commands, help_screen
from .game_saves import Saves
from .gameover import GameOverChoice, GameOverScreen
from .handoff import HandoffScreen
from .help import HelpScreen
from .modes import DEFER, KeyboardMode, Mode, WatchMode
from .replay import REPLAY_CSS, REPLAY_KEYS, ReplayMode

#: The game screens' stylesheet, by absolute path so that a game's screen in
#: another package lists it in its own ``CSS_PATH``.
GAME_SCREEN_CSS = Path(__file__).with_name("game.tcss")

#: Esc's words in the footer, one binding each: the mode's, or "Back" while
#: something is open over the board.
LEAVE_WORDS = ("Back", "Menu", "Leave seat", "Close", "Leave")

W = TypeVar("W", bound=Widget)
T = TypeVar("T")


def _bindings(keys: Sequence[BindingType], explained: Sequence[str]) -> list[BindingType]:
    """A game's keys made its screen's bindings: Esc as one binding per
    word it may have (the footer shows the one that applies), then the kit's
    (``kit.keys.assemble``)."""
    expanded: list[BindingType] = []
    for binding in keys:
        if binding is BACK:
            expanded += [Binding("escape", f"esc('{w}')", w) for w in LEAVE_WORDS]
        else:
            expanded.append(binding)
    return assemble(expanded, explained, REPLAY_KEYS)


class GameScreen(Advising):
    """A game at the table: its board, the kit's parts, and a mode."""

    #: Textual repaints the whole screen when the focus moves; here the focus
    #: moves on most moves (the action list, the board), and what shows the
    #: focus (borders, highlights, the cursor) repaints itself when its style
    #: changes.  A whole-screen repaint was half of a move's time on screen.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    CSS_PATH = str(GAME_SCREEN_CSS)
    DEFAULT_CSS = "GameScreen { layers: default save-status; }" + REPLAY_CSS
    COMMANDS = {GameCommands}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]

    # ------------------------------------------------ what a game declares
    #: The game's keys in the footer's order, the shared ones (``kit.keys``)
    #: where it wants them; the kit adds the rest (``_bindings``).
    KEYS: ClassVar[Sequence[BindingType]] = ()
    #: Keys that are not ``take(...)`` but say why they do nothing (C, ...).
    EXPLAINED: ClassVar[tuple[str, ...]] = ()
    #: The game's keys as data (None: no key map).
    KEYMAP: ClassVar[KeyMap[Any] | None] = None
    #: Keys the footer does not spell out, for the help.
    HELP_KEYS: ClassVar[Sequence[tuple[str, str]]] = ()
    #: The game's own side panels: name -> selector (``panel('name')``).
    PANELS: ClassVar[dict[str, str]] = {}
    #: Border titles, by selector (every widget it matches), besides the
    #: action list's and the log's.
    TITLES: ClassVar[dict[str, str]] = {}
    #: The picker may take the focus from the start (False: only when asked).
    PICKER_FOCUS: ClassVar[bool] = True
    #: A panel opened (the list, the log) after a move: kept open ("keep"),
    #: kept while the same person decides ("person"), or closed ("close").
    PANELS_AFTER_MOVE: ClassVar[str] = "person"
    #: What the board is called in the hints ("back to the map").
    BOARD_WORDS: ClassVar[str] = "the board"
    ROW_ID: ClassVar[str] = "play"
    BOARD_ID: ClassVar[str] = "board"
    SIDE_ID: ClassVar[str] = "side"
    #: The dialog ``ask`` opens: the kit's, or a game's subclass of it.
    CHOICE_DIALOG: ClassVar[type[ChoiceDialog]] = ChoiceDialog

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # The footer shows a screen's keys in its own order: none inherited.
        # (Textual merges the bindings when the class is made: set first.)
        kwargs.setdefault("inherit_bindings", False)
        if "KEYS" in cls.__dict__:
            cls.BINDINGS = _bindings(cls.KEYS, cls.EXPLAINED)
        elif "BINDINGS" in cls.__dict__:
            cls.BINDINGS = [*cls.__dict__["BINDINGS"], *REPLAY_KEYS]
        super().__init_subclass__(**kwargs)
        # A screen with a key map says what the map reads: checked when the
        # class is made, not at the first key.
        if cls.KEYMAP is not None and cls.here is GameScreen.here:
            raise TypeError(f"{cls.__name__} sets KEYMAP, so it defines here()")

    def __init__(self, session: Session, settings: Settings | None = None) -> None:
        super().__init__()
        self.session = session
        self.settings = settings or Settings()
        #: Bumped on every change of the game, so a stale bot choice is dropped.
        self.version = 0
        self._legal: list[Action] = []
        self._legal_for: tuple[int, int, int] = (-1, -1, -1)
        #: The person at the terminal (whose hand may be shown).
        self.viewer: int | None = None
        self.handoff_pending = False
        self.thinking: int | None = None
        self.stuck: str | None = None
        self._results_shown = False
        #: The shared widgets found by ``part``, and those this screen lacks.
        self._parts_found: dict[tuple[str, type[Widget]], Widget] = {}
        self._parts_missing: set[tuple[str, type[Widget]]] = set()
        self._parts_complete = False
        #: The seat that decided when the screen last moved on, and the
        #: decision (version, moves) the board was last placed for.
        self._deciding: int | None = None
        self._decision: tuple[int, int] = (-1, -1)
        #: Why undo could not act, and the position that was asked for.
        self._undo_for: tuple[int, int, int, int] = (-1, -1, -1, -1)
        self._undo_refused: str | None = None
        self.saves = Saves(self)
        self.bots = Bots(self)
        self.handoffs = Handoffs(self)
        self.panels = SidePanels(self, self.PANELS, board_list=not self.board_parts_declared())
        self.mode: Mode = KeyboardMode()
        self.mode.attach(self)
        #: The mode has been started (the screen is mounted).
        self._started = False

    def set_mode(self, mode: Mode) -> GameScreen:
        """The window's mode: given when the screen is made for a window
        other than one keyboard; changed as the lock goes or comes (the old
        mode stopped what it held, or handed its lock over)."""
        self.mode = mode
        mode.attach(self)
        if self._started:
            mode.start()
            self.show_save_status()
            self.refresh_bindings()
        return self

    # ============================================================ layout
    def top_parts(self) -> Iterable[Widget]:
        """Widgets before the title (none by default)."""
        return ()

    def board_parts(self) -> Iterable[Widget]:
        """The board column: the board, its detail line, ..."""
        return ()

    @classmethod
    def board_parts_declared(cls) -> bool:
        """The screen has a board of its own (else the action list is its
        board: the generic screen)."""
        return cls.board_parts is not GameScreen.board_parts

    def side_parts(self) -> Iterable[Widget]:
        """The side column's panels, above the picker and the log."""
        return ()

    def make_picker(self) -> ActionPicker:
        """The list of every legal action, the fallback for every decision."""
        return ActionPicker(id="actions")

    def make_log(self) -> GameLog:
        return GameLog(id="log")

    def key_bar(self) -> Widget:
        return KeyBar()

    def compose(self) -> ComposeResult:
        yield from self.top_parts()
        # (Parts sized by the layout alone: a move that resizes them is
        # laid out once, ``laid_out``.)
        yield Line(id="game-title", markup=False)
        yield Line(id="prompt", markup=False)
        yield Line(id="hint", markup=False)
        with Row(id=self.ROW_ID):
            with Column(id=self.BOARD_ID):
                yield from self.board_parts()
            with Column(id=self.SIDE_ID):
                yield from self.side_parts()
                yield self.make_picker()
                yield self.make_log()
        yield self.key_bar()

    def on_mount(self) -> None:
        # Textual calls on_mount of every class of a game's screen, this one
        # last: a game's own runs first and need not call it.
        titles = {"#actions": "All actions (A)", "#log": "Log (L)", **self.TITLES}
        for selector, title in titles.items():
            for widget in self.query(selector):
                widget.border_title = title
        if not self.PICKER_FOCUS:
            self.picker.can_focus = False
        self.mount(SaveStatus(id="save-status"))
        self._parts_complete = True
        # A move's save may still be to write when the program ends in a way
        # that skips unmounting (a fatal error): write it then.
        atexit.register(self._write_at_exit)
        self._started = True
        self.handoffs.note_home()
        self.mode.start()
        self.show_save_status()
        self.go_on()

    def on_unmount(self) -> None:
        self._move_shown()
        self.handoffs.close()
        atexit.unregister(self._write_at_exit)
        self.mode.stop()

    # ============================================================ parts
    def part(self, selector: str, kind: type[W]) -> W | None:
        """The shared widget matching ``selector``, if this screen has one
        (found once, and found missing once: every redraw asks)."""
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
        """The widget matching ``selector``, which this screen has."""
        widget = self.part(selector, kind)
        if widget is None:
            raise NoMatches(f"No {kind.__name__} matches {selector!r} on {self}")
        return widget

    @property
    def picker(self) -> ActionPicker:
        return self.one("#actions", ActionPicker)

    def focus_now(self, widget: Widget) -> None:
        """Move the focus to ``widget`` in this frame (the widget losing it
        is styled for that at once, not in a frame of its own)."""
        blurred = self.focused
        if blurred is widget or not widget.focusable:
            return
        # Scrolled into view here, as Textual would in a callback it queues
        # (a message and a turn of the screen's queue before the frame, on
        # a layout no newer than this one: none is made before it runs).
        self.set_focus(widget, scroll_visible=False)
        if self.focused is widget:
            if not self.can_view_entire(widget):
                self.scroll_to_center(widget, origin_visible=True)
            if blurred is not None:
                blurred.has_focus = False
            # What shows the focus is drawn in this frame too, not after the
            # focus event (a frame later): the event's turn then finds it
            # drawn already.
            self._focus_changed()

    def focus_board(self) -> None:
        """Where the focus goes back to (after a move, Esc from a panel): the
        board's first part that takes the focus (a game with several names
        the one), else the action list."""
        board = self.part(f"#{self.BOARD_ID}", Widget)
        first = next((w for w in board.query("*") if w.focusable), None) if board else None
        self.focus_now(first or self.picker)

    #: While Textual looks at every binding (``active_bindings``): what the
    #: checks have worked out, shared by all of them.
    _binding_look: dict[str, object] | None = None

    #: The key map and what its keys all ask (``_kinds_gate``; what the map
    #: reads and the decision, where a key gets that far), while Textual
    #: looks at every binding: read once for them all.
    _keymap_looked: KeyMap[Any] | None = None
    _kinds_looked: tuple[bool, bool] | None = None
    _here_looked: tuple[Any, str] | None = None

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        self._binding_look = {}
        self._keymap_looked = self.KEYMAP
        try:
            return super().active_bindings
        finally:
            self._binding_look = self._keymap_looked = None
            self._kinds_looked = self._here_looked = None

    def in_binding_look(self, name: str, work: Callable[[], T]) -> T:
        """``work()``, worked out once per look at the bindings."""
        look = self._binding_look
        if look is None:
            return work()
        if name not in look:
            look[name] = work()
        return cast(T, look[name])

    # ============================================================ queries
    @property
    def game(self) -> Game[Any, Any]:
        return self.session.game

    def seat_name(self, seat: int | None) -> str:
        return "" if seat is None else self.session.seats[seat].name

    def thinking_line(self, seat: int | None) -> str:
        """What every screen says while a bot's seat decides."""
        return f"{self.seat_name(seat)} (bot) is thinking…"

    @property
    def people(self) -> int:
        return sum(1 for seat in self.session.seats if not seat.is_bot)

    @property
    def read_only(self) -> bool:
        """The game is open in another window: this one only watches it."""
        return isinstance(self.mode, WatchMode) and self.mode.elsewhere

    @property
    def has_bots(self) -> bool:
        return self.bots.at_table

    @property
    def can_skip(self) -> bool:
        return self.bots.can_skip

    def public_scores(self) -> list[int] | None:
        """Scores while playing, for open-information games only (a hidden-hand
        game's score may count hidden cards)."""
        shown = self.mode.scores()
        if shown is not None:
            return shown
        if self.game.hidden_information and not self.session.is_over:
            return None
        try:
            outcome = self.session.outcome()
        except Exception:
            return None
        scores = {r.seat: r.score for r in outcome.results}
        return [scores.get(i, 0) for i in range(len(self.session.seats))]

    def watching(self) -> int | None:
        """Whose view of the table is drawn (the mode says)."""
        return self.mode.watching()

    def needs_handoff(self, seat: int) -> bool:
        return self.mode.needs_handoff(seat)

    @property
    def can_act(self) -> bool:
        session = self.session
        return (
            not session.is_over
            and not self.handoff_pending
            and self.thinking is None
            and not session.bot_to_act
            and self.mode.may_act()
        )

    @property
    def live(self) -> bool:
        """A person at the terminal is deciding now, so their keys work."""
        return self.can_act

    def legal(self) -> list[Action]:
        """The legal actions this window may take now (none while nobody at
        the terminal decides), asked of the engine once per position."""
        if not self.live:
            return []
        key = (self.version, len(self.session.actions), id(self.session.state))
        if key != self._legal_for:
            self._legal_for = key
            mine = self.mode.mine
            self._legal = [a for a in self.session.legal_actions() if mine(a)]
        return list(self._legal)

    @property
    def changed_marks(self) -> frozenset[Any]:
        return self.handoffs.marks

    # ============================================================ flow
    def go_on(self) -> None:
        """Bring the screen up to date and start what comes next: the
        results, waiting for another window, a bot's move, a hand-off, or a
        person's choice."""
        self.thinking = None
        if self.mode.shows_position():
            return
        session = self.session
        if session.is_over:
            self.refresh_view()
            if not self._results_shown:
                self._results_shown = True
                self.action_results()
            return
        if not self.mode.moves_here():
            self.viewer = self.mode.resting_viewer()
            self.refresh_view()
            return
        self.advance()

    def advance(self) -> None:
        """The next decision made at this window: a bot's, behind a
        hand-off, or the person's at the keyboard."""
        session = self.session
        if session.is_over or not self.mode.moves_here():
            self.go_on()
            return
        seat = session.to_act
        assert seat is not None
        if session.bot_to_act:
            if self.stuck is None:
                self.thinking = seat
                self.bots.think(self.version)
            self.refresh_view()
            return
        if self.needs_handoff(seat):
            self.handoffs.cover(seat)
            return
        self.viewer = seat
        new_person = seat != self._deciding
        self._deciding = seat
        # The cursor placed for the decision and the focus moved before
        # anything is drawn: each part is drawn once, for where they end up.
        self.place_for_decision()
        after = self.PANELS_AFTER_MOVE
        with self._drawn_next():
            if self.panels.open is None:
                self.focus_board()
            elif after == "close" or (after == "person" and new_person):
                self.panels.close()
        self.refresh_view()
        if self.handoffs.pause_for(seat):
            self.handoffs.pause(seat)

    #: The redraw under way is the first since the table was handed to
    #: another person (the cover lifting): what the last person saw of it
    #: is nothing to this one.
    handed_over = False
    #: The table has been drawn (``refresh_view``).
    _table_drawn = False

    def _handed_off(self, _: None = None) -> None:
        """The cover is lifted: the seat to act has the table, drawn for
        them (nothing was drawn while it was covered: ``refresh_view``)."""
        self.handoff_pending = False
        self.viewer = self.mode.viewer_for(self.session.to_act)
        self.handoffs.hand_cursors(self._deciding, self.viewer)
        self._deciding = self.viewer
        self.place_for_decision()
        # The side's panels from their top (the score, the person's own
        # hand), not where the last person scrolled to.
        for panels in self.query(f"#{self.SIDE_ID} PanelScroll").results(PanelScroll):
            panels.scroll_home(animate=False, immediate=True)
        with self._drawn_next():
            if self.panels.open is not None:
                self.panels.close()
            else:
                self.focus_board()
        self.handed_over = True
        try:
            self.refresh_view()
        finally:
            self.handed_over = False

    #: The table is being drawn for nobody under its cover
    #: (``draw_for_nobody``): a game whose parts are not drawn while covered
    #: draws them now, public things only.
    drawing_for_nobody = False

    def draw_for_nobody(self) -> None:
        """The table drawn under its cover with public things only, as at
        its first drawing: the cover is going without handing it over (Esc,
        Leave), and what the last person saw must not show as it goes."""
        self._table_drawn = False
        self.drawing_for_nobody = True
        try:
            self.refresh_view()
        finally:
            self.drawing_for_nobody = False

    def changed(self) -> None:
        """The game changed (a move, an undo, another window's move)."""
        self.version += 1
        self.stuck = None
        self.advised_action = None
        self.refresh_bindings()
        self.go_on()

    def now_reading(self, session: Session, *, catching_up: bool = False) -> None:
        """The game as read again from its save (another window's moves)."""
        self.session = session
        self.saves.length = len(session.actions)
        if catching_up:
            self._results_shown = session.is_over
            return
        self._results_shown = self._results_shown and session.is_over
        self.bots.cancel()
        self.changed()

    def refresh_view(self) -> None:
        """Redraw everything from the session: the shared parts, then (at a
        new decision, ``new_decision`` first) the game's board
        (``draw_board``) and the hint.  Behind a hand-off's cover nothing
        is drawn: the cover is opaque, and the table is drawn once as it
        lifts, for the person handed it (``_handed_off``).  But for the
        table's first drawing, under the cover the screen opens with: the
        parts are laid out from it while covered, public things only, as
        after any hand-off (drawn first as the cover lifts, some were laid
        out a frame late, or scrolled for a size they did not have yet)."""
        if self.handoff_pending and self._table_drawn:
            return
        self._table_drawn = True
        session = self.session
        viewer = self.viewer
        if viewer is not None and not self.handoff_pending and self.mode.moves_here():
            self.handoffs.remember(viewer)
        if header := self.part("#game-title", Static):
            update_text(header, self.title_shown())
        if prompt := self.part("#prompt", Static):
            update_text(prompt, self.prompt_text())
        self.refresh_picker()
        if log := self.part("#log", GameLog):
            log.show_entries(session.log)
        self.place_for_decision()
        self.draw_board()
        self.draw_hint()

    def all_drawn(self) -> None:
        """What was drawn reaches the screen's next frame, all of it: each
        part tells the screen now of the repaint it was asked for (Textual
        has each tell it in its own turn, and a part heard of after the
        frame was drawn in a frame of its own: a replay's step was drawn in
        two)."""
        repaints_now(self.walk_children(Widget))

    #: The whole screen is drawn right after the focus moves now: a game's
    #: ``focus_board`` need not draw what shows the focus itself.
    drawing_next = False

    @contextlib.contextmanager
    def _drawn_next(self) -> Iterator[None]:
        self.drawing_next = True
        try:
            yield
        finally:
            self.drawing_next = False

    def place_for_decision(self) -> None:
        """A person decides something new here: ``new_decision``, once per
        decision."""
        if self.live:
            decision = (self.version, len(self.session.actions))
            if decision != self._decision:
                self._decision = decision
                self.new_decision()

    def title_shown(self) -> str:
        """The title bar as shown: the game's words, and the mode's."""
        return self.mode.title(self.title_line())

    def title_line(self) -> str:
        """The title bar: the game and how far it has got."""
        session = self.session
        progress = "Finished" if session.is_over else session.progress()
        return self.game.title + (f" · {progress}" if progress else "")

    def prompt_text(self) -> str:
        session = self.session
        if session.is_over:
            return f"Game over. {session.outcome().summary}".strip()
        told = self.mode.prompt()
        if told is not None:
            return told
        name = self.seat_name(session.to_act)
        if self.stuck is not None:
            return f"{name} (bot) is stuck: {self.stuck}"
        if self.thinking is not None:
            return self.thinking_line(session.to_act)
        if self.handoff_pending:
            return f"Pass to {name}."
        return session.prompt()

    @property
    def picker_hidden(self) -> bool:
        """The list cannot be seen now: it is filled only when it can be (a
        hundred moves cost their drawing)."""
        picker = self.part("#actions", ActionPicker)
        return picker is None or not shown(picker, self)

    def refresh_picker(self) -> None:
        if self.picker_hidden:
            return
        picker = self.picker
        session = self.session
        waiting = self.mode.waiting()
        if session.is_over:
            picker.set_waiting("The game is over. G shows the results.")
        elif waiting is not None:
            picker.set_waiting(waiting)
        elif self.thinking is not None or session.bot_to_act:
            picker.set_waiting(self.thinking_line(session.to_act))
        elif self.handoff_pending:
            picker.set_waiting(f"Waiting for {self.seat_name(session.to_act)}.")
        else:
            actions = self.legal()
            if actions:
                picker.set_actions([(a, session.describe(a)) for a in actions])
            else:
                picker.set_waiting("The game offers no action here (a bug in its rules).")

    def hint_text(self) -> str:
        """The hint line: the mode's (a replay's keys), else the key map's
        while a person may act; with a list or the log focused, its keys."""
        told = self.mode.hint()
        if told is not None:
            return told
        if self.KEYMAP is None or not self.live:
            return ""
        back = self.BOARD_WORDS
        if self._picker_focused():
            picker = self.picker
            index, actions = picker.highlighted, picker.actions
            self._hint_read = (picker.options, index)
            enter = (
                self.session.describe(actions[index])
                if index is not None and 0 <= index < len(actions)
                else "nothing (no action highlighted)"
            )
            count = min(len(actions), 9)
            digits = "1" if count == 1 else f"1-{count}"
            number = f"{digits}: play that one · " if count else ""
            return f"Enter: {enter} · ↑ ↓: choose · {number}Esc: back to {back}"
        if self._log_focused():
            return f"The log has the focus: ↑ ↓ scroll · Esc: back to {back}, where Enter acts"
        return self.KEYMAP.hint(self.keys_here())

    def draw_hint(self) -> None:
        hint = self.part("#hint", Static)
        if hint is not None:
            update_text(hint, self.hint_text())

    def _picker_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "actions"

    def _log_focused(self) -> bool:
        focused = self.focused
        return focused is not None and focused.id == "log"

    # ============================================================ the game's hooks
    def here(self) -> Any:
        """What the game's key map reads (its state as the player at the
        keys may see it, the legal actions, what the cursor points at);
        asked once per look at the bindings (``keys_here``)."""
        return None

    def keys_here(self) -> Any:
        """``here()``, worked out once per look at the bindings."""
        return self.in_binding_look("here", self.here)

    def draw_board(self) -> None:
        """Draw the game's own parts (after the shared ones, on every redraw)."""

    def redraw(self) -> None:
        """Only what the board shows changed (a selection, the size): the
        board and the hint."""
        self.draw_board()
        self.draw_hint()

    def new_decision(self) -> None:
        """A person decides something new here: put the board's cursor where
        the decision is answered (once per decision, before it is drawn)."""

    def focus_moved(self) -> None:
        """The focus moved (to another part, a list, the log)."""

    def handoff_words(self, seat: int) -> str:
        """What the hand-off says waits for ``seat`` in the middle of another's
        turn, in public words ("Ana attacks you: will you ambush?"), or ""."""
        return ""

    def handoff_name(self, seat: int) -> str:
        """Who the terminal passes to ("Ben", or with his side: "Ben (the
        Marquise)")."""
        return self.seat_name(seat)

    def handoff_screen(self, seat: int, cover: HandoffScreen | None = None) -> HandoffScreen:
        """The cover while the terminal passes to ``seat``, with the decision
        that waits (``handoff_words``) and the recap: ``cover`` filled anew,
        or a new one."""
        name, words = self.handoff_name(seat), self.handoff_words(seat)
        mode = self.mode
        said = (
            name,
            self.game.title,
            words,
            self.recap_for(seat),
            (mode.LEAVE, mode.leave_question()),
        )
        if cover is None:
            return HandoffScreen(*said)
        cover.fill(*said)
        return cover

    def waiting_words(self, seat: int) -> str:
        """What ``seat`` decides now, in public words ("to answer Ana's trade
        offer"), for a window that waits for it; "" for nothing to say."""
        return ""

    def recap_for(self, seat: int) -> list[str]:
        """What the others did since ``seat`` last acted: the log's lines."""
        return [entry.text for entry in self.session.recap(seat)]

    def turn_owner(self) -> int | None:
        """Whose turn it is, where a seat decides in another's turn (the
        game's search profile says; a screen may say it for its game): a
        person's answer there followed by their own turn gets a one-key
        pause.  None: the seat to act's turn."""
        session = self.session
        owner = getattr(session.game.search_profile, "turn_owner", None)
        return owner(session.state) if owner is not None else None

    def place_signature(self) -> dict[Any, str]:
        """Each place of the board and its public contents, for marking what
        changed while a person was away; none by default."""
        return {}

    def left_undone(self, action: Action) -> Ask | None:
        """The question ``action`` asks first when it ends a step or a turn
        leaving something undone ("End your turn with 3 cards unplayed?"),
        or None."""
        return None

    def spent_card(self, action: Action) -> str:
        """The card from a hidden hand ``action`` spends (its name), or "":
        such a move asks first."""
        return ""

    def choice_note(self, actions: Sequence[Action]) -> str:
        """A few words under the choice dialog's title (a battle's outlook)."""
        return ""

    def choice_default(self, actions: Sequence[Action]) -> int | None:
        """The choice the dialog starts on (None: none, so that Enter takes
        nothing until the player points)."""
        return 0

    def confirm_first(self, action: Action) -> Ask | None:
        """The question ``action`` asks first for a reason of the game's own
        (Root: Enter on a move that cannot be taken back, which the player
        did not point at), or None."""
        return None

    def escape_board(self) -> bool:
        """Esc on the board: something of the game's to close first (a move
        begun); True when it did."""
        return False

    def panel_shown(self, name: str) -> bool:
        """Whether the key of the game's panel ``name`` is offered now."""
        return True

    def panel_opened(self, name: str) -> None:
        """The game's panel ``name`` was opened (to scroll it, say)."""

    # ============================================================ moves
    @on(ActionChosen, "#actions")
    def _action_chosen(self, event: ActionChosen) -> None:
        event.stop()
        if self.can_act:
            self.play(event.action)

    def play(self, action: Action) -> bool:
        """Play ``action``, asking first when it ends a step or a turn with
        something left undone or spends a card from a hidden hand; an
        illegal one is refused with its message and changes nothing."""
        refusal = self.mode.refusal(action)
        if refusal is not None:
            self.notify(refusal, title="Not yours", severity="warning")
            return False
        ask = self._question(action)
        if ask is None:
            return self.play_now(action)

        def answered(go: bool | None) -> None:
            if go and self.live and action in self.legal():
                self.play_now(action)

        self.app.push_screen(ConfirmDialog(ask.question, yes=ask.yes, no=ask.no), answered)
        return False

    def _question(self, action: Action) -> Ask | None:
        if not self.live:
            return None
        ask = self.confirm_first(action) or self.left_undone(action)
        if ask is not None:
            return ask
        card = self.spent_card(action)
        if card:
            words = self.session.describe(action)
            return Ask(f"{words}?\n{card} leaves your hand.", "Spend it", "Not now")
        return None

    def play_now(self, action: Action) -> bool:
        """Apply ``action`` (no question asked)."""
        advised = self.take_advised(action)
        seat, owner = self.session.to_act, self.handoffs.owner()
        try:
            self.session.apply(action, save=False, advised=advised)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self.handoffs.moved(seat, owner)
        self.moved()
        return True

    def moved(self) -> None:
        """A move was made here (a person's or a bot's): written once its
        frame is out."""
        self.mode.moved()
        self.after_move()
        self.changed()
        if not self.is_current:  # covered (results, a hand-off): no frame of ours
            self._move_shown()

    def undone(self, count: int) -> None:
        self.bots.cancel()
        self._results_shown = self.session.is_over
        if count:
            moves = "move" if count == 1 else "moves"
            self.notify(f"Undid {count} {moves}.", title="Undo")
        self.changed()

    # ============================================================ saving
    def after_move(self) -> None:
        self.saves.after_move()

    def _move_shown(self) -> None:
        self.saves.move_shown()

    def save_move(self) -> None:
        """Write what is still to write of the game (the mode says how)."""
        self.mode.write()

    def _write_at_exit(self) -> None:
        with contextlib.suppress(Exception):
            self.mode.write_at_exit()

    @property
    def save_error(self) -> str | None:
        """Why the last save failed; None while everything is saved."""
        return self.saves.error

    def saved(self) -> None:
        self.saves.saved()

    def save_failed(self, error: SaveError, what: str, *, again: bool = False) -> None:
        self.saves.failed(error, what, again=again)

    def show_save_status(self) -> None:
        self.saves.show_status()

    def on_resize(self) -> None:
        self.show_save_status()
        # The breakpoint classes are set after this handler: the list, which
        # may come into view, is filled once they are, and the board drawn
        # for them.
        self.call_next(self._resized)

    def _resized(self) -> None:
        # (A title may have a short form for a narrow screen.)
        covered = self.handoff_pending and self._table_drawn
        if not covered and (header := self.part("#game-title", Static)):
            update_text(header, self.title_shown())
        self.refresh_picker()
        self.redraw()

    def confirm_leave(self, then: Any) -> None:
        """Call ``then()`` once leaving loses nothing (asking first when the
        last moves are not saved)."""
        self.saves.confirm_leave(then)

    # ============================================================ the lock
    def lock_lost(self, lock: SaveLock) -> None:
        self.mode.lost(lock)

    def lock_freed(self, lock: SaveLock) -> None:
        self.mode.freed(lock)

    def release(self) -> None:
        """Let the game go (leaving it): bots stopped, the move saved, the
        lock or the seats let go."""
        self.bots.cancel()
        self._move_shown()
        self.mode.stop()

    # ============================================================ keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What the footer offers: the mode's say on the shared keys, the key
        map's on the game's, and what hangs on the focus."""
        said = self.mode.check(action, parameters)
        if said is not DEFER:
            return cast("bool | None", said)
        keymap = self.KEYMAP if self._binding_look is None else self._keymap_looked
        if action == "take" and keymap is not None and parameters:
            return self._check_kind(keymap, str(parameters[0]), parameters[1:])
        if keymap is not None and action in keymap:
            return self._check_kind(keymap, action, parameters)
        if action == "explain":
            return self.looked_live()
        if action == "esc" and parameters:
            # One binding per word Esc may have: the one that applies.
            closes = self.in_binding_look("esc", self._escape_closes)
            word = str(parameters[0])
            return closes if word == "Back" else (not closes and word == self.mode.LEAVE)
        if action == "pace":
            return self.has_bots
        if action == "skip":
            return self.can_skip
        if action == "undo":
            # Offered only where it takes something back; pressed elsewhere,
            # the key says why (``undo_why``, a hidden binding after it).
            return self.undo_refusal() is None
        if action == "advice":
            # The same for ``?``: offered while advice may be given.
            return self.advice_refusal() is None
        if action == "results":
            return self.session.is_over
        if action == "panel":
            name = str(parameters[0]) if parameters else ""
            return name in self.panels.selectors and self.panel_shown(name)
        return True

    def looked_live(self) -> bool:
        """``live``, worked out once per look at the bindings (every key of
        the game's and each explained one asks it)."""
        look = self._binding_look
        if look is None:
            return self.live
        live = look.get("live")
        if live is None:
            live = look["live"] = self.live
        return bool(live)

    def _check_kind(
        self, keymap: KeyMap[Any], kind: str, parameters: tuple[object, ...]
    ) -> bool | None:
        # (Asked of every key of the game's in one look at the bindings:
        # whether a person decides here, where the focus is, what the map
        # reads and the decision are worked out once for them all.)
        gate = self._kinds_looked
        if gate is None:
            gate = self._kinds_gate()
            if self._binding_look is not None:
                self._kinds_looked = gate
        live, board = gate
        if not live or (not board and keymap.kinds[kind].board):
            return False
        looked = self._here_looked
        if looked is None:
            here = self.keys_here()
            looked = (here, keymap.decision(here))
            if self._binding_look is not None:
                self._here_looked = looked
        return keymap.check(looked[0], kind, parameters, looked[1])

    def _kinds_gate(self) -> tuple[bool, bool]:
        """What every key of the map's checks first: a person decides here
        (else nothing more), and the board's keys work (the focus is not in
        the action list or the log)."""
        if not self.looked_live():
            return False, False
        return True, not (self._picker_focused() or self._log_focused())

    def _escape_closes(self) -> bool:
        """Esc closes something now (a panel, the focus off the board)
        rather than leaving."""
        if self.panels.open is not None or self.panels.holds_focus():
            return True
        return self.escape_closes()

    def escape_closes(self) -> bool:
        """The game has something Esc closes on the board (a move begun)."""
        return False

    def action_take(self, kind: str, *parameters: object) -> None:
        """A binding to ``take('kind', ...)`` plays what that kind of the
        key map stands for now."""
        self.take(kind, *parameters)

    def take(self, kind: str, *parameters: object) -> None:
        assert self.KEYMAP is not None
        self.play_pick(self.KEYMAP.pick(self.keys_here(), kind, *parameters))

    def play_pick(self, pick: Pick) -> None:
        """One legal action: played; several: asked which; none: the reason."""
        if not pick.actions:
            self.refuse(pick.reason)
            return
        if len(pick.actions) == 1:
            self.play(pick.actions[0])
            return
        actions = pick.actions
        note, default = self.choice_note(actions), self.choice_default(actions)
        self.ask(pick.title or "Choose", actions, note=note, default=default)

    def refuse(self, reason: str) -> None:
        """A key that does nothing now: say why."""
        self.notify(reason, title="Not possible", severity="warning")

    def ask(
        self,
        title: str,
        actions: Sequence[Action],
        *,
        words: Sequence[str] | None = None,
        then: Any = None,
        **dialog: Any,
    ) -> None:
        """The kit's ChoiceDialog over ``actions``, each in ``words`` (by
        default, those the action list gives it); the one chosen is played
        (or given to ``then``).  ``dialog``: the dialog's ``default`` and
        ``note``."""
        said = words if words is not None else [self.session.describe(a) for a in actions]
        choices = list(zip(actions, said, strict=True))
        version = self.version

        def chosen(action: Action | None) -> None:
            if action is not None and self.version == version and self.live:
                (then or self.play)(action)

        self.app.push_screen(self.CHOICE_DIALOG(title, choices, **dialog), chosen)

    def action_explain(self, key: str) -> None:
        """A key that does nothing now: say why."""
        if self.KEYMAP is None:
            return
        if key in ("enter", "space") and self._log_focused():
            self.refuse("The log has the focus: Esc goes back to the board, where Enter acts.")
            return
        self.refuse(self.KEYMAP.explain(self.keys_here(), key))

    def on_key(self) -> None:
        self.handoffs.key_pressed()

    #: The list's options and highlight the hint last named (``hint_text``).
    _hint_read: tuple[object, int | None] | None = None

    #: The part whose focus ``_focus_changed`` last drew for (``focus_now``
    #: draws it in the move's own turn: the focus event that follows,
    #: a turn later, finds it drawn and does not look at the hint and the
    #: keys a second time).
    _focus_drawn: Widget | None = None

    @on(events.DescendantFocus)
    def _focus_event(self, event: events.DescendantFocus) -> None:
        if event.widget is not self._focus_drawn or self.focused is not event.widget:
            self._focus_changed()

    @on(events.DescendantBlur)
    def _blur_event(self, event: events.DescendantBlur) -> None:
        if event.widget is self._focus_drawn and self.focused is not event.widget:
            self._focus_drawn = None

    def _focus_changed(self) -> None:
        # What Enter does, and the keys that work, change with the focus.
        self._focus_drawn = self.focused
        self.focus_moved()
        if not self.drawing_next:  # (else the screen draws it next)
            self.draw_hint()
        self.refresh_bindings()

    @on(ActionPicker.Highlighted, "#actions")
    def _highlighted(self) -> None:
        # (With the list focused, the hint names the highlighted action:
        # drawn again unless it was drawn for this list and highlight, as
        # the move's redraw draws it for the new list before this message.)
        if not self._picker_focused():
            return
        picker = self.picker
        read = self._hint_read
        if read is None or read[0] is not picker.options or read[1] != picker.highlighted:
            self.draw_hint()

    # ---------------------------------------------------------- panels
    def action_picker(self) -> None:
        """A: every legal action as a list (behind A where it has no room)."""
        self.panels.toggle("picker")

    def action_log(self) -> None:
        self.panels.toggle("log")

    def action_panel(self, name: str) -> None:
        self.panels.toggle(name)

    def action_show_log(self) -> None:
        self.panels.show("log")

    def action_esc(self, word: str = "") -> None:
        """Esc: close what is open over the board, else leave (the mode asks
        first where leaving loses something or surprises)."""
        if self.panels.open is not None or self.panels.holds_focus():
            self.panels.close()
            return
        if self.escape_board():
            return
        self.mode.leave()

    # ---------------------------------------------------------- the shared keys
    def undo_refusal(self) -> str | None:
        """Why Ctrl+Z takes nothing back now (None: it does), asked once
        per position (the footer asks on every look at the keys)."""
        if self.handoff_pending:
            return "Pass the terminal first: undo is for the person deciding."
        key = (self.version, len(self.session.actions), id(self.session), id(self.mode))
        if key != self._undo_for:
            self._undo_for, self._undo_refused = key, self.mode.undo_refusal()
        return self._undo_refused

    def action_undo(self) -> None:
        if not self.handoff_pending:
            self.mode.undo()

    def action_undo_why(self) -> None:
        """Ctrl+Z where the footer does not offer it: why it cannot act."""
        refusal = self.undo_refusal()
        if refusal is None:
            self.action_undo()
            return
        self.notify(refusal, title="Can't undo", severity="warning")

    def action_save(self) -> None:
        self.mode.save()

    def action_pace(self) -> None:
        self.bots.next_pace()

    def action_skip(self) -> None:
        self.bots.skip()

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        self.bots.chose(message)

    @on(BotFailed)
    def _bot_failed(self, message: BotFailed) -> None:
        self.bots.failed(message)

    def action_help(self) -> None:
        self.app.push_screen(self.help_screen())

    def help_screen(self, query: str = "") -> HelpScreen:
        return help_screen(self, [*self.HELP_KEYS, *PICKER_KEYS], query)

    def show_rules(self, section: str) -> None:
        self.app.push_screen(self.help_screen(query=section))

    def action_results(self) -> None:
        if self.session.is_over:
            self.app.push_screen(self.results_screen(), callback=self.after_results)

    def results_screen(self) -> GameOverScreen:
        """The final scores (a game's screen may show more)."""
        return GameOverScreen(self.game.title, self.session.outcome())

    def after_results(self, choice: GameOverChoice | None) -> None:
        if choice == "review":
            self.open_review()
        elif choice == "menu":
            self.call_after_refresh(self.action_menu)
        else:
            self.action_show_log()

    def open_review(self) -> None:
        """The finished game's review (``screens/review.py``) from its save;
        Esc there comes back to the results."""
        from .review import ReviewScreen

        path = self.mode.save_path()
        if path is None or not self.session.is_over:
            self.notify("This game has no save to review.", title="No review", severity="warning")
            return
        self.app.push_screen(
            ReviewScreen(path, self.settings), callback=lambda _: self.action_results()
        )

    def action_menu(self) -> None:
        """Back to the main menu; the game is already saved (if its last
        save failed, after asking)."""
        self.confirm_leave(self._leave)

    def ask_leave(self) -> None:
        self.mode.leave()

    def _leave(self) -> None:
        self.mode.gone()

    def game_commands(self) -> list[GameCommand]:
        return self.mode.commands(game_commands(self))

    # ---------------------------------------------------------- the replay's keys
    def action_replay_step(self, delta: int) -> None:
        if isinstance(self.mode, ReplayMode):
            self.mode.step(delta)

    def action_replay_turn(self, direction: int) -> None:
        if isinstance(self.mode, ReplayMode):
            self.mode.turn(direction)

    def action_replay_end(self, which: int) -> None:
        if isinstance(self.mode, ReplayMode):
            self.mode.end(which)

    def action_replay_view(self) -> None:
        if isinstance(self.mode, ReplayMode):
            self.mode.choose_view()

    # ---------------------------------------------------------- advice
    def advice_refusal(self) -> str | None:
        return self.mode.advice_refusal() or super().advice_refusal()


__all__ = ["GAME_SCREEN_CSS", "GameScreen"]
