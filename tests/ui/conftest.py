"""UI test helpers: the open-information "tally" game is registered for these
tests only, and apps are built without bot delays or animations."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine import registry
from boardgames_tui.engine.session import Session
from tests.ui.tally import GAME as TALLY


@pytest.fixture(autouse=True)
def strict_crashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash the app recovers from (the crash screen) still fails the test
    that caused it; tests of the crash screen itself turn this off."""
    monkeypatch.setattr(BoardgamesApp, "strict", True)


@pytest.fixture(autouse=True)
def tally_game() -> Iterator[None]:
    registry.register(TALLY)
    yield
    registry.unregister(TALLY.id)


@pytest.fixture
def new_app(saves_dir: Path) -> Callable[..., BoardgamesApp]:
    """``new_app(session=None, seed=1)``: an app on the test's saves folder."""

    def build(session: Session | None = None, seed: int | None = 1) -> BoardgamesApp:
        app = make_app(saves_dir, session=session, seed=seed, bot_delay=0)
        app.animation_level = "none"
        return app

    return build
