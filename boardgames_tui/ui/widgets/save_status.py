"""The header's save indicator: shown only when something is wrong with the
save, on the right of the title row, over it (its own layer, so the screen's
layout does not move when it appears).

- "Not saved": the last save failed; it stays until a save succeeds again.
- "Watching": the game is open in another window; this one cannot move.
"""

from __future__ import annotations

from typing import Literal

from textual.widgets import Static

SaveState = Literal["saved", "unsaved", "watching"]

LABELS: dict[SaveState, tuple[str, str]] = {
    # state: (wide label, narrow label)
    "unsaved": ("✗ Not saved · Ctrl+S retries", "✗ Not saved"),
    "watching": ("◉ Watching · open in another window", "◉ Watching only"),
    "saved": ("", ""),
}

#: Narrower screens get the short labels.
WIDE = 110


class SaveStatus(Static):
    DEFAULT_CSS = """
    SaveStatus {
        dock: right;
        layer: save-status;
        width: auto;
        height: 1;
        padding: 0 1;
        display: none;
        text-style: bold;
    }
    SaveStatus.-unsaved {
        display: block;
        background: $error;
        color: $text;
    }
    SaveStatus.-watching {
        display: block;
        background: $warning;
        color: $text;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.state: SaveState = "saved"

    def show_state(self, state: SaveState, width: int) -> None:
        """Show ``state`` (the screen's width picks the wording)."""
        self.state = state
        wide, narrow = LABELS[state]
        self.update(wide if width >= WIDE else narrow)
        self.set_class(state == "unsaved", "-unsaved")
        self.set_class(state == "watching", "-watching")
