"""Small dialogs returning their answer with ``dismiss``, each with a key
bar of its own keys (the game's, beneath, would not work while it is up)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label, OptionList, Static
from textual.widgets.option_list import Option

from ..widgets.choice_list import ChoiceList
from ..widgets.keybar import KeyBar
from ..widgets.yes_no import YesNo


class ConfirmDialog(ModalScreen[bool]):
    """A yes/no question; "No" is the default answer.  "Yes" is drawn as a
    warning (it loses or ends something) unless ``harmless``."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self, question: str, *, yes: str = "Yes", no: str = "No", harmless: bool = False
    ) -> None:
        super().__init__()
        self.question = question
        self.yes = yes
        self.no = no
        self.harmless = harmless

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-question", markup=False)
            yield YesNo(self.yes, self.no, harmless=self.harmless, classes="dialog-buttons")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class ChooseGameDialog(ModalScreen[str | None]):
    """Pick one of several games (by id); Escape returns None."""

    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "cancel", "Back"), Binding("ctrl+q", "app.quit", "Quit")]

    def __init__(self, title: str, games: list[tuple[str, str]]) -> None:
        super().__init__()
        self.title_text = title
        self.games = games

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title", markup=False)
            yield ChoiceList(
                *[Option(title, id=game_id) for game_id, title in self.games], id="games"
            )
        yield KeyBar()

    @on(OptionList.OptionSelected, "#games")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_cancel(self) -> None:
        self.dismiss(None)
