"""Underwing's dialogs: choosing among the few legal actions a pointer or a
key stands for, and the end of the game with every player's dragons."""

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

from boardgames_tui.engine.game import Action, Outcome
from boardgames_tui.games.underwing.cards import card
from boardgames_tui.games.underwing.model import UnderwingState

from ..messages import ActionChosen
from ..screens import gameover
from ..screens.gameover import GameOverScreen
from ..widgets import ActionPicker
from .widgets import plural

HERE = Path(__file__).parent
CSS = str(HERE / "underwing.tcss")


class ChoiceDialog(ModalScreen[Action | None]):
    """A short list of legal actions (the ways to fill one space, the
    players to trade with ...): Enter or a digit takes one, Escape none."""

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
