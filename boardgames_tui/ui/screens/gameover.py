"""The end of a game: the outcome's summary, the winners, and every seat's
score with its breakdown, in ranking order.  V asks for the game's review
(``screens/review.py``), which the game's screen opens."""

from __future__ import annotations

from typing import Literal

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from boardgames_tui.engine.game import Outcome

from ..widgets.score_table import ScoreTable

#: What the player chose on the game-over screen.
GameOverChoice = Literal["menu", "board", "review"]


def winners_line(outcome: Outcome) -> str:
    names = {r.seat: r.name for r in outcome.results}
    winners = [names.get(seat, f"Seat {seat + 1}") for seat in outcome.winners]
    if not winners:
        return "Ended by agreement: nobody wins." if outcome.agreed else "Nobody wins."
    if len(winners) == 1:
        return f"★ Winner: {winners[0]}"
    return "★ Winners: " + ", ".join(winners[:-1]) + f" and {winners[-1]}"


class GameOverScreen(Screen[GameOverChoice]):
    CSS_PATH = "gameover.tcss"
    BINDINGS = [
        Binding("enter,m", "choose('menu')", "Main menu", priority=True),
        Binding("escape,b", "choose('board')", "Back to the table"),
        Binding("v", "choose('review')", "Review"),
    ]

    def __init__(self, title: str, outcome: Outcome) -> None:
        super().__init__()
        self.game_title = title
        self.outcome = outcome

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover-box"):
            yield Static(f"Game over — {self.game_title}", id="gameover-title", markup=False)
            yield Static(winners_line(self.outcome), id="gameover-winners", markup=False)
            if self.outcome.summary:
                yield Static(self.outcome.summary, id="gameover-summary", markup=False)
            yield ScoreTable(id="scores")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(ScoreTable)
        table.show_outcome(self.outcome)
        table.focus()

    def action_choose(self, choice: GameOverChoice) -> None:
        self.dismiss(choice)
