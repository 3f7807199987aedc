"""The saved games: each with its game, seats, progress and when it was last
played; damaged files with the reason, not loadable.  Enter loads, D deletes
(after a confirmation).  Dismisses with the loaded session, or None.

The list shows at once, from the saves folder's index (``quick_list``):
saves new or changed since they were last checked are marked "checking" and
are checked (replayed) in a thread, their entries updated as they are done;
the others are checked again there too (their hash), which changes nothing
unless a file changed under the same size and time.

R replays the highlighted save move by move, read-only (finished or not,
and even while another window plays it: no lock is taken, nothing written).
V reviews a finished save (``screens/review.py``)."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from boardgames_tui.engine.lock import OPEN_ELSEWHERE, holder
from boardgames_tui.engine.printable import printable
from boardgames_tui.engine.save_folder import (
    FolderScan,
    delete_refusal,
    delete_save,
    is_folder,
    scan,
)
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import QuickRow, SaveInfo, checking, quick_rows, save_info
from boardgames_tui.engine.seat_files import seats_taken
from boardgames_tui.engine.session import Session

from ..settings import Settings
from ..widgets.hanging import Hanging
from .dialogs import ConfirmDialog
from .table_open import offer_table, seats_words


def when(moment: datetime | None) -> str:
    if moment is None:
        return "unknown time"
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):  # a file's time out of range
        return "unknown time"


def save_entry(info: SaveInfo) -> Hanging:
    """One save in a few lines, wrapped lines kept under their first.  What
    comes from the file or its name is shown with control characters
    escaped, so that a name cannot act on the terminal."""
    rows: list[tuple[Text | str, Text]] = []
    name = printable(info.path.name)
    if info.ok:
        head = Text(printable(info.title or info.game), style="bold")
        if info.progress:
            head.append(f" · {printable(info.progress)}")
        head.append(f" · {when(info.updated)}", style="dim")
        moves = "move" if info.actions == 1 else "moves"
        rows.append((Text("▸"), head))
        rows.append(("", Text(printable(", ".join(info.seats)) or "no seats")))
        rows.append(("", Text(f"{info.actions} {moves} · {name}", style="dim")))
        if info.seated:
            rows.append(
                (
                    Text("◉", style="bold"),
                    Text(
                        f"O{printable(seats_words(info.seated_names()))[1:]}, "
                        "a screen per seat: here you can sit at a free seat or watch.",
                        style="bold",
                    ),
                )
            )
        if info.open_elsewhere:
            rows.append(
                (
                    Text("◉", style="bold"),
                    Text(
                        f"Open in another window ({printable(info.open_elsewhere)}): here you can only watch it.",
                        style="bold",
                    ),
                )
            )
    else:
        head = Text("Damaged: ", style="bold")
        head.append(name, style="bold")
        head.append(f" · {when(info.updated)}", style="dim")
        rows.append((Text("✗", style="bold"), head))
        rows.append(("", Text(printable(info.error or ""), style="italic")))
        hint = "Can't be loaded." if is_folder(info.path) else "Can't be loaded. D deletes it."
        rows.append(("", Text(hint, style="dim")))
    return Hanging(rows)


#: How often the entries checked in the thread are shown (seconds).
SHOW_CHECKED_EVERY = 0.2
#: Entries drawn for the first frame (more than a screen holds); the rest
#: are added after it, this many at a time.
FIRST_ENTRIES = 6
MORE_ENTRIES = 100


def pending_entry(info: SaveInfo) -> Hanging:
    """A save listed before its checks are done: its file and its time."""
    head = Text("Checking: ", style="bold")
    head.append(printable(info.path.name))
    head.append(f" · {when(info.updated)}", style="dim")
    return Hanging(
        [
            (Text("…"), head),
            ("", Text("Its moves are being checked; it can be loaded already.", style="dim")),
        ]
    )


def list_entry(info: SaveInfo) -> Hanging:
    return pending_entry(info) if info.pending else save_entry(info)


class LoadScreen(Screen[Session | None]):
    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("r", "replay", "Replay"),
        Binding("v", "review", "Review"),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.saves: list[SaveInfo] = []
        #: Errors found by a load that failed, kept over the lists' verdicts.
        self._load_errors: dict[Path, str] = {}
        #: Bumped at each listing, so a thread's late results of an older
        #: listing are dropped.
        self._generation = 0
        #: How many of ``saves`` are in the option list yet.
        self._shown = 0
        #: The rest of the list, after ``saves``, not made into entries yet.
        self._rows: list[QuickRow] = []
        #: Saves checked by the thread before they were made into entries.
        self._checked_later: dict[Path, SaveInfo] = {}

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="load-title", markup=False)
        yield OptionList(id="saves")
        yield Static(id="load-empty", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_saves()
        self.query_one("#saves", OptionList).focus()

    def refresh_saves(self, keep: int | None = None) -> None:
        """Read the folder again: the list at once from the folder's index,
        then every save checked in a thread.  Errors found by a failed load
        are kept."""
        self._generation += 1
        where = self.settings.saves_dir
        # The folder read once, for the list and for its checks.
        folder = scan(where) if where.is_dir() else None
        rows = quick_rows(where, folder) if folder is not None else []
        self._rows = rows
        self.saves = []
        self._checked_later = {}
        self._show_list(keep)
        if rows and folder is not None:
            # After the list's first frame: the checks share the interpreter
            # with the drawing, and would hold that frame back.
            generation = self._generation
            self._after_frame(lambda: self.check_saves(generation, rows, folder))

    def _after_frame(self, callback: Callable[[], object]) -> None:
        after_frame = getattr(self.app, "call_after_frame", None)
        if after_frame is None:  # an app other than BoardgamesApp (a test's)
            self.call_after_refresh(callback)
            return
        # Once this screen is laid out, after the frame that shows it.
        self.call_after_refresh(lambda: after_frame(lambda: self.call_later(callback)))

    def _with_load_error(self, info: SaveInfo) -> SaveInfo:
        error = self._load_errors.get(info.path)
        if error is None or not (info.ok or info.pending):
            return info
        return info.model_copy(update={"error": error, "pending": False})

    @property
    def count(self) -> int:
        """How many saves the list has (made into entries or not yet)."""
        return len(self.saves) + len(self._rows)

    def _make(self, upto: int) -> None:
        """Make the entries of the list's first ``upto`` saves."""
        need = upto - len(self.saves)
        if need > 0 and self._rows:
            batch, self._rows = self._rows[:need], self._rows[need:]
            self.saves.extend(self._row_info(row) for row in batch)

    def _row_info(self, row: QuickRow) -> SaveInfo:
        info = self._checked_later.pop(row.path, None) or row.info()
        return self._with_load_error(info)

    def _options(self, start: int, stop: int) -> list[Option | None]:
        entries: list[Option | None] = []
        for index in range(start, min(stop, len(self.saves))):
            if index:
                entries.append(None)
            entries.append(Option(list_entry(self.saves[index]), id=str(index)))
        return entries

    def _show_list(self, keep: int | None) -> None:
        saves = self.query_one("#saves", OptionList)
        # The first frame draws the entries it can show (and those up to the
        # one to highlight); the others follow, a batch after each frame.
        # An entry takes three lines or more, and a line between entries.
        first = max(FIRST_ENTRIES, self.app.size.height // 4 + 2)
        self._make(max(first, (keep or 0) + 1))
        self._shown = min(len(self.saves), max(first, (keep or 0) + 1))
        saves.set_options(self._options(0, self._shown))
        count = self.count
        if self._shown < count:
            generation = self._generation
            self._after_frame(lambda: self._show_more(generation))
        self._show_title()
        empty = self.query_one("#load-empty", Static)
        empty.update("" if count else "No saved games yet. Start one from the menu.")
        empty.display = count == 0
        saves.display = count > 0
        if count:
            saves.highlighted = min(keep or 0, self._shown - 1)
        self.refresh_bindings()

    def _show_more(self, generation: int) -> None:
        if generation != self._generation or not self.is_attached:
            return
        stop = self._shown + MORE_ENTRIES
        self._make(stop)
        stop = min(stop, len(self.saves))
        self.query_one("#saves", OptionList).add_options(self._options(self._shown, stop))
        self._shown = stop
        if stop < self.count:
            self._after_frame(lambda: self._show_more(generation))

    def _show_title(self) -> None:
        pending = sum(1 for i in self.saves if i.pending) + sum(
            1 for r in self._rows if not r.replayed
        )
        checking_now = f" · checking {pending}" if pending else ""
        self.query_one("#load-title", Static).update(
            f"Saved games ({self.count}) in {self.settings.saves_dir}{checking_now}"
        )

    @work(thread=True, exclusive=True, group="check-saves", exit_on_error=False)
    def check_saves(self, generation: int, rows: list[QuickRow], folder: FolderScan) -> None:
        """Check (replay) each save off the event loop, the new and changed
        ones first (the others are only confirmed), showing the results every
        :data:`SHOW_CHECKED_EVERY` seconds; the folder's index learns them
        (written once, at the end or when the screen goes)."""
        worker = get_current_worker()
        paths = [r.path for r in rows if r.known is None] + [
            r.path for r in rows if r.known is not None
        ]
        done: list[SaveInfo] = []
        shown = time.monotonic()
        with checking(self.settings.saves_dir):
            for path in paths:
                if worker.is_cancelled:
                    return
                try:
                    info = save_info(path, folder=folder)
                except Exception as exc:  # a list never stops at one file
                    info = SaveInfo(path=path, error=f"{path.name} cannot be checked ({exc}).")
                done.append(info)
                if time.monotonic() - shown >= SHOW_CHECKED_EVERY:
                    self._post_checked(generation, done, last=False)
                    done, shown = [], time.monotonic()
        self._post_checked(generation, done, last=True)

    def _post_checked(self, generation: int, infos: list[SaveInfo], *, last: bool) -> None:
        with contextlib.suppress(Exception):  # the app is closing: nothing to show
            self.app.call_from_thread(self._checked, generation, infos, last)

    def _checked(self, generation: int, infos: list[SaveInfo], last: bool) -> None:
        """Entries checked in the thread: shown in place of the quick ones."""
        if generation != self._generation or not self.is_attached:
            return
        where = {info.path: index for index, info in enumerate(self.saves)}
        saves = self.query_one("#saves", OptionList)
        reorder = False
        for info in infos:
            index = where.get(info.path)
            if index is None:  # not made into an entry yet: used when it is
                self._checked_later[info.path] = info
                reorder = True
                continue
            info = self._with_load_error(info)
            old = self.saves[index]
            if info == old:
                continue
            reorder = reorder or info.updated != old.updated
            self.saves[index] = info
            if index < self._shown:  # else drawn when added
                saves.replace_option_prompt(str(index), list_entry(info))
        if last and reorder:
            # Checked saves show when they were last played, not their file's
            # time: put the list in that order, keeping the highlighted save.
            current = self.current
            self._make(self.count)
            order = sorted(self.saves, key=_newest_first, reverse=True)
            if order != self.saves:
                self.saves = order
                keep = self.saves.index(current) if current in self.saves else None
                self._show_list(keep)
                return
        self._show_title()
        self.refresh_bindings()

    @property
    def current(self) -> SaveInfo | None:
        index = self.query_one("#saves", OptionList).highlighted
        if index is None or not 0 <= index < len(self.saves):
            return None
        return self.saves[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("load", "replay"):
            info = self.current
            return None if info is None or not (info.ok or info.pending) else True
        if action == "review":
            info = self.current
            return None if info is None or not info.ok or not info.finished else True
        if action == "delete":
            return None if self.current is None else True
        return True

    @on(OptionList.OptionHighlighted, "#saves")
    def _highlighted(self) -> None:
        self.refresh_bindings()

    @on(OptionList.OptionSelected, "#saves")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_load()

    def action_load(self) -> None:
        info = self.current
        if info is None:
            return
        if not info.ok:
            self.notify(f"Can't load: {info.error}", title="Damaged save", severity="error")
            return
        if taken := seats_taken(info.path):
            offer_table(self, self.settings, info.path, taken)
            return
        if (held := holder(info.path)) is not None:
            question = (
                f"{OPEN_ELSEWHERE} ({held.describe()}).\n"
                "Watch it here? Moves can only be made there."
            )

            def answer(yes: bool | None) -> None:
                if yes:
                    self._load(info)

            self.app.push_screen(
                ConfirmDialog(question, yes="Watch", no="Back", harmless=True), answer
            )
            return
        self._load(info)

    def _load(self, info: SaveInfo) -> None:
        try:
            session = Session.load(info.path)
        except SaveError as exc:
            self._refused(info, exc)
            return
        self.dismiss(session)

    def _refused(self, info: SaveInfo, exc: SaveError) -> None:
        """A save that would not load: its entry says why from now on."""
        index = self.saves.index(info)
        self._load_errors[info.path] = str(exc)
        self.saves[index] = info.model_copy(update={"error": str(exc), "pending": False})
        self.notify(str(exc), title="Can't load", severity="error", timeout=10)
        self.refresh_saves(keep=index)

    def action_replay(self) -> None:
        """Replay the highlighted save, read-only, over this list (Esc comes
        back to it).  No lock is taken: a window playing it is undisturbed."""
        from boardgames_tui.engine.replay import Replay

        from ..game_screens import replay_screen

        info = self.current
        if info is None:
            return
        if not info.ok:
            self.notify(f"Can't load: {info.error}", title="Damaged save", severity="error")
            return
        try:
            replay = Replay.open(info.path)
        except SaveError as exc:
            self._refused(info, exc)
            return
        self.app.push_screen(replay_screen(replay, self.settings))

    def action_review(self) -> None:
        """Review the highlighted finished save over this list (Esc comes
        back to it)."""
        from .review import ReviewScreen

        info = self.current
        if info is None or not info.ok or not info.finished:
            return
        self.app.push_screen(ReviewScreen(info.path, self.settings))

    def action_delete(self) -> None:
        info = self.current
        if info is None:
            return
        # Refused before the question: a person is never asked to confirm
        # what cannot be done.
        refused = delete_refusal(info.path)
        if refused is not None:
            self.notify(refused, title="Not deleted", severity="error")
            return
        label = info.title or "damaged save"
        question = f"Delete {info.path.name} ({label})?\nThis cannot be undone."

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            index = self.saves.index(info)
            try:
                delete_save(info.path)
            except SaveError as exc:
                self.notify(str(exc), title="Not deleted", severity="error")
                return
            self.notify(f"Deleted {info.path.name}.", title="Deleted")
            self.refresh_saves(keep=index)

        self.app.push_screen(ConfirmDialog(question, yes="Delete", no="Keep"), callback=answer)

    def action_back(self) -> None:
        self.dismiss(None)


def _newest_first(info: SaveInfo) -> tuple[datetime, str]:
    epoch = datetime.min.replace(tzinfo=UTC)
    return (info.updated or epoch, info.path.name)
