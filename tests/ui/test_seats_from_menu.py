"""A game played at a screen per seat, seen from another window's menu: the
Load screen and Continue say which seats sit ("open at 1 seat: Ana") and
open it at a free seat or watching the table, never on one screen against
the seats' windows; deleting it from the Load screen takes its seats' links
and lock files along, and those files are never listed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import holder
from boardgames_tui.engine.savefile import read_save
from boardgames_tui.engine.seating import (
    claim_seats,
    seat_holder,
    seat_tokens,
    tokens_path,
    version_of,
    write_checked,
)
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens import seats as seat_windows
from boardgames_tui.ui.screens.dialogs import ChooseGameDialog, ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.modes import WatchMode
from tests.ui.helpers import leave_game, plain, wait_until
from tests.ui.seats import at_seats

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")

AppFactory = Callable[..., BoardgamesApp]


def new_save(saves_dir: Path) -> Path:
    seats = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random")]
    session = Session.new(
        "tally", seats, {"rounds": 3, "draws": False}, seed=5, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])  # Ana's first move: saved
    assert session.path is not None
    return session.path


def listing(screen: LoadScreen) -> str:
    saves = screen.query_one("#saves", OptionList)
    return "\n".join(plain(saves.get_option_at_index(i).prompt) for i in range(saves.option_count))


def seated(app: BoardgamesApp) -> GameScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GameScreen) and at_seats(s)), None)


async def open_load(app: BoardgamesApp, pilot: object) -> LoadScreen:
    await pilot.press("l")  # type: ignore[attr-defined]
    await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))  # type: ignore[arg-type]
    screen = app.screen
    assert isinstance(screen, LoadScreen)
    await wait_until(pilot, lambda: not any(i.pending for i in screen.saves))  # type: ignore[arg-type]
    return screen


async def test_the_load_screen_watches_a_game_played_at_seats(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    save = new_save(saves_dir)
    claim = claim_seats(save, Session.load(save).seats, (0,))  # Ana's window
    try:
        app = new_app()
        async with app.run_test(size=(100, 30)) as pilot:
            screen = await open_load(app, pilot)
            assert screen.saves[0].seated == [0]
            assert "Open at 1 seat: Ana, a screen per seat" in listing(screen)
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, ChooseGameDialog))
            dialog = app.screen
            assert isinstance(dialog, ChooseGameDialog)
            assert "open at 1 seat: Ana" in dialog.title_text
            assert [label for _, label in dialog.games] == [
                "Sit at Ben's seat",
                "Watch the table: the board and the log, no hand",
            ]
            await pilot.press("down", "enter")
            await wait_until(pilot, lambda: seated(app) is not None)
            watcher = seated(app)
            assert watcher is not None and isinstance(watcher.mode, WatchMode)
            assert "watching the table" in watcher.title_shown()
            # No lock of the save is taken: the seats' windows write on.
            assert holder(save) is None and not watcher.can_act
            assert watcher.legal() == []
            assert watcher.check_action("undo", ()) is False  # no Undo offered
            told = "\n".join(n.message for n in app.notes)
            assert "this window watches, with no hand" in told
            assert "sit at a free seat (Ben)" in told
            # Ben's move, written by his window, shows here.
            ben = Session.load(save)
            ben.path = None
            since = version_of(ben)
            ben.apply(ben.legal_actions()[1])
            write_checked(ben, save, since)
            await wait_until(pilot, lambda: len(watcher.session.actions) == 2)
            await pilot.press("1")
            await pilot.pause(0.2)
            assert len(read_save(save).actions) == 2  # the watcher made nothing
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
            assert app.is_running
    finally:
        claim.release()


async def test_a_free_seat_is_sat_at_from_the_menus_continue(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    save = new_save(saves_dir)
    claim = claim_seats(save, Session.load(save).seats, (0,))
    try:
        app = new_app()
        async with app.run_test(size=(100, 30)) as pilot:
            menu = app.screen
            assert isinstance(menu, MainMenuScreen)
            await wait_until(pilot, lambda: menu.latest is not None)
            assert menu.latest is not None and menu.latest.seated == [0]
            about = plain(menu.query_one("#menu", OptionList).get_option_at_index(1).prompt)
            assert "open at 1 seat: Ana" in about
            await pilot.press("c")
            await wait_until(pilot, lambda: isinstance(app.screen, ChooseGameDialog))
            await pilot.press("enter")  # Sit at Ben's seat
            await wait_until(pilot, lambda: seated(app) is not None)
            ben = seated(app)
            assert ben is not None and ben.mode.sitting == frozenset({1})
            assert seat_holder(save, 1) is not None
            assert ben.can_act and holder(save) is None
            await pilot.press("2")
            await wait_until(pilot, lambda: len(read_save(save).actions) == 2)
            # A second window may not sit at Ben's seat now.
            with pytest.raises(Exception, match="Ben already sits in another window"):
                claim_seats(save, Session.load(save).seats, (1,))
            await leave_game(pilot)  # back to the menu (the seat is let go)
            await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
            assert seat_holder(save, 1) is None and app.is_running
    finally:
        claim.release()


async def test_deleting_a_save_takes_its_seat_files_along(
    new_app: AppFactory, saves_dir: Path
) -> None:
    save = new_save(saves_dir)
    seats = Session.load(save).seats
    seat_tokens(save, seats)
    assert tokens_path(save).is_file()
    # A seat lock left by a window that crashed (nobody holds it).
    stale = save.with_name(f".{save.name}.seat1.lock")
    stale.write_text("999999 elsewhere\n")
    claim = claim_seats(save, seats, (0,))
    app = new_app()
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await open_load(app, pilot)
        # The seats' files are not saves: the list holds the save alone.
        assert [i.path.name for i in screen.saves] == [save.name]
        # Refused while Ana sits, before anything is asked, and nothing is removed.
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert save.is_file() and tokens_path(save).is_file() and stale.is_file()
        messages = "\n".join(n.message for n in app.notes)
        assert "open at a seat in windows of their own" in messages
        claim.release()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: not save.exists())
        assert not tokens_path(save).exists() and not stale.exists()
        assert not [p for p in saves_dir.iterdir() if p.name.startswith(f".{save.name}")]
        await wait_until(pilot, lambda: load_empty(app))


def load_empty(app: BoardgamesApp) -> bool:
    screen = app.screen
    return isinstance(screen, LoadScreen) and screen.count == 0
