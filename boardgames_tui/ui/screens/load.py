"""The saved games: each with its game, seats, progress and when it was last
played; damaged files with the reason, not loadable.  Enter loads, D deletes
(after a confirmation).  Dismisses with the loaded session, or None."""

from __future__ import annotations

from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.lock import OPEN_ELSEWHERE, holder
from boardgames_tui.engine.printable import printable
from boardgames_tui.engine.saves import SaveError, SaveInfo, delete_save, list_saves
from boardgames_tui.engine.session import Session

from ..settings import Settings
from .dialogs import ConfirmDialog


def when(moment: datetime | None) -> str:
    if moment is None:
        return "unknown time"
    try:
        return moment.astimezone().strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):  # a file's time out of range
        return "unknown time"


def save_entry(info: SaveInfo) -> Table:
    """One save in a few lines, wrapped lines kept under their first.  What
    comes from the file or its name is shown with control characters
    escaped, so that a name cannot act on the terminal."""
    entry = Table.grid(padding=(0, 1))
    entry.add_column(width=1, no_wrap=True)
    entry.add_column(overflow="fold")
    name = printable(info.path.name)
    if info.ok:
        head = Text(printable(info.title or info.game), style="bold")
        if info.progress:
            head.append(f" · {printable(info.progress)}")
        head.append(f" · {when(info.updated)}", style="dim")
        moves = "move" if info.actions == 1 else "moves"
        entry.add_row(Text("▸"), head)
        entry.add_row("", Text(printable(", ".join(info.seats)) or "no seats"))
        entry.add_row("", Text(f"{info.actions} {moves} · {name}", style="dim"))
        if info.open_elsewhere:
            entry.add_row(
                Text("◉", style="bold"),
                Text(
                    f"Open in another window ({printable(info.open_elsewhere)}): here you can only watch it.",
                    style="bold",
                ),
            )
    else:
        head = Text("Damaged: ", style="bold")
        head.append(name, style="bold")
        head.append(f" · {when(info.updated)}", style="dim")
        entry.add_row(Text("✗", style="bold"), head)
        entry.add_row("", Text(printable(info.error or ""), style="italic"))
        entry.add_row("", Text("Can't be loaded. D deletes it.", style="dim"))
    return entry


class LoadScreen(Screen[Session | None]):
    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("enter", "load", "Load", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.saves: list[SaveInfo] = []

    def compose(self) -> ComposeResult:
        yield Static("Saved games", id="load-title", markup=False)
        yield OptionList(id="saves")
        yield Static(id="load-empty", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_saves()
        self.query_one("#saves", OptionList).focus()

    def refresh_saves(self, keep: int | None = None) -> None:
        """Read the folder again.  Errors found by a failed load are kept."""
        known_errors = {i.path: i.error for i in self.saves if i.error}
        self.saves = [
            info.model_copy(update={"error": known_errors[info.path]})
            if info.ok and info.path in known_errors
            else info
            for info in list_saves(self.settings.saves_dir)
        ]
        saves = self.query_one("#saves", OptionList)
        entries: list[Option | None] = []
        for index, info in enumerate(self.saves):
            if index:
                entries.append(None)
            entries.append(Option(save_entry(info), id=str(index)))
        saves.set_options(entries)
        count = len(self.saves)
        self.query_one("#load-title", Static).update(
            f"Saved games ({count}) in {self.settings.saves_dir}"
        )
        empty = self.query_one("#load-empty", Static)
        empty.update("" if count else "No saved games yet. Start one from the menu.")
        empty.display = count == 0
        saves.display = count > 0
        if count:
            saves.highlighted = min(keep or 0, count - 1)
        self.refresh_bindings()

    @property
    def current(self) -> SaveInfo | None:
        index = self.query_one("#saves", OptionList).highlighted
        if index is None or not 0 <= index < len(self.saves):
            return None
        return self.saves[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "load":
            info = self.current
            return None if info is None or not info.ok else True
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
        if (held := holder(info.path)) is not None:
            question = (
                f"{OPEN_ELSEWHERE} ({held.describe()}).\n"
                "Watch it here? Moves can only be made there."
            )

            def answer(yes: bool | None) -> None:
                if yes:
                    self._load(info)

            self.app.push_screen(ConfirmDialog(question, yes="Watch", no="Back"), answer)
            return
        self._load(info)

    def _load(self, info: SaveInfo) -> None:
        try:
            session = Session.load(info.path)
        except SaveError as exc:
            index = self.saves.index(info)
            self.saves[index] = info.model_copy(update={"error": str(exc)})
            self.notify(str(exc), title="Can't load", severity="error", timeout=10)
            self.refresh_saves(keep=index)
            return
        self.dismiss(session)

    def action_delete(self) -> None:
        info = self.current
        if info is None:
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
