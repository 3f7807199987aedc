"""Test setup shared by every test: the small test game is registered so the
contract, session and shell tests have a game with hidden hands to drive."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames_tui.engine import registry
from tests.toygame import GAME as SEVENS

registry.register(SEVENS)


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
