"""What the browser draws (``serve``, textual-serve's xterm.js) looks right
(issue 45.16): the palette's search mark is a character every monospace
font has (the magnifier emoji was a missing glyph there), and scrollbar
tracks are the colour of the panel they scroll, not a solid dark bar."""

from __future__ import annotations

from collections.abc import Callable

from textual.color import Color
from textual.command import CommandPalette, SearchIcon
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from tests.ui.helpers import wait_until
from tests.ui.test_escape import from_menu

AppFactory = Callable[..., BoardgamesApp]


async def test_the_palette_search_mark_is_plain_text(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.pause()
        icon = str(app.screen.query_one(SearchIcon).icon)
        assert icon.isascii() and icon.isprintable() and icon.strip(), repr(icon)


async def test_scrollbar_tracks_are_the_panel_colour_when_served(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        # What on_mount sets when the app runs in a browser (App.is_web).
        assert not app.has_class("-served")
        app.add_class("-served")
        screen = await from_menu(app, pilot, "tyrants")
        await pilot.pause()
        surface = Color.parse(app.get_css_variables()["surface"])
        scrolled = [w for w in screen.query(Widget) if w.styles.overflow_y != "hidden"]
        assert scrolled
        for widget in [screen, *scrolled]:
            for track in ("scrollbar_background", "scrollbar_background_hover"):
                assert getattr(widget.styles, track) == surface, (widget, track)
