"""The command palette with a search mark every font draws.

Textual's palette starts its input with a magnifier emoji, which the
browser's terminal font (``serve``) has no glyph for: it showed as a
missing-glyph box.  This palette shows a plain ``>`` instead, in the
terminal and the browser alike."""

from __future__ import annotations

from textual.command import CommandPalette, SearchIcon

#: The mark before the palette's input: a character every monospace font has.
SEARCH_MARK = ">"


class Palette(CommandPalette):
    """Textual's command palette with :data:`SEARCH_MARK` for its icon."""

    def on_mount(self) -> None:
        for icon in self.query(SearchIcon):
            icon.icon = SEARCH_MARK
