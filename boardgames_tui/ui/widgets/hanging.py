"""Rows of text each under a one-cell mark, wrapped lines kept under their
first: the save list's entries.

A ``Table.grid`` of a mark column and a folding text column draws the same,
but measures its columns on every render; a list of a thousand saves renders
its entries' heights first, and the grid was most of the Load screen's first
frame.  :class:`Hanging` wraps each text once per width and draws it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich.console import Console, ConsoleOptions
from rich.measure import Measurement
from rich.segment import Segment
from rich.text import Text

#: The mark's cell and the space after it.
INDENT = 2


class Hanging:
    """``rows``: (mark, text) pairs; a mark is one cell ("" for none)."""

    def __init__(self, rows: Sequence[tuple[Text | str, Text]]) -> None:
        self.rows = [(Text(mark) if isinstance(mark, str) else mark, text) for mark, text in rows]
        self._wrapped: tuple[int, list[tuple[Text, list[Text]]]] | None = None

    def lines(self, console: Console, width: int) -> list[tuple[Text, list[Text]]]:
        """Each row's mark and its text's lines at ``width`` (kept for the
        width last asked: a list asks for an entry's height, then draws it)."""
        if self._wrapped is None or self._wrapped[0] != width:
            room = max(1, width - INDENT)
            self._wrapped = (
                width,
                [
                    (mark, list(text.wrap(console, room, overflow="fold")))
                    for mark, text in self.rows
                ],
            )
        return self._wrapped[1]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        blank = Segment(" " * INDENT)
        new_line = Segment.line()
        for mark, lines in self.lines(console, options.max_width):
            for number, line in enumerate(lines):
                if number == 0 and mark.plain:
                    yield from mark.render(console)
                    yield Segment(" " * (INDENT - mark.cell_len))
                else:
                    yield blank
                yield from line.render(console)
                yield new_line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((text.cell_len for _, text in self.rows), default=0)
        return Measurement(INDENT + 1, min(options.max_width, INDENT + widest))
