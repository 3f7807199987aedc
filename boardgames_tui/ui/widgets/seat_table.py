"""The seats at the table: who plays, a person or which bot, the scores when
they are public, and whose turn it is (an arrow and a word, not only colour)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.widgets import Static

from boardgames_tui.engine.game import Seat


def seat_kind(seat: Seat) -> str:
    """ "person" or "bot (random)"."""
    return f"bot ({seat.bot})" if seat.bot else "person"


class SeatTable(Static):
    DEFAULT_CSS = """
    SeatTable {
        height: auto;
        padding: 0 1;
    }
    """

    def show_seats(
        self,
        seats: Sequence[Seat],
        to_act: int | None,
        *,
        scores: Sequence[int] | None = None,
        status: str = "to play",
    ) -> None:
        """Show the seats; ``status`` is said of the seat to act ("to play",
        "thinking…")."""
        table = Table.grid(padding=(0, 2))
        table.add_column(width=1)
        table.add_column(no_wrap=True, overflow="ellipsis", max_width=24)
        table.add_column(no_wrap=True)
        if scores is not None:
            table.add_column(justify="right", no_wrap=True)
        table.add_column(no_wrap=True)
        for index, seat in enumerate(seats):
            active = index == to_act
            marker = Text("▶" if active else " ", style="bold")
            name = Text(seat.name, style="bold reverse" if active else "")
            cells: list[Text] = [marker, name, Text(seat_kind(seat), style="dim")]
            if scores is not None:
                cells.append(Text(f"{scores[index]} pts" if index < len(scores) else ""))
            cells.append(Text(f"← {status}" if active else "", style="italic"))
            table.add_row(*cells)
        self.update(table)
