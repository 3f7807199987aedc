"""Ending a game by agreement at one terminal (``engine/agreement.py``).

The palette's "End by agreement" command, offered to the person whose
turn it is when the game has such an end: the proposer confirms; each bot
at the table answers at once (a refusal says why, and nothing changes);
then each other person is asked in turn behind a cover like the
hand-off's, which shows only public facts (who proposes and every seat's
points).  All agree: the proposal is played as the
proposer's move, and the game ends.  One refuses: a cover passes the
terminal back to the proposer, and the game goes on unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from boardgames_tui.engine.game import Action, IllegalAction

from ..widgets.keybar import KeyBar
from .dialogs import ConfirmDialog
from .handoff import HandoffScreen

if TYPE_CHECKING:
    from .game_core import ScreenCore

#: The palette command's name and help.
COMMAND = "End by agreement"
COMMAND_HELP = "Propose to the table to end the game now: no winner, ranked by points"


def offered(screen: ScreenCore) -> Action | None:
    """The proposal the person at the keyboard may make now: their own
    turn, their decision, every other person of the table at this
    terminal (a table at a screen per seat, or a watching window, has no
    such command); None otherwise."""
    session = screen.session
    if screen.read_only or session.is_over or not screen.can_act:
        return None
    seat = session.to_act
    if seat is None or session.seats[seat].is_bot:
        return None
    sitting = getattr(screen.mode, "sitting", None)
    if sitting is not None:
        people = {i for i, s in enumerate(session.seats) if not s.is_bot}
        if not people <= set(sitting):
            return None
    proposal: Action | None = session.game.agreement(session.state, seat)
    return proposal


def standings(screen: ScreenCore) -> list[str]:
    """Every seat's points, best first (public at every table)."""
    results = sorted(screen.session.outcome().results, key=lambda r: (-r.score, r.seat))
    return [f"{r.name}: {r.score}" for r in results]


class AgreementAsk(ModalScreen[bool]):
    """ "Pass to Ben — Ana proposes to end the game by agreement": the
    table covered, the public facts, and Ben's answer (y: agree; n or Esc:
    play on, the default)."""

    DEFAULT_CSS = """
    AgreementAsk { align: center middle; background: $background; }
    AgreementAsk #agree-box {
        width: 100%; max-width: 90; height: auto; max-height: 100%;
        padding: 1 2; border: double $accent; background: $surface;
    }
    AgreementAsk #agree-game { width: 100%; text-align: center; color: $text-muted; }
    AgreementAsk #agree-name { width: 100%; text-align: center; text-style: bold; padding: 1 0 0 0; }
    AgreementAsk #agree-what { width: 100%; text-align: center; padding: 0 0 1 0; }
    AgreementAsk #agree-scores { width: 100%; color: $text-muted; }
    AgreementAsk #agree-question { width: 100%; text-align: center; padding: 1 0 0 0; }
    AgreementAsk #agree-buttons { height: auto; align-horizontal: center; }
    AgreementAsk #agree-buttons Button { margin: 0 1; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Agree"),
        Binding("n,escape", "answer(False)", "Play on"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, player: str, proposer: str, game_title: str, scores: list[str]) -> None:
        super().__init__()
        self.player = player
        self.proposer = proposer
        self.game_title = game_title
        self.scores = scores

    def compose(self) -> ComposeResult:
        with Vertical(id="agree-box"):
            if self.game_title:
                yield Static(self.game_title, id="agree-game", markup=False)
            yield Static(
                f"Pass to {self.player} — {self.proposer} proposes to end the game by agreement",
                id="agree-name",
                markup=False,
            )
            yield Static(
                "No one would win; the seats would be ranked by these points:",
                id="agree-what",
                markup=False,
            )
            yield Static("\n".join(f"· {s}" for s in self.scores), id="agree-scores", markup=False)
            yield Static(f"{self.player}, do you agree?", id="agree-question", markup=False)
            with Horizontal(id="agree-buttons"):
                yield Button("Agree (y)", id="yes", variant="error")
                yield Button("Play on (n)", id="no", variant="primary")
        yield KeyBar()

    def on_mount(self) -> None:
        self.app.clear_notifications()  # nothing said to the proposer shows here
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


def propose_end(screen: ScreenCore) -> None:
    """The palette's command: the proposal, confirmed by the proposer, put
    to the bots and then to each other person (see the module's text)."""
    proposal = offered(screen)
    if proposal is None:
        screen.notify(
            "Only the person whose turn it is may propose, on their own turn.",
            title="Not now",
            severity="warning",
        )
        return
    session = screen.session
    seat = session.to_act
    assert seat is not None
    try:  # the bots' answers: the game's own check, which changes nothing
        session.game.check(session.state, proposal)
    except IllegalAction as exc:
        screen.notify(str(exc), title="Declined", severity="warning")
        return
    # The other people, in turn order from the proposer.
    count = len(session.seats)
    others = [
        i
        for i in sorted(range(count), key=lambda i: (i - seat) % count)
        if not session.seats[i].is_bot and i != seat
    ]
    proposer = session.seats[seat].name
    version = len(session.actions)

    def still() -> bool:
        """Nothing moved meanwhile (the proposal still stands)."""
        return len(session.actions) == version and not session.is_over

    def ask(index: int) -> None:
        if not still():
            return
        if index == len(others):
            screen.play_now(proposal)
            return
        person = session.seats[others[index]].name

        def answered(yes: bool | None) -> None:
            if yes:
                ask(index + 1)
                return
            back = HandoffScreen(
                proposer,
                session.game.title,
                f"{person} declines to end the game by agreement: play goes on.",
            )
            screen.app.push_screen(back, lambda how: _back(screen, how))

        screen.app.push_screen(
            AgreementAsk(person, proposer, session.game.title, standings(screen)),
            answered,
        )

    def confirmed(yes: bool | None) -> None:
        if yes:
            ask(0)

    asked = (
        "Each other player is asked in turn, the table covered."
        if others
        else "The bots at the table accept."
    )
    screen.app.push_screen(
        ConfirmDialog(
            f"End the game by agreement? No one wins; the seats are ranked by points. {asked}",
            yes="Propose",
            no="Not now",
        ),
        confirmed,
    )


def _back(screen: ScreenCore, how: object) -> None:
    """The terminal is back with the proposer (or they leave for the menu)."""
    if how == "menu":
        screen.action_menu()
