"""What a window does with its game: the game screen's modes.

A game screen (``game.py``) draws the game and plays a person's keys; what
differs between the ways a window has a game is its *mode*, one object the
screen is given when it is made (``ui/game_screens.py``) and asks:

- :class:`KeyboardMode`: every seat plays at this one keyboard; the window
  holds the save's lock and writes the save (``saving.SaveKeeper``);
- :class:`WatchMode`: the window shows the table and makes no move: the
  game is open in another window (``saving.LockWatch``, taken over once
  that window lets it go: the screen then plays it at one keyboard), or it
  is played at a screen per seat and this window sits at none
  (``seats.SeatFile``, following the seats' moves);
- :class:`~.seats.SeatMode`: the window sits at some of the seats (a screen
  per seat, ``seats.py``);
- :class:`~.replay.ReplayMode`: a saved game replayed, read-only
  (``replay.py``).

:class:`Mode` is what every mode answers, with the answers of a window
that plays every seat.  The screen asks its mode who moves here, whose view
it draws, whether a hand-off covers the table, what the title, the prompt
and the action list say besides the game, which of the shared keys work
(``check``: the footer shows exactly those), and how a move, an undo, a
save and leaving are written.  A mode never draws the board and never
names a game.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Final, Protocol

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.lock import OPEN_ELSEWHERE, SaveLock
from boardgames_tui.engine.session import UndoError, UndoPlan

from ..commands import GameCommand
from ..widgets.save_status import SaveState
from .dialogs import ConfirmDialog
from .handoff import LEAVE_QUESTION, LEAVE_UNSTARTED
from .saving import LockWatch, SaveKeeper

if TYPE_CHECKING:
    from .game_core import ScreenCore


class Follower(Protocol):
    """How a watching window follows the save (``saving.LockWatch``: a game
    open in another window; ``seats.SeatFile``: a table at a screen per seat)."""

    elsewhere: bool
    ends_app: bool
    path: Path

    def attach(self, screen: ScreenCore) -> None: ...
    def start(self) -> None: ...
    def stop(self) -> None: ...
    def waiting_text(self) -> str: ...


#: ``Mode.check``'s answer for an action the mode leaves to the screen.
DEFER: Final = object()


class Mode:
    """A window's way of having the game (see the module's docstring): the
    answers of a window playing every seat at one keyboard."""

    #: What the footer calls Esc when nothing is open over the board.
    LEAVE: ClassVar[str] = "Menu"
    #: The screen this mode is the mode of (set by ``attach``).
    screen: ScreenCore

    def attach(self, screen: ScreenCore) -> None:
        self.screen = screen

    # ---------------------------------------------------------- life
    def start(self) -> None:
        """The screen is mounted: take the lock, follow the save."""

    def stop(self) -> None:
        """The screen goes: let go of what ``start`` took."""

    # ---------------------------------------------------------- who moves
    def moves_here(self) -> bool:
        """A move (a person's or a bot's) is made in this window now."""
        return True

    def may_act(self) -> bool:
        """A person at this window may decide now (besides the screen's own
        conditions: no hand-off, no bot thinking, the game not over)."""
        return True

    def mine(self, action: Action) -> bool:
        """A move this window makes (every one, here)."""
        return True

    def refusal(self, action: Action) -> str | None:
        """Why ``play`` refuses ``action`` in this window (None: it plays it)."""
        return None

    def watching(self) -> int | None:
        """Whose view of the table is drawn: the person at the terminal in a
        hidden-hand game (nobody's behind a hand-off), else the seat to act."""
        screen = self.screen
        if screen.game.hidden_information:
            return None if screen.handoff_pending else screen.viewer
        return screen.session.to_act

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off covers the table when, in a game with hidden hands, the
        terminal passes to a different person (and before the first
        decision).  With one person at the table there is nobody to hide from."""
        screen = self.screen
        return bool(screen.game.hidden_information) and screen.people >= 2 and seat != screen.viewer

    def resting_viewer(self) -> int | None:
        """The person at the terminal while nobody here decides."""
        return self.screen.viewer

    def viewer_for(self, seat: int | None) -> int | None:
        """The person at the terminal once a hand-off to ``seat`` is over."""
        return seat

    def shows_position(self) -> bool:
        """The mode draws the position itself, with no decision to start (a
        replay): True when it did."""
        return False

    # ---------------------------------------------------------- words
    def title(self, line: str) -> str:
        return line

    def prompt(self) -> str | None:
        """What the prompt says instead of the game's (None: the game's)."""
        return None

    def waiting(self) -> str | None:
        """What the action list says instead of the actions (None: they)."""
        return None

    def hint(self) -> str | None:
        """The hint line instead of the game's keys (None: theirs)."""
        return None

    def status(self) -> SaveState:
        """The save's state for the header: saved, unsaved or watching."""
        return "unsaved" if self.screen.save_error is not None else "saved"

    def help_lines(self) -> list[str]:
        """A section for the help screen about this window ("" for none)."""
        return []

    def commands(self, commands: list[GameCommand]) -> list[GameCommand]:
        """The palette's commands, from the screen's."""
        return commands

    def advice_refusal(self) -> str | None:
        return None

    def scores(self) -> list[int] | None:
        """Every seat's score when the mode shows them all (else None)."""
        return None

    def save_path(self) -> Path | None:
        """The game's save (to review it once over), or None."""
        return self.screen.session.path

    # ---------------------------------------------------------- the lock
    def lost(self, lock: SaveLock) -> None:
        """Another window took the game's lock (one keyboard only)."""

    def freed(self, lock: SaveLock) -> None:
        """The game's lock is free to take (a window watching it only)."""

    # ---------------------------------------------------------- keys
    def check(self, action: str, parameters: tuple[object, ...]) -> object:
        """For ``check_action``: True (shown), None (dimmed), False (hidden),
        or :data:`DEFER` for an action the mode has no say on."""
        if action.startswith("replay_"):
            return False
        return DEFER

    # ---------------------------------------------------------- writing
    def moved(self) -> None:
        """A move was made in this window (it is written after its frame)."""

    def write(self) -> None:
        """Write the move just made (its frame is out)."""

    def write_at_exit(self) -> None:
        """The program ends in a way that skips unmounting: write what is
        still to write."""

    def save(self) -> None:
        """Ctrl+S."""

    def undo(self) -> None:
        """Ctrl+Z: take back the last move of the person deciding."""

    def undo_refusal(self) -> str | None:
        """Why Ctrl+Z can take nothing back now (None: it can): the footer
        offers it only then, and the key pressed otherwise says this."""
        return None

    def leave(self) -> None:
        """Esc with nothing left to close: ask before leaving for the menu
        (Esc, Esc, the habit of dismissing things, no longer leaves the game
        unasked; a second Esc answers "Stay")."""
        self.ask_leave(self.leave_question())

    def leave_question(self) -> str:
        """What leaving asks (the hand-off's Esc asks it too): that the game
        is saved, unless it is a game set up from the menu left before its
        first move, which is saved at that move and so is not kept."""
        session = self.screen.session
        if not session.actions and (session.path is None or not session.path.exists()):
            return LEAVE_UNSTARTED
        return LEAVE_QUESTION

    def ask_leave(self, question: str) -> None:
        screen = self.screen
        if screen.save_error is not None:
            # Moves are unsaved: the question is that one (and where to save).
            screen.action_menu()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                screen.action_menu()

        screen.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), answered)

    def gone(self) -> None:
        """Leaving (saved already): let the game go before the menu shows
        (or it reads the save as open in another window), and show it."""
        screen = self.screen
        if screen.is_current:
            screen.release()
            screen.dismiss(None)


