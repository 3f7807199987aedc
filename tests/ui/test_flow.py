"""Pilot tests of the whole flow: menu, setup, play, hand-off, game over,
save and continue."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from boardgames_tui.ui.widgets import ActionPicker, ScoreTable
from tests.ui.helpers import picture_text, wait_until

AppFactory = Callable[..., BoardgamesApp]


def picker(app: BoardgamesApp) -> ActionPicker:
    return app.screen.query_one("#actions", ActionPicker)


async def test_menu_setup_play_to_the_end(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        # The game select has the focus: open it, type to find Sevens, choose it.
        await pilot.press("enter", "s", "e", "v", "enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game_id == "sevens"
        # Tab to the second seat's person/bot select and make it a bot.
        await pilot.press("tab", "tab", "tab", "tab", "tab")
        assert app.focused is not None and app.focused.id == "kind-1"
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        session = screen.session
        assert session.game_id == "sevens"
        assert [s.bot for s in session.seats] == [None, "random"]
        # One person against a bot: nobody to hide the hand from, no hand-off.
        for _ in range(40):
            await wait_until(
                pilot,
                lambda: (
                    isinstance(app.screen, GameOverScreen)
                    or (isinstance(app.screen, GameScreen) and bool(picker(app).actions))
                ),
            )
            if isinstance(app.screen, GameOverScreen):
                break
            assert app.focused is picker(app)
            await pilot.press("enter")
        assert isinstance(app.screen, GameOverScreen)
        assert session.is_over
        table = app.screen.query_one(ScoreTable)
        assert table.row_count == 2
        outcome = session.outcome()
        assert outcome.summary in str(app.screen.query_one("#gameover-summary").render())
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))


async def test_handoff_between_two_people(new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=3, saves_dir=saves_dir
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        # Before the first decision of a hidden-hand game: a hand-off.
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to Ana — press Enter" in str(app.screen.query_one("#handoff-name").render())
        game_screen = app.screen_stack[-2]
        assert isinstance(game_screen, GameScreen)
        # Nothing of Ana's is on the table beneath while the hand-off covers it.
        assert game_screen.query_one("#actions", ActionPicker).actions == []
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert picker(app).actions == session.legal_actions()
        anas = [session.describe(a) for a in session.legal_actions()[1:]]
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to Ben" in str(app.screen.query_one("#handoff-name").render())
        # Nothing of Ana's shows while the cover is up (the table beneath
        # is not drawn again behind it: it is drawn for Ben as it lifts).
        await pilot.pause()
        shown = picture_text(app)
        assert not [words for words in anas if words in shown]
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert session.to_act == 1
        assert picker(app).actions == session.legal_actions()


async def test_save_quit_and_continue(new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=saves_dir
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("2", "4")  # Ana adds 2, Ben draws a bonus
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert any("Saved to" in n.message for n in app.notes)
        before = to_json(session.state)
        assert len(session.actions) == 2
        await pilot.press("ctrl+q")
    assert app.return_code == 0

    again = new_app()
    async with again.run_test(size=(80, 24)) as pilot:
        assert isinstance(again.screen, MainMenuScreen)
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(again.screen, GameScreen))
        resumed = again.screen
        assert isinstance(resumed, GameScreen)
        assert resumed.session.path == session.path
        assert to_json(resumed.session.state) == before
        assert len(resumed.session.actions) == 2
        assert picker(again).actions == resumed.session.legal_actions()
