"""Test setup shared by every test: the small test game is registered so the
contract, session and shell tests have a game with hidden hands to drive."""

from __future__ import annotations

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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``@pytest.mark.first`` (the few that take minutes) run
    first: collected in file order, the whole Tyrants game came last and ran
    alone on one core for its three minutes while the other stood idle."""
    items.sort(key=lambda item: item.get_closest_marker("first") is None)  # stable
