"""Snapshots of the Root screen: Ana (the Underground Duchy) in her Assembly
against the Root bot (the Marquise), at 80x24 and 120x40, dark and light,
and without colour; and Ben deciding on an ambush in the middle of Ana's
turn, after the hand-off.  Deterministic: fixed seeds and size, no clock,
no animation, no autosave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import wait_until

from .helpers import in_the_assembly, keys_for, new_session, on_the_table
from .test_handoff import before_a_battle

AppFactory = Callable[..., BoardgamesApp]


def test_the_assembly_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_the_assembly())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_assembly_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_the_assembly())
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


def test_the_assembly_in_a_light_theme(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_the_assembly())
    app.theme = "textual-light"
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


def test_the_assembly_without_colour(
    snap_compare: Any, new_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app(session=in_the_assembly())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_defender_decides_on_an_ambush(snap_compare: Any, new_app: AppFactory) -> None:
    session = new_session(seed=4)
    battle = before_a_battle(session)
    app = new_app(session=session)

    async def battle_then_hand_off(pilot: Pilot[Any]) -> None:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
        await pilot.press("enter")
        await on_the_table(pilot)
        screen = pilot.app.screen
        assert isinstance(screen, RootScreen)
        await pilot.press(*keys_for(screen, battle))
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
        await pilot.press("enter")
        await on_the_table(pilot)

    assert snap_compare(app, terminal_size=(120, 40), run_before=battle_then_hand_off)


def test_the_assembly_in_a_light_theme_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=in_the_assembly())
    app.theme = "textual-light"
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_assembly_without_colour_at_120x40(
    snap_compare: Any, new_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app(session=in_the_assembly())
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)
