"""The footer of the game screens."""

from __future__ import annotations

from textual.events import Resize
from textual.widgets import Footer

#: Narrower than this, the "^p palette" hint gives its room to the game's keys
#: (Ctrl+P still opens the palette, and the help screen lists it).
PALETTE_HINT_WIDTH = 100


class GameFooter(Footer):
    """Textual's footer, leaving out the palette hint on narrow terminals so
    the last keys (Ctrl+Q among them) are not covered by it."""

    def on_resize(self, event: Resize) -> None:
        wide = event.size.width >= PALETTE_HINT_WIDTH
        if wide != self.show_command_palette:
            self.show_command_palette = wide
