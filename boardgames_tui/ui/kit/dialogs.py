"""The kit's two dialogs, one for every game.

- :class:`ChoiceDialog`: a short list of legal actions (the ways to build
  here, the troops to assassinate at a site, the players to trade with):
  Enter or a digit takes one, Escape none.  It returns the chosen action
  with ``dismiss`` (None: none).  ``default`` is the row highlighted at
  first (None for none: a list of moves that cannot be taken back, where
  Enter takes nothing until the player points at one); ``note`` is a few
  words under the title (a battle's outlook).
- :class:`TextDialog`: a title and a scrolling text (a card's whole text,
  the cards one may read, a table behind a key), closed by Esc, Enter, the
  key that opened it and any ``also`` keys (Tyrants' Q, a card's Space);
  ``back`` words the keys' line ("back to the Woodland"), ``keys`` replaces
  it; ``note`` is a line under the title (a card's cost and aspect);
  ``prefix`` names its parts' ids (``text-box``, ``text-title``,
  ``text-note``, ``text-scroll``, ``text-body``, ``text-keys`` by default;
  Root's stylesheet styles ``cards-…``, Tyrants' ``card-…``).

Both carry their own default look (``DEFAULT_CSS``), with the ids the games'
stylesheets already style (``#choice-box`` ...; ``#text-box`` ...), so a
game's stylesheet may restyle them and need not.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from boardgames_tui.engine.game import Action

from ..messages import ActionChosen
from ..widgets.action_picker import ActionPicker
from ..widgets.keybar import KeyBar

#: The digits of a dialog's list, one entry of its footer.
_NUMBER = Binding.Group("That one", compact=True)


class ChoicePicker(ActionPicker):
    """The dialog's list: its Enter and digits are in the dialog's footer."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Choose"),
        *(Binding(str(n), f"pick({n})", "That one", group=_NUMBER) for n in range(1, 10)),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A digit is offered only where the list has that many choices."""
        if action == "pick" and parameters:
            return int(str(parameters[0])) <= len(self.actions)
        return super().check_action(action, parameters)


class ChoiceDialog(ModalScreen[Action | None]):
    """A short list of legal actions: Enter or a digit takes one, Escape none."""

    DEFAULT_CSS = """
    ChoiceDialog { align: center middle; }
    ChoiceDialog #choice-box {
        width: 72; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    ChoiceDialog #choice-title { text-style: bold; width: 100%; }
    ChoiceDialog #choice-list { height: auto; max-height: 16; }
    ChoiceDialog #choice-keys, ChoiceDialog #choice-note { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        title: str,
        choices: Sequence[tuple[Action, str]],
        default: int | None = 0,
        note: str = "",
    ) -> None:
        super().__init__()
        self.title_text = title
        self.choices = list(choices)
        self.default = default
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="choice-box"):
            yield Label(self.title_text, id="choice-title", markup=False)
            if self.note:
                yield Static(self.note, id="choice-note", markup=False)
            yield ChoicePicker(id="choice-list")
            count = min(9, len(self.choices))
            digits = "1" if count == 1 else f"1-{count}"
            keys = (
                f"Enter or {digits}: choose · Esc: back"
                if self.default is not None
                else f"↑ ↓ then Enter, or {digits}: choose · Esc: back"
            )
            yield Label(keys, id="choice-keys", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        picker = self.query_one("#choice-list", ActionPicker)
        picker.set_actions(self.choices)
        picker.highlighted = self.default
        picker.focus()

    @on(ActionChosen, "#choice-list")
    def _chosen(self, event: ActionChosen) -> None:
        event.stop()
        self.dismiss(event.action)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TextDialog(ModalScreen[None]):
    """A title, a scrolling text and the keys that close it (Esc, Enter and
    ``key``, the key that opened it)."""

    DEFAULT_CSS = """
    TextDialog { align: center middle; }
    TextDialog #text-box {
        width: 80; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    TextDialog #text-title { width: 100%; }
    TextDialog #text-scroll { height: auto; max-height: 30; }
    TextDialog #text-keys, TextDialog #text-note { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,enter", "close", "Close"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        title: str | Text,
        body: str | Text,
        key: str = "",
        back: str = "",
        *,
        also: tuple[str, ...] = (),
        keys: str = "",
        prefix: str = "text",
        note: str | Text = "",
    ) -> None:
        """``key``: the key that opened it (it closes it too); ``also``:
        more keys that close it; ``back``: the words after the keys ("back
        to the Woodland"; without them: "close"); ``keys``: the whole keys'
        line instead; ``prefix``: the ids' first word; ``note``: a line
        under the title (none when empty)."""
        super().__init__()
        self.title_text = title
        self.body = body
        self.key = key
        self.back = back
        self.closing = frozenset(k for k in (key, *also) if k)
        self.keys = keys
        self.prefix = prefix
        self.note = note

    def keys_line(self) -> str:
        if self.keys:
            return self.keys
        keys = "Esc, Enter" + (f" or {self.key.upper()}" if self.key else "")
        return f"{keys}: {self.back or 'close'} · ↑ ↓: scroll"

    def compose(self) -> ComposeResult:
        title = self.title_text
        name = self.prefix
        with Vertical(id=f"{name}-box"):
            yield Label(
                Text(title, style="bold") if isinstance(title, str) else title,
                id=f"{name}-title",
                markup=False,
            )
            if self.note:
                yield Static(self.note, id=f"{name}-note", markup=False)
            with VerticalScroll(id=f"{name}-scroll"):
                yield Static(self.body, id=f"{name}-body", markup=False)
            yield Label(self.keys_line(), id=f"{name}-keys", markup=False)
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(f"#{self.prefix}-scroll").focus()

    def on_key(self, event: events.Key) -> None:
        if event.key in self.closing:
            event.stop()
            self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


__all__ = ["ChoiceDialog", "TextDialog"]
