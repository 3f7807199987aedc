"""The bots' moves on the game screen: thought off the event loop, at a pace.

A part of :class:`~boardgames_tui.ui.screens.game.GameScreen` (see
``game_core.py``).  A bot's choice is worked out in a thread worker after a
pause (the pace, F5), posted back as a message and played if the game has
not changed meanwhile; F6 lets the bots play on without pausing until a
person is to move.
"""

from __future__ import annotations

import time

from textual import on, work
from textual.binding import Binding, BindingType
from textual.worker import get_current_worker

from boardgames_tui.engine.game import IllegalAction

from ..messages import BotChose, BotFailed
from ..settings import PACE_ORDER, PACES
from .game_advice import ADVICE_KEY
from .game_core import ScreenCore

#: Keys every game screen has for its bots (a game's own screen lists them
#: among its bindings): the pace of their moves, skipping to your turn, and
#: asking the search what it would do (``?``, ``game_advice.py``).
BOT_KEYS: list[BindingType] = [
    Binding("f5", "pace", "Bot pace", show=False),
    Binding("f6", "skip", "Skip to my turn"),
    ADVICE_KEY,
]


class BotPlay(ScreenCore):
    """The bots' moves, their pace, and skipping to a person's turn."""

    @work(exclusive=True, thread=True, group="bot", exit_on_error=False)
    def think(self, version: int) -> None:
        """A bot's choice, off the event loop, after a short pause."""
        worker = get_current_worker()
        delay = self.settings.bot_delay * PACES[self.pace]
        waited = 0.0
        while waited < delay and not self.skipping and not worker.is_cancelled:
            step = min(0.05, delay - waited)
            time.sleep(step)
            waited += step
        if worker.is_cancelled:
            return
        try:
            action = self.session.choose_bot_action()
        except Exception as exc:
            self.post_message(BotFailed(str(exc) or type(exc).__name__, version))
            return
        if not worker.is_cancelled:
            self.post_message(BotChose(action, version))

    @on(BotChose)
    def _bot_chose(self, message: BotChose) -> None:
        if message.version != self.version or not self.session.bot_to_act or self.read_only:
            return
        try:
            self.session.apply(message.action, save=False)
        except IllegalAction as exc:
            self._bot_stuck(str(exc))
            return
        if not self.session.bot_to_act:
            self.skipping = False  # a person is to move (or the game is over)
        self._after_move()
        self.changed()
        if not self.is_current:  # covered (results, a hand-off): no frame of ours
            self._move_shown()

    @on(BotFailed)
    def _bot_failed(self, message: BotFailed) -> None:
        if message.version == self.version:
            self._bot_stuck(message.error)

    def _bot_stuck(self, error: str) -> None:
        self.thinking = None
        self.stuck = error
        self.notify(f"The bot could not move: {error}", severity="error", timeout=10)
        self.refresh_view()

    @property
    def has_bots(self) -> bool:
        """Whether a bot sits at this table (its pace can be set)."""
        return any(seat.bot for seat in self.session.seats)

    @property
    def can_skip(self) -> bool:
        """A bot is to move, a person sits at the table, and this window plays."""
        return (
            self.session.bot_to_act
            and not self.session.is_over
            and not self.read_only
            and not self.skipping
            and self.people > 0
        )

    def action_pace(self) -> None:
        """The next pace of the bots' moves: instant, normal, slow."""
        self.pace = PACE_ORDER[(PACE_ORDER.index(self.pace) + 1) % len(PACE_ORDER)]
        seconds = self.settings.bot_delay * PACES[self.pace]
        how = "no pause" if not seconds else f"{seconds:g} s each"
        self.notify(f"Bot moves: {self.pace} ({how}).", title="Bot pace")
        self.refresh_bindings()

    def action_skip(self) -> None:
        """Let the bots play on without pausing until a person is to move."""
        if not self.can_skip:
            return
        self.skipping = True
        self.notify("The bots play on without pausing until a person is to move.")
        self.refresh_bindings()
