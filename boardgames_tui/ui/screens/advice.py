"""The advice dialog: "What would the bot do?" for the person deciding now.

It opens saying "thinking…" while a thread worker runs the search
(:func:`boardgames_tui.engine.advice.advise`) on the deciding seat's view;
Escape cancels it (the worker stops at its next playout) and closes the
dialog.  Then it lists the search's best moves (up to three), each with how
the search rated it, its figure (points ahead, or a chance to win) and its
reason, under a note saying why the first is first; Enter or a digit
returns the move chosen (the game screen plays it as the person's own
move), Escape none.  It never moves by itself.  The board stays in sight
behind it, dimmed, as behind every dialog over a game.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, Static
from textual.worker import get_current_worker

from boardgames_tui.engine import advice as engine_advice
from boardgames_tui.engine.advice import Advice, AdviceCancelled
from boardgames_tui.engine.game import Action, Game, GameState

from ..kit.dialogs import ChoicePicker
from ..messages import ActionChosen
from ..widgets import ActionPicker
from ..widgets.keybar import KeyBar

#: What the dialog says while the search runs.
THINKING = "thinking…"


class AdviceReady(Message):
    def __init__(self, advice: Advice) -> None:
        super().__init__()
        self.advice = advice


class AdviceFailed(Message):
    def __init__(self, error: str) -> None:
        super().__init__()
        self.error = error


#: What the dialog says when the search fails (a fault in the program):
#: a sentence for the player, no Python words.
FAILED = (
    "The search could not advise on this position (a fault in the program: "
    "the game is unharmed, and its save shows the fault again). "
    "Choose your move from the list."
)


def entry_text(advice: Advice, index: int) -> str:
    """One suggestion as the list shows it: the move, then how the search
    rated it, its figure and its reason on a second line."""
    s = advice.suggestions[index]
    parts = [s.rating] if s.rating and advice.playouts else []
    if s.figure:
        parts.append(s.figure)
    if s.reason:
        parts.append(s.reason)
    return s.words + ("\n" + " · ".join(parts) if parts else "")


class AdvicePicker(ChoicePicker):
    """The advice's list: each entry's move on its first lines, then its
    figures and reason, dimmed, on lines of their own.  Its Enter and
    digits (as many as it lists) are in the dialog's key bar."""

    @staticmethod
    def _prompt(number: int, description: str, width: int) -> Text:
        move, _, more = description.partition("\n")
        prompt = ActionPicker._prompt(number, move, width)
        for line in textwrap.wrap(more, width, break_long_words=True):
            prompt.append("\n   ")
            prompt.append(line, style="dim")
        return prompt


class AdviceDialog(ModalScreen[Action | None]):
    """The search's advice for ``seat``, worked out from ``view`` alone."""

    #: The game stays in sight behind the dialog, dimmed (the app's
    #: stylesheet gives every screen an opaque background, which a default
    #: style cannot undo).
    CSS = """
    AdviceDialog { background: $background 60%; }
    """
    DEFAULT_CSS = """
    AdviceDialog { align: center middle; }
    AdviceDialog #advice-box {
        width: 90; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    AdviceDialog #advice-title { text-style: bold; width: 100%; }
    AdviceDialog #advice-list { height: auto; max-height: 14; }
    AdviceDialog #advice-keys, AdviceDialog #advice-note { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        game: Game[Any, Any],
        view: GameState,
        seat: int,
        name: str,
        *,
        seed: int,
        playouts: int | None = None,
    ) -> None:
        super().__init__()
        self.game = game
        self.view = view
        self.seat = seat
        self.seat_name = name
        self.seed = seed
        self.playouts = playouts
        #: The advice once the search has answered (None: still thinking).
        self.advice: Advice | None = None
        #: Whether the worker stopped because it was cancelled.
        self.stopped = False
        #: The search's fault, if it failed (not shown: see ``FAILED``).
        self.error: str | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="advice-box"):
            yield Label(
                f"What would the bot do? (for {self.seat_name})", id="advice-title", markup=False
            )
            yield Static(THINKING, id="advice-note", markup=False)
            picker = AdvicePicker(id="advice-list")
            picker.display = False
            yield picker
            yield Label("Esc: cancel", id="advice-keys", markup=False)
        # Its own keys at the bottom, over the table's (which do nothing here).
        yield KeyBar()

    def on_mount(self) -> None:
        self.think(self.seed, self.playouts)

    @work(thread=True, exclusive=True, group="advice", exit_on_error=False)
    def think(self, seed: int, playouts: int | None) -> None:
        worker = get_current_worker()
        cancelled: Callable[[], bool] = lambda: worker.is_cancelled  # noqa: E731
        try:
            found = engine_advice.advise(
                self.game, self.view, self.seat, seed=seed, playouts=playouts, cancelled=cancelled
            )
        except AdviceCancelled:
            self.stopped = True
            return
        except Exception as exc:
            if not worker.is_cancelled:
                self.post_message(AdviceFailed(f"{type(exc).__name__}: {exc}"))
            return
        if not worker.is_cancelled:
            self.post_message(AdviceReady(found))

    @on(AdviceReady)
    def _ready(self, message: AdviceReady) -> None:
        advice = message.advice
        self.advice = advice
        note = self.query_one("#advice-note", Static)
        note.update(advice.note or "The search's best moves, its choice first.")
        picker = self.query_one("#advice-list", ActionPicker)
        picker.set_actions(
            [(s.action, entry_text(advice, i)) for i, s in enumerate(advice.suggestions)]
        )
        picker.display = True
        picker.highlighted = 0
        picker.focus()
        # Its digits are offered once the list holds its moves (filled when
        # it is laid out, now that it shows): the key bar looks again then.
        self.call_after_refresh(self.refresh_bindings)
        count = len(advice.suggestions)
        digits = "1" if count == 1 else f"1-{count}"
        keys = f"Enter or {digits}: play it · Esc: back (it plays nothing by itself)"
        self.query_one("#advice-keys", Label).update(keys)

    @on(AdviceFailed)
    def _failed(self, message: AdviceFailed) -> None:
        self.error = message.error
        self.query_one("#advice-note", Static).update(FAILED)
        self.query_one("#advice-keys", Label).update("Esc: back")

    @on(ActionChosen, "#advice-list")
    def _chosen(self, event: ActionChosen) -> None:
        event.stop()
        self.dismiss(event.action)

    def action_cancel(self) -> None:
        self.workers.cancel_group(self, "advice")
        self.dismiss(None)
