"""The game id -> screen lookup: a game's own screen when it has one, the
generic screen otherwise (also while the module is still missing)."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui import game_screens
from boardgames_tui.ui.game_screens import screen_class, screen_for
from boardgames_tui.ui.screens.game import GameScreen


class SpecialScreen(GameScreen):
    pass


def test_game_without_a_screen_gets_the_generic_one() -> None:
    assert screen_class("sevens") is GameScreen


def test_missing_module_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_screens.SCREENS, "sevens", "boardgames_tui.ui.nowhere.screen:X")
    assert screen_class("sevens") is GameScreen


def test_registered_screen_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_screens.SCREENS, "sevens", "tests.ui.test_game_screens:SpecialScreen")
    session = Session.new("sevens", [Seat(name="A"), Seat(name="B")], seed=1, autosave=False)
    screen = screen_for(session)
    assert type(screen) is SpecialScreen
    assert screen.session is session


def test_a_broken_screen_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(game_screens.SCREENS, "sevens", "tests.ui.test_game_screens:Nothing")
    with pytest.raises(AttributeError):
        screen_class("sevens")
