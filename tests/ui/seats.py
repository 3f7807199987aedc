"""Windows sitting at seats of one save, for the tests of a screen per seat."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine.game import Action
from boardgames_tui.engine.seating import claim_seats, find_seats
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.modes import WatchMode
from boardgames_tui.ui.screens.seats import SeatMode
from tests.ui.helpers import wait_until


def at_seats(screen: object) -> bool:
    """A game screen sitting at seats of a table played at a screen per seat
    (or watching it, at none)."""
    if not isinstance(screen, GameScreen):
        return False
    mode = screen.mode
    return isinstance(mode, SeatMode) or (isinstance(mode, WatchMode) and not mode.elsewhere)


#: Windows follow the save a few times a second; a busy machine is slower.
FOLLOW_WAIT = 20.0


@dataclass
class Window:
    """One app sitting at some seats, and its pilot."""

    app: BoardgamesApp
    pilot: Pilot[Any]

    @property
    def screen(self) -> Any:
        found = next(s for s in self.app.screen_stack if at_seats(s))
        assert isinstance(found, GameScreen)
        return found

    @property
    def session(self) -> Session:
        session: Session = self.screen.session
        return session

    def play(self, action: Action) -> bool:
        """The screen's ``play``, called as this app's own code runs: with
        several apps in one test, ``self.app`` of a screen is the app whose
        code is running (Textual's context), not the screen's own."""
        with self.app._context():
            played: bool = self.screen.play(action)
        return played

    def messages(self) -> str:
        return "\n".join(n.message for n in self.app.notes)


def seated_app(saves_dir: Path, save: Path, names: Sequence[str]) -> BoardgamesApp:
    """A window at the seats ``names`` of ``save``, as ``boardgames-tui sit`` opens it."""
    session = Session.load(save)
    claim = claim_seats(save, session.seats, find_seats(session.seats, names))
    app = make_app(saves_dir, session=session, seated=claim, bot_delay=0)
    app.animation_level = "none"
    return app


@asynccontextmanager
async def windows(
    saves_dir: Path, save: Path, *seats: Sequence[str], size: tuple[int, int] = (120, 40)
) -> AsyncIterator[list[Window]]:
    """A window per entry of ``seats``, all running at once on one save."""
    async with AsyncExitStack() as stack:
        opened = []
        for names in seats:
            app = seated_app(saves_dir, save, names)
            pilot = await stack.enter_async_context(app.run_test(size=size))
            opened.append(Window(app, pilot))
        for window in opened:
            await wait_until(
                window.pilot,
                lambda w=window: any(at_seats(s) for s in w.app.screen_stack),
            )
        yield opened


async def in_step(windows: Sequence[Window], count: int) -> None:
    """Every window has followed the game to ``count`` moves."""
    for window in windows:
        await wait_until(
            window.pilot,
            lambda w=window: len(w.session.actions) == count,
            timeout=FOLLOW_WAIT,
        )


async def synced(wins: list[Window], save: Path, before: int = -1) -> None:
    """The game has moved past ``before`` moves, every window has written
    what it played, and every window shows the game as saved."""

    def caught_up() -> bool:
        # Each window's version is where the save stood when it last read
        # or wrote it: all the same, nothing unwritten, that is the save.
        versions = {w.screen.mode.seats.synced for w in wins}
        return (
            len(versions) == 1
            and next(iter(versions)).count > before
            and not any(
                w.screen.mode.seats.unwritten or w.screen.thinking is not None for w in wins
            )
        )

    await wait_until(wins[0].pilot, caught_up, timeout=FOLLOW_WAIT)
    for window in wins:
        await window.pilot.pause()