class KeyboardMode(Mode):
    """Every seat at this one keyboard: the save's lock, the writes, undo."""

    def __init__(self, lock: SaveLock | None = None) -> None:
        #: The lock handed over by a window that watched the game.
        self._lock = lock

    def attach(self, screen: ScreenCore) -> None:
        super().attach(screen)
        self.keeper = SaveKeeper(screen, self._lock)

    def start(self) -> None:
        held = self.keeper.take()
        if held is None:
            return
        screen = self.screen
        path = screen.session.path
        assert path is not None  # (a game with no file is nobody else's)
        screen.set_mode(WatchMode(LockWatch(screen, path, held)))
        if held.problem is not None:
            # Something not a lock file is at the lock path: never written
            # through; the game is watched until it is removed.
            screen.notify(
                f"{held.problem} Until then this window only watches it.",
                title="Watching",
                severity="warning",
                timeout=10,
            )
            return
        holder = held.holder()
        who = f" ({holder.describe()})" if holder is not None else ""
        screen.notify(
            f"{OPEN_ELSEWHERE}{who}: you can watch it here, but moves are made there.",
            title="Watching",
            severity="warning",
            timeout=10,
        )

    def lost(self, lock: SaveLock) -> None:
        """Another window took the game while its lock file was missing:
        this one gives way and watches (a move not yet written stays
        unwritten, so the other window's file is never written over)."""
        screen = self.screen
        path = screen.session.path
        if path is None:
            return
        screen.session.save_pending = False
        held = lock.holder()
        who = f" ({held.describe()})" if held is not None else ""
        watch = LockWatch(screen, path, lock)
        watch.read_next_look()
        screen.set_mode(WatchMode(watch))
        screen.notify(
            f"Another window{who} took this game while its lock file was missing: "
            "this window only watches it now.",
            title="Watching",
            severity="warning",
            timeout=10,
        )
        screen.changed()

    def stop(self) -> None:
        self.keeper.release()

    def write(self) -> None:
        self.keeper.write()

    def write_at_exit(self) -> None:
        self.screen.session.save_now()

    def save(self) -> None:
        self.keeper.save()

    def undo_refusal(self) -> str | None:
        try:
            self.screen.session.undo_plan()
        except UndoError as exc:
            return str(exc)
        return None

    def undo(self) -> None:
        """Undo the last action of the person deciding now; when that takes
        back another person's action too, ask first."""
        screen = self.screen
        try:
            plan = screen.session.undo_plan()
        except UndoError as exc:
            screen.notify(str(exc), title="Can't undo", severity="warning")
            return
        if plan.question is None:
            self._undo(plan)
            return
        screen.app.push_screen(
            ConfirmDialog(plan.question, yes="Undo", no="Keep"),
            callback=partial(self._undo_answered, plan),
        )

    def _undo_answered(self, plan: UndoPlan, answer: bool | None) -> None:
        if answer:
            self._undo(plan)

    def _undo(self, plan: UndoPlan) -> None:
        count = self.keeper.undo(plan)
        if count is not None:
            self.screen.undone(count)

    def keep_lock(self) -> bool:
        return self.keeper.keep()


