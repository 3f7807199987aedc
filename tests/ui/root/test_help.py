"""Root's rules help: F1 on the Root screen opens it with the screen's own
keys, every direct key is explained in it, and its sections are offered in
the command palette."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.choices import key_kinds
from boardgames_tui.ui.root.keys import direct_keys
from boardgames_tui.ui.screens.help import HelpScreen, headings, rules_markdown
from tests.ui.helpers import wait_until

from .helpers import in_the_assembly, screen_of

AppFactory = Callable[..., BoardgamesApp]


def test_the_help_explains_every_direct_key() -> None:
    rules = rules_markdown("root")
    assert rules is not None
    for key in key_kinds():
        assert f"**{key.upper()}**" in rules, key
    listed = {k for k, _ in direct_keys()}
    for key in key_kinds():
        assert key.upper() in listed, key
    assert headings(rules)[:3] == [
        "The game in a minute",
        "Reading the screen",
        "Playing with the keys",
    ]
    assert "Passing the terminal" in headings(rules)


async def test_f1_opens_the_rules_with_the_keys(new_app: AppFactory) -> None:
    app = new_app(session=in_the_assembly())
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        titles = [c.name for c in screen.game_commands()]
        assert "Rules: Passing the terminal" in titles
