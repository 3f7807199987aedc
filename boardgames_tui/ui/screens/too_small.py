"""The cover shown while the terminal is smaller than the games need.

Nothing is lost: the game underneath is saved and waits; the cover goes away
by itself as soon as the window is large enough again.  Ctrl+Q still quits.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

#: The smallest terminal every screen is laid out for.
MIN_WIDTH = 80
MIN_HEIGHT = 24


def too_small(width: int, height: int) -> bool:
    return width < MIN_WIDTH or height < MIN_HEIGHT


class TooSmallScreen(ModalScreen[None]):
    """ "This window is 60×18; the games need at least 80×24"."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
        background: $background;
    }
    TooSmallScreen #too-small-box {
        width: auto;
        max-width: 100%;
        height: auto;
        padding: 0 1;
    }
    TooSmallScreen #too-small-box Static {
        width: auto;
        max-width: 100%;
    }
    TooSmallScreen #too-small-size {
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        with Vertical(id="too-small-box"):
            yield Static("", id="too-small-size", markup=False)
            yield Static(f"boardgames-tui needs at least {MIN_WIDTH}×{MIN_HEIGHT}.", markup=False)
            yield Static("Make the window larger; the game is saved and waits.", markup=False)
            yield Static("Ctrl+Q quits.", markup=False)

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small-size", Static).update(f"This window is {width}×{height}.")
