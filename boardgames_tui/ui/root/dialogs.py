"""Root's dialogs: choosing among the few legal actions a key or a pointer
stands for, and the text of the cards the person at the terminal may see."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from boardgames_tui.engine.game import Action

from ..messages import ActionChosen
from ..widgets import ActionPicker

CSS = str(Path(__file__).with_name("root.tcss"))


class ChoiceDialog(ModalScreen[Action | None]):
    """A short list of legal actions (the ways to build here, how many
    warriors to move ...): Enter or a digit takes one, Escape none."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Action, str]],
        default: int | None = 0,
        note: str = "",
    ) -> None:
        """``default``: the choice highlighted at first (Enter takes it), or
        None for none (a list of moves that cannot be taken back: Enter
        takes nothing until the player points at one)."""
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.default = default
        #: A few words under the title (a battle's outlook).
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Label(self.title_text, id="choice-title", markup=False)
            if self.note:
                yield Static(self.note, id="choice-note", markup=False)
            yield ActionPicker(id="choice-list")
            keys = (
                "Enter or 1-9: choose · Esc: back"
                if self.default is not None
                else "↑ ↓ then Enter, or 1-9: choose · Esc: back"
            )
            yield Label(keys, id="choice-keys", markup=False)

    def on_mount(self) -> None:
        picker = self.query_one("#choice-list", ActionPicker)
        picker.set_actions(self.choices)
        picker.highlighted = self.default
        picker.focus()

    @on(ActionChosen, "#choice-list")
    def _chosen(self, event: ActionChosen) -> None:
        event.stop()
        self.dismiss(event.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CardsDialog(ModalScreen[None]):
    """The cards the person at the terminal may read, in full."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,h,enter", "close", "Back")]

    def __init__(self, title: str, text: str) -> None:
        super().__init__()
        self.title_text = title
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(id="cards-box"):
            yield Label(self.title_text, id="cards-title", markup=False)
            with VerticalScroll(id="cards-scroll"):
                yield Static(self.text, id="cards-text", markup=False)
            yield Label("Esc, H or Enter: back to the Woodland", id="cards-keys", markup=False)

    def on_mount(self) -> None:
        self.query_one("#cards-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)
