"""Underwing's dialogs: the kit's dialog choosing among the few legal actions
a pointer or a key stands for (in Underwing's look), and the end of the game
with every player's dragons."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.containers import Vertical
from textual.widgets import Static

from boardgames_tui.engine.game import Outcome
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.model import UnderwingState

from ..kit.dialogs import ChoiceDialog as KitChoiceDialog
from ..kit.drawing import plural
from ..screens import gameover
from ..screens.gameover import GameOverScreen

HERE = Path(__file__).parent
CSS = str(HERE / "underwing.tcss")


class ChoiceDialog(KitChoiceDialog):
    """The kit's dialog over a few legal actions, in Underwing's look (its
    ``#choice-*`` rules in ``underwing.tcss``)."""

    CSS_PATH = CSS


def dragons_text(state: UnderwingState) -> Text:
    """Each player's hatched dragons with their scores and temperatures."""
    text = Text()
    for seat in range(state.n):
        p = state.players[seat]
        if seat:
            text.append("\n")
        text.append(f"{state.seats[seat].name}: ", style="bold")
        if not p.dragons:
            text.append("no dragons")
            continue
        temps = [card(c).temperature for c in p.dragons]
        text.append(
            f"{plural(len(p.dragons), 'dragon')} ({temps.count('warm')} warm, "
            f"{temps.count('neutral')} neutral, {temps.count('cool')} cool): "
        )
        text.append(
            ", ".join(f"{card(c).name} {card(c).score} ({card(c).temperature})" for c in p.dragons)
        )
    if not state.temperature_bonus and state.n > 1:
        text.append("\nThe temperature bonus was not played (two players).", style="italic")
    return text


class UnderwingGameOver(GameOverScreen):
    """The generic results (ranking, dragon points, bonuses, total) and
    below them every player's dragons."""

    CSS_PATH = [  # type: ignore[assignment]
        str(Path(gameover.__file__).with_name("gameover.tcss")),
        CSS,
    ]

    def __init__(self, title: str, outcome: Outcome, state: UnderwingState) -> None:
        super().__init__(title, outcome)
        self.state = state

    def on_mount(self) -> None:
        super().on_mount()
        box = self.query_one("#gameover-box", Vertical)
        box.mount(Static(dragons_text(self.state), id="gameover-dragons", markup=False))
        if self.state.solo:
            # The shared line says "Nobody wins." for a lost game: in solo
            # there is one player, who did not win.
            self.query_one("#gameover-winners", Static).update(solo_line(self.state, self.outcome))


def solo_line(state: UnderwingState, outcome: Outcome) -> str:
    """The winners' line of a solo game: the player won, or did not."""
    who = state.seats[0].name
    if outcome.winners:
        return f"★ {who} wins the solo game"
    return f"✗ {who} did not win the solo game"


__all__ = ["ChoiceDialog", "UnderwingGameOver", "dragons_text"]
