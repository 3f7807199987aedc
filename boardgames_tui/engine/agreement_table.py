"""An end by agreement at a screen per seat: the question, beside the save.

At one terminal the screen asks each person in turn (``engine/agreement.py``,
``ui/screens/agreement.py``).  At a table of a screen per seat
(``engine/seating.py``) the people sit at windows of their own, so the
question travels the way their moves do, through a file every window looks
at: ``.SAVE.agree``, hidden beside the save (not a ``*.json``: never
listed).  It holds public facts only: who proposes, where the save stood
when they did, and each seat's answer.

- **Asking.**  The proposer's window writes a new :class:`Question` (a new
  ``ident``), with the answers of the bots at the table already in it (they
  answer at once, as at one terminal: the proposer's window asks the game).
- **Standing.**  A question stands only while the save is where it was
  when it was asked (:meth:`Question.stands_at`: its moves and the time it
  was written); a move written anywhere makes it void, and a new question
  replaces it.  A window closed meanwhile finds it again when it opens.
- **Answering.**  Each window writes the answers of its own seats
  (:func:`answer`), reading and writing the file under a lock of its own
  (``.SAVE.agree.lock``) so that two windows answering at once both count.
  One refusal ends the question (:attr:`Question.refused_by`); the
  proposer's window may withdraw it (:func:`withdraw`); when every other
  person has accepted (:meth:`Question.agreed`), the proposer's window plays
  the proposal as its move, and the others follow the save to the end.

Every write replaces the file whole (never half-written for a reader).
Nothing here knows a game, and nothing imports Textual.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
import time
from collections.abc import Iterator, Sequence
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from .game import Seat
from .lock import SaveLock
from .savefile import SaveError, write_atomic

#: The question's file beside a save: ``.SAVE.agree``.
SUFFIX = ".agree"

#: How long a window waits for another window writing its answer (a write
#: takes a millisecond) before saying the question is held.
WAIT_SECONDS = 1.0


def question_path(save_path: Path) -> Path:
    return save_path.with_name(f".{save_path.name}{SUFFIX}")


class Question(BaseModel):
    """A proposal to end the game, put to the table's windows (read and
    written as JSON, checked as it is read)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: New for each proposal (a window tells each one's end once).
    ident: str
    #: The seat that proposes (the seat whose turn it is).
    proposer: int
    #: Where the save stood when it was asked: its moves and when it was written.
    count: int
    updated: str
    #: The seats that answered, in the order they did, and their answers.
    answers: tuple[tuple[int, bool], ...] = ()
    #: The proposer took it back.
    withdrawn: bool = False
    #: The bots' seats (their answers are the game's, given at once).
    bots: tuple[int, ...] = ()

    def stands_at(self, count: int, updated: datetime) -> bool:
        """Whether the save is still where it was asked."""
        return self.count == count and self.updated == updated.isoformat()

    def answer_of(self, seat: int) -> bool | None:
        return next((yes for s, yes in self.answers if s == seat), None)

    @property
    def refused_by(self) -> int | None:
        """The first seat that refused, or None."""
        return next((s for s, yes in self.answers if not yes), None)

    def waiting(self, seats: Sequence[Seat]) -> list[int]:
        """The other people who have not answered yet, in turn order from
        the proposer."""
        count = len(seats)
        return [
            i
            for i in sorted(range(count), key=lambda i: (i - self.proposer) % count)
            if i != self.proposer and not seats[i].is_bot and self.answer_of(i) is None
        ]

    def agreed(self, seats: Sequence[Seat]) -> bool:
        """Every other seat accepted (and the proposer still proposes)."""
        return not self.withdrawn and self.refused_by is None and not self.waiting(seats)

    @property
    def settled(self) -> bool:
        """Refused or withdrawn: nothing more to ask."""
        return self.withdrawn or self.refused_by is not None


def read_question(save_path: Path) -> Question | None:
    """The question beside the save, or None (none asked, or a file that is
    not one: a damaged or foreign file asks nothing)."""
    path = question_path(save_path)
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        return Question.model_validate_json(path.read_bytes())
    except (OSError, ValidationError):
        return None


def _write(save_path: Path, question: Question) -> None:
    path = question_path(save_path)
    try:
        # Readable by its owner only (as the save is); never half-written.
        write_atomic(path, question.model_dump_json(), sync=False)
    except OSError as exc:
        raise SaveError(
            f"The question to end the game cannot be written beside {save_path.name}: "
            f"{exc.strerror or exc}."
        ) from None


@contextlib.contextmanager
def _held(save_path: Path) -> Iterator[None]:
    """The question's own lock, for one read and write."""
    lock = SaveLock(save_path.with_name(f"{save_path.name}{SUFFIX}"))
    deadline = time.monotonic() + WAIT_SECONDS
    while not lock.acquire():
        if lock.problem is not None or time.monotonic() >= deadline:
            raise SaveError(
                lock.problem or "Another window is writing its answer: try again in a moment."
            )
        time.sleep(0.01)
    try:
        yield
    finally:
        lock.release()


def ask(
    save_path: Path, proposer: int, count: int, updated: datetime, bots: Sequence[int]
) -> Question:
    """Put a new question to the table (replacing any other): ``proposer``
    proposes with the save at ``count`` moves written at ``updated``; the
    bots at ``bots`` accept (the proposer's window asked the game first).
    Raises SaveError when it cannot be written."""
    question = Question(
        ident=secrets.token_hex(8),
        proposer=proposer,
        count=count,
        updated=updated.isoformat(),
        answers=tuple((seat, True) for seat in bots),
        bots=tuple(bots),
    )
    with _held(save_path):
        _write(save_path, question)
    return question


def answer(save_path: Path, ident: str, seat: int, yes: bool) -> Question | None:
    """``seat``'s answer to the question ``ident``: the question as it now
    stands, or None when it is no longer asked (replaced, withdrawn,
    refused, or gone: the answer is not written).  Raises SaveError when it
    cannot be written."""
    with _held(save_path):
        question = read_question(save_path)
        if question is None or question.ident != ident or question.settled:
            return None
        if question.answer_of(seat) is None:
            question = question.model_copy(update={"answers": (*question.answers, (seat, yes))})
            _write(save_path, question)
        return question


def withdraw(save_path: Path, ident: str) -> Question | None:
    """The proposer takes the question ``ident`` back (None when it is no
    longer asked).  Raises SaveError when it cannot be written."""
    with _held(save_path):
        question = read_question(save_path)
        if question is None or question.ident != ident or question.settled:
            return None
        question = question.model_copy(update={"withdrawn": True})
        _write(save_path, question)
        return question


def clear(save_path: Path) -> None:
    """Remove the question (the game it asked about has ended)."""
    path = question_path(save_path)
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(path).st_mode):
            os.unlink(path)
