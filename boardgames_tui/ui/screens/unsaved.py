"""Leaving a game whose last moves could not be saved: the dialog says so
and offers to save the game to another file first.

It dismisses with "saved" (written to the file the person chose), "leave"
(leave without saving) or None (stay in the game).  An existing file is
replaced only after asking, and a game open in another window never is."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

from boardgames_tui.engine.lock import holder
from boardgames_tui.engine.printable import printable

from ..widgets.keybar import KeyBar
from .dialogs import ConfirmDialog

LeaveChoice = Literal["saved", "leave"]


class UnsavedDialog(ModalScreen[LeaveChoice | None]):
    """``save_to(path)`` writes the game there and returns None, or the
    sentence saying why it could not; the dialog stays open until a save
    works or the person chooses to leave without one."""

    DEFAULT_CSS = """
    UnsavedDialog {
        align: center middle;
        background: $background 60%;
    }
    UnsavedDialog > Vertical {
        width: 70;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        padding: 0 1;
        border: thick $error;
        background: $surface;
    }
    UnsavedDialog #unsaved-question { width: 100%; margin-bottom: 1; }
    UnsavedDialog #unsaved-error { width: 100%; color: $text-error; }
    UnsavedDialog #unsaved-buttons { height: auto; align-horizontal: right; }
    UnsavedDialog #unsaved-buttons Button { margin-left: 1; min-width: 10; }
    """
    BINDINGS = [
        Binding("escape", "stay", "Back to the game"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self, question: str, suggestion: Path, save_to: Callable[[Path], str | None]
    ) -> None:
        super().__init__()
        self.question = question
        self.suggestion = suggestion
        self.save_to = save_to

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="unsaved-question", markup=False)
            yield Input(str(self.suggestion), id="unsaved-path")
            yield Static("", id="unsaved-error", markup=False)
            with Horizontal(id="unsaved-buttons"):
                yield Button("Save there", id="save", variant="primary")
                yield Button("Leave unsaved", id="leave", variant="error")
                yield Button("Back", id="stay")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#unsaved-path", Input).focus()

    @on(Input.Submitted, "#unsaved-path")
    def _submitted(self) -> None:
        self.save()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        event.stop()
        if event.button.id == "save":
            self.save()
        elif event.button.id == "leave":
            self.dismiss("leave")
        else:
            self.dismiss(None)

    def save(self) -> None:
        """Save where the person typed: into a folder under the game's own
        name; an existing file only after asking; never over a game that
        another window has open."""
        text = self.query_one("#unsaved-path", Input).value.strip()
        if not text:
            self.show_error("Type where to save the game.")
            return
        path = Path(text).expanduser()
        if path.is_dir():
            path = path / self.suggestion.name
        if (refusal := self.locked(path)) is not None:
            self.show_error(refusal)
            return
        if not os.path.lexists(path):
            self.write(path)
            return
        question = f"{printable(str(path))} already exists.\nReplace it with this game?"

        def answer(replace: bool | None) -> None:
            if replace:
                self.write(path)
            else:
                self.query_one("#unsaved-path", Input).focus()

        self.app.push_screen(ConfirmDialog(question, yes="Replace", no="Back"), answer)

    @staticmethod
    def locked(path: Path) -> str | None:
        """Why ``path`` may not be written: a game another window has open
        (this window's own game, locked by this very process, may be)."""
        held = holder(path)
        if held is None or (held.pid == os.getpid() and held.host == socket.gethostname()):
            return None
        return (
            f"{printable(path.name)} is a game open in another window "
            f"({printable(held.describe())}); choose another file."
        )

    def write(self, path: Path) -> None:
        if (refusal := self.locked(path)) is not None:  # taken while asking
            self.show_error(refusal)
            return
        error = self.save_to(path)
        if error is not None:
            self.show_error(error)
            return
        self.dismiss("saved")

    def show_error(self, message: str) -> None:
        self.query_one("#unsaved-error", Static).update(message)

    def action_stay(self) -> None:
        self.dismiss(None)
