"""Ending a game by agreement at a table of a screen per seat.

The question travels beside the save (``engine/agreement_table.py``), and
every window of the table looks at it each time it looks at the save
(``seats.SeatFile.follow``, a few times a second):

- The proposer's window, once the proposer confirms and the bots at the
  table accept (the game asks them, as at one terminal), writes the
  question and waits behind :class:`~.agreement.AgreementWait`, which shows
  who has answered and offers to withdraw it.
- Every other window asks its own people that have not answered
  (:class:`~.agreement.AgreementAsk`: at a window of one person, nothing to
  pass; at a window of two, "Pass to Ben" first) and writes each answer.
- One refusal anywhere: every window closes its cover and says who
  declined; play goes on, nothing changed.  Withdrawn: likewise.
- Every other person accepted: the proposer's window plays the proposal as
  its move (the bots asked again by the game) and the other windows follow
  the save to the end: the result screen says the game ended by agreement.

A window closed meanwhile loses nothing: the question stays beside the
save while the game stands where it was asked, and a window opened again
asks it (or waits for it) again.  The question names seats and points
only: nothing private crosses windows.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from boardgames_tui.engine.agreement_table import (
    Question,
    answer,
    ask,
    clear,
    question_path,
    read_question,
    withdraw,
)
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.seating import Version, disk_key

from .agreement import (
    AgreementAsk,
    AgreementCover,
    AgreementWait,
    handed_back,
    offered,
    standing_seats,
    standings,
)
from .handoff import HandoffScreen

if TYPE_CHECKING:
    from .game_core import ScreenCore


class Table(Protocol):
    """The window's seat file, as the question reads it (``seats.SeatFile``)."""

    path: Path
    sitting: frozenset[int]
    synced: Version | None
    unwritten: bool
    screen: ScreenCore


