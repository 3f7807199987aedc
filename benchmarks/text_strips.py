"""A row drawn by ``TextRows`` (``ui/widgets/text_rows.py``): CPU time a row
of ``text_strips`` beside Rich's and Textual's own steps (``library_strips``:
``Segment.apply_style``, ``Strip.apply_offsets``, ``Strip.adjust_cell_length``),
on the same lines in the same run, and the function calls a row of each.

The lines are a board's kind: a mat's head and counts (chips on their
colours, bold numbers), the Field's ring (a label a cell), a plain line,
one too long for the row.  For ``text_strips`` each is drawn as a new line and,
once more with its pieces kept (``seen``: a line moved to another row).
Two cases: rows on a panel's 40 rows (the places, and each piece's sum
of styles at its place, made before: a board's rows, move after move),
and every row at a place never drawn at before (the worst case: each
place's style and sum made new, as Textual's steps make them every
time).

    uv run python benchmarks/text_strips.py [--rounds N]
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import time
from collections.abc import Callable

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.widget import Widget

from boardgames_tui.ui.widgets.text_rows import Pieces, TextRows, library_strips, text_strips


class Row(TextRows, Widget):
    DEFAULT_CSS = "Row { height: 1; text-overflow: ellipsis; }"


class Rows(App[None]):
    def compose(self) -> ComposeResult:
        yield Row()


def board_lines() -> list[Text]:
    colours = ["red", "blue", "green", "yellow", "magenta", "cyan", "white", "bright_black"]
    head = Text("▶ ", style="yellow")
    head.append("A1", style="bold red")
    head.append(" Ana ", style="bold")
    head.append(" 12 pts", style="bold")
    head.append(" ◆ Egg Token", style="green")
    stored = Text("  Stored     ", style="bold")
    for colour in colours:
        stored.append("♥R", style=Style(color="black", bgcolor=colour))
        stored.append("3", style=Style(bold=True))
        stored.append(" ")
    ring = Text("╭─", style="bright_black")
    for colour in colours[:4]:
        ring.append("→", style="bright_black")
        ring.append(" ", style="yellow")
        ring.append("♥R", style=Style(color="black", bgcolor=colour))
        ring.append(f" {colour}     ")
    ring.append("─╮", style="bright_black")
    long = Text("a line far too long for its row, cut with an ellipsis " * 3)
    long.stylize("bold", 4, 40)
    return [head, stored, ring, Text("  Handlers   ready 3 · break 1 · tracker 2"), long]


def per_row(
    draw: Callable[[int], object], rounds: int, rows: int, panel: bool
) -> tuple[float, float]:
    """(CPU microseconds, function calls) a row of ``draw(first_row)``:
    on a panel's 40 rows, or each at a new place."""

    def first(n: int, start: int) -> int:
        return (n * rows) % 40 if panel else start + n * rows

    for n in range(8):  # (the panel's places drawn once before)
        draw(first(n, 10_000_000))
    start = time.process_time()
    for n in range(rounds):
        draw(first(n, 1_000_000))
    cpu = (time.process_time() - start) / (rounds * rows) * 1e6
    profile = cProfile.Profile()
    profile.enable()
    for n in range(20):
        draw(first(n, 9_000_000))
    profile.disable()
    calls = pstats.Stats(profile).total_calls / (20 * rows)  # type: ignore[attr-defined]
    return cpu, calls


async def main(rounds: int) -> None:
    app = Rows()
    async with app.run_test(size=(80, 3)):
        widget = app.query_one(Row)
        base = widget.rich_style
        blank = Style.from_color(bgcolor=base.bgcolor)
        lines = board_lines()
        cut = []
        for line in lines:
            if line.cell_len > 80:
                line = line.copy()
                line.truncate(80, overflow="ellipsis")
            cut.append(line)
        seen: dict[tuple[object, ...], Pieces] = {}
        text_strips(lines, widget, 80, base, 0, seen)
        draws: dict[str, Callable[[int], object]] = {
            "Textual's steps (library_strips)": lambda y: library_strips(
                cut, app.console, 80, base, blank, y
            ),
            "text_strips": lambda y: text_strips(lines, widget, 80, base, y),
            "text_strips, pieces kept": lambda y: text_strips(lines, widget, 80, base, y, seen),
        }
        print("| Rows | Drawn by | CPU us a row | calls a row | x the baseline |")
        print("|---|---|---|---|---|")
        for panel in (True, False):
            results = {
                name: per_row(draw, rounds, len(lines), panel) for name, draw in draws.items()
            }
            baseline = results["Textual's steps (library_strips)"][0]
            where = "a panel's 40" if panel else "each at a new place"
            for name, (cpu, calls) in results.items():
                print(f"| {where} | {name} | {cpu:.1f} | {calls:.0f} | {cpu / baseline:.2f} |")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=400)
    asyncio.run(main(parser.parse_args().rounds))
