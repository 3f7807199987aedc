"""The load screen: saves listed with their details, damaged ones with their
reason and refused untouched, deletion only after a confirmation."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from textual.widgets import OptionList

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import messages, plain, wait_until

AppFactory = Callable[..., BoardgamesApp]


def played(saves_dir: Path, moves: int = 1) -> Session:
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=2, saves_dir=saves_dir
    )
    for _ in range(moves):
        session.apply(session.legal_actions()[0])
    return session


def load_screen(app: BoardgamesApp) -> LoadScreen:
    screen = app.screen
    assert isinstance(screen, LoadScreen)
    return screen


async def test_lists_saves_and_refuses_damaged_ones(new_app: AppFactory, saves_dir: Path) -> None:
    good = played(saves_dir)
    broken = saves_dir / "broken.json"
    broken.write_text('{"format": "boardgames-tui-save", "version": 1, ')
    original = broken.read_bytes()
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        screen = load_screen(app)
        by_name = {info.path.name: info for info in screen.saves}
        assert set(by_name) == {good.path.name, "broken.json"}  # type: ignore[union-attr]
        assert by_name["broken.json"].error == "broken.json is cut short (truncated JSON)."
        listing = "\n".join(
            plain(screen.query_one("#saves", OptionList).get_option_at_index(i).prompt)
            for i in range(len(screen.saves))
        )
        assert "cut short (truncated JSON)" in listing
        assert "Tally (test game)" in listing and "Ana, Ben" in listing
        # Choose the damaged one: refused with its reason, file untouched.
        index = [i.path.name for i in screen.saves].index("broken.json")
        screen.query_one("#saves", OptionList).highlighted = index
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert "cut short" in messages(app)
        assert broken.read_bytes() == original
        # The good one loads.
        screen.query_one("#saves", OptionList).highlighted = 1 - index
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert len(app.screen.session.actions) == 1  # type: ignore[attr-defined]


async def test_a_save_that_does_not_replay_is_refused(new_app: AppFactory, saves_dir: Path) -> None:
    session = played(saves_dir, moves=2)
    assert session.path is not None
    data = json.loads(session.path.read_text())
    data["state"]["added"][0] += 5  # the snapshot no longer matches the moves
    session.path.write_text(json.dumps(data))
    original = session.path.read_bytes()
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        # Listed as damaged, with the reason: the list replays saves as load does.
        assert "does not match" in (load_screen(app).saves[0].error or "")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert "does not match its own moves" in messages(app)
        assert session.path.read_bytes() == original


async def test_delete_asks_first(new_app: AppFactory, saves_dir: Path) -> None:
    session = played(saves_dir)
    assert session.path is not None
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert session.path.name in app.screen.question  # type: ignore[attr-defined]
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        assert session.path.exists()
        await pilot.press("d")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        assert not session.path.exists()
        assert load_screen(app).saves == []
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
