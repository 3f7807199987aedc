"""An Incubation move looks at the keys and works out the hint once (issue
49; see ``tests/ui/underwing/test_looked_once.py``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.incubation.screen import IncubationScreen
from tests.ui.test_render_once import Table
from tests.ui.underwing.test_looked_once import looked_once


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_an_incubation_move_looks_at_the_keys_and_the_hint_once(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await looked_once(Table("incubation", 2), IncubationScreen, size, new_app, monkeypatch)
