"""Behind a hand-off's cover the table is not drawn (issue 49): the move
that hands the terminal to another person leaves the game's screen as it
was (the cover is opaque: nobody sees it), and the cover lifting draws it
once, for the person handed it, in the frame the cover goes in.

Tyrants and Root (hidden hands) and the generic screen (the test game
Sevens); Underwing and Incubation have no hidden hands, so no cover (their
moves' redraws are counted in ``test_render_once``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.geometry import Region

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets.action_picker import ActionPicker
from boardgames_tui.ui.widgets.footer import GameFooter
from boardgames_tui.ui.widgets.game_log import GameLog
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import blanked, past_the_cover, screen_lines, settle, wait_until
from tests.ui.root.helpers import new_session as root_session
from tests.ui.tyrants.helpers import new_session as tyrants_session

AppFactory = Callable[..., BoardgamesApp]

SESSIONS: dict[str, Callable[[], Session]] = {
    "tyrants": lambda: tyrants_session(2, seed=3),
    "root": lambda: root_session(seed=3),
    "sevens": lambda: Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=3),
}


class HiddenWork:
    """Counts what the game's screen draws while the cover is up: the
    board, the action list, the log."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.count = 0
        self.wrap(screen, "draw_board")
        self.wrap(screen, "refresh_picker")
        self.wrap(screen.query_one("#actions", ActionPicker), "set_actions")
        self.wrap(screen.query_one("#actions", ActionPicker), "set_waiting")
        self.wrap(screen.query_one("#log", GameLog), "show_entries")

    def wrap(self, owner: Any, name: str) -> None:
        work = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            if self.screen.handoff_pending:
                self.count += 1
            return work(*args, **kwargs)

        setattr(owner, name, counted)


class FirstFrame:
    """The rows of the first frame written after :meth:`arm`."""

    def __init__(self, app: BoardgamesApp) -> None:
        self.lines: list[str] | None = None
        self._armed = False
        written = app.frame_written

        def frame_written() -> None:
            if self._armed:
                self._armed = False
                self.lines = screen_lines(app)
            written()

        app.frame_written = frame_written  # type: ignore[method-assign]

    def arm(self) -> None:
        self.lines, self._armed = None, True


@pytest.mark.parametrize("game", list(SESSIONS))
async def test_nothing_is_drawn_behind_the_cover_and_its_lifting_shows_the_next_seat(
    new_app: AppFactory, game: str
) -> None:
    session = SESSIONS[game]()
    bot = get_bot("random", 7, session.game)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_cover(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hidden, first = HiddenWork(screen), FirstFrame(app)
        # Moves by the person at the keyboard until one hands the table on.
        for _ in range(200):
            await wait_until(pilot, lambda: screen.live)
            last = session.to_act
            assert screen.play_now(bot.choose(session.game, session.state))
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                break
        else:
            raise AssertionError("no hand-off in 200 moves")
        nxt = session.to_act
        assert nxt is not None and nxt != last
        await settle(pilot)
        assert isinstance(app.screen, HandoffScreen)
        assert hidden.count == 0, "the table was drawn behind the cover"
        first.arm()
        await pilot.press("enter")
        await wait_until(pilot, lambda: first.lines is not None)
        assert app.screen is screen and screen.live
        assert screen.viewer == nxt and screen.watching() == nxt
        await settle(pilot)
        # The first frame after the cover already showed the table as it
        # stays (the next seat's view, nothing of the last seat's left),
        # but for what follows in later frames by design: the key bar (the
        # keys are looked at a turn later, and advice's ``?`` once it is
        # worked out) and, in Root, the side panel's box, whose height
        # follows its new rows in the next layout (its rows are the new
        # seat's in the first frame).
        without = [bar.region for bar in screen.query(KeyBar)]
        without += [bar.region for bar in screen.query(GameFooter)]
        if game == "root":
            box = screen.query_one("#boards-scroll").region
            without.append(Region(box.x, box.y, box.width, screen.size.height - box.y))
        assert blanked(first.lines, without) == screen_lines(app, without=without)


@pytest.mark.parametrize("game", list(SESSIONS))
async def test_leaving_from_the_cover_shows_nothing_of_the_last_seat(
    new_app: AppFactory, game: str
) -> None:
    """Esc on the cover, Leave: the cover goes without handing the table
    over.  The table beneath was not drawn again while covered, so it still
    holds the last person's view: the menu is asked for in the turn the
    cover goes, before any frame can show it, and the table is drawn for
    nobody first (what stays on screen if leaving asks first)."""
    session = SESSIONS[game]()
    bot = get_bot("random", 7, session.game)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_cover(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for _ in range(200):
            await wait_until(pilot, lambda: screen.live)
            assert screen.play_now(bot.choose(session.game, session.state))
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                break
        else:
            raise AssertionError("no hand-off in 200 moves")
        await settle(pilot)
        cover = app.screen
        frames = [0]
        written = app.frame_written

        def frame_written() -> None:
            frames[0] += 1
            written()

        app.frame_written = frame_written  # type: ignore[method-assign]
        seen: dict[str, Any] = {}
        dismiss, menu = cover.dismiss, screen.action_menu

        def going(result: Any = None) -> Any:
            seen["cover went"] = frames[0]
            return dismiss(result)

        def leaving() -> None:
            seen["menu"] = frames[0]
            seen["picker"] = list(screen.query_one("#actions", ActionPicker).actions)
            seen["lines"] = "\n".join(screen_lines(app))
            menu()

        cover.dismiss = going  # type: ignore[method-assign]
        screen.action_menu = leaving  # type: ignore[method-assign]
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, HandoffScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: "menu" in seen)
        assert seen["menu"] == seen["cover went"], "a frame came between the cover and the menu"
        assert seen["picker"] == [], "the last person's list was still beneath the cover"
        # (Root's hand is "Your hand, ..." only to the person it is drawn for)
        assert "Your hand" not in seen["lines"], "the last person's hand was beneath the cover"
        await wait_until(pilot, lambda: not isinstance(app.screen, GameScreen | HandoffScreen))
