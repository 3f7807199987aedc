"""Helpers for pilot tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot


async def wait_until(
    pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 5.0
) -> None:
    """Let the app run until ``condition()`` holds (bots move in threads)."""
    waited = 0.0
    while not condition():
        if waited >= timeout:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)
        waited += 0.02


async def yes_if_asked(pilot: Pilot[Any], done: Callable[[], bool]) -> bool:
    """After a key that may ask first (a step ended with something left
    undone): until ``done()``, answering yes to the question if one comes.
    True when it asked."""
    from boardgames_tui.ui.screens.dialogs import ConfirmDialog

    app = pilot.app
    await wait_until(pilot, lambda: done() or isinstance(app.screen, ConfirmDialog))
    if done():
        return False
    await pilot.press("y")
    await wait_until(pilot, done)
    return True


async def settle(pilot: Pilot[Any], timeout: float = 3.0) -> None:
    """Let the app run until its screen stops changing.  A fixed pause is
    not enough on a loaded machine: a layout that follows a scrollbar coming
    or going can land after it."""
    last = None
    waited = 0.0
    while waited < timeout:
        await pilot.pause(0.05)
        waited += 0.05
        shot = pilot.app.export_screenshot()
        if shot == last:
            return
        last = shot


async def leave_game(pilot: Pilot[Any]) -> None:
    """Esc on a game screen with nothing open, and Leave to the question it
    asks (every game screen asks before leaving for the menu)."""
    from boardgames_tui.ui.screens.dialogs import ConfirmDialog

    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
    await pilot.press("y")
