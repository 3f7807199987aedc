"""The generic game screen: any registered game through the Game contract
alone (the screen every game without its own gets, and the toy games').

It shows the title and progress, the seats (whose turn, person or bot), the
prompt, the list of the legal actions, a plain view of the table and the
log; at 80 columns the table is behind V.  Everything else (the flow, the
bots, the hand-offs, undo, saves, the modes) is the game screen's.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from ..kit.keys import BACK, HELP, LOG, RESULTS, SAVE, UNDO, panel
from ..widgets.action_picker import ActionPicker
from ..widgets.footer import GameFooter
from ..widgets.game_log import GameLog
from ..widgets.seat_table import SeatTable
from ..widgets.state_view import StateView
from .game import GameScreen


class GenericScreen(GameScreen):
    """Any game, end to end, from the contract alone."""

    KEYS = (UNDO, SAVE, HELP, LOG, panel("v", "table", "Table"), RESULTS, BACK)
    PANELS: ClassVar[dict[str, str]] = {"table": "#table"}
    TITLES: ClassVar[dict[str, str]] = {"#actions": "Actions", "#table": "Table", "#log": "Log"}

    def compose(self) -> ComposeResult:
        yield Static(id="game-title", markup=False)
        yield SeatTable(id="seats")
        yield Static(id="prompt", markup=False)
        with Horizontal(id="main"):
            yield ActionPicker(id="actions")
            with Vertical(id="side"):
                yield StateView(id="table")
                yield GameLog(id="log")
        yield GameFooter(compact=True)

    def draw_board(self) -> None:
        session = self.session
        if seats := self.part("#seats", SeatTable):
            status = "thinking…" if self.thinking is not None else "to play"
            seats.show_seats(
                session.seats, session.to_act, scores=self.public_scores(), status=status
            )
        if table := self.part("#table", StateView):
            watching = self.watching()
            caption = f"As {self.seat_name(watching)} sees it" if watching is not None else ""
            if self.game.hidden_information and watching is None and not session.is_over:
                caption = "Hands hidden"
            shown = session.state if session.is_over else session.view(watching)
            table.show_state(shown, caption)


__all__ = ["GenericScreen"]
