"""The bots' moves on the game screen: thought off the event loop, at a pace.

A service of :class:`~boardgames_tui.ui.screens.game.GameScreen`.  A bot's
choice is worked out in a thread worker after a pause (the pace, F5),
posted back to the screen as a message and played if the game has not
changed meanwhile; F6 lets the bots play on without pausing until a person
is to move.
"""

from __future__ import annotations

import time
from functools import partial
from typing import TYPE_CHECKING

from textual.worker import get_current_worker

from boardgames_tui.engine.game import IllegalAction

from ..messages import BotChose, BotFailed
from ..settings import PACE_ORDER, PACES

if TYPE_CHECKING:
    from .game_core import ScreenCore


class Bots:
    """The bots' moves, their pace, and skipping to a person's turn."""

    def __init__(self, screen: ScreenCore) -> None:
        self.screen = screen
        #: How long each bot move stays in view (``PACES``), and whether the
        #: bots play on without pausing until a person is to move (F6).
        self.pace = "normal"
        self.skipping = False

    def think(self, version: int) -> None:
        """Start the bot to move thinking, in a thread worker."""
        self.screen.run_worker(
            partial(self._think, version),
            name="bot",
            group="bot",
            thread=True,
            exclusive=True,
            exit_on_error=False,
        )

    def _think(self, version: int) -> None:
        """A bot's choice, off the event loop, after a short pause."""
        screen = self.screen
        worker = get_current_worker()
        delay = screen.settings.bot_delay * PACES[self.pace]
        waited = 0.0
        while waited < delay and not self.skipping and not worker.is_cancelled:
            step = min(0.05, delay - waited)
            time.sleep(step)
            waited += step
        if worker.is_cancelled:
            return
        try:
            action = screen.session.choose_bot_action()
        except Exception as exc:
            screen.post_message(BotFailed(str(exc) or type(exc).__name__, version))
            return
        if not worker.is_cancelled:
            screen.post_message(BotChose(action, version))

    def cancel(self) -> None:
        screen = self.screen
        screen.workers.cancel_group(screen, "bot")

    def chose(self, message: BotChose) -> None:
        screen = self.screen
        session = screen.session
        if message.version != screen.version or not session.bot_to_act:
            return
        if not screen.mode.moves_here():
            return
        try:
            session.apply(message.action, save=False)
        except IllegalAction as exc:
            self.stuck(str(exc))
            return
        if not session.bot_to_act:
            self.skipping = False  # a person is to move (or the game is over)
        screen.moved()

    def failed(self, message: BotFailed) -> None:
        if message.version == self.screen.version:
            self.stuck(message.error)

    def stuck(self, error: str) -> None:
        screen = self.screen
        screen.thinking = None
        screen.stuck = error
        screen.notify(f"The bot could not move: {error}", severity="error", timeout=10)
        screen.refresh_view()

    @property
    def at_table(self) -> bool:
        """Whether a bot sits at this table (its pace can be set)."""
        return any(seat.bot for seat in self.screen.session.seats)

    @property
    def can_skip(self) -> bool:
        """A bot is to move, a person sits at the table, and this window
        moves the bots."""
        screen = self.screen
        session = screen.session
        return (
            session.bot_to_act
            and not session.is_over
            and screen.mode.moves_here()
            and not self.skipping
            and screen.people > 0
        )

    def next_pace(self) -> None:
        """The next pace of the bots' moves: instant, normal, slow."""
        screen = self.screen
        self.pace = PACE_ORDER[(PACE_ORDER.index(self.pace) + 1) % len(PACE_ORDER)]
        seconds = screen.settings.bot_delay * PACES[self.pace]
        how = "no pause" if not seconds else f"{seconds:g} s each"
        screen.notify(f"Bot moves: {self.pace} ({how}).", title="Bot pace")
        screen.refresh_bindings()

    def skip(self) -> None:
        """Let the bots play on without pausing until a person is to move."""
        screen = self.screen
        if not self.can_skip:
            why = "No bot is to move now." if screen.session.bot_to_act is False else ""
            screen.notify(
                why or "The bots already play on without pausing.", title="Skip", severity="warning"
            )
            return
        self.skipping = True
        screen.notify("The bots play on without pausing until a person is to move.")
        screen.refresh_bindings()


__all__ = ["Bots"]
