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
    """The long tests (``@pytest.mark.slow(seconds)``, the longest first)
    run before the rest: with pytest-xdist handing out one test at a time
    (``--maxschedchunk 1``), each worker starts on a long one and the short
    ones fill in around them, instead of a long one starting last and
    leaving the other core idle."""

    def weight(item: pytest.Item) -> float:
        mark = item.get_closest_marker("slow")
        return -float(mark.args[0]) if mark is not None and mark.args else 0.0

    items.sort(key=weight)  # stable: the rest keep their order
