"""Importing the app stays cheap: screens are imported when first shown."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import leave_game, wait_until


def printed_by(code: str) -> str:
    """What ``code`` prints, run in a fresh interpreter."""
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    return result.stdout.strip()


def test_importing_the_app_does_not_import_the_screens() -> None:
    code = (
        "import sys, boardgames_tui.app\n"
        "loaded = [m for m in sys.modules if m.startswith('boardgames_tui.ui.screens')]\n"
        "print(','.join(loaded))\n"
    )
    assert printed_by(code) == ""


def test_opening_the_menu_imports_neither_pydantic_nor_the_engine() -> None:
    """The command line hands over to the app without importing what the
    menu's first frame does not need (pydantic alone is a third of a start)."""
    code = (
        "import sys, boardgames_tui.cli as cli\n"
        "seen = []\n"
        "cli._run_app = lambda saves, session=None: seen.extend(sorted(sys.modules)) or 0\n"
        "assert cli.main([]) == 0\n"
        "print(','.join(m for m in seen if m.split('.')[0] == 'pydantic'"
        " or m.startswith(('boardgames_tui.engine.game', 'boardgames_tui.engine.saves'))))\n"
    )
    assert printed_by(code) == ""


async def test_the_menu_reads_the_saves_once_after_its_first_frame(
    new_app: Callable[..., BoardgamesApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reading the saves imports pydantic and every saved game's rules: the
    menu does it once, after its first frame (its first showing counts as a
    resume too, which used to read them before that frame)."""
    from boardgames_tui.engine import saves

    reads: list[bool] = []
    real = saves.latest_save

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "latest_save", counted)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen) and bool(reads))
        await pilot.pause()
        assert len(reads) == 1


async def test_the_menu_reads_the_saves_once_a_frame_is_out(
    new_app: Callable[..., BoardgamesApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's call_after_refresh ran the read before the app's first frame
    (which waits for the terminal's size): the read waits for a frame."""
    from boardgames_tui.engine import saves

    app = new_app()
    frames: list[int] = []
    real_display = app._display

    def display(screen: Any, renderable: Any) -> None:
        if renderable is not None and not app._batch_count:
            frames.append(1)
        real_display(screen, renderable)

    monkeypatch.setattr(app, "_display", display)
    frames_at_read: list[int] = []
    real = saves.latest_save

    def counted(*args: Any, **kwargs: Any) -> Any:
        frames_at_read.append(len(frames))
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "latest_save", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: bool(frames_at_read))
        assert frames_at_read[0] >= 1


async def test_beneath_a_game_the_menu_reads_the_saves_when_shown(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game opened from the command line (``continue``) starts without the
    menu beneath it replaying the newest save; the menu reads the saves when
    the game is left for it."""
    from boardgames_tui.engine import saves
    from boardgames_tui.engine.game import Seat
    from boardgames_tui.engine.session import Session
    from boardgames_tui.ui.screens.game import GameScreen

    reads: list[bool] = []
    real = saves.latest_save

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(True)
        return real(*args, **kwargs)

    monkeypatch.setattr(saves, "latest_save", counted)
    session = Session.new(
        "tally", [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=saves_dir
    )
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("2")
        await pilot.pause()
        assert reads == []
        await leave_game(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen) and bool(reads))
        await pilot.pause()
        assert len(reads) == 1
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        assert menu.latest is not None and menu.latest.path == session.path
