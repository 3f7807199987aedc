"""Issue 45, items 13 and 16: after the terminal is resized the game log drew
one frame at its old width -- the lines wrapped for the old width, cut or
padded to the new -- before it wrapped them again.  Every frame it draws
shows its lines wrapped at the width it is drawn at."""

from __future__ import annotations

from rich.segment import Segment
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip

from boardgames_tui.engine.session import LogEntry
from boardgames_tui.ui.widgets.game_log import GameLog, entry_lines

ENTRIES = [
    LogEntry(f"Ana puts a handler on the Field, then draws crystal number {n} from the bag.", 0, n)
    for n in range(8)
]


class WatchedLog(GameLog):
    """The log, keeping what each frame drew and the width it drew it at."""

    def __init__(self) -> None:
        super().__init__(id="log")
        self.frames: list[tuple[int, list[str]]] = []

    def render_lines(self, crop: Region) -> list[Strip]:
        strips = super().render_lines(crop)
        width = self.scrollable_content_region.width
        self.frames.append((width, [strip.text.rstrip() for strip in strips]))
        return strips


class OneLog(App[None]):
    CSS = "GameLog { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield WatchedLog()


def wrapped_at(app: App[None], width: int) -> list[str]:
    """The log's lines as a log laid out at ``width`` draws them."""
    console = app.console
    lines: list[str] = []
    for number, entry in enumerate(ENTRIES, 1):
        drawn = entry_lines(str(number), entry.text, console, console.width, width, 10)
        assert drawn is not None
        lines += [
            "".join(segment.text for segment in line).rstrip()
            for line in Segment.split_lines(drawn[0].segments)
        ]
    return lines


async def test_the_first_frame_after_a_resize_is_wrapped_at_the_new_width() -> None:
    app = OneLog()
    async with app.run_test(size=(80, 30)) as pilot:
        log = app.query_one(WatchedLog)
        await pilot.pause()
        log.show_entries(ENTRIES)
        await pilot.pause()
        for size in ((44, 30), (100, 30), (60, 12)):
            log.frames.clear()
            await pilot.resize_terminal(*size)
            for _ in range(3):
                await pilot.pause()
            assert log.frames, size
            for width, rows in log.frames:
                good = wrapped_at(app, width)
                stale = [row for row in rows if row and row not in good]
                assert not stale, f"{size}: a frame {width} wide drew {stale}"
            # Each frame shows the end of the log (it follows the game).
            for width, rows in log.frames:
                assert [row for row in rows if row][-1] == wrapped_at(app, width)[-1], size
