"""Tyrants' dialogs: choosing among the few legal actions a key stands for,
and a card's whole text."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants.cards import card, describe

from ..messages import ActionChosen
from ..widgets import ActionPicker
from .look import card_facts

CSS = str(Path(__file__).with_name("tyrants.tcss"))


class ChoiceDialog(ModalScreen[Action | None]):
    """A short list of legal actions (the troops to assassinate at a site,
    the ways to use a card): Enter or a digit takes one, Escape none."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, title: str, choices: Sequence[tuple[Action, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Label(self.title_text, id="choice-title", markup=False)
            yield ActionPicker(id="choice-list")
            yield Label("Enter or 1-9: choose · Esc: back", id="choice-keys", markup=False)

    def on_mount(self) -> None:
        picker = self.query_one("#choice-list", ActionPicker)
        picker.set_actions(self.choices)
        picker.focus()

    @on(ActionChosen, "#choice-list")
    def _chosen(self, event: ActionChosen) -> None:
        event.stop()
        self.dismiss(event.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


class CardDialog(ModalScreen[None]):
    """A card in full: name, cost, aspect, VP in the deck and in the inner
    circle, and its effect in words."""

    CSS_PATH = CSS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter,c,space", "close", "Close"),
    ]

    def __init__(self, card_id: str) -> None:
        super().__init__()
        self.card_id = card_id

    def compose(self) -> ComposeResult:
        c = card(self.card_id)
        with Vertical(id="card-box"):
            yield Label(Text(c.name, style="bold"), id="card-name", markup=False)
            yield Static(card_facts(c), id="card-facts", markup=False)
            yield Static(describe(c), id="card-text", markup=False)
            yield Label("Esc, Enter or C: close", id="card-keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)
