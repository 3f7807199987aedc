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

    def __init__(self, name: str, game_title: str = "", waiting: str = "") -> None:
        """``waiting``: a line on the decision that waits for ``name`` (a
        game's screen gives it when the terminal passes in the middle of a
        turn, e.g. "Ben attacks you in Mountain: will you ambush?"); public
        information only."""
        super().__init__()
        self.player = name
        self.game_title = game_title
        self.waiting = waiting

    def compose(self) -> ComposeResult:
        with Vertical(id="handoff-box"):
            if self.game_title:
                yield Static(self.game_title, id="handoff-game", markup=False)
            yield Static(f"Pass to {self.player} — press Enter", id="handoff-name", markup=False)
            if self.waiting:
                yield Static(self.waiting, id="handoff-waiting", markup=False)
            yield Static(
                f"The table stays hidden until {self.player} is ready.",
                id="handoff-hint",
                markup=False,
            )
        yield Footer()

    def action_ready(self) -> None:
        self.dismiss(None)
