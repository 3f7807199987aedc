"""When something inside a screen goes wrong: one sentence for the player,
the traceback in a log file for a bug report.

The game on screen was saved after its last action, so the way out is back
to the menu, where Continue picks it up again.  Nothing here prints the
program's state: the log holds the plain traceback, without local variables.
"""

from __future__ import annotations

import platform
import tempfile
import traceback
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from boardgames_tui import __version__

from ..widgets.keybar import KeyBar

#: The log file, in the saves folder.
CRASH_LOG = "crash.log"

SAVED = "Something went wrong; the game is saved, press Enter to go back to the menu."
NO_GAME = "Something went wrong; press Enter to go back to the menu."


def write_crash_log(folder: Path, error: BaseException, about: Sequence[str] = ()) -> Path:
    """Append the time, the versions, ``about`` (what was on screen) and the
    traceback of ``error`` to ``folder/crash.log``; the temporary folder when
    that cannot be written.  Returns the file written, and never raises."""
    import textual

    lines = [
        f"===== {datetime.now().astimezone().isoformat(timespec='seconds')} =====",
        f"boardgames-tui {__version__}, textual {textual.__version__}, "
        f"Python {platform.python_version()} on {platform.system()}",
        *about,
        "".join(traceback.format_exception(error)).rstrip(),
        "",
    ]
    text = "\n".join(lines) + "\n"
    for place in (folder, Path(tempfile.gettempdir())):
        path = place / CRASH_LOG
        try:
            place.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as handle:
                handle.write(text)
        except OSError:
            continue
        return path
    return folder / CRASH_LOG


class CrashScreen(ModalScreen[None]):
    """The sentence, where the details are, and Enter back to the menu."""

    DEFAULT_CSS = """
    CrashScreen {
        align: center middle;
        background: $background 80%;
    }
    CrashScreen #crash-box {
        width: 64;
        max-width: 100%;
        height: auto;
        padding: 1 2;
        border: thick $error;
        background: $surface;
    }
    CrashScreen #crash-sentence {
        width: 100%;
        text-style: bold;
    }
    CrashScreen #crash-log {
        width: 100%;
        margin-top: 1;
        color: $text-muted;
    }
    """
    BINDINGS = [Binding("enter,escape", "menu", "Back to the menu")]

    def __init__(self, log: Path | None, game_saved: bool = True) -> None:
        super().__init__()
        self.log_path = log
        self.sentence = SAVED if game_saved else NO_GAME

    def compose(self) -> ComposeResult:
        with Vertical(id="crash-box"):
            yield Static(self.sentence, id="crash-sentence", markup=False)
            if self.log_path is not None:
                yield Static(
                    f"(Details for a bug report: {self.log_path})", id="crash-log", markup=False
                )
        yield KeyBar()

    def action_menu(self) -> None:
        self.dismiss(None)
