"""The generic game screen: undo and its limits, illegal actions, help, the
command palette, the log and table panels, bots."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual.widgets import OptionList, Static

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.messages import ActionChosen
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.widgets import ActionPicker, GameLog
from tests.toygame import Play
from tests.ui.helpers import messages, wait_until

AppFactory = Callable[..., BoardgamesApp]


def game_screen(app: BoardgamesApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def against_bot(saves_dir: Path, game: str = "tally", **options: object) -> Session:
    return Session.new(
        game,
        [Seat(name="Ana"), Seat(name="Ben", bot="random")],
        options=options or None,
        seed=4,
        saves_dir=saves_dir,
    )


async def test_undo_and_undo_past_a_draw(new_app: AppFactory, saves_dir: Path) -> None:
    session = against_bot(saves_dir, rounds=4)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        await pilot.press("ctrl+z")  # nothing yet: the key is disabled
        assert session.actions == []
        await pilot.press("3")  # Ana adds 3; the bot answers
        await wait_until(pilot, lambda: len(session.actions) == 2 and session.to_act == 0)
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: session.actions == [])
        assert "Undid 2 moves" in messages(app)
        # The log says what was taken back, and nothing else is left in it.
        shown = screen.query_one("#log", GameLog).shown
        assert [entry.undo for entry in shown] == [True]
        assert shown[0].text.startswith("Ana took back 2 moves: ")
        assert to_json(session.state)["added"] == [0, 0]
        await pilot.press("2")  # Ana adds 2
        await wait_until(pilot, lambda: len(session.actions) == 2 and session.to_act == 0)
        await pilot.press("4")  # Ana draws a bonus: random, so no undo past it
        await wait_until(pilot, lambda: len(session.actions) == 4 and session.to_act == 0)
        before = to_json(session.state)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert "Can't undo" in messages(app)
        assert to_json(session.state) == before
        assert len(session.actions) == 4


async def test_illegal_action_is_refused_and_changes_nothing(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = against_bot(saves_dir, game="sevens")
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        picker = screen.query_one("#actions", ActionPicker)
        before = to_json(session.state)
        picker.post_message(ActionChosen(Play(card=99), picker))
        await pilot.pause()
        assert "not allowed" in messages(app)
        assert to_json(session.state) == before
        assert session.actions == []
        assert picker.actions == session.legal_actions()


async def test_help_keys_and_rules(new_app: AppFactory, saves_dir: Path) -> None:
    app = new_app(session=against_bot(saves_dir))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "- **Ctrl+Z** — Undo" in help_screen.source
        assert "no rules help for Tally" in help_screen.source
        await pilot.press("slash")
        await pilot.press(*"undo")
        await pilot.pause()
        await pilot.press("escape", "escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


async def test_command_palette_saves(new_app: AppFactory, saves_dir: Path) -> None:
    session = against_bot(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        commands = [c.name for c in game_screen(app).game_commands()]
        assert commands[:6] == ["Save", "Undo", "Help", "Show log", "All actions", "Main menu"]
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"save")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: "Saved to" in messages(app))


async def test_the_palette_leads_back_to_the_menu(new_app: AppFactory, saves_dir: Path) -> None:
    # A table playing by touch (serve) has no Esc key: the palette has the way out.
    session = against_bot(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        command = next(c for c in game_screen(app).game_commands() if c.name == "Main menu")
        command.run()
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))


async def test_log_and_table_keys(new_app: AppFactory, saves_dir: Path) -> None:
    session = against_bot(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 2 and session.to_act == 0)
        log = screen.query_one("#log", GameLog)
        assert [e.text for e in log.shown] == [e.text for e in session.log]
        await pilot.press("l")
        assert app.focused is log
        await pilot.press("l")
        assert app.focused is screen.query_one("#actions")
        await pilot.press("v")
        table = screen.query_one("#table")
        assert app.focused is table and table.display
        assert not log.display  # 80 columns: one side panel at a time
        await pilot.press("l")
        assert log.display and app.focused is log


async def test_bots_play_a_whole_game(new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new(
        "sevens",
        [Seat(name="Bot A", bot="random"), Seat(name="Bot B", bot="random")],
        seed=9,
        saves_dir=saves_dir,
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert session.is_over
        await pilot.press("escape")  # back to the finished table
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("g")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("m")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))


async def test_menu_goes_back_to_the_menu(new_app: AppFactory, saves_dir: Path) -> None:
    session = against_bot(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("escape")  # Esc asks first, as on every game screen
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        # The game just left is the one Continue offers.
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        assert menu.latest is not None and menu.latest.path == session.path
        # ... as a game nobody has open: this window let it go on leaving.
        await pilot.pause()
        assert menu.latest.open_elsewhere == ""
        assert "another window" not in str(
            menu.query_one("#menu", OptionList).get_option_at_index(1).prompt
        )


async def test_bot_thinking_is_shown_and_undo_drops_its_move(saves_dir: Path) -> None:
    session = against_bot(saves_dir, rounds=3)
    # Ben takes 3 s to choose: time enough, even on a loaded machine, to see
    # him thinking and to undo before his choice arrives.
    app = make_app(saves_dir, session=session, bot_delay=3.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        await pilot.press("1")
        await wait_until(pilot, lambda: screen.thinking == 1)
        assert "Ben (bot) is thinking…" in str(screen.query_one("#prompt", Static).render())
        assert screen.picker.actions == []
        # Undo while Ben thinks: Ana's move goes, Ben's late choice is dropped.
        await pilot.press("ctrl+z")
        assert session.actions == []
        await pilot.pause(3.2)  # Ben's choice arrives, for a game that has moved on
        assert session.actions == []
        assert session.to_act == 0
        assert screen.picker.actions == session.legal_actions()
        await pilot.press("2")
        await wait_until(pilot, lambda: len(session.actions) == 2)
        assert session.to_act == 0 and screen.thinking is None


async def test_undo_past_another_persons_move_asks_first(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], {"rounds": 4}, seed=4, saves_dir=saves_dir
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = game_screen(app)
        await pilot.press("1")  # Ana adds 1
        await pilot.press("2")  # Ben adds 2
        await wait_until(pilot, lambda: len(session.actions) == 2 and session.to_act == 0)
        # Ana's last action lies behind Ben's: asked first, and No keeps both.
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        dialog = app.screen
        assert isinstance(dialog, ConfirmDialog) and dialog.question == "Undo Ben's move too?"
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(session.actions) == 2
        # Yes takes back both, and the log says so.
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: session.actions == [])
        assert app.screen is screen and session.to_act == 0
        shown = screen.query_one("#log", GameLog).shown
        assert [entry.text for entry in shown] == [
            "Ana took back 2 moves: Ben adds 2. / Ana adds 1."
        ]
        # Escape answers No too.
        await pilot.press("3")  # Ana adds 3; Ben decides
        await pilot.press("1")  # Ben adds 1; Ana decides
        await pilot.press("2")  # Ana adds 2; Ben decides
        await wait_until(pilot, lambda: len(session.actions) == 3)
        await pilot.press("ctrl+z")  # Ben's own 1 is behind Ana's 2: asked
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(session.actions) == 3
