"""A plain picture of the table for games without a screen of their own: the
fields of the state as the watching seat may see it (``Game.view``), without
the seats and the RNG."""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

#: Fields every state has, shown elsewhere or meaningless to a player.
HIDDEN_FIELDS = frozenset({"seats", "rng"})


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


class StateView(VerticalScroll, can_focus=True):
    DEFAULT_CSS = """
    StateView {
        height: 1fr;
    }
    StateView > Static {
        width: 100%;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="state-text")

    def show_state(self, state: BaseModel | None, caption: str = "") -> None:
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column(overflow="fold")
        if caption:
            table.add_row(Text(caption, style="italic"), "")
        if state is not None:
            for name, value in state.model_dump(mode="json").items():
                if name not in HIDDEN_FIELDS:
                    table.add_row(humanize(name), compact(value))
        self.query_one("#state-text", Static).update(table)
