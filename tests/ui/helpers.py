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
