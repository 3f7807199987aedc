"""Hand-offs: the cover while the terminal passes to another person.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``).  In a game with hidden hands and two or more people at
the table, a cover (with the recap of what the others did) hides the table
while the terminal changes hands; afterwards the places that changed since
that person last looked are marked (``changed_marks``) until their first
key, for a game's screen that tells its places (``place_signature``).
"""

from __future__ import annotations

from typing import Any

from .game_core import ScreenCore
from .handoff import HandoffScreen


class HandOffs(ScreenCore):
    """Covering the table between people, the recap, and the changed marks."""

    def needs_handoff(self, seat: int) -> bool:
        """A hand-off covers the table when, in a game with hidden hands, the
        terminal passes to a different person (and before the first decision).
        With only one person at the table there is nobody to hide from."""
        return bool(self.game.hidden_information) and self.people >= 2 and seat != self.viewer

    def handoff_screen(self, seat: int) -> HandoffScreen:
        """The cover while the terminal passes to ``seat``.  A game's screen
        may override it to name the seat's side and the decision that waits
        (public information only: everyone at the table sees it), keeping
        the recap (:meth:`recap_for`)."""
        return HandoffScreen(self.seat_name(seat), self.game.title, recap=self.recap_for(seat))

    def waiting_words(self, seat: int) -> str:
        """What ``seat`` decides now, in a few words after its name ("to
        answer Ana's trade offer"), for a window that waits for it (a screen
        per seat: "Waiting for Ben to answer Ana's trade offer…"); "" when
        there is nothing to say but whose decision it is.  A game's screen
        may override it: public information only, never a hand's."""
        return ""

    def recap_for(self, seat: int) -> list[str]:
        """What the others did since ``seat`` last acted: the log's lines."""
        return [entry.text for entry in self.session.recap(seat)]

    def place_signature(self) -> dict[Any, str]:
        """Each place of the board and its public contents, for marking what
        changed while a person was away (a game's screen draws
        ``changed_marks``); none by default."""
        return {}

    def _remember_board(self, viewer: int) -> None:
        if seen := self.place_signature():
            self._last_seen[viewer] = seen

    def _cover_lifted(self, _: None = None) -> None:
        """The hand-off is over: mark the places that changed since the
        person taking the seat last saw the board, then hand it over."""
        seat = self.session.to_act
        seen = self._last_seen.get(seat) if seat is not None else None
        if seen is not None:
            now = self.place_signature()
            self.changed_marks = frozenset(n for n, what in now.items() if seen.get(n) != what)
        self._handed_off()

    def on_key(self) -> None:
        """The places marked after a hand-off stay marked until the first key."""
        if self.changed_marks:
            self.changed_marks = frozenset()
            self.call_later(self.refresh_view)

    def _handed_off(self, _: None = None) -> None:
        self.handoff_pending = False
        self.viewer = self.session.to_act
        self.refresh_view()
        self.picker.focus()