class WatchMode(Mode):
    """The table shown, no move made: the game is open in another window
    (``lock_watch``), or played at a screen per seat and this window sits
    at none (its follower says which)."""

    LEAVE = "Close"

    def __init__(self, follower: Follower) -> None:
        self.follower = follower
        #: The game is open in another window (not at a screen per seat).
        self.elsewhere = follower.elsewhere

    def attach(self, screen: ScreenCore) -> None:
        super().attach(screen)
        if not self.elsewhere:
            self.follower.attach(screen)

    def freed(self, lock: SaveLock) -> None:
        """The other window let the game go: this one plays it now."""
        screen = self.screen
        problem = lock.problem is not None
        screen.set_mode(KeyboardMode(lock))
        closed = (
            "Nothing is in the way of this game's lock any more"
            if problem
            else "The other window has closed this game"
        )
        screen.notify(f"{closed}: you can play it here now.", title="Your game")
        screen.changed()

    def start(self) -> None:
        self.follower.start()

    def stop(self) -> None:
        self.follower.stop()

    def moves_here(self) -> bool:
        return False

    def may_act(self) -> bool:
        return False

    def mine(self, action: Action) -> bool:
        return False

    def refusal(self, action: Action) -> str | None:
        if self.elsewhere:
            return f"{OPEN_ELSEWHERE}: make the move there."
        return "This window watches the table: moves are made at the seats' screens."

    def watching(self) -> int | None:
        screen = self.screen
        return None if screen.game.hidden_information else screen.session.to_act

    def needs_handoff(self, seat: int) -> bool:
        return False

    def resting_viewer(self) -> int | None:
        return None if self.screen.game.hidden_information else self.screen.viewer

    def title(self, line: str) -> str:
        return line if self.elsewhere else f"{line} · watching the table"

    def prompt(self) -> str | None:
        screen = self.screen
        if screen.session.is_over:
            return None
        if not self.elsewhere:
            return self.follower.waiting_text()
        name = screen.seat_name(screen.session.to_act)
        return f"{OPEN_ELSEWHERE}: watching. {name} to play there."

    def waiting(self) -> str | None:
        if self.screen.session.is_over:
            return None
        return self.follower.waiting_text()

    def status(self) -> SaveState:
        return "watching" if self.elsewhere else "saved"

    def save_path(self) -> Path | None:
        return self.follower.path  # (the session here writes no save)

    def help_lines(self) -> list[str]:
        if self.elsewhere:
            about = (
                "- This game is **open in another window**: this one shows its moves "
                "within a second and makes none. Once that window lets the game go, "
                "this one plays it."
            )
        else:
            about = (
                "- This window **watches** a game played at a screen per seat: it shows "
                "the board and the log, no hand, and the seats' moves within a second; "
                "it makes no move. To play, sit at a free seat (the Load screen, or "
                "`boardgames-tui sit SAVE --seat NAME`)."
            )
        return ["## Your screen", "", about]

    def advice_refusal(self) -> str | None:
        if self.elsewhere:
            return f"{OPEN_ELSEWHERE}: ask for advice there."
        return "This window watches the table: advice is for the seat deciding, at its own screen."

    def check(self, action: str, parameters: tuple[object, ...]) -> object:
        """A watching window has no move to take back, nothing to save and
        no bot to pace."""
        if action in ("undo", "save", "skip", "pace"):
            return False
        return super().check(action, parameters)

    def undo_refusal(self) -> str | None:
        return self._no_change("undo")

    def undo(self) -> None:
        self.screen.notify(self._no_change("undo"), title="Can't undo", severity="warning")

    def save(self) -> None:
        self.screen.notify(self._no_change("it is saved"), title="Watching", severity="warning")

    def _no_change(self, what: str) -> str:
        if self.elsewhere:
            return f"{OPEN_ELSEWHERE}: {what} there."
        return f"This window watches the table: {what} at the seats' screens."

    def leave(self) -> None:
        """A watcher has nothing to lose: Esc leaves at once."""
        self.screen.action_menu()

    def gone(self) -> None:
        if self.follower.ends_app:
            self.screen.release()
            self.screen.app.exit()
            return
        super().gone()


__all__ = ["DEFER", "KeyboardMode", "Mode", "WatchMode"]
