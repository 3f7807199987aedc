"""A saved game replayed on its own screen, read-only: the replay's mode.

Any game's screen (its own, or the generic one) replays a save when made
with a :class:`ReplayMode` (``ui/game_screens.replay_screen``): the screen
shows the session of one position of an
:class:`~boardgames_tui.engine.replay.Replay` (a ``ReplaySession``, which
refuses every change), offers no action, runs no bot, takes no lock and
saves nothing, never hands the terminal over, and says where it stands in
the title bar ("Replay · move 12 of 240 · Ana's view").  The replay's keys
(:data:`REPLAY_KEYS`: ← → PgUp PgDn Home End W) are priority bindings every
game screen has, which only this mode turns on.

Whose view it shows is the replay's rule (``Replay.views``): in a game with
hidden hands not over, only what the whole table saw (no hand, and W
offers no other); once it is over, one seat's hand, no hand or every hand,
chosen when the replay opens and changed with W.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList
from textual.widgets.option_list import Option

from boardgames_tui.engine.replay import EVERY_HAND, NO_HAND, Replay, ReplaySession

from ..commands import GameCommand
from ..widgets.choice_list import ChoiceList
from ..widgets.keybar import KeyBar
from .modes import DEFER, Mode

#: The replay's keys: priority bindings of every game screen, on in a replay.
#: Each pair of the replay's keys is one entry of the footer (at 80
#: columns the six apart did not fit beside the game's own keys).
_STEP = Binding.Group("Step")
_TURN = Binding.Group("Turn")
_ENDS = Binding.Group("Start, end")
REPLAY_KEYS: Final = (
    Binding("left", "replay_step(-1)", "Back", key_display="←", priority=True, group=_STEP),
    Binding("right", "replay_step(1)", "Forward", key_display="→", priority=True, group=_STEP),
    Binding(
        "pageup", "replay_turn(-1)", "Turn back", key_display="PgUp", priority=True, group=_TURN
    ),
    Binding(
        "pagedown", "replay_turn(1)", "Next turn", key_display="PgDn", priority=True, group=_TURN
    ),
    Binding("home", "replay_end(0)", "Start", key_display="Home", priority=True, group=_ENDS),
    Binding("end", "replay_end(1)", "End", key_display="End", priority=True, group=_ENDS),
    Binding("w", "replay_view", "Whose view", priority=True),
)
#: What a replay never does (the game screen's keys for them are hidden).
NOT_IN_A_REPLAY = frozenset(
    {"undo", "save", "skip", "pace", "explain", "take", "advice", "toggle_advice"}
)
#: What Ctrl+Z says in a replay.
NO_UNDO = "A replay changes nothing: no move to take back."
#: Why W offers no other view in a hidden-hand game not over.
NOT_OVER = "The game is not over: its replay shows only what the whole table saw, no hand."
#: The stylesheet of a replay: its title bar stands out.
REPLAY_CSS = """
.-replay #game-title { background: $warning 60%; }
"""


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
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", "Keep this view"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, choices: list[tuple[int, str]], current: int) -> None:
        super().__init__()
        self.choices = choices
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="seat-box"):
            yield Label("Replay: whose view of the table?", id="seat-title", markup=False)
            yield ChoiceList(
                # (Text: a seat's name is shown as typed, never read as markup.)
                *(Option(Text(words), id=str(value)) for value, words in self.choices),
                id="seat-list",
            )
            yield Label(
                "↑ ↓ then Enter: choose · Esc: keep this view", id="seat-keys", markup=False
            )
        yield KeyBar()

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


class ReplayMode(Mode):
    """A game screen made a replay of a save (see the module's docstring)."""

    LEAVE = "Leave"

    def __init__(self, replay: Replay, seat: int | None = None) -> None:
        self.replay = replay
        #: How many of the game's actions the position shown has had.
        self.at = 0
        #: Whose view: a seat, NO_HAND or EVERY_HAND (open-information
        #: games: every seat sees everything, so the seat to act's).
        views = replay.views()
        self.seat = seat if seat in views else views[0]
        self._asked = seat in views or len(views) == 1

    def first_session(self) -> ReplaySession:
        """The position the replay opens at (its start)."""
        return self.replay.at(0, shown=self.seat)

    def start(self) -> None:
        self.screen.add_class("-replay")

    # ----------------------------------------------------------- the flow
    def shows_position(self) -> bool:
        """Show the position: no results popping up, no bot, no hand-off."""
        screen = self.screen
        screen.handoff_pending = False
        screen.viewer = self.viewer()
        screen.refresh_view()
        if not self._asked:
            self._asked = True
            screen.call_after_refresh(self.ask_view, 0)
        return True

    def viewer(self) -> int | None:
        """The seat whose hand is shown (the seat to act when every hand is
        open), or None."""
        screen = self.screen
        if self.seat == EVERY_HAND or not screen.game.hidden_information:
            return screen.session.to_act
        return None if self.seat == NO_HAND else self.seat

    def moves_here(self) -> bool:
        return False

    def may_act(self) -> bool:
        return False

    def mine(self, action: object) -> bool:
        return False

    def needs_handoff(self, seat: int) -> bool:
        return False

    def leave(self) -> None:
        self.screen.action_menu()  # nothing is ever unsaved in a replay

    def undo_refusal(self) -> str | None:
        return NO_UNDO

    def undo(self) -> None:
        self.screen.notify(NO_UNDO, severity="warning")

    def save(self) -> None:
        self.screen.notify("A replay changes nothing: the save is as it was.", severity="warning")

    # ------------------------------------------------------------- moving
    def go(self, count: int) -> None:
        count = max(0, min(self.replay.length, count))
        if count == self.at:
            # Offered at the ends too (a key the footer shows says why it
            # does nothing, rather than fall to the board's arrows).
            end = "start of the game: no move before it" if count == 0 else "last move"
            self.screen.notify(f"This is the {end}.", title="Replay")
            return
        self.at = count
        self._show(self.replay.at(count, shown=self.seat))

    def _show(self, session: ReplaySession) -> None:
        screen = self.screen
        screen.session = session
        screen.version += 1
        screen.refresh_bindings()
        screen.go_on()
        screen.all_drawn()  # (one frame for the step)

    def step(self, delta: int) -> None:
        self.go(self.at + delta)

    def turn(self, direction: int) -> None:
        replay = self.replay
        self.go(replay.next_turn(self.at) if direction > 0 else replay.previous_turn(self.at))

    def end(self, which: int) -> None:
        self.go(self.replay.length if which else 0)

    # -------------------------------------------------------- whose view
    def view_choices(self) -> list[tuple[int, str]]:
        """The replay's views (``Replay.views``), each in words: the seats
        first, then no hand, then every hand."""
        seats = self.screen.session.seats
        words = {i: f"{seat.name}'s view (their hand only)" for i, seat in enumerate(seats)}
        words[NO_HAND] = "No hand: what the whole table saw"
        words[EVERY_HAND] = "Every hand (the game is over)"
        views = self.replay.views()
        return [(v, words[v]) for v in (*range(len(seats)), NO_HAND, EVERY_HAND) if v in views]

    def choose_view(self) -> None:
        if not self.screen.game.hidden_information:
            self.screen.notify("Everything is open in this game: every seat sees it all.")
            return
        if len(self.replay.views()) == 1:
            self.screen.notify(NOT_OVER, title="Whose view")
            return
        self.ask_view(self.seat)

    def ask_view(self, highlighted: int) -> None:
        """Ask whose view to show, ``highlighted`` first (until then the
        table shows no hand)."""
        screen = self.screen
        if screen.is_current:
            screen.app.push_screen(SeatDialog(self.view_choices(), highlighted), self._chosen)

    def _chosen(self, seat: int | None) -> None:
        if seat is None or seat == self.seat:
            return
        self.seat = seat
        self._show(self.replay.at(self.at, shown=seat))

    def view_words(self) -> str:
        """Whose view the replay shows, in a few words."""
        screen = self.screen
        if not screen.game.hidden_information:
            return ""
        if self.seat == EVERY_HAND:
            return "every hand shown"
        if screen.session.is_over:
            return "game over: every hand shown"
        if self.seat == NO_HAND:
            return "no hand shown" if self.replay.finished else "no hand shown: game not over"
        return f"{screen.seat_name(self.seat)}'s view"

    # ------------------------------------------------------------ drawing
    def bar(self) -> str:
        """ "Replay · move 12 of 240 · Ana's view" """
        count, length = self.at, self.replay.length
        where = f"move {count} of {length}" if count else f"start, 0 of {length} moves"
        words = self.view_words()
        return "Replay · " + where + (f" · {words}" if words else "")

    def title(self, line: str) -> str:
        return f"{self.bar()} │ {line}"

    def prompt(self) -> str | None:
        screen = self.screen
        session = screen.session
        if session.is_over:
            return None
        seat = session.to_act
        hidden = screen.game.hidden_information and self.seat not in (EVERY_HAND, seat)
        return f"{screen.seat_name(seat)} to play." if hidden else session.prompt()

    def waiting(self) -> str | None:
        return "A replay: no move is made here. ← → step through the moves."

    def hint(self) -> str | None:
        view = " · W: whose view" if len(self.replay.views()) > 1 else ""
        return f"Replay ▸ ← →: a move · PgUp PgDn: a turn · Home End{view} · Esc: leave"

    def scores(self) -> list[int] | None:
        """Every seat's score with every hand open, else the screen's."""
        if self.seat != EVERY_HAND:
            return None
        outcome = self.screen.session.outcome()
        scores = {r.seat: r.score for r in outcome.results}
        return [scores.get(i, 0) for i in range(len(self.screen.session.seats))]

    def advice_refusal(self) -> str | None:
        return "A replay: no move is made here, so there is none to advise on."

    # ------------------------------------------------------------- checks
    def check(self, action: str, parameters: tuple[object, ...]) -> object:
        if action in NOT_IN_A_REPLAY:
            return False
        if action in ("replay_step", "replay_turn", "replay_end"):
            return True
        if action == "replay_view":
            return len(self.replay.views()) > 1
        return DEFER

    def commands(self, commands: list[GameCommand]) -> list[GameCommand]:
        screen = self.screen
        replay = [
            GameCommand("Help", "Keys and the rules of the game", screen.action_help),
            GameCommand("Show log", "Everything that happened up to here", screen.action_show_log),
            GameCommand("Leave the replay", "Back to where it was opened", screen.action_menu),
            GameCommand(
                "Replay: start", "The table before the first move (Home)", partial(self.end, 0)
            ),
            GameCommand("Replay: end", "The table after the last move (End)", partial(self.end, 1)),
        ]
        if len(self.replay.views()) > 1:
            replay.append(
                GameCommand("Replay: whose view", "Show another seat's view (W)", self.choose_view)
            )
        return replay + [c for c in commands if c.name == "Results" or c.name.startswith("Rules:")]


__all__ = ["NOT_IN_A_REPLAY", "REPLAY_CSS", "REPLAY_KEYS", "ReplayMode", "SeatDialog"]
