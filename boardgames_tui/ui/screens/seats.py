"""A game's screen sitting at some of its seats: a screen per seat.

The rules of a game open in several windows are the engine's
(``engine/seating.py``); here is what a window does:

- :class:`SeatFile` (a service): the save every window of the table reads
  and writes.  It writes this window's moves with
  :func:`~boardgames_tui.engine.seating.write_checked` (the save's lock only
  for the write, and only if nobody wrote since), follows the other
  windows' moves from the save every :data:`FOLLOW_SECONDS`, and holds this
  window's seats (the ``SeatClaim``).
- :class:`SeatMode` (the screen's mode): the window draws the table from
  its own seat's view (with two seats at one window, from the seat at the
  keyboard, behind a hand-off as on one screen), never another seat's:
  while another seat decides it says "Waiting for Ana…"; it moves only for
  its seats (the game's ``actor`` says whose a move is), and a seat may
  step in while another decides where the game allows it (an Underwing
  trade offer); it moves the bots only when it sits at the lowest seat of
  the open windows; undo takes back only its own seats' moves, while no
  other seat has moved.

A window at no seat watches the table (``modes.WatchMode`` with a
``SeatFile`` to follow): how another window's menu opens a game played at
seats (``table_open.py``).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from textual.timer import Timer

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.lock import holder
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.seat_files import seats_taken
from boardgames_tui.engine.seating import (
    DiskKey,
    SaveHeld,
    SaveMoved,
    SeatClaim,
    Version,
    disk_key,
    follow,
    moves_bots,
    version_of,
    write_checked,
)
from boardgames_tui.engine.session import Session, UndoError, UndoPlan

from .agreement_table import TableAgreement
from .modes import Mode

if TYPE_CHECKING:
    from .game_core import ScreenCore

#: How often a window looks at the save for the other windows' moves.
FOLLOW_SECONDS = 0.2


class SeatFile:
    """The save a table at a screen per seat shares, as this window reads
    and writes it (see the module's docstring)."""

    #: Played at a screen per seat (not a game open in another window).
    elsewhere = False

    def __init__(self, path: Path, claim: SeatClaim, *, ends_app: bool = True) -> None:
        #: The save every window of this game reads and writes.
        self.path = path
        #: The seats this window sits at, and the hold on them.
        self.sitting = frozenset(claim.seats)
        self.claim: SeatClaim | None = claim
        #: Leaving ends the program (a window opened at its seats by ``sit``
        #: or a seat's link); else it goes back to the screen beneath.
        self.ends_app = ends_app
        self.synced: Version | None = None
        #: A move of this window waits to be written (after its frame).
        self.unwritten = False
        self._disk_key = disk_key(path)
        #: The save's ``disk_key`` when it stood at ``synced`` (taken before
        #: the read that gave it, or right after this window's write): a
        #: move's write finding the file so reads nothing more of it.
        #: None while not known.
        self._synced_key: DiskKey | None = None
        self._timer: Timer | None = None
        #: The "Waiting for …" line, and the position it was made for.
        self._waiting_for: tuple[object, str] = (None, "")
        #: A proposal to end the game by agreement, put to every window.
        self.agreement = TableAgreement(self)

    screen: ScreenCore

    def attach(self, screen: ScreenCore) -> None:
        self.screen = screen
        # The session never writes by itself: every write is checked.
        screen.session.path = None
        self.synced = version_of(screen.session)

    def start(self) -> None:
        screen = self.screen
        if self._timer is None:
            self._timer = screen.set_interval(FOLLOW_SECONDS, self.follow, name="follow")
        if not self.sitting:
            self.tell_watching()
        held = holder(self.path)
        if held is not None:
            screen.notify(
                f"This game is open in a window that plays every seat ({held.describe()}): "
                "moves are made there while it is open; this window follows them.",
                title="Following",
                severity="warning",
                timeout=10,
            )

    def stop(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def tell_watching(self) -> None:
        """Say once what a window at no seat is, and how to play instead."""
        screen = self.screen
        taken = seats_taken(self.path)
        names = ", ".join(screen.seat_name(seat) for seat in taken) or "nobody now"
        seats = screen.session.seats
        free = [s.name for i, s in enumerate(seats) if not s.is_bot and i not in taken]
        sit = f" To play, sit at a free seat ({', '.join(free)}): Load, or `sit`." if free else ""
        screen.notify(
            f"Played at a screen per seat (sitting: {names}): this window watches, "
            f"with no hand, and makes no move.{sit}",
            title="Watching",
            timeout=8,
        )

    # --------------------------------------------------------- following
    def moves_bots(self) -> bool:
        return moves_bots(self.path, self.screen.session.seats, self.sitting)

    def follow(self) -> None:
        """Play the moves the other windows wrote since the last look; and,
        while a bot is to move and nobody moves it, take the bots over.
        Then look at the question to end the game by agreement, if any."""
        self._follow()
        if self.sitting:
            self.agreement.look()

    def _follow(self) -> None:
        if self.unwritten:
            return  # this window's move is written first (or refused)
        screen = self.screen
        key = disk_key(self.path)
        if key is None or key == self._disk_key:
            session = screen.session
            if (
                session.bot_to_act
                and not session.is_over
                and screen.thinking is None
                and screen.stuck is None
                and self.sitting
                and self.moves_bots()
            ):
                screen.go_on()
            return
        self._disk_key = key
        assert self.synced is not None
        try:
            # A bot thinking in a thread reads the session: never changed under it.
            followed = follow(
                screen.session, self.path, self.synced, in_place=screen.thinking is None
            )
        except SaveError:
            return  # read mid-change, or damaged: the next look tells
        if followed is None:
            self._synced_key = key  # (read at ``synced`` still)
        else:
            self._now_reading(*followed, key)

    def _now_reading(self, session: Session, version: Version, key: DiskKey | None) -> None:
        session.path = None
        self.synced = version
        self._synced_key = key
        self.screen.now_reading(session)

    def read_again(self) -> None:
        """Read the save whole (after a refused write)."""
        key = disk_key(self.path)
        try:
            fresh = Session.load(self.path)
        except SaveError as exc:
            self.screen.notify(str(exc), title="Not read again", severity="error", timeout=10)
            return
        self._disk_key = disk_key(self.path)
        self._now_reading(fresh, version_of(fresh), key)

    # ----------------------------------------------------------- writing
    def write(self, change: UndoPlan | None = None) -> bool:
        """Write this window's moves (or carry out ``change``, an undo) if
        nobody wrote since this window last read the save; otherwise read
        the game again and say why nothing was written."""
        screen = self.screen
        session = screen.session

        def undo() -> None:
            assert change is not None
            session.undo(change)

        def written() -> None:
            self._disk_key = self._synced_key = disk_key(self.path)

        assert self.synced is not None
        try:
            self.synced = write_checked(
                session,
                self.path,
                self.synced,
                undo if change is not None else None,
                after=written,
                unchanged=self._synced_key,
            )
        except (SaveMoved, SaveHeld) as exc:
            self.unwritten = False
            screen.notify(str(exc), title="Not written", severity="warning", timeout=8)
            self.read_again()
            return False
        except UndoError as exc:
            screen.notify(str(exc), title="Can't undo", severity="warning")
            return False
        except SaveError as exc:
            screen.save_failed(exc, "The move was made, but not saved")
            return False
        self.unwritten = False
        screen.saved()
        return True

    def write_at_exit(self) -> None:
        if self.unwritten and self.synced is not None:
            with contextlib.suppress(SaveError, SaveMoved, SaveHeld):
                write_checked(self.screen.session, self.path, self.synced)

    # ----------------------------------------------------------- words
    def seats_line(self) -> str:
        screen = self.screen
        return " and ".join(screen.seat_name(seat) for seat in sorted(self.sitting))

    def waiting_text(self) -> str:
        """ "Waiting for Ben…", with what Ben decides when the game's screen
        says it in public words ("… to answer Ana's trade offer"), or else
        the line its hand-off screen would show him (a decision in the
        middle of another's turn: "… (asked: …)")."""
        screen = self.screen
        session = screen.session
        seat = session.to_act
        if session.bot_to_act:
            return screen.thinking_line(seat)
        key = (seat, len(session.actions), id(session.state))
        if self._waiting_for[0] != key:
            self._waiting_for = (key, self._waiting_line(seat) if seat is not None else "")
        return self._waiting_for[1]

    def _waiting_line(self, seat: int) -> str:
        screen = self.screen
        name = screen.seat_name(seat)
        words = screen.waiting_words(seat)
        if words:
            return f"Waiting for {name} {words}…"
        asked = screen.handoff_screen(seat).waiting if screen.game.hidden_information else ""
        if asked:
            return f"Waiting for {name}… (asked: “{asked}”)"
        return f"Waiting for {name}…"


class SeatMode(Mode):
    """A window sitting at some of the game's seats (see the module's
    docstring), writing and following through its :class:`SeatFile`."""

    LEAVE = "Leave seat"

    def __init__(self, seats: SeatFile) -> None:
        self.seats = seats
        #: Whether this window may step in, and the position it was found for.
        self._steps_in_for: tuple[object, bool] = (None, False)

    def attach(self, screen: ScreenCore) -> None:
        super().attach(screen)
        self.seats.attach(screen)
        here = self.people_here
        if len(here) == 1:
            screen.viewer = here[0]

    def start(self) -> None:
        self.seats.start()

    def stop(self) -> None:
        self.seats.stop()

    # ------------------------------------------------------------ queries
    @property
    def sitting(self) -> frozenset[int]:
        return self.seats.sitting

    @property
    def people_here(self) -> list[int]:
        seats = self.screen.session.seats
        return sorted(seat for seat in self.sitting if not seats[seat].is_bot)

    @property
    def own_seat(self) -> int | None:
        """The seat whose hand this window shows: its only seat; with two
        people at this window, the one at the keyboard while one of them
        decides, and nobody's while another window decides (as a hand-off
        would cover it: the next of them takes the window behind one)."""
        here = self.people_here
        if len(here) == 1:
            return here[0]
        if self.mine_to_act and self.screen.viewer in self.sitting:
            return self.screen.viewer
        return None

    @property
    def mine_to_act(self) -> bool:
        return self.screen.session.to_act in self.sitting

    @property
    def steps_in(self) -> bool:
        """While another seat decides, one of this window's seats may still
        make a move of its own (the game's ``actor`` says whose); asked of
        the engine once per position."""
        session = self.screen.session
        if self.mine_to_act or session.is_over or session.bot_to_act:
            return False
        key = (len(session.actions), id(session.state))
        if self._steps_in_for[0] != key:
            game, state = session.game, session.state
            mine = any(game.actor(state, a) in self.sitting for a in session.legal_actions())
            self._steps_in_for = (key, mine)
        return self._steps_in_for[1]

    def moves_here(self) -> bool:
        session = self.screen.session
        return self.mine_to_act or (session.bot_to_act and self.seats.moves_bots())

    def may_act(self) -> bool:
        return self.mine_to_act or self.steps_in

    def mine(self, action: Action) -> bool:
        session = self.screen.session
        return session.game.actor(session.state, action) in self.sitting

    def refusal(self, action: Action) -> str | None:
        """A window moves only for its own seats: another seat's move is
        refused, in one sentence, and changes nothing."""
        screen = self.screen
        if screen.session.is_over or self.mine(action):
            return None
        who = screen.session.game.actor(screen.session.state, action)
        name = screen.seat_name(who) if who is not None else "another seat"
        return f"That is {name}'s move, made at {name}'s own screen."

    def watching(self) -> int | None:
        screen = self.screen
        if not screen.game.hidden_information:
            return screen.session.to_act
        return None if screen.handoff_pending else self.own_seat

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off only between two seats of this window."""
        screen = self.screen
        return (
            bool(screen.game.hidden_information)
            and seat in self.sitting
            and len(self.people_here) >= 2
            and seat != screen.viewer
        )

    def resting_viewer(self) -> int | None:
        return self.own_seat

    def viewer_for(self, seat: int | None) -> int | None:
        # The game may have moved on under the cover, to another window's seat.
        return seat if seat in self.sitting else self.own_seat

    # -------------------------------------------------------------- words
    def title(self, line: str) -> str:
        return f"{line} · {self.seats.seats_line()}'s screen"

    def prompt(self) -> str | None:
        screen = self.screen
        if not screen.session.is_over and not self.mine_to_act and screen.thinking is None:
            return self.seats.waiting_text()
        return None

    waiting = prompt

    def help_lines(self) -> list[str]:
        bots = "this window" if self.seats.moves_bots() else "the window at the lowest seat"
        lines = [
            "## Your screen",
            "",
            f"- This window sits at **{self.seats.seats_line()}**: it shows that hand only and "
            "moves only for that seat; the other screens' moves appear here within a "
            "second, and a decision of another seat says whom it waits for.",
            "- Every move is written when it is made: close the window (Esc) at any "
            "time and sit again (the same link, or the same `sit` command) where the "
            "game stands.",
            "- Ctrl+Z takes back this window's own moves only, while no other seat "
            "has moved since.",
        ]
        if self.screen.has_bots:
            lines.append(f"- The bots are moved by {bots}: the open window at the lowest seat.")
        return lines

    def advice_refusal(self) -> str | None:
        if not self.mine_to_act and not self.screen.session.is_over:
            return "Advice is for the seat deciding now, at its own screen."
        return None

    def check(self, action: str, parameters: tuple[object, ...]) -> object:
        if action == "pace":
            # The bots' pace matters where they are moved.
            return self.screen.has_bots and self.seats.moves_bots()
        return super().check(action, parameters)

    # ------------------------------------------------------------ writing
    def write(self) -> None:
        if self.seats.unwritten:
            self.seats.write()

    def moved(self) -> None:
        self.seats.unwritten = True

    def write_at_exit(self) -> None:
        self.seats.write_at_exit()

    def save(self) -> None:
        seats = self.seats
        if seats.unwritten and not seats.write():
            return
        self.screen.notify(f"Every move is written as it is made: {seats.path}", title="Saved")

    def undo_refusal(self) -> str | None:
        screen = self.screen
        try:
            plan = screen.session.undo_plan()
        except UndoError as exc:
            return str(exc)
        others = [s for s in plan.seats if s not in self.sitting]
        if others:
            return (
                f"Can't undo: {screen.seat_name(others[-1])} has moved since; "
                "a window takes back only its own moves."
            )
        return None

    def undo(self) -> None:
        """Undo, for this window's own seats' moves only, and only while no
        other seat has moved since."""
        screen = self.screen
        refusal = self.undo_refusal()
        if refusal is not None:
            screen.notify(refusal, title="Can't undo", severity="warning")
            return
        plan = screen.session.undo_plan()
        if plan.by not in self.sitting or len(self.people_here) == 1 or plan.question is None:
            # Only this window's moves go (the seat to move has not moved
            # yet): nobody else's to ask about.
            self._undo(plan)
            return
        from .dialogs import ConfirmDialog

        screen.app.push_screen(
            ConfirmDialog(plan.question, yes="Undo", no="Keep"),
            callback=lambda yes: self._undo(plan) if yes else None,
        )

    def _undo(self, plan: UndoPlan) -> None:
        seats = self.seats
        if seats.unwritten and not seats.write():
            return
        if not seats.write(plan):
            return
        self.screen.undone(plan.count)

    def leave(self) -> None:
        self.ask_leave(self.leave_question())

    def leave_question(self) -> str:
        """Leaving a seat ends this window (there is no menu behind it), so
        say so."""
        line = self.seats.seats_line()
        seat = "seats" if len(self.sitting) > 1 else "seat"
        if not self.seats.ends_app:
            return f"Leave {line}'s {seat} for the main menu? Every move is saved: sit again to come back."
        return (
            f"Leave {line}'s {seat} and close this window? Every move is saved: "
            "sit again (the same link or command) to come back."
        )

    def gone(self) -> None:
        """Saved already (``confirm_leave``): the seat is let go and the
        window ends, without showing the menu beneath for a moment."""
        screen = self.screen
        screen.release()
        if self.seats.ends_app:
            screen.app.exit()
        else:
            screen.dismiss(None)


__all__ = ["FOLLOW_SECONDS", "SeatFile", "SeatMode"]
