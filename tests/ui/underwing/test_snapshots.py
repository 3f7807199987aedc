"""Snapshots of the Underwing screen in a seeded mid-game position (seeded
random players who do not trade, 124 moves into a game: round 12, Ana
placing, two wild dragons, a claimed egg, part-filled eggs, handlers on the
Field, a hatched dragon), at
80x24 and 120x40, in the ansi-dark and a light theme and with NO_COLOR, and a solo game
with the Wild Forces.  Deterministic: fixed seed and size, no clock, no
animation, no autosave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp

from .helpers import mid_game, new_session, on_the_table

AppFactory = Callable[..., BoardgamesApp]


def test_mid_game_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=mid_game())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_mid_game_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=mid_game())
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


def test_mid_game_in_ansi_dark(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=mid_game())
    app.theme = "ansi-dark"
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_mid_game_in_a_light_theme(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=mid_game())
    app.theme = "textual-light"
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_mid_game_without_colour(
    snap_compare: Any, new_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app(session=mid_game())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_solo_against_the_wild_forces(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=new_session(("Ana",), seed=3))
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)
