"""What is on screen at once when the program opens a game from the command
line (``new``, ``load``, ``continue``, ``sit``, ``replay``): "Setting up
Root…", drawn in the first frame, while the game's screen is imported and
made (seconds, on a busy machine, for the larger games).

The app pushes it, then the game's screen once its frame is out
(``BoardgamesApp.call_after_frame``); it stays under the game's screen,
and the app takes it away when that screen is left.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static


class StartingScreen(Screen[None]):
    """ "Setting up Root…" """

    DEFAULT_CSS = """
    StartingScreen { align: center middle; }
    StartingScreen #starting { width: auto; color: $text-muted; }
    """

    def __init__(self, title: str) -> None:
        super().__init__()
        self.words = f"Setting up {title}…"

    def compose(self) -> ComposeResult:
        yield Static(self.words, id="starting", markup=False)


__all__ = ["StartingScreen"]
