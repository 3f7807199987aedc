"""The final scores: one row per seat in ranking order, one column per part of
the score breakdown, the total, and the winners marked with a star and a word."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import DataTable

from boardgames_tui.engine.game import Outcome


def ordinal(rank: int) -> str:
    if 10 <= rank % 100 <= 20:
        return f"{rank}th"
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank % 10, 'th') }"


class ScoreTable(DataTable[Text | str]):
    DEFAULT_CSS = """
    ScoreTable {
        height: auto;
        max-height: 100%;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True)

    def show_outcome(self, outcome: Outcome) -> None:
        self.clear(columns=True)
        parts: list[str] = []
        for result in outcome.results:
            for part in result.breakdown:
                if part not in parts:
                    parts.append(part)
        # A breakdown with one part equal to the score repeats the total.
        if len(parts) == 1 and all(
            r.breakdown.get(parts[0], r.score) == r.score for r in outcome.results
        ):
            parts = []
        self.add_column("Rank", key="rank")
        self.add_column("Player", key="player")
        for part in parts:
            self.add_column(part.capitalize(), key=f"part-{part}")
        self.add_column("Score", key="score")
        by_seat = {r.seat: r for r in outcome.results}
        order = [s for s in outcome.ranking if s in by_seat]
        order += [r.seat for r in outcome.results if r.seat not in order]
        for seat in order:
            result = by_seat[seat]
            won = seat in outcome.winners
            player = Text(result.name, style="bold" if won else "")
            if won:
                player.append(" ★ winner")
            row: list[Text | str] = [ordinal(result.rank), player]
            row += [Text(str(result.breakdown.get(part, 0)), justify="right") for part in parts]
            row.append(Text(str(result.score), style="bold", justify="right"))
            self.add_row(*row, key=str(seat))
