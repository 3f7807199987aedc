"""The Load screen keeps the commands' rule (issue 46 item 4, issue 45
item 17): every ``*.json`` that is not a save file (a symbolic link, a FIFO,
a socket, a folder) is listed and refused in the sentence every command
uses, and Delete refuses a save open elsewhere before asking "This cannot
be undone"."""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import SaveLock
from boardgames_tui.engine.seating import claim_seats
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.load import LoadScreen
from tests.ui.helpers import messages, wait_until
from tests.ui.test_load import load_screen

AppFactory = Callable[..., BoardgamesApp]


def played(saves_dir: Path, seed: int = 2) -> Session:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=seed, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session


async def delete_refused(app: BoardgamesApp, pilot: Pilot[object], said: str) -> None:
    """D on the Load screen's first save: refused with ``said``, nothing asked."""
    await pilot.press("l")
    await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
    await pilot.press("d")
    await pilot.pause()
    assert not isinstance(app.screen, ConfirmDialog), "asked before refusing"
    assert isinstance(app.screen, LoadScreen)
    assert said in messages(app)


#: What each is refused with, in the words of every command (tests/test_cli_one_rule.py).
SENTENCES = {
    "link.json": "link.json is a symbolic link, not a save file; load the file it points to.",
    "fifo.json": "fifo.json is a named pipe (FIFO), not a save file.",
    "folder.json": "folder.json is a folder, not a save file.",
    "plug.json": "plug.json is a socket, not a save file.",
}


async def test_the_load_screen_names_every_json_that_is_not_a_save_file(
    new_app: AppFactory, saves_dir: Path
) -> None:
    good = played(saves_dir)
    assert good.path is not None
    made = [saves_dir / name for name in ("link.json", "fifo.json", "folder.json", "plug.json")]
    made[0].symlink_to(good.path)
    os.mkfifo(made[1])
    made[2].mkdir()
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    here = Path.cwd()
    os.chdir(saves_dir)
    try:
        listener.bind(made[3].name)
    finally:
        os.chdir(here)
    expected = SENTENCES
    app = new_app()
    try:
        async with app.run_test(size=(100, 40)) as pilot:
            await pilot.press("l")
            await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
            screen = load_screen(app)

            def errors() -> dict[str, str | None]:
                return {info.path.name: info.error for info in screen.saves}

            # Listed at once, before and after the checks in the thread.
            assert {name: errors().get(name) for name in expected} == expected
            await wait_until(pilot, lambda: not any(i.pending for i in screen.saves), timeout=15)
            assert {name: errors().get(name) for name in expected} == expected
            assert errors()[good.path.name] is None
            # Choosing one says why, as the commands do.
            names = [info.path.name for info in screen.saves]
            screen.query_one("#saves").highlighted = names.index("fifo.json")  # type: ignore[attr-defined]
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, LoadScreen)
            assert expected["fifo.json"] in messages(app)
    finally:
        listener.close()
        with contextlib.suppress(OSError):
            os.close(os.open(made[1], os.O_WRONLY | os.O_NONBLOCK))


async def test_delete_refuses_a_game_open_in_another_window_before_asking(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = played(saves_dir)
    assert session.path is not None
    other = SaveLock(session.path)  # another window plays it
    assert other.acquire()
    app = new_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await delete_refused(
                app, pilot, "is open in another window; close the game there first."
            )
            assert session.path.exists()
            # Once that window is gone, Delete asks.
            other.release()
            await pilot.press("d")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            assert "This cannot be undone" in app.screen.question  # type: ignore[attr-defined]
    finally:
        other.release()


async def test_delete_refuses_a_game_with_seats_taken_before_asking(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = played(saves_dir)
    assert session.path is not None
    claim = claim_seats(session.path, session.seats, (1,))
    app = new_app()
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await delete_refused(app, pilot, "is open at a seat in windows of their own")
            assert session.path.exists()
    finally:
        claim.release()


async def test_a_folder_named_like_a_save_is_not_offered_for_deleting(
    new_app: AppFactory, saves_dir: Path
) -> None:
    (saves_dir / "folder.json").mkdir()
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await delete_refused(
            app, pilot, "folder.json is a folder, not a save file: it is not deleted here."
        )
        [info] = load_screen(app).saves
        assert info.error == SENTENCES["folder.json"]
    assert (saves_dir / "folder.json").is_dir()
