"""A saved game replayed on its own screen, read-only.

Any game's screen (its own, or the generic one) replays a save when made
by :func:`~boardgames_tui.ui.game_screens.replay_screen`: a class put
together from :class:`ReplayMode` and the game's screen class, with the
replay's keys (:data:`REPLAY_KEYS`, priority bindings, so that they work
wherever the focus is).  ``ReplayMode`` comes first in its MRO and makes
the screen a reader: it shows the session of one position of an
:class:`~boardgames_tui.engine.replay.Replay` (a ``ReplaySession``, which
refuses every change), offers no action, runs no bot, takes no lock and
saves nothing, never hands the terminal over, and says where it stands in
the title bar ("Replay · move 12 of 240 · Ana's view").

Whose view it shows is the replay's rule (``Replay.views``): in a game with
hidden hands not over, only what the whole table saw (no hand, and W
offers no other); once it is over, one seat's hand, no hand or every hand,
chosen when the replay opens and changed with W.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from boardgames_tui.engine.replay import EVERY_HAND, NO_HAND, Replay

from ..commands import GameCommand
from ..settings import Settings
from .help import headings, rules_markdown

if TYPE_CHECKING:
    from .game import GameScreen

    _Base = GameScreen
else:
    _Base = object

#: The replay's keys: priority bindings of the replay's screen class.
REPLAY_KEYS: list[BindingType] = [
    Binding("left", "replay_step(-1)", "Back", key_display="←", priority=True),
    Binding("right", "replay_step(1)", "Forward", key_display="→", priority=True),
    Binding("pageup", "replay_turn(-1)", "Turn back", key_display="PgUp", priority=True),
    Binding("pagedown", "replay_turn(1)", "Next turn", key_display="PgDn", priority=True),
    Binding("home", "replay_end(0)", "Start", key_display="Home", priority=True),
    Binding("end", "replay_end(1)", "End", key_display="End", priority=True),
    Binding("w", "replay_view", "Whose view", priority=True),
]
#: What a replay never does (the game screen's keys for them are hidden).
NOT_IN_A_REPLAY = frozenset({"undo", "save", "skip", "pace", "explain"})
#: Why W offers no other view in a hidden-hand game not over.
NOT_OVER = "The game is not over: its replay shows only what the whole table saw, no hand."


class SeatDialog(ModalScreen[int | None]):
    """Whose view a replay shows: a seat, no hand, or (a finished game)
    every hand."""

    #: The table stays in sight behind it, dimmed (the app's stylesheet
    #: gives every screen an opaque background).
    CSS = """
    SeatDialog { background: $background 60%; }
    """
    DEFAULT_CSS = """
    SeatDialog { align: center middle; }
    SeatDialog #seat-box {
        width: 60; max-width: 95%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    SeatDialog #seat-title { text-style: bold; width: 100%; }
    SeatDialog #seat-list { height: auto; max-height: 12; }
    SeatDialog #seat-keys { color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Back")]

    def __init__(self, choices: list[tuple[int, str]], current: int) -> None:
        super().__init__()
        self.choices = choices
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="seat-box"):
            yield Label("Replay: whose view of the table?", id="seat-title", markup=False)
            yield OptionList(
                # (Text: a seat's name is shown as typed, never read as markup.)
                *(Option(Text(words), id=str(value)) for value, words in self.choices),
                id="seat-list",
            )
            yield Label(
                "↑ ↓ then Enter: choose · Esc: keep this view", id="seat-keys", markup=False
            )

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        values = [value for value, _ in self.choices]
        options.highlighted = values.index(self.current) if self.current in values else 0
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(int(event.option.id or 0))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ReplayMode(_Base):
    """A game screen made a replay of a save (see the module's docstring).
    Put before the game's screen class; every method here has the last word."""

    def __init__(self, replay: Replay, settings: Settings | None = None, seat: int | None = None):
        self.replay = replay
        #: How many of the game's actions the position shown has had.
        self.replay_at = 0
        #: Whose view: a seat, NO_HAND or EVERY_HAND (open-information
        #: games: every seat sees everything, so the seat to act's).
        views = replay.views()
        self.replay_seat = seat if seat in views else views[0]
        super().__init__(replay.at(0, shown=self.replay_seat), settings)
        self._asked_seat = seat in views or len(views) == 1
        self.add_class("-replay")

    # ----------------------------------------------------------- the flow
    def take_lock(self) -> None:
        """A replay takes no lock: the window playing the game keeps it."""

    def advance(self) -> None:
        """Show the position: no results popping up, no bot, no hand-off."""
        self.thinking = None
        self.handoff_pending = False
        self.viewer = self.replay_viewer()
        self.refresh_view()
        if not self._asked_seat:
            self._asked_seat = True
            self.call_after_refresh(self.ask_view, 0)

    def replay_viewer(self) -> int | None:
        """The seat whose hand is shown (the seat to act when every hand is
        open), or None."""
        seat = self.replay_seat
        if seat == EVERY_HAND or not self.game.hidden_information:
            return self.session.to_act
        return None if seat == NO_HAND else seat

    @property
    def can_act(self) -> bool:
        return False

    def needs_handoff(self, seat: int) -> bool:
        return False

    def confirm_leave(self, then: Any) -> None:
        then()  # nothing is ever unsaved in a replay

    def ask_leave(self) -> None:
        self.action_menu()

    # ------------------------------------------------------------- moving
    def replay_go(self, count: int) -> None:
        count = max(0, min(self.replay.length, count))
        if count == self.replay_at:
            return
        self.replay_at = count
        self.session = self.replay.at(count, shown=self.replay_seat)
        self.version += 1
        self.refresh_bindings()
        self.advance()

    def action_replay_step(self, delta: int) -> None:
        self.replay_go(self.replay_at + delta)

    def action_replay_turn(self, direction: int) -> None:
        replay = self.replay
        if direction > 0:
            self.replay_go(replay.next_turn(self.replay_at))
        else:
            self.replay_go(replay.previous_turn(self.replay_at))

    def action_replay_end(self, which: int) -> None:
        self.replay_go(self.replay.length if which else 0)

    # -------------------------------------------------------- whose view
    def view_choices(self) -> list[tuple[int, str]]:
        """The replay's views (``Replay.views``), each in words: the seats
        first, then no hand, then every hand."""
        seats = self.session.seats
        words = {i: f"{seat.name}'s view (their hand only)" for i, seat in enumerate(seats)}
        words[NO_HAND] = "No hand: what the whole table saw"
        words[EVERY_HAND] = "Every hand (the game is over)"
        views = self.replay.views()
        return [(v, words[v]) for v in (*range(len(seats)), NO_HAND, EVERY_HAND) if v in views]

    def action_replay_view(self) -> None:
        if not self.game.hidden_information:
            self.notify("Everything is open in this game: every seat sees it all.")
            return
        if len(self.replay.views()) == 1:
            self.notify(NOT_OVER, title="Whose view")
            return
        self.ask_view(self.replay_seat)

    def ask_view(self, highlighted: int) -> None:
        """Ask whose view to show, ``highlighted`` first (until then the
        table shows no hand)."""
        if self.is_current:
            self.app.push_screen(SeatDialog(self.view_choices(), highlighted), self._view_chosen)

    def _view_chosen(self, seat: int | None) -> None:
        if seat is None or seat == self.replay_seat:
            return
        self.replay_seat = seat
        self.session = self.replay.at(self.replay_at, shown=seat)
        self.version += 1
        self.refresh_bindings()
        self.advance()

    def view_words(self) -> str:
        """Whose view the replay shows, in a few words."""
        if not self.game.hidden_information:
            return ""
        seat = self.replay_seat
        if seat == EVERY_HAND:
            return "every hand shown"
        if self.session.is_over:
            return "game over: every hand shown"
        if seat == NO_HAND:
            return "no hand shown" if self.replay.finished else "no hand shown: game not over"
        return f"{self.seat_name(seat)}'s view"

    # ------------------------------------------------------------ drawing
    def replay_bar(self) -> str:
        """ "Replay · move 12 of 240 · Ana's view" """
        count, length = self.replay_at, self.replay.length
        where = f"move {count} of {length}" if count else f"start, 0 of {length} moves"
        words = self.view_words()
        return "Replay · " + where + (f" · {words}" if words else "")

    def title_line(self) -> str:
        return f"{self.replay_bar()} │ {super().title_line()}"

    def prompt_text(self) -> str:
        session = self.session
        if session.is_over:
            return super().prompt_text()
        seat = session.to_act
        name = self.seat_name(seat)
        hidden = self.game.hidden_information and self.replay_seat not in (EVERY_HAND, seat)
        return f"{name} to play." if hidden else session.prompt()

    def refresh_picker(self) -> None:
        self.picker.set_waiting("A replay: no move is made here. ← → step through the moves.")

    def hint_text(self) -> str:
        view = " · W: whose view" if len(self.replay.views()) > 1 else ""
        return f"Replay ▸ ← →: a move · PgUp PgDn: a turn · Home End{view} · Esc: leave"

    def public_scores(self) -> list[int] | None:
        if self.replay_seat != EVERY_HAND:
            return super().public_scores()
        outcome = self.session.outcome()
        scores = {r.seat: r.score for r in outcome.results}
        return [scores.get(i, 0) for i in range(len(self.session.seats))]

    # ------------------------------------------------------------- checks
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in NOT_IN_A_REPLAY:
            return False
        if action == "replay_step":
            step = parameters[0] if parameters else 1
            at_end = self.replay_at == (self.replay.length if step == 1 else 0)
            return None if at_end else True
        if action == "replay_turn":
            direction = parameters[0] if parameters else 1
            at_end = self.replay_at == (self.replay.length if direction == 1 else 0)
            return None if at_end else True
        if action == "replay_end":
            which = parameters[0] if parameters else 0
            return None if self.replay_at == (self.replay.length if which else 0) else True
        if action == "replay_view":
            return len(self.replay.views()) > 1
        return super().check_action(action, parameters)

    def game_commands(self) -> list[GameCommand]:
        commands = [
            GameCommand("Help", "Keys and the rules of the game", self.action_help),
            GameCommand("Show log", "Everything that happened up to here", self.action_show_log),
            GameCommand("Leave the replay", "Back to where it was opened", self.action_menu),
            GameCommand(
                "Replay: start",
                "The table before the first move (Home)",
                partial(self.action_replay_end, 0),
            ),
            GameCommand(
                "Replay: end",
                "The table after the last move (End)",
                partial(self.action_replay_end, 1),
            ),
        ]
        if len(self.replay.views()) > 1:
            commands.append(
                GameCommand(
                    "Replay: whose view", "Show another seat's view (W)", self.action_replay_view
                )
            )
        if self.session.is_over:
            commands.append(GameCommand("Results", "The final scores", self.action_results))
        rules = rules_markdown(self.game.id)
        for heading in headings(rules) if rules else []:
            commands.append(
                GameCommand(
                    f"Rules: {heading}",
                    "Open the rules help at this section",
                    partial(self.show_rules, heading),
                )
            )
        return commands


REPLAY_CSS = """
.-replay #game-title { background: $warning 60%; }
"""
