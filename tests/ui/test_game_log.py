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
from textual.app import App, ComposeResult
from textual.strip import Strip
from textual.widgets import RichLog

from boardgames_tui.engine.session import LogEntry
from boardgames_tui.ui.widgets.game_log import GameLog, entry_lines

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


ENTRIES = [
    LogEntry("Setup: the eggs are dealt.", None, -1),
    LogEntry("Ana claims Apricot Nipper.", 0, 0),
    LogEntry("Ben puts a handler on the Field, then draws a crystal " * 3, 1, 1),
    LogEntry("", None, 2),  # no text: left to the table
    LogEntry("Ana took back 2 moves: a claim and a recall.", 0, 2, undo=True),
    LogEntry("李雷 rolls 😀 and keeps it.\nThen passes.", 1, 11),
]


class Logs(App[None]):
    # Fewer rows than lines: it scrolls.  The RichLog written to is styled
    # as the log is (its scrollbar's column always there).
    CSS = """
    GameLog, RichLog { height: 6; }
    RichLog { overflow-y: scroll; scrollbar-size-vertical: 1; }
    """

    def compose(self) -> ComposeResult:
        yield GameLog(id="shown")
        yield RichLog(id="written", wrap=True, markup=False, min_width=10)


def strip_cells(strip: Strip) -> list[tuple[str, Style]]:
    return [(char, seg.style or Style()) for seg in strip for char in seg.text]


async def test_lines_shown_in_a_batch_are_those_written_one_by_one() -> None:
    """``show_entries`` adds the lines it draws itself, several at once: the
    log holds exactly what writing each entry's table to Textual's RichLog
    would hold, and is as wide and as long, at 80 columns and 30."""
    for width in (80, 30):
        app = Logs()
        async with app.run_test(size=(width, 40)) as pilot:
            await pilot.pause()
            shown = app.query_one("#shown", GameLog)
            written = app.query_one("#written", RichLog)
            shown.show_entries(ENTRIES[:2])
            shown.show_entries(ENTRIES)  # the rest in one batch
            for entry in ENTRIES:
                written.write(GameLog._line(entry, shown.number_of(entry)), scroll_end=False)
            assert len(shown.lines) == len(written.lines) > len(ENTRIES)
            assert [strip_cells(s) for s in shown.lines] == [strip_cells(s) for s in written.lines]
            assert shown.virtual_size == written.virtual_size
            await pilot.pause()
            assert shown.scroll_y == shown.max_scroll_y > 0  # scrolled to the last line


async def test_a_log_drawn_again_after_an_undo_shows_the_new_lines() -> None:
    """The log keeps its lines as drawn, by their place in it: an undo
    rewrites the log, and the places show the rewritten lines, not the old."""
    app = Logs()
    async with app.run_test(size=(80, 40)) as pilot:
        log = app.query_one("#shown", GameLog)
        await pilot.pause()
        first = [LogEntry(f"Ana makes move {n:02}.", 0, n) for n in range(12)]
        log.show_entries(first)
        await pilot.pause()
        drawn_before = [log.render_line(y).text for y in range(log.size.height)]
        assert any("Ana makes move 11." in line for line in drawn_before)
        # As wide as the old lines: drawn in the same places at the same width.
        rewritten = [*first[:3], LogEntry("Ana undid.", 0, 2, undo=True)]
        rewritten += [LogEntry(f"Ben plays move {n:02}.", 1, n) for n in range(3, 12)]
        log.show_entries(rewritten)  # not the old log extended: drawn again
        await pilot.pause()
        drawn = [log.render_line(y).text for y in range(log.size.height)]
        assert any("Ben plays move 11." in line for line in drawn)
        assert not any("makes move 11." in line for line in drawn)
        expected = [strip.text for strip in log.lines[int(log.scroll_y) :]][: log.size.height]
        assert [line.rstrip() for line in drawn] == [line.rstrip() for line in expected]


