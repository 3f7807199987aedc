"""The final scores: one row per seat in ranking order, the rank, the player
(the winners marked with a star and a word) and the total first, then the
parts of the score.  The parts are a column each where they fit the table's
width; where they do not (Root's seven parts at 80 columns), they are one
column of "part value" pairs wrapped within it, so nothing is ever off screen
and the totals are always in view."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.events import Resize
from textual.widgets import DataTable

from boardgames_tui.engine.game import Outcome


def ordinal(rank: int) -> str:
    if 10 <= rank % 100 <= 20:
        return f"{rank}th"
    return f"{rank}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(rank % 10, 'th') }"


#: Columns left for the vertical scrollbar, should the rows overflow.
SCROLLBAR = 2
#: The narrowest the one column of parts is made.
NARROWEST_PARTS = 16


class ScoreTable(DataTable[Text | str]):
    DEFAULT_CSS = """
    ScoreTable {
        height: auto;
        max-height: 100%;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes, cursor_type="row", zebra_stripes=True)
        self.outcome: Outcome | None = None
        #: Whether the parts are one wrapped column, and how wide it is.
        self.parts_wrapped = False
        self._laid_out_for: tuple[int, bool, int] | None = None

    def show_outcome(self, outcome: Outcome) -> None:
        self.outcome = outcome
        self._laid_out_for = None
        self._lay_out()

    def on_resize(self, event: Resize) -> None:
        if self.outcome is not None:
            self._lay_out()

    def _room(self) -> int:
        """The cells the table may use: its own width once laid out, else
        its container's (or the terminal's)."""
        if self.size.width:
            return self.size.width
        parent = self.parent
        width = getattr(parent, "content_size", None)
        if width is not None and width.width:
            return int(width.width)
        return self.app.size.width

    def _lay_out(self) -> None:
        outcome = self.outcome
        assert outcome is not None
        parts = score_parts(outcome)
        by_seat = {r.seat: r for r in outcome.results}
        order = [s for s in outcome.ranking if s in by_seat]
        order += [r.seat for r in outcome.results if r.seat not in order]
        rows = []
        for seat in order:
            result = by_seat[seat]
            won = seat in outcome.winners
            player = Text(result.name, style="bold" if won else "")
            if won:
                player.append(" ★ winner")
            rows.append((seat, result, player))
        pad = 2 * self.cell_padding
        fixed = [
            max(cell_len("Rank"), *(cell_len(ordinal(r.rank)) for _, r, _ in rows)),
            max(cell_len("Player"), *(p.cell_len for _, _, p in rows)),
            max(cell_len("Score"), *(cell_len(str(r.score)) for _, r, _ in rows)),
        ]
        part_widths = [
            max(cell_len(part), *(cell_len(str(r.breakdown.get(part, 0))) for _, r, _ in rows))
            for part in parts
        ]
        room = self._room() - SCROLLBAR
        wrapped = bool(parts) and sum(fixed + part_widths) + pad * (3 + len(parts)) > room
        parts_width = max(room - sum(fixed) - pad * 4, NARROWEST_PARTS)
        key = (len(rows), wrapped, parts_width if wrapped else 0)
        if key == self._laid_out_for:
            return
        self._laid_out_for = key
        self.parts_wrapped = wrapped
        self.clear(columns=True)
        self.add_column("Rank", key="rank")
        self.add_column("Player", key="player")
        self.add_column("Score", key="score")
        if wrapped:
            self.add_column("Breakdown", key="parts", width=parts_width)
        else:
            for part in parts:
                self.add_column(part_label(part), key=f"part-{part}")
        for seat, result, player in rows:
            row: list[Text | str] = [
                ordinal(result.rank),
                player,
                Text(str(result.score), style="bold", justify="right"),
            ]
            if wrapped:
                pairs = [f"{part_label(part)} {result.breakdown.get(part, 0)}" for part in parts]
                row.append(Text("\n".join(packed(pairs, parts_width)), overflow="fold"))
                self.add_row(*row, key=str(seat), height=None)
            else:
                row += [Text(str(result.breakdown.get(part, 0)), justify="right") for part in parts]
                self.add_row(*row, key=str(seat))


def part_label(part: str) -> str:
    """A part's name as a heading: its first letter raised, the rest as the
    game wrote it ("Baron of Dirt", "removing pieces" → "Removing pieces")."""
    return part[:1].upper() + part[1:]


def score_parts(outcome: Outcome) -> list[str]:
    """The parts of the breakdown, in the order the results name them; none
    when the one part there is repeats the total."""
    parts: list[str] = []
    for result in outcome.results:
        for part in result.breakdown:
            if part not in parts:
                parts.append(part)
    if len(parts) == 1 and all(
        r.breakdown.get(parts[0], r.score) == r.score for r in outcome.results
    ):
        return []
    return parts


def packed(pairs: list[str], width: int) -> list[str]:
    """``pairs`` in lines at most ``width`` cells wide, separated by " · ",
    a pair never split between lines (unless it alone is wider)."""
    lines: list[str] = []
    for pair in pairs:
        if lines and cell_len(lines[-1]) + 3 + cell_len(pair) <= width:
            lines[-1] += " · " + pair
        else:
            lines.append(pair)
    return lines
