"""Leaving a game whose last moves could not be saved: the dialog says so
and offers to save the game to another file first.

It dismisses with "saved" (written to the file the person chose), "leave"
(leave without saving) or None (stay in the game)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Static

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
    BINDINGS = [Binding("escape", "stay", "Back to the game")]

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
        text = self.query_one("#unsaved-path", Input).value.strip()
        if not text:
            self.query_one("#unsaved-error", Static).update("Type where to save the game.")
            return
        path = Path(text).expanduser()
        if path.is_dir():
            path = path / self.suggestion.name
        error = self.save_to(path)
        if error is not None:
            self.query_one("#unsaved-error", Static).update(error)
            return
        self.dismiss("saved")

    def action_stay(self) -> None:
        self.dismiss(None)
