"""Help: keys, the game's rules help from assets/<game>/help.md, the filter,
the Rules entry of the menu and the "Rules: <section>" commands."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens import help as help_module
from boardgames_tui.ui.screens.dialogs import ChooseGameDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.help import HelpScreen, filter_markdown, headings, sections
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]

RULES = """# Tally

Add up.

## Turns

On your turn add 1, 2 or 3, or draw a bonus.

```
# not a heading
```

## Winning

The highest total wins.
"""


@pytest.fixture
def tally_rules(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "tally").mkdir()
    (tmp_path / "tally" / "help.md").write_text(RULES)
    monkeypatch.setattr(help_module, "asset_path", lambda *parts: tmp_path.joinpath(*parts))


def test_sections_and_filter() -> None:
    assert headings(RULES) == ["Tally", "Turns", "Winning"]
    assert [title for title, _ in sections(RULES)] == ["Tally", "Turns", "Winning"]
    assert filter_markdown(RULES, "highest total") == "## Winning\n\nThe highest total wins."
    assert "No section mentions" in filter_markdown(RULES, "dragons")
    assert filter_markdown(RULES, "  ") == RULES


@pytest.mark.usefixtures("tally_rules")
async def test_game_help_has_the_rules_and_filters(new_app: AppFactory, saves_dir: Path) -> None:
    session = Session.new("tally", [Seat(name="Ana")], seed=1, saves_dir=saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        names = [c.name for c in screen.game_commands()]
        assert [n for n in names if n.startswith("Rules: ")] == [
            "Rules: Tally",
            "Rules: Turns",
            "Rules: Winning",
        ]
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "The highest total wins." in help_screen.source
        await pilot.press("slash", *"highest")
        await pilot.pause()
        assert help_screen.query_one("#help-find", Input).value == "highest"
        # Filtered once the typing pauses (issue 45.10: a key late).
        wanted = filter_markdown(help_screen.source, "highest")
        await wait_until(pilot, lambda: help_screen.shown == wanted)
        assert "On your turn" not in help_screen.shown
        await pilot.press("escape")  # clears the filter first
        assert help_screen.query_one("#help-find", Input).value == ""
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


@pytest.mark.usefixtures("tally_rules")
async def test_rules_from_the_menu(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, ChooseGameDialog))
        dialog = app.screen
        assert isinstance(dialog, ChooseGameDialog)
        index = [game_id for game_id, _ in dialog.games].index("tally")
        await pilot.press(*["down"] * index, "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "The highest total wins." in app.screen.source  # type: ignore[attr-defined]
