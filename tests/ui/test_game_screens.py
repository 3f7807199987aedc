"""The game id -> screen lookup: a game's own screen when it has one, the
generic screen otherwise (also while the module is still missing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine import registry
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.game_screens import screen_class, screen_for
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.generic import GenericScreen


class SpecialScreen(GameScreen):
    pass


def with_screen(monkeypatch: pytest.MonkeyPatch, target: str) -> None:
    """The toy game's registry entry naming ``target`` as its screen."""
    monkeypatch.setitem(registry._parts, "sevens", (target, ""))


def test_game_without_a_screen_gets_the_generic_one() -> None:
    assert screen_class("sevens") is GenericScreen


def test_missing_module_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    with_screen(monkeypatch, "boardgames_tui.ui.nowhere.screen:X")
    assert screen_class("sevens") is GenericScreen


def test_every_game_names_its_screen_and_setup_part_in_its_registry_entry() -> None:
    """One descriptor per game: the registry's entry names its rules, its
    screen and its part of the setup (none other table lists them)."""
    for info in registry.game_infos():
        if info.target:  # a game of the package, not a test's
            assert issubclass(screen_class(info.id), GameScreen), info.id
    assert registry.game_info("root").table.endswith(":FactionPicker")


def test_registered_screen_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    with_screen(monkeypatch, "tests.ui.test_game_screens:SpecialScreen")
    session = Session.new("sevens", [Seat(name="A"), Seat(name="B")], seed=1, autosave=False)
    screen = screen_for(session)
    assert type(screen) is SpecialScreen
    assert screen.session is session


def test_a_broken_screen_module_is_not_hidden(monkeypatch: pytest.MonkeyPatch) -> None:
    with_screen(monkeypatch, "tests.ui.test_game_screens:Nothing")
    with pytest.raises(AttributeError):
        screen_class("sevens")


@pytest.mark.parametrize("game", ["underwing", "incubation", "tyrants", "root", "tally"])
async def test_a_game_screen_starts_its_game_once(
    game: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Textual calls ``on_mount`` of every class of a screen, so a game's own
    screen must not call GameScreen's again: the game would start twice."""
    from boardgames_tui.app import make_app

    calls: list[str] = []
    cls = screen_class(game)
    advance = cls.advance

    def counting(self: GameScreen) -> None:
        calls.append(type(self).__name__)
        advance(self)

    monkeypatch.setattr(cls, "advance", counting)
    session = Session.new(game, [Seat(name="A"), Seat(name="B")], seed=1, saves_dir=tmp_path)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        # Games with hidden hands open behind the hand-off cover.
        assert [type(s) for s in app.screen_stack if isinstance(s, GameScreen)] == [cls]
        assert calls == [cls.__name__]
