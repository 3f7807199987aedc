"""Saving a game's moves, saving on request or elsewhere, and undo.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``): each move is saved once the frame that shows it is out;
a save that fails is said once and shown in the header until one works
again; leaving with moves unsaved asks first (and offers another file);
undo takes back the last move of the person deciding, asking first when
that takes back someone else's too.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from pathlib import Path

from boardgames_tui.engine.lock import OPEN_ELSEWHERE
from boardgames_tui.engine.saves import SaveError, new_save_path
from boardgames_tui.engine.session import UndoError, UndoPlan

from ..host import host
from .dialogs import ConfirmDialog
from .game_core import ScreenCore
from .unsaved import LeaveChoice, UnsavedDialog


class Saving(ScreenCore):
    """The game's saves (after each move, on request, elsewhere) and undo."""

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
