"""Ending a game by agreement (``engine/agreement.py``): the palette's
command and its covers.

The palette's "End by agreement" command, offered to the person whose
turn it is when the game has such an end: the proposer confirms; each bot
at the table answers at once (a refusal says why, and nothing changes);
then each other person answers behind a cover composed from the
hand-off's (:class:`AgreementCover`), which shows only public facts (who
proposes and every seat's points).  All agree: the proposal is played as
the proposer's move, and the game ends.  One refuses: the game goes on
unchanged.

- At one terminal each other person is asked in turn (:func:`propose_end`),
  and a refusal passes the terminal back to the proposer behind a cover.
- At a table of a screen per seat the question travels to the other
  windows beside the save (``engine/agreement_table.py``), each asks its
  own people, and the proposer's window waits with the answers shown
  (:class:`AgreementWait`; ``agreement_table.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from boardgames_tui.engine.game import Action, IllegalAction

from ..widgets.keybar import KeyBar
from ..widgets.yes_no import YesNo
from .cover import Cover
from .dialogs import ConfirmDialog
from .handoff import HandoffScreen

if TYPE_CHECKING:
    from .game_core import ScreenCore

#: The palette command's name and help.
COMMAND = "End by agreement"
COMMAND_HELP = "Propose to the table to end the game now: no winner, ranked by points"


def offered(screen: ScreenCore) -> Action | None:
    """The proposal the person at the keyboard may make now: their own
    turn, their decision (at a screen per seat, at their own screen; a
    watching window has no such command); None otherwise."""
    session = screen.session
    if screen.read_only or session.is_over or not screen.can_act:
        return None
    seat = session.to_act
    if seat is None or session.seats[seat].is_bot:
        return None
    sitting = getattr(screen.mode, "sitting", None)
    if sitting is not None and seat not in sitting:
        return None
    proposal: Action | None = session.game.agreement(session.state, seat)
    return proposal


def standings(screen: ScreenCore) -> list[str]:
    """Every seat's points, best first (public at every table)."""
    return [line for _, line in standing_seats(screen)]


def standing_seats(screen: ScreenCore) -> list[tuple[int, str]]:
    """Every seat and its points in words, best first."""
    results = sorted(screen.session.outcome().results, key=lambda r: (-r.score, r.seat))
    return [(r.seat, f"{r.name}: {r.score}") for r in results]


class AgreementCover(Cover[bool]):
    """A cover of the end by agreement: the hand-off's look (``cover.py``),
    with the proposal's public facts (who proposes and every seat's points)
    under the heading, and the answer's buttons."""

    DEFAULT_CSS = """
    AgreementCover #agree-scores { width: 100%; color: $text-muted; }
    AgreementCover #agree-hint { padding: 1 0 0 0; }
    AgreementCover #agree-buttons { height: auto; align-horizontal: center; padding: 1 0 0 0; }
    AgreementCover #agree-buttons Button { margin: 0 1; }
    """

    def __init__(self, player: str, proposer: str, game_title: str, scores: list[str]) -> None:
        super().__init__()
        self.player = player
        self.game_title = game_title
        self.proposer = proposer
        self.scores = scores

    def heading(self) -> str:
        return f"{self.proposer} proposes to end the game by agreement"

    def facts(self) -> ComposeResult:
        """The heading, what the proposal means and every seat's points."""
        if self.game_title:
            yield Static(self.game_title, classes="cover-game", markup=False)
        yield Static(self.heading(), id="agree-heading", classes="cover-heading", markup=False)
        yield Static(
            "No one would win; the seats would be ranked by these points:",
            classes="cover-line",
            markup=False,
        )
        yield Static(self.score_lines(), id="agree-scores", markup=False)

    def score_lines(self) -> str:
        return "\n".join(f"· {s}" for s in self.scores)


class AgreementAsk(AgreementCover):
    """ "Pass to Ben — Ana proposes to end the game by agreement": the
    table covered, the public facts, and Ben's answer (y: agree; n or Esc:
    play on, the default).  At Ben's own screen (a screen per seat, nobody
    else at it) there is nothing to pass: ``pass_to=False``."""

    BINDINGS = [
        Binding("y", "answer(True)", "Agree"),
        Binding("n,escape", "answer(False)", "Play on"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(
        self,
        player: str,
        proposer: str,
        game_title: str,
        scores: list[str],
        *,
        pass_to: bool = True,
    ) -> None:
        super().__init__(player, proposer, game_title, scores)
        self.pass_to = pass_to

    def heading(self) -> str:
        heading = super().heading()
        return f"Pass to {self.player} — {heading}" if self.pass_to else heading

    def compose(self) -> ComposeResult:
        with Vertical(classes="cover-box"):
            yield from self.facts()
            yield Static(
                f"{self.player}, do you agree?", id="agree-hint", classes="cover-hint", markup=False
            )
            yield YesNo("Agree", "Play on", id="agree-buttons")
        yield KeyBar()

    def on_mount(self) -> None:
        # (The cover's own on_mount clears what was said to the proposer.)
        self.query_one("#no", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class AgreementWait(AgreementCover):
    """The proposer's screen at a table of a screen per seat while the
    others answer at theirs: the public facts, each seat's points with its
    answer so far ("Ben (Marquise): 3 — accepts"), and a way to withdraw
    (w or Esc).  Dismissed with True when the proposer withdraws; closed by
    the table's flow (None) when the question ends."""

    BINDINGS = [
        Binding("w,escape", "withdraw", "Withdraw"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def __init__(self, player: str, game_title: str, scores: list[str]) -> None:
        super().__init__(player, player, game_title, scores)

    def heading(self) -> str:
        return f"{self.player}, you propose to end the game by agreement"

    def compose(self) -> ComposeResult:
        with Vertical(classes="cover-box"):
            yield from self.facts()
            yield Static(
                "Each other player answers at their own screen.",
                id="agree-hint",
                classes="cover-hint",
                markup=False,
            )
            with Horizontal(id="agree-buttons"):
                yield Button("Withdraw (w)", id="withdraw", variant="primary")
        yield KeyBar()

    def show_scores(self, scores: list[str]) -> None:
        """The answers so far, with the points."""
        if scores != self.scores:
            self.scores = scores
            self.query_one("#agree-scores", Static).update(self.score_lines())

    @on(Button.Pressed, "#withdraw")
    def _pressed(self) -> None:
        self.dismiss(True)

    def action_withdraw(self) -> None:
        self.dismiss(True)


class Proposing(Protocol):
    """A table of a screen per seat, as the palette's command asks it to
    put the proposal to the other windows (``agreement_table.TableAgreement``)."""

    def propose(self) -> None: ...


def seat_table(screen: ScreenCore) -> Proposing | None:
    """The end by agreement of a window at a table of a screen per seat
    (its mode's seat file's), or None at one terminal."""
    seats = getattr(screen.mode, "seats", None)
    table: Proposing | None = getattr(seats, "agreement", None)
    return table


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
    table = seat_table(screen)
    if table is not None:
        screen.app.push_screen(
            ConfirmDialog(
                "End the game by agreement? No one wins; the seats are ranked by points. "
                "Each other player is asked at their own screen.",
                yes="Propose",
                no="Not now",
            ),
            lambda yes: table.propose() if yes else None,
        )
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
            screen.app.push_screen(back, lambda how: handed_back(screen, how))

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


def handed_back(screen: ScreenCore, how: object) -> None:
    """The terminal is back with the proposer (or they leave for the menu)."""
    if how == "menu":
        screen.action_menu()
