"""A game's screen sitting at some of its seats: a screen per seat.

Any game's screen (its own, or the generic one) sits at seats when made by
:func:`~boardgames_tui.ui.game_screens.seated_screen`: a class put together
from :class:`SeatedMode` and the game's screen class, ``SeatedMode`` first in
its MRO.  The rules of a game open in several windows are the engine's
(``engine/seating.py``); here is what a window shows and does:

- it draws the table from its own seat's view (with two seats at one window,
  from the seat at the keyboard, behind a hand-off as on one screen), never
  another seat's: while another seat decides it says "Waiting for Ana…";
- it moves only for its seats (the game's ``actor`` says whose a move is);
  a decision of another seat in the middle of a turn (an ambush, a forced
  discard, the answer to a trade offer) goes to that seat's window, and the
  others say what it waits for when that is public; a seat may step in
  while another decides where the game allows it (an Underwing trade offer);
- with no seat at all it watches the table (no hand, no move): how another
  window's menu opens a game played at seats (``table_open.py``);
- it writes each move with :func:`~boardgames_tui.engine.seating.write_checked`
  (the save's lock only for the write, and only if nobody wrote since), and
  follows the others' moves from the save every :data:`FOLLOW_SECONDS`;
- it moves the bots only when it sits at the lowest seat of the open windows;
- undo takes back only its own seats' moves, while no other seat has moved.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from textual.timer import Timer

from boardgames_tui.engine.game import Action
from boardgames_tui.engine.lock import holder
from boardgames_tui.engine.saves import SaveError, seats_taken
from boardgames_tui.engine.seating import (
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

from ..settings import Settings
from .dialogs import ConfirmDialog
from .help import HelpScreen, filter_markdown

if TYPE_CHECKING:
    from .game import GameScreen

    _Base = GameScreen
else:
    _Base = object

#: How often a window looks at the save for the other windows' moves.
FOLLOW_SECONDS = 0.2


class SeatedMode(_Base):
    """A game screen sitting at some of the game's seats (see the module's
    docstring).  Put before the game's screen class; every method here has
    the last word."""

    def __init__(
        self,
        session: Session,
        settings: Settings | None = None,
        *,
        path: Path,
        claim: SeatClaim,
        ends_app: bool = True,
    ) -> None:
        #: The save every window of this game reads and writes.
        self.seat_path = path
        #: The seats this window sits at, and the hold on them.
        self.sitting = frozenset(claim.seats)
        self.claim: SeatClaim | None = claim
        #: Leaving ends the program (a window opened at its seats by ``sit``
        #: or a seat's link); else it goes back to the screen beneath (the
        #: menu that opened it).
        self.ends_app = ends_app
        #: Where the save stood when this window last read or wrote it.
        self._synced: Version = version_of(session)
        #: A move of this window waits to be written (after its frame).
        self._unwritten = False
        self._disk_key = disk_key(path)
        self._follow_timer: Timer | None = None
        #: The "Waiting for …" line, and the position it was made for.
        self._waiting_for: tuple[object, str] = (None, "")
        #: Whether this window may step in, and the position it was found for.
        self._steps_in_for: tuple[object, bool] = (None, False)
        # The session never writes by itself: every write is checked.
        session.path = None
        super().__init__(session, settings)
        if len(self.people_here) == 1:
            self.viewer = self.people_here[0]

    # ------------------------------------------------------------ queries
    @property
    def people_here(self) -> list[int]:
        return sorted(seat for seat in self.sitting if not self.session.seats[seat].is_bot)

    @property
    def own_seat(self) -> int | None:
        """The seat whose hand this window shows: its only seat; with two
        people at this window, the one at the keyboard while one of them
        decides, and nobody's while another window decides (as a hand-off
        would cover it: the next of them takes the window behind one)."""
        here = self.people_here
        if len(here) == 1:
            return here[0]
        if self.mine_to_act and self.viewer in self.sitting:
            return self.viewer
        return None

    @property
    def mine_to_act(self) -> bool:
        return self.session.to_act in self.sitting

    def watching(self) -> int | None:
        if not self.game.hidden_information:
            return super().watching()
        if self.handoff_pending:
            return None
        return self.own_seat

    @property
    def can_act(self) -> bool:
        """This window's seat decides, or may step in while another seat
        decides (an Underwing trade offer: anyone may open one)."""
        return super().can_act and (self.mine_to_act or self.steps_in)

    @property
    def steps_in(self) -> bool:
        """While another seat decides, one of this window's seats may still
        make a move of its own (the game's :meth:`~Game.actor` says whose);
        asked of the engine once per position."""
        session = self.session
        if self.mine_to_act or not self.sitting or session.is_over or session.bot_to_act:
            return False
        key = (len(session.actions), id(session.state))
        if self._steps_in_for[0] != key:
            game, state = session.game, session.state
            mine = any(game.actor(state, a) in self.sitting for a in session.legal_actions())
            self._steps_in_for = (key, mine)
        return self._steps_in_for[1]

    def advice_refusal(self) -> str | None:
        if not self.mine_to_act and not self.session.is_over:
            return "Advice is for the seat deciding now, at its own screen."
        return super().advice_refusal()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A window watching the table has no move to take back."""
        if action == "undo" and self.only_watching:
            return None
        return super().check_action(action, parameters)

    def legal(self) -> list[Action]:
        """The legal actions this window's seats make: never one another
        seat makes (an Underwing trade offer opened by another player)."""
        return [a for a in super().legal() if self.mine(a)]

    def mine(self, action: Action) -> bool:
        """Whether one of this window's seats makes ``action`` now."""
        session = self.session
        return session.game.actor(session.state, action) in self.sitting

    def play(self, action: Action) -> bool:
        """A window moves only for its own seats: another seat's move is
        refused, in one sentence, and changes nothing."""
        if not self.session.is_over and not self.mine(action):
            who = self.session.game.actor(self.session.state, action)
            name = self.seat_name(who) if who is not None else "another seat"
            self.notify(
                f"That is {name}'s move, made at {name}'s own screen.",
                title="Not yours",
                severity="warning",
            )
            return False
        return super().play(action)

    def moves_bots(self) -> bool:
        return moves_bots(self.seat_path, self.session.seats, self.sitting)

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off only between two seats of this window."""
        return (
            bool(self.game.hidden_information)
            and seat in self.sitting
            and len(self.people_here) >= 2
            and seat != self.viewer
        )

    def seats_line(self) -> str:
        names = [self.seat_name(seat) for seat in sorted(self.sitting)]
        return " and ".join(names)

    @property
    def only_watching(self) -> bool:
        """This window sits at no seat: it shows the table (no hand) and
        follows the seats' windows."""
        return not self.sitting

    # --------------------------------------------------------------- flow
    def advance(self) -> None:
        session = self.session
        if session.is_over or self.mine_to_act:
            super().advance()
            return
        if session.bot_to_act and self.moves_bots():
            super().advance()
            return
        # Another window's seat decides (or its bots): wait for its move.
        self.thinking = None
        self.viewer = self.own_seat
        self.refresh_view()

    def _handed_off(self, _: None = None) -> None:
        super()._handed_off()
        if self.viewer not in self.sitting:  # the game moved on under the cover
            self.viewer = self.own_seat
            self.refresh_view()

    def title_line(self) -> str:
        if self.only_watching:
            return f"{super().title_line()} · watching the table"
        return f"{super().title_line()} · {self.seats_line()}'s screen"

    def waiting_text(self) -> str:
        """ "Waiting for Ben…", with what Ben decides when the game's screen
        says it in public words ("… to answer Ana's trade offer"), or else
        the line its hand-off screen would show him (a decision in the
        middle of another's turn: "… (asked: …)")."""
        session = self.session
        seat = session.to_act
        if session.bot_to_act:
            return self.thinking_line(seat)
        key = (seat, len(session.actions), id(session.state))
        if self._waiting_for[0] != key:
            self._waiting_for = (key, self._waiting_line(seat) if seat is not None else "")
        return self._waiting_for[1]

    def _waiting_line(self, seat: int) -> str:
        name = self.seat_name(seat)
        words = self.waiting_words(seat)
        if words:
            return f"Waiting for {name} {words}…"
        asked = self.handoff_screen(seat).waiting if self.game.hidden_information else ""
        if asked:
            return f"Waiting for {name}… (asked: “{asked}”)"
        return f"Waiting for {name}…"

    def prompt_text(self) -> str:
        if not self.session.is_over and not self.mine_to_act and self.thinking is None:
            return self.waiting_text()
        return super().prompt_text()

    def refresh_picker(self) -> None:
        if not self.session.is_over and not self.mine_to_act and self.thinking is None:
            self.picker.set_waiting(self.waiting_text())
            return
        super().refresh_picker()

    def help_screen(self, query: str = "") -> HelpScreen:
        """The game's help, opening with what this window is: a screen at
        some seats."""
        shown = super().help_screen(query)
        bots = "this window" if self.moves_bots() else "the window at the lowest seat"
        sits = (
            f"- This window sits at **{self.seats_line()}**: it shows that hand only and "
            "moves only for that seat; the other screens' moves appear here within a "
            "second, and a decision of another seat says whom it waits for."
        )
        if self.only_watching:
            sits = (
                "- This window **watches** a game played at a screen per seat: it shows "
                "the board and the log, no hand, and the seats' moves within a second; "
                "it makes no move. To play, sit at a free seat (the Load screen, or "
                "`boardgames-tui sit SAVE --seat NAME`)."
            )
        lines = [
            "## Your screen",
            "",
            sits,
            "- Every move is written when it is made: close the window (Esc) at any "
            "time and sit again (the same link, or the same `sit` command) where the "
            "game stands.",
            "- Ctrl+Z takes back this window's own moves only, while no other seat "
            "has moved since.",
        ]
        if self.has_bots:
            lines.append(f"- The bots are moved by {bots}: the open window at the lowest seat.")
        about = "\n".join(lines)
        title, _, rest = shown.source.partition("\n\n")
        shown.source = f"{title}\n\n{about}\n\n{rest}"
        shown.shown = filter_markdown(shown.source, query)
        return shown

    def ask_leave(self) -> None:
        """Escape with nothing left to close: leaving a seat ends this
        window (there is no menu behind it), so say so."""

        def answered(leave: bool | None) -> None:
            if leave:
                self.action_menu()

        if self.only_watching:
            self.action_menu()  # a watcher has nothing to lose
            return
        question = (
            f"Leave {self.seats_line()}'s seat and close this window? Every move is saved: "
            "sit again (the same link or command) to come back."
        )
        if not self.ends_app:
            question = (
                f"Leave {self.seats_line()}'s seat for the main menu? Every move is saved: "
                "sit again to come back."
            )
        self.app.push_screen(ConfirmDialog(question, yes="Leave", no="Stay"), answered)

    def _leave(self) -> None:
        """Saved already (``confirm_leave``): the seat is let go and the
        window ends, without showing the menu beneath for a moment."""
        self.workers.cancel_group(self, "bot")
        self._move_shown()
        self.release_lock()
        if self.ends_app:
            self.app.exit()
        else:
            self.dismiss(None)

    # ------------------------------------------------------ lock and follow
    def take_lock(self) -> None:
        """No lock is held while playing: the save's lock is taken for each
        write only.  The window follows the save instead."""
        if self._follow_timer is None:
            self._follow_timer = self.set_interval(FOLLOW_SECONDS, self.follow_save, name="follow")
        if self.only_watching:
            self.tell_watching()
        held = holder(self.seat_path)
        if held is not None:
            self.notify(
                f"This game is open in a window that plays every seat ({held.describe()}): "
                "moves are made there while it is open; this window follows them.",
                title="Following",
                severity="warning",
                timeout=10,
            )

    def tell_watching(self) -> None:
        """Say once what a window at no seat is, and how to play instead."""
        taken = seats_taken(self.seat_path)
        names = ", ".join(self.seat_name(seat) for seat in taken) or "nobody now"
        seats = self.session.seats
        free = [s.name for i, s in enumerate(seats) if not s.is_bot and i not in taken]
        sit = f" To play, sit at a free seat ({', '.join(free)}): Load, or `sit`." if free else ""
        self.notify(
            f"Played at a screen per seat (sitting: {names}): this window watches, "
            f"with no hand, and makes no move.{sit}",
            title="Watching",
            timeout=8,
        )

    def keep_lock(self) -> bool:
        return True

    def release_lock(self) -> None:
        if self._follow_timer is not None:
            self._follow_timer.stop()
            self._follow_timer = None
        if self.claim is not None:
            self.claim.release()
            self.claim = None

    def follow_save(self) -> None:
        """Play the moves the other windows wrote since the last look; and,
        while a bot is to move and nobody moves it, take the bots over."""
        if self._unwritten:
            return  # this window's move is written first (or refused)
        key = disk_key(self.seat_path)
        if key is None or key == self._disk_key:
            self._take_over_bots()
            return
        self._disk_key = key
        try:
            # A bot thinking in a thread reads the session: never changed under it.
            followed = follow(
                self.session, self.seat_path, self._synced, in_place=self.thinking is None
            )
        except SaveError:
            return  # read mid-change, or damaged: the next look tells
        if followed is None:
            return
        self._now_reading(*followed)

    def _now_reading(self, session: Session, version: Version) -> None:
        session.path = None
        self.session = session
        self._synced = version
        self._saved_length = len(session.actions)
        self._results_shown = self._results_shown and session.is_over
        self.workers.cancel_group(self, "bot")
        self.changed()

    def _take_over_bots(self) -> None:
        session = self.session
        if (
            session.bot_to_act
            and not session.is_over
            and self.thinking is None
            and self.stuck is None
            and self.moves_bots()
        ):
            self.advance()

    def read_again(self) -> None:
        """Read the save whole (after a refused write)."""
        try:
            fresh = Session.load(self.seat_path)
        except SaveError as exc:
            self.notify(str(exc), title="Not read again", severity="error", timeout=10)
            return
        self._disk_key = disk_key(self.seat_path)
        self._now_reading(fresh, version_of(fresh))

    # ------------------------------------------------------------- writing
    def _after_move(self) -> None:
        self._unwritten = True
        super()._after_move()

    def save_move(self) -> None:
        if self._unwritten:
            self.write()

    def write(self, change: UndoPlan | None = None) -> bool:
        """Write this window's moves (or carry out ``change``, an undo) if
        nobody wrote since this window last read the save; otherwise read
        the game again and say why nothing was written."""
        session = self.session

        def undo() -> None:
            assert change is not None
            session.undo(change)

        def written() -> None:
            self._disk_key = disk_key(self.seat_path)

        try:
            self._synced = write_checked(
                session,
                self.seat_path,
                self._synced,
                undo if change is not None else None,
                after=written,
            )
        except (SaveMoved, SaveHeld) as exc:
            self._unwritten = False
            self.notify(str(exc), title="Not written", severity="warning", timeout=8)
            self.read_again()
            return False
        except UndoError as exc:
            self.notify(str(exc), title="Can't undo", severity="warning")
            return False
        except SaveError as exc:
            self.save_failed(exc, "The move was made, but not saved")
            return False
        self._unwritten = False
        self._saved_length = len(session.actions)
        if self.save_error is not None:
            self.save_error = None
            self.notify("The game is saved again.", title="Saved")
            self.show_save_status()
        return True

    def _save_at_exit(self) -> None:
        if self._unwritten:
            with contextlib.suppress(SaveError, SaveMoved, SaveHeld):
                write_checked(self.session, self.seat_path, self._synced)

    def action_save(self) -> None:
        if self._unwritten and not self.write():
            return
        self.notify(f"Every move is written as it is made: {self.seat_path}", title="Saved")

    # ---------------------------------------------------------------- undo
    def action_undo(self) -> None:
        """Undo, for this window's own seats' moves only, and only while no
        other seat has moved since."""
        if self.handoff_pending:
            return
        try:
            plan = self.session.undo_plan()
        except UndoError as exc:
            self.notify(str(exc), title="Can't undo", severity="warning")
            return
        others = [s for s in plan.seats if s not in self.sitting]
        if others:
            self.notify(
                f"Can't undo: {self.seat_name(others[-1])} has moved since; "
                "a window takes back only its own moves.",
                title="Can't undo",
                severity="warning",
            )
            return
        if plan.by not in self.sitting or len(self.people_here) == 1:
            # Only this window's moves go (the seat to move has not moved
            # yet): nobody else's to ask about.
            self.undo(plan)
            return
        super().action_undo()

    def undo(self, plan: UndoPlan) -> None:
        if self._unwritten and not self.write():
            return
        if not self.write(plan):
            return
        self.workers.cancel_group(self, "bot")
        self._results_shown = self.session.is_over
        moves = "move" if plan.count == 1 else "moves"
        self.notify(f"Undid {plan.count} {moves}.", title="Undo")
        self.changed()
