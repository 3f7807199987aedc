"""The search's advice on the game screen: ``?`` (and the palette's "What
would the bot do?") for the person deciding now.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``).  The advice is offered only to a person deciding at this
terminal: not to a bot's seat, not while a hand-off covers the table, not
in a window that only watches the game, and not once it is over; it reads
the view of the seat deciding now (in a hidden-hand game, the person the
table was handed to).  The dialog (``advice.py``) runs the search in a
worker; the move chosen there is played as the person's own, through
``play`` (undo, the save and the log as for any move), and the log marks
it.  A table may turn the advice off (the palette; kept in its save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from boardgames_tui.engine.game import Action, copy_state
from boardgames_tui.engine.lock import OPEN_ELSEWHERE

from .advice import AdviceDialog
from .game_core import ScreenCore

#: The key that asks for advice (every game screen has it, among the bot
#: keys): in the footer while advice may be given (``advice_refusal``).
ADVICE_KEY = Binding("question_mark", "advice", "Advice")
#: ``?`` where the footer does not offer it: a hidden binding after
#: :data:`ADVICE_KEY` that says why there is no advice now.
ADVICE_WHY = Binding("question_mark", "advice_why", "", show=False)

#: What ``?`` says while the table has turned the advice off.
ADVICE_OFF = "Advice is off for this table (Ctrl+P, “Turn advice on”, brings it back)."


class Advising(ScreenCore):
    """``?``: the advice dialog, and the table's setting that turns it off."""

    #: Playouts the advice's search runs (None: the ``normal`` level's cap;
    #: tests set a small one).
    advice_playouts: int | None = None
    #: The move the person chose in the advice dialog, until it is played.
    advised_action: Action | None = None

    if TYPE_CHECKING:

        def play(self, action: Action) -> bool: ...
        def save_move(self) -> None: ...

    def advice_refusal(self) -> str | None:
        """Why no advice may be given now (None: it may)."""
        session = self.session
        if not session.advice_on:
            return ADVICE_OFF
        if session.is_over:
            return "The game is over: there is no move to advise on."
        if self.read_only:
            return f"{OPEN_ELSEWHERE}: ask for advice there."
        if session.bot_to_act or self.thinking is not None:
            return "A bot is to move: advice is for the person deciding."
        if self.handoff_pending:
            return "Pass the terminal first: advice is for the person deciding."
        seat = session.to_act
        if seat is None:
            return "Nobody decides now."
        if self.game.hidden_information and self.viewer != seat:
            return "Advice is for the person deciding, once the table is handed to them."
        if not self.can_act:
            return "No move can be made here: advice is for the person deciding a move."
        return None

    def action_advice_why(self) -> None:
        """``?`` where the footer does not offer it: why no advice now."""
        self.action_advice()

    def action_advice(self) -> None:
        """Open the advice for the person deciding now, or say why not."""
        refusal = self.advice_refusal()
        if refusal is not None:
            self.notify(refusal, title="Advice", severity="warning")
            return
        session = self.session
        seat = session.to_act
        assert seat is not None
        # A copy of the seat's view (an open game's view is the state
        # itself): the worker reads it while the screen keeps the game.
        view = self.game.view(session.state, seat)
        if view is session.state:
            view = copy_state(view)
        seed = (session.seed * 1_000_003 + len(session.actions)) % (1 << 62)
        version = self.version
        dialog = AdviceDialog(
            self.game,
            view,
            seat,
            self.seat_name(seat),
            seed=seed,
            playouts=self.advice_playouts,
        )

        def chosen(action: Action | None) -> None:
            if action is None or self.version != version or not self.live:
                return
            self.advised_action = action
            try:
                self.play(action)
            finally:
                if self.version != version:
                    self.advised_action = None

        self.app.push_screen(dialog, chosen)

    def take_advised(self, action: Action) -> bool:
        """Whether ``action``, about to be played, was chosen on advice (and
        forget it: the mark is for that move only)."""
        advised = self.advised_action is not None and action == self.advised_action
        self.advised_action = None
        return advised

    def action_toggle_advice(self) -> None:
        """Turn the table's advice off or on (kept in its save)."""
        if self.read_only:
            self.notify(f"{OPEN_ELSEWHERE}: change it there.", severity="warning")
            return
        session = self.session
        session.advice_on = not session.advice_on
        state = "on" if session.advice_on else "off"
        self.notify(f"Advice is {state} for this table.", title="Advice")
        self.refresh_bindings()  # ``?`` in the footer, or not
        if session.path is not None:
            session.save_pending = True
            self.save_move()
