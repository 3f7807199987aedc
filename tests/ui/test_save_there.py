""" "Save there" (leaving a game whose moves could not be saved): an existing
file is replaced only after asking, and a game another window has open is
never written over."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.unsaved import UnsavedDialog
from tests.engine.lockholder import Holder
from tests.ui.helpers import wait_until
from tests.ui.test_save_failure import Disk, same_game, two_people

AppFactory = Callable[..., BoardgamesApp]

pytestmark = pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc")


async def leave_unsaved(
    pilot: Pilot[Any], app: BoardgamesApp, session: Session, disk: Disk
) -> None:
    """Make a move the full disk cannot take, then ask to leave."""
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    disk.full = True
    await pilot.press("1")
    await wait_until(pilot, lambda: len(session.actions) == 2)
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))


def error_of(dialog: object) -> str:
    assert isinstance(dialog, UnsavedDialog)
    return str(dialog.query_one("#unsaved-error", Static).render())


async def test_save_there_asks_before_replacing_a_file(
    new_app: AppFactory, saves_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    precious = tmp_path / "thesis.json"
    precious.write_text("three years of work")
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await leave_unsaved(pilot, app, session, disk)
        dialog = app.screen
        dialog.query_one("#unsaved-path", Input).value = str(precious)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        question = str(app.screen.query_one(".dialog-question", Static).render())
        assert "thesis.json already exists" in question and "Replace it" in question
        # No: back in the dialog, the file as it was.
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is dialog)
        assert precious.read_text() == "three years of work"
        # Yes: replaced by the game, and the game is left.
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
    same_game(precious, session)


async def test_save_there_into_a_folder_asks_if_the_name_is_taken(
    new_app: AppFactory, saves_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    assert session.path is not None
    usb = tmp_path / "usb"
    usb.mkdir()
    taken = usb / session.path.name
    taken.write_text("an older copy")
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await leave_unsaved(pilot, app, session, disk)
        app.screen.query_one("#unsaved-path", Input).value = str(usb)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, UnsavedDialog))
        assert taken.read_text() == "an older copy"


@pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")
async def test_save_there_refuses_a_game_open_in_another_window(
    new_app: AppFactory, saves_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other_folder = tmp_path / "elsewhere"
    other_folder.mkdir()
    other = Session.new("tally", [Seat(name="Cy"), Seat(name="Di")], seed=4, saves_dir=other_folder)
    other.apply(other.legal_actions()[0])
    assert other.path is not None
    original = other.path.read_bytes()
    disk = Disk(saves_dir, monkeypatch)
    session = two_people(saves_dir)
    window = Holder(other.path)
    try:
        assert window.first == "LOCKED"
        app = new_app(session=session)
        async with app.run_test(size=(80, 24)) as pilot:
            await leave_unsaved(pilot, app, session, disk)
            dialog = app.screen
            dialog.query_one("#unsaved-path", Input).value = str(other.path)
            await pilot.press("enter")
            await pilot.pause()
            assert app.screen is dialog, "no question: the file is not offered"
            said = error_of(dialog)
            assert other.path.name in said and "open in another window" in said
            assert f"process {window.pid}" in said
    finally:
        window.close()
    assert other.path.read_bytes() == original
