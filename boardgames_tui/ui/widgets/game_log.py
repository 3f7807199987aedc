"""The scrolling game log: one line per event, numbered by the move that
caused it.  Undo rewrites history, so the widget redraws when the log it is
given no longer starts with what it shows."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import RichLog

from boardgames_tui.engine.session import LogEntry


class GameLog(RichLog):
    DEFAULT_CSS = """
    GameLog {
        height: 1fr;
        scrollbar-size-vertical: 1;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, wrap=True, markup=False, auto_scroll=True)
        self._shown: list[LogEntry] = []

    @property
    def shown(self) -> list[LogEntry]:
        """The entries on display, oldest first."""
        return list(self._shown)

    def show_entries(self, entries: Sequence[LogEntry]) -> None:
        """Show exactly ``entries``: append what is new, or redraw after an undo."""
        entries = list(entries)
        if entries[: len(self._shown)] != self._shown:
            self.clear()
            self._shown = []
        for entry in entries[len(self._shown) :]:
            self.write(self._line(entry))
        self._shown = entries

    @staticmethod
    def _line(entry: LogEntry) -> Text:
        line = Text()
        line.append(f"{entry.action_index + 1:>3} ", style="dim")
        line.append(entry.text)
        return line
