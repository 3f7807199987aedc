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

This module holds the layout, the start and end of a game on screen, and the
flow from one decision to the next (``advance``, ``changed``,
``refresh_view``, ``play``).  The rest of GameScreen is in parts beside it,
each a class GameScreen is made of (``game_core.py`` says how they fit):
the lock and watching (``game_lock.py``), saves and undo
(``game_saving.py``), the bots (``game_bots.py``), hand-offs
(``game_handoff.py``), help, panels, leaving and the palette
(``game_menus.py``), and the search's advice (``game_advice.py``).  Import every name from here: ``BOT_KEYS``,
``PICKER_KEYS``, ``GAME_SCREEN_CSS``, ``WATCH_SECONDS``, ``GameScreen``.
"""

from __future__ import annotations

import atexit
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.reactive import Reactive
from textual.widget import Widget
from textual.widgets import Static

from boardgames_tui.engine.game import Action, IllegalAction
from boardgames_tui.engine.lock import OPEN_ELSEWHERE

from ..commands import GameCommands
from ..messages import ActionChosen
from ..widgets import ActionPicker, GameLog, SeatTable, StateView
from ..widgets.footer import GameFooter
from ..widgets.save_status import SaveStatus
from ..widgets.text_line import update_text
from .game_advice import Advising
from .game_bots import BOT_KEYS, BotPlay
from .game_handoff import HandOffs
from .game_lock import WATCH_SECONDS, LockKeeping
from .game_menus import PICKER_KEYS, Menus
from .game_saving import Saving

#: The generic screen's stylesheet, by absolute path so that a subclass in
#: another package can list it in its own ``CSS_PATH``.
GAME_SCREEN_CSS = Path(__file__).with_name("game.tcss")


class GameScreen(LockKeeping, Saving, BotPlay, HandOffs, Menus, Advising):
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

    def changed(self) -> None:
        """The game changed (a move, an undo): redraw and go on."""
        self.version += 1
        self.stuck = None
        self.advised_action = None
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
            return self.thinking_line(session.to_act)
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
            picker.set_waiting(self.thinking_line(session.to_act))
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
        advised = self.take_advised(action)
        try:
            self.session.apply(action, save=False, advised=advised)
        except IllegalAction as exc:
            self.notify(str(exc), title="Not allowed", severity="warning")
            return False
        self._after_move()
        self.changed()
        if not self.is_current:  # covered (results, a hand-off): no frame of ours
            self._move_shown()
        return True

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


__all__ = ["BOT_KEYS", "GAME_SCREEN_CSS", "PICKER_KEYS", "WATCH_SECONDS", "GameScreen"]
