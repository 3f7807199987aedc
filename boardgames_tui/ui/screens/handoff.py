"""The hand-off screen: covers the board while the terminal passes to the next
person, so nobody sees a hand that is not theirs."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

#: Rows of the terminal the hand-off keeps for its box's other lines, its
#: borders and the footer; the recap has the rest.
RESERVED_ROWS = 13


class HandoffScreen(ModalScreen[None]):
    """ "Pass to Ana — press Enter".  Only Enter goes on (Escape would be too
    easy to press by accident while the wrong person is looking)."""

    CSS_PATH = "handoff.tcss"
    BINDINGS = [Binding("enter", "ready", "Ready")]

    def __init__(
        self, name: str, game_title: str = "", waiting: str = "", recap: Sequence[str] = ()
    ) -> None:
        """``waiting``: a line on the decision that waits for ``name`` (a
        game's screen gives it when the terminal passes in the middle of a
        turn, e.g. "Ben attacks you in Mountain: will you ambush?");
        ``recap``: what the others did since this person's last turn (the
        log's lines).  Public information only."""
        super().__init__()
        self.player = name
        self.game_title = game_title
        self.waiting = waiting
        self.recap = list(recap)

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
            if self.recap:
                yield Static("Since your last turn:", id="handoff-recap-title", markup=False)
                yield Static(id="handoff-recap", markup=False)
        yield Footer()

    def recap_lines(self) -> list[str]:
        """The recap as it fits the terminal: the latest lines, one row each,
        and how many earlier ones the log holds."""
        reserved = RESERVED_ROWS + (3 if self.waiting else 0)  # it may wrap
        room = max(self.app.size.height - reserved, 2)
        if len(self.recap) <= room:
            return list(self.recap)
        earlier = len(self.recap) - (room - 1)
        return [f"… {earlier} earlier (the log, L, has them all)", *self.recap[-(room - 1) :]]

    def on_resize(self) -> None:
        self._show_recap()

    def _show_recap(self) -> None:
        for widget in self.query("#handoff-recap"):
            assert isinstance(widget, Static)
            widget.update("\n".join(self.recap_lines()))

    def on_mount(self) -> None:
        # Nothing of the previous seat crosses the hand-off: its messages
        # ("House Guard costs 3 influence; you have 2") go with it.
        self.app.clear_notifications()
        self._show_recap()

    def action_ready(self) -> None:
        self.app.clear_notifications()  # nor anything said while covered
        self.dismiss(None)
