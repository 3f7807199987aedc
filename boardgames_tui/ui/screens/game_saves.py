"""When a game screen's moves are written, and what it shows when they
could not be.

A service of the game screen (the mode says *how* a move is written:
``saving.SaveKeeper`` at one keyboard, ``seats.SeatFile`` at a seat).  A
move is saved once it is on screen: the write waits for the disk (fsync),
which took as long as the rest of the move, so the player sees the move
first.  The save is written right after the frame that shows it (or at
once when another screen covers this one), and before anything leaves the
game (the menu, quitting, the end of the program).

The garbage collector waits for that frame too (the app holds it: the app
alone tunes it for the process): a move makes tens of thousands of
short-lived objects (a drawn line caches itself, so it only goes in a
collection), and the collections run, fewer and together, once the frame
is out.  (``call_after_refresh`` does not wait for the frame: it runs as
soon as the screen is idle with nothing marked to repaint, which is before
the widgets a move changed have said so.  The app's ``call_after_frame``
waits for a frame written to the terminal.)

A save that fails is said once and shown in the header ("Not saved") until
one works again; leaving with moves unsaved asks first, and offers another
file.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.timer import Timer

from boardgames_tui.engine.savefile import SaveError

from ..host import host
from ..widgets.save_status import SaveStatus
from .unsaved import LeaveChoice, UnsavedDialog

if TYPE_CHECKING:
    from .game_core import ScreenCore


class Saves:
    """The frame a move's save waits for, and the save's state."""

    def __init__(self, screen: ScreenCore) -> None:
        self.screen = screen
        #: Why the last save failed; None while everything is saved.
        self.error: str | None = None
        #: How many actions the game had at its last successful save.
        self.length = len(screen.session.actions)
        self._awaited = False
        self._overdue: Timer | None = None

    # ------------------------------------------------------------ the frame
    def after_move(self) -> None:
        """A move was made: written once the frame that shows it is out."""
        app = host(self.screen)
        app.hold_collections()
        if not self._awaited:
            self._awaited = True
            app.call_after_frame(self._frame_out)
        if self._overdue is None:
            # In case no frame of this screen comes (another screen covers it).
            self._overdue = self.screen.set_timer(0.5, self.move_shown, name="move-shown")

    def _frame_out(self) -> None:
        if self._awaited:
            self.move_shown()

    def move_shown(self) -> None:
        """The move is on screen (or cannot be): collect, then save."""
        self._awaited = False
        if self._overdue is not None:
            self._overdue.stop()
            self._overdue = None
        host(self.screen).release_collections()
        self.screen.save_move()

    @property
    def pending(self) -> bool:
        """A move is on its way to the file: made, waiting for its frame."""
        return self._awaited or self._overdue is not None

    # ------------------------------------------------------------ the state
    def saved(self) -> None:
        """A save worked: the game is safe again."""
        screen = self.screen
        self.length = len(screen.session.actions)
        if self.error is not None:
            self.error = None
            screen.notify("The game is saved again.", title="Saved")
            self.show_status()

    def failed(self, error: SaveError, what: str, *, again: bool = False) -> None:
        """A save failed: said when it starts failing (or when asked for:
        ``again``); the header says "Not saved" until a save works again."""
        first = self.error is None
        self.error = str(error)
        if first or again:
            text = str(error) if again else f"{what}: {error}"
            self.screen.notify(text, title="Not saved", severity="error", timeout=10)
        self.show_status()

    @property
    def unsaved_moves(self) -> int:
        """Moves made since the last save that worked (0 when all is saved)."""
        if self.error is None:
            return 0
        return max(1, len(self.screen.session.actions) - self.length)

    def show_status(self) -> None:
        screen = self.screen
        status = screen.part("#save-status", SaveStatus)
        if status is not None:
            width = screen.size.width or screen.app.size.width
            status.show_state(screen.mode.status(), width)

    # ------------------------------------------------------------ leaving
    def confirm_leave(self, then: Callable[[], object]) -> None:
        """Call ``then()`` once leaving loses nothing: at once when the game
        is saved, else after asking (and perhaps saving elsewhere)."""
        screen = self.screen
        screen.save_move()
        if self.error is None:
            then()
            return
        if isinstance(screen.app.screen, UnsavedDialog):
            return  # already asking
        count = self.unsaved_moves
        what = "The last move is" if count == 1 else f"The last {count} moves are"
        question = (
            f"{what} not saved ({self.error.rstrip('.')}).\n"
            "Save the game to another file before leaving?"
        )
        name = screen.session.path.name if screen.session.path is not None else "game.json"

        def answered(choice: LeaveChoice | None) -> None:
            if choice is not None:
                then()

        screen.app.push_screen(
            UnsavedDialog(question, Path.home() / name, self.save_elsewhere), answered
        )

    def save_elsewhere(self, path: Path) -> str | None:
        """Write the game to ``path``; None when it worked, else why not."""
        try:
            self.screen.session.save(path)
        except SaveError as exc:
            return str(exc)
        self.screen.notify(f"Saved to {path}", title="Saved")
        return None


__all__ = ["Saves"]
