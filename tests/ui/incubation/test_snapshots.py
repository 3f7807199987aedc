"""The Incubation screen's look, pinned: a seeded mid-game position (Ben to use
a water and a fire die; hybrids, a mystery dragon, claimed objectives and
tokens on eggs on the table) at 80x24 and 120x40, and a double chest in the
ANSI theme.
Deterministic: fixed seeds, no saves folder, no clock, animations off."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp

from .helpers import mid_game

AppFactory = Callable[..., BoardgamesApp]


def test_mid_game_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    assert snap_compare(new_app(session=mid_game()), terminal_size=(80, 24))


def test_mid_game_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    assert snap_compare(new_app(session=mid_game()), terminal_size=(120, 40))


def test_two_chests_in_the_ansi_theme_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    """Two chests: a section to collect, the ring's cursor moved one section
    on from the richest treasure, in ``ansi-dark``."""
    app = new_app(session=mid_game(seed=6, moves=100))

    async def ansi(pilot: Pilot[Any]) -> None:
        app.theme = "ansi-dark"
        await pilot.pause()

    assert snap_compare(app, terminal_size=(120, 40), run_before=ansi, press=["right"])
