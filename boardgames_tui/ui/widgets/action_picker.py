"""The action picker: exactly the engine's legal actions, described in words.

Enter (or a click) chooses the highlighted action; the digits 1-9 choose the
numbered ones directly.  The picker posts :class:`ActionChosen` and changes
nothing itself: the screen applies the action.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from boardgames_tui.engine.game import Action

from ..messages import ActionChosen


class ActionPicker(OptionList):
    """An option list of ``(action, description)`` pairs."""

    DEFAULT_CSS = """
    ActionPicker {
        height: 1fr;
    }
    """

    BINDINGS = [Binding(str(n), f"pick({n})", f"Choose {n}", show=False) for n in range(1, 10)]

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        self._actions: list[Action] = []

    @property
    def actions(self) -> list[Action]:
        """The actions on offer, in the order shown."""
        return list(self._actions)

    def set_actions(self, choices: Sequence[tuple[Action, str]]) -> None:
        """Offer these actions (each with its description), highlighting the first."""
        self._actions = [action for action, _ in choices]
        options = []
        for number, (_, description) in enumerate(choices, start=1):
            prompt = Table.grid(padding=(0, 1))
            prompt.add_column(width=2, justify="right", style="dim", no_wrap=True)
            prompt.add_column(overflow="fold")
            prompt.add_row(str(number) if number <= 9 else "", description)
            options.append(Option(prompt))
        self.set_options(options)
        if options:
            self.highlighted = 0

    def set_waiting(self, message: str) -> None:
        """Offer nothing, and say why (a bot is thinking, the game is over)."""
        self._actions = []
        self.set_options([Option(Text(message, style="italic"), disabled=True)])

    def action_pick(self, number: int) -> None:
        if 1 <= number <= len(self._actions):
            self.highlighted = number - 1
            self.post_message(ActionChosen(self._actions[number - 1], self))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._actions):
            self.post_message(ActionChosen(self._actions[event.option_index], self))
