"""The hand-off screen: covers the board while the terminal passes to the next
person, so nobody sees a hand that is not theirs."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static


class HandoffScreen(ModalScreen[None]):
    """ "Pass to Ana — press Enter".  Only Enter goes on (Escape would be too
    easy to press by accident while the wrong person is looking)."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(self, name: str, game_title: str = "") -> None:
        super().__init__()
        self.player = name
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            if self.game_title:
                yield Static(self.game_title, id="handoff-game", markup=False)
            yield Static(f"Pass to {self.player} — press Enter", id="handoff-name", markup=False)
            yield Static(
                f"The table stays hidden until {self.player} is ready.",
                id="handoff-hint",
                markup=False,
            )
        yield Footer()

    def on_mount(self) -> None:
        # Nothing of the previous seat crosses the hand-off: its messages
        # ("House Guard costs 3 influence; you have 2") go with it.
        self.app.clear_notifications()

    def action_ready(self) -> None:
        self.app.clear_notifications()  # nor anything said while covered
        self.dismiss(None)
