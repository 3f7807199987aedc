"""Hand-offs on the game screen: the cover while the terminal passes to
another person, the marks of what changed meanwhile, and the pause between
answering in another seat's turn and one's own turn.

A service of :class:`~boardgames_tui.ui.screens.game.GameScreen`.  In a
game with hidden hands and two or more people at the table, a cover (with
the recap of what the others did) hides the table while the terminal
changes hands; the boards' cursors are each person's own (the one handed
the table finds the cursors where they left them, or where they stood at
the start: never where the last person pointed, which a decision with no
place to pick would otherwise show); afterwards the places that changed
since that person last looked are marked (``GameScreen.changed_marks``) until their first key, for
a game's screen that tells its places (``place_signature``).  And when the
person at the keyboard has just answered a decision in another seat's turn
(a forced discard, an ambush) and their own turn follows, a one-key pause
stands between: the key meant for the answer does not act in the turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..kit.cursor import BoardCursor
from .handoff import HandoffScreen, PauseScreen

if TYPE_CHECKING:
    from .game_core import ScreenCore


class Handoffs:
    """Covering the table between people, the changed marks, the pause."""

    def __init__(self, screen: ScreenCore) -> None:
        self.screen = screen
        #: What each person last saw of the board (``place_signature``).
        self.last_seen: dict[int, dict[Any, str]] = {}
        #: The places marked as changed since, after a hand-off, until the
        #: first key.
        self.marks: frozenset[Any] = frozenset()
        #: The last move a person made at this window: their seat and the
        #: seat whose turn it was then.
        self._answered: tuple[int, int | None] | None = None
        #: Where each board's cursor stood when the screen was mounted, and
        #: where each person left each one (by seat).
        self._home: dict[BoardCursor, int] = {}
        self._cursors: dict[int, dict[BoardCursor, int]] = {}
        #: The cover, once made (``cover``).
        self._cover: HandoffScreen | None = None

    # ----------------------------------------------------------- cursors
    def note_home(self) -> None:
        """Where the boards' cursors stand before anyone has pointed."""
        self._home = {board: board.cursor for board in self.screen.query(BoardCursor)}

    def hand_cursors(self, before: int | None, after: int | None) -> None:
        """The table passes from the person at ``before`` to the one at
        ``after``: keep where the first left each board's cursor, and put
        each where the second left it (where it stood at the start, the
        first time).  The decision then moves it where it is answered, if
        anywhere (``new_decision``)."""
        if before == after or after is None:
            return
        boards = list(self.screen.query(BoardCursor))
        if before is not None:
            self._cursors[before] = {board: board.cursor for board in boards}
        left = self._cursors.get(after, {})
        for board in boards:
            place = left.get(board, self._home.get(board))
            if place is not None:
                board.place_cursor(place)

    # ----------------------------------------------------------- covers
    def cover(self, seat: int) -> None:
        """Cover the table for ``seat``: the screen's one cover, filled anew
        (kept installed between hand-offs, not composed again).  The table
        beneath is not drawn while covered (``refresh_view``): it is drawn
        as the cover lifts, in the same turn (``HandoffScreen.lifting``),
        before any frame can show it."""
        screen = self.screen
        screen.handoff_pending = True
        screen.refresh_view()  # (only the first time: the table's first drawing)
        app = screen.app
        if self._cover is None:
            self._cover = screen.handoff_screen(seat)
            app.install_screen(self._cover, f"handoff-{id(self)}")
        else:
            screen.handoff_screen(seat, self._cover)
        self._cover.lifting = self.lifted
        self._cover.leaving = self.left
        app.push_screen(self._cover)

    def close(self) -> None:
        """The game's screen is leaving: its cover goes with it."""
        cover, self._cover = self._cover, None
        if cover is None:
            return
        app = self.screen.app
        if cover in app.screen_stack:
            return  # (still up: the app is closing, and it goes with the app)
        app.uninstall_screen(cover)
        if cover.is_attached:
            cover.remove()

    def remember(self, viewer: int) -> None:
        if seen := self.screen.place_signature():
            self.last_seen[viewer] = seen

    def left(self) -> None:
        """Asked from the cover, leave the game without showing it: in the
        turn the cover goes (``HandoffScreen.leaving``), so no frame comes
        between.  The table is drawn for nobody first, for what stays on
        screen if leaving asks first (a save that failed)."""
        screen = self.screen
        screen.draw_for_nobody()
        screen.action_menu()

    def lifted(self) -> None:
        """The hand-off is over: mark the places that changed since the
        person taking the seat last saw the board, then hand it over."""
        screen = self.screen
        seat = screen.session.to_act
        seen = self.last_seen.get(seat) if seat is not None else None
        if seen is not None:
            now = screen.place_signature()
            self.marks = frozenset(n for n, what in now.items() if seen.get(n) != what)
        screen._handed_off()

    def key_pressed(self) -> None:
        """The places marked after a hand-off stay marked until the first key."""
        if self.marks:
            self.marks = frozenset()
            self.screen.call_later(self.screen.refresh_view)

    # ----------------------------------------------------------- pause
    def owner(self) -> int | None:
        """Whose turn it is (``GameScreen.turn_owner``), or None where the
        seat to act says it."""
        return self.screen.turn_owner()

    def moved(self, seat: int | None, owner: int | None) -> None:
        """A person at this window made a move as ``seat`` in ``owner``'s turn."""
        self._answered = None if seat is None else (seat, owner)

    def pause_for(self, seat: int) -> bool:
        """Whether ``seat``, to act now, answered in another seat's turn with
        their last move, and their own turn follows (a one-key pause)."""
        answered, self._answered = self._answered, None
        if answered is None or answered[0] != seat:
            return False
        then = answered[1]
        return then is not None and then != seat and self.owner() in (seat, None)

    def pause(self, seat: int) -> None:
        screen = self.screen
        screen.app.push_screen(PauseScreen(screen.seat_name(seat)))


__all__ = ["Handoffs"]
