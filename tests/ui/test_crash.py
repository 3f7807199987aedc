"""An exception inside a screen never ends the program with a traceback: the
player reads one sentence and goes back to the menu, the game is saved, the
traceback (without local variables) is in crash.log in the saves folder; an
exception the app cannot recover from ends it with a non-zero exit status."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.widgets import Static

from boardgames_tui import cli
from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.saves import latest_save
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.crash import CRASH_LOG, CrashScreen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]
SENTENCE = "Something went wrong; the game is saved, press Enter to go back to the menu."


@pytest.fixture(autouse=True)
def lenient(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests cause crashes on purpose."""
    monkeypatch.setattr(BoardgamesApp, "strict", False)


class Boom(RuntimeError):
    pass


def two_people(saves_dir: Path) -> Session:
    return Session.new("tally", [Seat(name="Ana"), Seat(name="Ben")], seed=3, saves_dir=saves_dir)


def sentence_on(app: BoardgamesApp) -> str:
    screen = app.screen
    assert isinstance(screen, CrashScreen)
    return str(screen.query_one("#crash-sentence", Static).render())


async def crash_and_go_back(
    app: BoardgamesApp, pilot: Any, saves_dir: Path, session: Session, moves: int
) -> None:
    """The crash screen is up: check it, the log and the save; Enter goes back."""
    await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen))
    assert sentence_on(app) == SENTENCE
    log = (saves_dir / CRASH_LOG).read_text(encoding="utf-8")
    assert "Boom: the screen broke" in log
    assert "Traceback" in log
    # No state dump: a traceback with locals would show the session's fields.
    assert "session =" not in log and "self =" not in log
    assert f"game: tally, {moves} actions" in log
    # The save is the game before the failing move.
    info = latest_save(saves_dir)
    assert info is not None and info.path == session.path and info.actions == moves
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
    assert len(app.screen_stack) == 2  # the first menu and a fresh one
    assert not app.return_code
    assert len(app.crashes) == 1


async def test_a_message_handler_that_raises_shows_the_sentence(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = two_people(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1")  # Ana adds 1: saved
        await wait_until(pilot, lambda: len(session.actions) == 1)

        def broken(self: GameScreen) -> None:
            raise Boom("the screen broke")

        monkeypatch.setattr(GameScreen, "changed", broken)
        await pilot.press("2")  # Ben's move is applied and saved, then the screen fails
        await crash_and_go_back(app, pilot, saves_dir, session, moves=2)
        # Continue picks the game up where it was.
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen) and len(screen.session.actions) == 2
    assert not app.return_code


async def test_a_key_action_that_raises_shows_the_sentence(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Key bindings run in the app's own message loop: that must survive too."""
    session = two_people(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) == 1)

        def broken(self: GameScreen) -> None:
            raise Boom("the screen broke")

        monkeypatch.setattr(GameScreen, "action_save", broken)
        await pilot.press("ctrl+s")
        await crash_and_go_back(app, pilot, saves_dir, session, moves=1)
        # The app still answers keys.
        await pilot.press("n")
        await wait_until(pilot, lambda: type(app.screen).__name__ == "SetupScreen")
    assert not app.return_code


async def test_a_crash_outside_a_game_does_not_claim_a_save(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from boardgames_tui.ui.screens.load import LoadScreen

    def broken(self: LoadScreen) -> None:
        raise Boom("the screen broke")

    monkeypatch.setattr(LoadScreen, "on_mount", broken)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, CrashScreen))
        assert sentence_on(app) == "Something went wrong; press Enter to go back to the menu."
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
    assert not app.return_code


async def test_a_crash_in_the_app_itself_exits_non_zero(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: BoardgamesApp, event: Any) -> None:
        raise Boom("the app broke")

    monkeypatch.setattr(BoardgamesApp, "on_resize", broken)
    app = new_app()
    with pytest.raises(Boom):  # run_test re-raises it, for tests
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
    assert app.return_code == 1
    assert "Boom: the app broke" in (saves_dir / CRASH_LOG).read_text(encoding="utf-8")


def test_the_command_line_exits_non_zero_with_one_sentence(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: BoardgamesApp) -> None:
        raise Boom("the app broke")

    def headless(self: BoardgamesApp) -> Any:
        return App.run(self, headless=True, size=(80, 24))

    monkeypatch.setattr(BoardgamesApp, "on_mount", broken)
    monkeypatch.setattr(BoardgamesApp, "run", headless)
    status = cli.main(["--saves", str(saves_dir)])
    assert status == 1
    err = capsys.readouterr().err
    assert "Something went wrong; the game is saved." in err
    assert str(saves_dir / CRASH_LOG) in err
    assert "Traceback" not in err and "locals" not in err.lower()
    assert "Boom: the app broke" in (saves_dir / CRASH_LOG).read_text(encoding="utf-8")
