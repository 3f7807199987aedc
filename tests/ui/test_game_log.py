"""The game log draws a line exactly as the table it used to lay out for
every line did, cell for cell, at every width."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.measure import measure_renderables
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text

from boardgames_tui.ui.widgets.game_log import entry_lines

WORDS = ["a", "to", "egg", "handler", "Field", "Ana", "crystals,", "(2)", "→", "élan", "李雷"]
WORDS += ["supercalifragilisticexpialidocious", "x\ny", "😀", " "]


def cells(console: Console, renderable: object, width: int) -> list[list[tuple[str, Style]]]:
    """What ``renderable`` draws at ``width``: each line's cells, with their
    style (no style and the null style draw alike)."""
    segments = console.render(renderable, console.options.update_width(width))
    return [
        [(char, segment.style or Style()) for segment in line for char in segment.text]
        for line in Segment.split_lines(segments)
    ]


def table(number: str, text: str) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(width=3, justify="right", style="dim", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row(number, Text(text))
    return grid


@settings(max_examples=200, deadline=None)
@given(
    words=st.lists(st.sampled_from(WORDS), max_size=30),
    number=st.sampled_from(["1", "12", "123", "·", "↶"]),
    room=st.integers(min_value=1, max_value=90),
    console_width=st.sampled_from([40, 80, 200]),
)
def test_a_line_draws_as_the_table_did(
    words: list[str], number: str, room: int, console_width: int
) -> None:
    console = Console(width=console_width, color_system="truecolor")
    text = " ".join(words)
    drawn = entry_lines(number, text, console, console.options.max_width, room, 10)
    old = table(number, text)
    # The width RichLog.write gives the table: its widest, shrunk to the room.
    width = measure_renderables(console, console.options, [old]).maximum
    width = max(min(width, room), 10)
    if drawn is None:
        assert not text.strip(" ")  # only a text with no width is left to the table
        return
    line, drawn_width = drawn
    assert drawn_width == width
    assert cells(console, line, width) == cells(console, old, width)