async def test_lines_added_while_the_log_is_hidden_wrap_at_its_width_when_shown() -> None:
    """A log shown once, hidden (``display: none``, as the side panels at
    80x24 hide it) and given new entries meanwhile draws them at its own
    width when shown again, not a few columns wide."""
    app = Logs()
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        log = app.query_one("#shown", GameLog)
        first = LogEntry("Ana places a troop at Mantol-Derith.", 0, 0)
        log.show_entries([first])
        await pilot.pause()
        log.display = False
        await pilot.pause()
        later = LogEntry("Ben moves 1 warrior to Mountain (6, fox).", 1, 1)
        log.show_entries([first, later])
        log.display = True
        await pilot.pause()
        assert [strip.text.rstrip() for strip in log.lines] == [
            "  1 Ana places a troop at Mantol-Derith.",
            "  2 Ben moves 1 warrior to Mountain (6, fox).",
        ]
        # An undo while hidden draws the rewritten log at the width too.
        log.display = False
        await pilot.pause()
        log.show_entries([first, LogEntry("Ana took back a move: a troop.", 0, 0, undo=True)])
        log.display = True
        await pilot.pause()
        assert [strip.text.rstrip() for strip in log.lines] == [
            "  1 Ana places a troop at Mantol-Derith.",
            "  ↶ Ana took back a move: a troop.",
        ]


async def test_the_numbers_run_on_without_gaps() -> None:
    """Issue 45.16: moves that write nothing to the log (the steps of a
    trade being built) left gaps in its numbers ("3" then "7"): the log
    counts only the moves that wrote to it, a move of several lines keeps
    one number, and an undo's redraw numbers again from the top."""
    entries = [
        LogEntry("Setup.", None, -1),
        LogEntry("Ana claims.", 0, 0),
        LogEntry("Ben opens a trade.", 1, 2),
        LogEntry("Ben and Cleo trade.", 1, 6),
        LogEntry("Cleo gets a crystal.", 2, 6),
        LogEntry("Cleo places.", 2, 7),
    ]
    app = Logs()
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.pause()
        shown = app.query_one("#shown", GameLog)
        shown.show_entries(entries[:3])
        shown.show_entries(entries)
        await pilot.pause()
        numbers = [line.text[:3].strip() for line in shown.lines]
        assert numbers == ["·", "1", "2", "3", "3", "4"], numbers
        # An undo took the trade back: drawn again, still without a gap.
        shown.show_entries([*entries[:3], LogEntry("Ben took back a move.", 1, 2, undo=True)])
        shown.show_entries([*entries[:3], LogEntry("Ben places.", 1, 9)])
        await pilot.pause()
        numbers = [line.text[:3].strip() for line in shown.lines]
        assert numbers == ["·", "1", "2", "3"], numbers


class OneLog(App[None]):
    CSS = "GameLog { height: 6; }"

    def compose(self) -> ComposeResult:
        yield GameLog()


async def test_new_lines_scroll_the_log_to_its_end_with_no_callback_queued() -> None:
    """Lines written scroll the log to its last line at once, and queue
    nothing for the log to run after (Textual's ``scroll_end`` queues a
    callback for when it is done: a message a move before the frame)."""
    from textual.events import Callback
    from textual.messages import InvokeLater

    app = OneLog()
    async with app.run_test(size=(40, 10)) as pilot:
        log = app.query_one(GameLog)
        entries = [LogEntry(f"line {n}", None, n) for n in range(3)]
        log.show_entries(entries)
        await pilot.pause()
        queued: list[object] = []
        post = log.post_message
        writing = [False]

        def counted(message: object) -> bool:
            if writing[0] and isinstance(message, InvokeLater | Callback):
                queued.append(message)
            return post(message)  # type: ignore[arg-type]

        log.post_message = counted  # type: ignore[method-assign]
        for n in range(3, 12):
            entries = [*entries, LogEntry(f"line {n}", None, n)]
            writing[0] = True
            log.show_entries(entries)
            writing[0] = False
            assert log.scroll_y == log.max_scroll_y
            await pilot.pause()
            assert log.scroll_y == log.max_scroll_y
        assert log.max_scroll_y > 0
        assert queued == []