class TableAgreement:
    """One window's part in an end by agreement at a screen per seat (see
    the module's docstring)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        #: The question as last read, and the file's key when read.
        self.question: Question | None = None
        self._key: tuple[int, int, int] | None = None
        self._asking: tuple[int, AgreementAsk] | None = None
        self._waiting: AgreementWait | None = None
        #: The questions this window saw asked, and those whose end it
        #: told, or played.
        self._seen: set[str] = set()
        self._told: set[str] = set()
        self._handed: set[str] = set()
        self._played: set[str] = set()

    @property
    def screen(self) -> ScreenCore:
        return self.table.screen

    # ------------------------------------------------------------ asking
    def propose(self) -> None:
        """The proposer confirmed (and the bots accepted): put the question
        to the other windows."""
        table, screen = self.table, self.screen
        session = screen.session
        seat = session.to_act
        synced = table.synced
        if offered(screen) is None or seat is None or synced is None or table.unwritten:
            screen.notify(
                "The game moved on meanwhile: propose again on your turn.",
                title="Not now",
                severity="warning",
            )
            return
        bots = [i for i, s in enumerate(session.seats) if s.is_bot]
        try:
            ask(table.path, seat, synced.count, synced.updated, bots)
        except SaveError as exc:
            screen.notify(str(exc), title="Not asked", severity="error", timeout=10)
            return
        self.look(again=True)

    # ----------------------------------------------------------- looking
    def look(self, *, again: bool = False) -> None:
        """Read the question when its file changed, and bring this window's
        covers in line with it."""
        key = disk_key(question_path(self.table.path))
        if key is None and self.question is None and not self._covered:
            return  # the usual case: no question, nothing shown
        if again or key != self._key:
            self._key = key
            self.question = read_question(self.table.path) if key is not None else None
        self._settle()

    @property
    def _covered(self) -> bool:
        return self._asking is not None or self._waiting is not None

    def _stands(self, question: Question | None) -> bool:
        table = self.table
        synced = table.synced
        return (
            question is not None
            and synced is not None
            and question.stands_at(synced.count, synced.updated)
            and not table.unwritten
            and not self.screen.session.is_over
        )

    def _settle(self) -> None:
        table, screen = self.table, self.screen
        session = screen.session
        question = self.question
        if (
            question is not None
            and session.is_over
            and question.proposer in table.sitting
            and not table.unwritten
        ):
            clear(table.path)  # the game it asked about has ended
        if question is None or not self._stands(question):
            self._lift()
            return
        proposer = screen.seat_name(question.proposer)
        if question.withdrawn:
            self._lift()
            if question.proposer not in table.sitting:
                self._tell(
                    question,
                    f"{proposer} withdraws the proposal to end the game by agreement: "
                    "play goes on.",
                    "Withdrawn",
                )
            return
        refused = question.refused_by
        if refused is not None:
            self._lift()
            who = screen.seat_name(refused)
            if table.sitting == {refused}:
                said = "You declined to end the game by agreement: play goes on."
            else:
                said = f"{who} declines to end the game by agreement: play goes on."
            self._tell(question, said, "Declined")
            if question.proposer in table.sitting and question.ident in self._seen:
                self._hand_back(question, said)
            return
        if question.agreed(session.seats):
            self._lift()
            if question.proposer in table.sitting and question.ident not in self._played:
                self._played.add(question.ident)
                proposal = session.game.agreement(session.state, question.proposer)
                if proposal is not None:
                    screen.play_now(proposal)
            return
        # Still asked: the proposer waits; this window's people answer.
        self._seen.add(question.ident)
        if question.proposer in table.sitting:
            answers = self._answers(question)
            if self._waiting is None:
                self._waiting = AgreementWait(proposer, session.game.title, answers)
                screen.app.push_screen(self._waiting, lambda how: self._waited(question, how))
            else:
                self._waiting.show_scores(answers)
        mine = [seat for seat in question.waiting(session.seats) if seat in table.sitting]
        if self._asking is not None and self._asking[0] not in mine:
            self._lift_ask()
        if mine and self._asking is None:
            seat = mine[0]
            people = [s for s in table.sitting if not session.seats[s].is_bot]
            cover = AgreementAsk(
                screen.seat_name(seat),
                proposer,
                session.game.title,
                standings(screen),
                pass_to=len(people) > 1,
            )
            self._asking = (seat, cover)
            screen.app.push_screen(cover, lambda yes: self._answered(question, seat, cover, yes))

    def _answers(self, question: Question) -> list[str]:
        """Every seat's points and its answer so far, best first:
        "· Ben (Marquise): 3 — accepts", "… — not answered yet"."""
        lines = []
        for seat, line in standing_seats(self.screen):
            if seat == question.proposer:
                said = "proposes"
            elif seat in question.bots:
                said = "accepts (a bot)"
            elif question.answer_of(seat):
                said = "accepts"
            else:
                said = "not answered yet"
            lines.append(f"{line} — {said}")
        return lines

    # --------------------------------------------------------- answering
    def _answered(
        self, question: Question, seat: int, cover: AgreementAsk, yes: bool | None
    ) -> None:
        if self._asking is not None and self._asking[1] is cover:
            self._asking = None
        if yes is None:
            return  # closed by the flow: the question ended meanwhile
        try:
            answer(self.table.path, question.ident, seat, yes)
        except SaveError as exc:
            self.screen.notify(str(exc), title="Not answered", severity="error", timeout=10)
        self.look(again=True)

    def _waited(self, question: Question, how: bool | None) -> None:
        self._waiting = None
        if not how:
            return  # closed by the flow
        try:
            withdraw(self.table.path, question.ident)
        except SaveError as exc:
            self.screen.notify(str(exc), title="Not withdrawn", severity="error", timeout=10)
            return
        self._told.add(question.ident)
        self.screen.notify("You withdrew the proposal: play goes on.", title="Withdrawn", timeout=6)
        self.look(again=True)

    def _hand_back(self, question: Question, said: str) -> None:
        """Another person at the proposer's window answered: a cover passes
        the window back to the proposer (as at one terminal)."""
        screen = self.screen
        session = screen.session
        people = [s for s in self.table.sitting if not session.seats[s].is_bot]
        if len(people) < 2 or question.ident in self._handed:
            return
        self._handed.add(question.ident)
        mode = screen.mode
        back = HandoffScreen(
            screen.seat_name(question.proposer),
            session.game.title,
            said,
            leave=(mode.LEAVE, mode.leave_question()),
        )
        screen.app.push_screen(back, lambda how: handed_back(screen, how))

    # ------------------------------------------------------------- words
    def _tell(self, question: Question, text: str, title: str) -> None:
        """Say once, in this window, how the question ended: to the
        proposer, and where this window saw it asked (a window opened
        after a refusal is not told of it again)."""
        if question.ident in self._told:
            return
        if question.ident not in self._seen and question.proposer not in self.table.sitting:
            return
        self._told.add(question.ident)
        self.screen.notify(text, title=title, severity="warning", timeout=10)

    # ------------------------------------------------------------ covers
    def _lift(self) -> None:
        """Close this window's covers (the question ended, or is void)."""
        self._lift_ask()
        waiting, self._waiting = self._waiting, None
        if waiting is not None:
            _close(waiting)

    def _lift_ask(self) -> None:
        asking, self._asking = self._asking, None
        if asking is not None:
            _close(asking[1])


def _close(cover: AgreementCover) -> None:
    """Close ``cover`` with no answer, and whatever was opened over it."""
    app = cover.app
    if cover not in app.screen_stack:
        return
    if app.screen is not cover:
        cover.pop_until_active()
    cover.dismiss(None)
