"""Test setup shared by every test: the small test game is registered so the
contract, session and shell tests have a game with hidden hands to drive."""

from __future__ import annotations

import asyncio
import functools
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest
import textual._wait as textual_wait
from textual.pilot import Pilot

from boardgames_tui.engine import registry
from boardgames_tui.ui.screens.game import GameScreen
from tests.toygame import GAME as SEVENS

registry.register(SEVENS)

# The pilot's wait after each key and each ``pause()`` ("until the process is
# idle") looks in windows of 20 ms for one with under 1 ms of work: at least
# two windows a key, 40 ms, though the app had done its part in a few.  A
# whole game with keys slept two thirds of its time so.  Windows of 5 ms with
# the same share of work (a twentieth: 0.25 ms) ask the same question four
# times as often.  (Textual's private module, read only here; the package
# itself keeps to ``ui/compat.py``.)
textual_wait.SLEEP_GRANULARITY = 0.005
textual_wait.SLEEP_IDLE = 0.00025

# A move is written to its file after the frame that shows it (the game
# screen's ``Saves``): a test that made a move and reads the save must not
# depend on how long the pilot's idle check happened to wait.  So every key,
# click and pause of the pilot also waits for the saves of the moves it made
# (at most two seconds: a save that never comes is the test's to find).
R = TypeVar("R")


def _saves_pending(app: Any) -> bool:
    return any(
        isinstance(screen, GameScreen) and screen.saves.pending for screen in app.screen_stack
    )


def _then_saved(
    method: Callable[..., Awaitable[R]],
) -> Callable[..., Awaitable[R]]:
    @functools.wraps(method)
    async def waiting(self: Pilot[Any], *args: Any, **kwargs: Any) -> R:
        result = await method(self, *args, **kwargs)
        for _ in range(400):
            if not _saves_pending(self.app):
                break
            await asyncio.sleep(0.005)
        return result

    return waiting


for _name in ("press", "click", "pause"):
    setattr(Pilot, _name, _then_saved(getattr(Pilot, _name)))

# A resize lays the screen out in steps (the breakpoint classes, then what
# they show and hide, the parts whose height follows their width), and the
# pilot's one idle check after it could end between two steps on a loaded
# machine: a test then read a passing layout.  So a resize also waits until
# two idle checks in a row find the screen the same (every part's place,
# whether it shows, the screen's classes), at most two seconds.


def _layout(app: Any) -> object:
    screen = app.screen
    return (
        app.size,
        frozenset(screen.classes),
        tuple((widget, widget.region, widget.display) for widget in screen.query("*")),
    )


_resize = Pilot.resize_terminal


@functools.wraps(_resize)
async def _resize_settled(self: Pilot[Any], width: int, height: int) -> None:
    await _resize(self, width, height)
    before = _layout(self.app)
    for _ in range(100):
        await self.pause()
        now = _layout(self.app)
        if now == before:
            return
        before = now


Pilot.resize_terminal = _resize_settled  # type: ignore[method-assign]


@pytest.fixture
def saves_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private saves folder, also set as the default through the environment."""
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("BOARDGAMES_TUI_SAVES", str(folder))
    return folder


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's options): one worker more than the cores.
    The screen tests spend about half their time waiting for the app's next
    frame (measured: 1,140 s of CPU in a run of 999 s on two cores), so two
    workers left a core idle half the time; a third fills it."""
    return (os.cpu_count() or 1) + 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``@pytest.mark.first`` (the few that take long) run
    first, the longest first: collected in file order, the whole Tyrants game
    came last and ran alone on one core for its three minutes while the other
    stood idle.  ``first(seconds)`` gives the test's time on a quiet machine
    (its place in the order only); a mark without one sorts after those."""

    def order(item: pytest.Item) -> tuple[bool, float]:
        mark = item.get_closest_marker("first")
        if mark is None:
            return (True, 0.0)
        return (False, -float(mark.args[0]) if mark.args else 0.0)

    items.sort(key=order)  # stable
