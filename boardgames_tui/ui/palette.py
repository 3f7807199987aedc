"""The command palette with a search mark every font draws, and a key bar
of its own.

Textual's palette starts its input with a magnifier emoji, which the
browser's terminal font (``serve``) has no glyph for: it showed as a
missing-glyph box.  This palette shows a plain ``>`` instead, in the
terminal and the browser alike.  Its own keys (Esc, Quit) are drawn at the
bottom over the table's, which do nothing while it is open (a letter types
into the search)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import CommandPalette, SearchIcon

from .widgets.keybar import KeyBar

#: The mark before the palette's input: a character every monospace font has.
SEARCH_MARK = ">"


class Palette(CommandPalette):
    """Textual's command palette with :data:`SEARCH_MARK` for its icon and a
    key bar of its own keys."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "escape", "Close"),
        Binding("ctrl+q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield KeyBar()

    def on_mount(self) -> None:
        for icon in self.query(SearchIcon):
            icon.icon = SEARCH_MARK
