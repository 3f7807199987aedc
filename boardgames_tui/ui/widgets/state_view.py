"""A plain picture of the table for games without a screen of their own: the
fields of the state as the watching seat may see it (``Game.view``), without
the seats and the RNG, as an indented outline."""

from __future__ import annotations

import json
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from boardgames_tui.engine.data import to_json
from boardgames_tui.engine.game import GameState

from .scrollbars import StraightScrollbars

#: Fields every state has, shown elsewhere or meaningless to a player.
HIDDEN_FIELDS = frozenset({"seats", "rng", "opening"})
#: Lists and dicts up to this many characters stay on one line.
INLINE = 30


def humanize(name: str) -> str:
    return name.replace("_", " ").strip().capitalize()


def compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def outline(value: Any, label: str, text: Text, depth: int = 0) -> None:
    """Append ``label: value`` to ``text``, nesting long lists and dicts."""
    pad = "  " * depth
    short = compact(value)
    text.append(pad)
    text.append(label, style="bold")
    if not isinstance(value, (list, dict)) or len(short) <= INLINE or not value:
        text.append(f" {short}\n")
        return
    text.append("\n")
    if isinstance(value, dict):
        for key, item in value.items():
            outline(item, humanize(str(key)) + ":", text, depth + 1)
    else:
        for number, item in enumerate(value, start=1):
            outline(item, f"{number}.", text, depth + 1)


class StateView(StraightScrollbars, VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    StateView {
        height: 1fr;
    }
    StateView > Static {
        width: 100%;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="state-text", markup=False)

    def show_state(self, state: GameState | None, caption: str = "") -> None:
        text = Text()
        if caption:
            text.append(caption + "\n", style="italic")
        if state is not None:
            for name, value in to_json(state).items():
                if name not in HIDDEN_FIELDS:
                    outline(value, humanize(name) + ":", text)
        text.rstrip()
        self.query_one("#state-text", Static).update(text)
