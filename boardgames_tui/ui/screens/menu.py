"""The main menu: New game, Continue (the most recent unfinished save), Load,
Rules, Quit."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from rich.console import Group
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from boardgames_tui.engine.registry import game_infos, get_game

from ..host import host
from ..installed import installed_games
from ..settings import Settings

if TYPE_CHECKING:
    # The first frame needs none of these (pydantic, the saves, markdown help):
    # they are imported when first used.
    from boardgames_tui.engine.saves import SaveInfo
    from boardgames_tui.engine.session import Session

    from .help import HelpScreen


def describe_save(info: SaveInfo) -> str:
    from boardgames_tui.engine.printable import printable

    parts = [info.title or info.game]
    if info.seats:
        parts.append(", ".join(info.seats))
    if info.progress:
        parts.append(info.progress)
    if info.seated:
        from .table_open import seats_words

        parts.append(seats_words(info.seated_names()))
    elif info.open_elsewhere:
        parts.append("open in another window")
    return printable(" · ".join(parts))  # names from a file: escapes shown, not sent


class MainMenuScreen(Screen[None]):
    #: Read with the app's stylesheets (BoardgamesApp.CSS_PATH lists it):
    #: Textual reads no CSS_PATH of an app's first screen.
    CSS_PATH = "menu.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("c", "continue_game", "Continue"),
        Binding("l", "load", "Load"),
        Binding("r", "rules", "Rules"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, settings: Settings | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.latest: SaveInfo | None = None
        #: The saves are still to be read.
        self._saves_pending = True
        #: The app's first frame is on the terminal: the saves (pydantic, the
        #: saved game's rules, its replay) are not read before it.
        self._first_frame_shown = False

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            yield Static("boardgames-tui", id="menu-title", markup=False)
            yield Static(
                "Tabletop games for one keyboard and a table of friends",
                id="menu-tagline",
                markup=False,
            )
            # Built whole here: filling them in on_mount styles and lays out
            # the screen a second time before its first frame.
            yield OptionList(*self._options(), id="menu")
            yield Static(self._games_line(), id="menu-games", markup=False)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#menu", OptionList).focus()
        host(self).call_after_frame(partial(self.call_later, self._after_first_frame))

    def _after_first_frame(self) -> None:
        self._first_frame_shown = True
        # Beneath a game opened from the command line, the menu reads the
        # saves when it is shown, not while that game starts.
        if self.is_active:
            self.refresh_menu()

    def on_screen_resume(self) -> None:
        # The menu's first showing resumes it too, before the first frame.
        if self._first_frame_shown:
            self.refresh_menu()

    def refresh_menu(self) -> None:
        """Read the saves again and show the most recent unfinished game."""
        from boardgames_tui.engine.saves import latest_save

        self._saves_pending = False
        self.latest = latest_save(self.settings.saves_dir, unfinished=True)
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.set_options(self._options())
        if highlighted is not None and highlighted < menu.option_count:
            menu.highlighted = highlighted
        elif self.latest is not None:
            menu.highlighted = 1
        else:
            menu.highlighted = 0
        self.query_one("#menu-games", Static).update(self._games_line())
        self.refresh_bindings()

    def _options(self) -> list[Option]:
        if self.latest is not None:
            about = describe_save(self.latest)
        elif self._saves_pending:
            about = "(looking for saved games)"
        else:
            about = "(no game in progress)"
        # The game under "Continue", its lines wrapped under its own first
        # (not back at the box's edge).
        cont = Group(self._entry("Continue", "C"), Padding(Text(about, style="dim"), (0, 0, 0, 2)))
        return [
            Option(self._entry("New game", "N"), id="new"),
            Option(cont, id="continue", disabled=self.latest is None),
            Option(self._entry("Load a saved game", "L"), id="load"),
            Option(self._entry("Rules", "R"), id="rules"),
            Option(self._entry("Quit", "Q"), id="quit"),
        ]

    @staticmethod
    def _games_line() -> str:
        names = ", ".join(info.title for info in game_infos()) or "none installed"
        return f"Games: {names}"

    @staticmethod
    def _entry(label: str, key: str) -> Text:
        text = Text(f"{label:<20}")
        text.append(key, style="dim")
        return text

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "continue_game":
            return True if self.latest is not None else None
        return True

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        actions = {
            "new": self.action_new_game,
            "continue": self.action_continue_game,
            "load": self.action_load,
            "rules": self.action_rules,
            "quit": self.app.exit,
        }
        if event.option.id in actions:
            actions[event.option.id]()

    # --------------------------------------------------------------- actions
    def open_game(self, session: Session | None) -> None:
        """Play ``session`` on its game's screen (menu beneath it)."""
        if session is None:
            return
        from ..game_screens import screen_for

        self.app.push_screen(screen_for(session, self.settings))

    def action_new_game(self) -> None:
        from .setup import SetupScreen

        self.app.push_screen(SetupScreen(self.settings), callback=self.open_game)

    def action_continue_game(self) -> None:
        from boardgames_tui.engine.lock import OPEN_ELSEWHERE, holder

        if self.latest is None:
            self.notify("There is no game in progress to continue.", severity="warning")
            return
        from boardgames_tui.engine.seat_files import seats_taken

        if taken := seats_taken(self.latest.path):
            from .table_open import offer_table

            offer_table(self, self.settings, self.latest.path, taken)
            return
        if (held := holder(self.latest.path)) is not None:
            from .dialogs import ConfirmDialog

            question = (
                f"{OPEN_ELSEWHERE} ({held.describe()}).\n"
                "Watch it here? Moves can only be made there."
            )
            latest = self.latest

            def answer(yes: bool | None) -> None:
                if yes:
                    self._continue(latest)

            self.app.push_screen(ConfirmDialog(question, yes="Watch", no="Back"), answer)
            return
        self._continue(self.latest)

    def _continue(self, latest: SaveInfo) -> None:
        from boardgames_tui.engine.savefile import SaveError
        from boardgames_tui.engine.session import Session

        try:
            session = Session.load(latest.path)
        except SaveError as exc:
            self.notify(str(exc), title="Can't continue", severity="error", timeout=10)
            self.refresh_menu()
            return
        self.open_game(session)

    def action_load(self) -> None:
        from .load import LoadScreen

        self.app.push_screen(LoadScreen(self.settings), callback=self.open_game)

    def action_rules(self) -> None:
        from .dialogs import ChooseGameDialog

        games = installed_games()
        if not games:
            self.notify("No games are installed.", severity="warning")
            return
        if len(games) == 1:
            self._show_rules(games[0].id)
            return
        self.app.push_screen(
            ChooseGameDialog("Rules of which game?", [(g.id, g.title) for g in games]),
            callback=self._show_rules,
        )

    def _show_rules(self, game_id: str | None) -> None:
        from .help import HelpScreen

        if game_id is not None:
            self.app.push_screen(HelpScreen(get_game(game_id)))

    def help_screen(self) -> HelpScreen:
        from .help import HelpScreen, screen_keys

        about = (
            "Pass-and-play tabletop games: one keyboard, one table. "
            "Every move is saved as it is made; saves go to "
            f"`{self.settings.saves_dir}`."
        )
        return HelpScreen(None, screen_keys(self), about=about)
