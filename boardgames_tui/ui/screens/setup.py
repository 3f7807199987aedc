"""New-game setup: the game, how many players, each seat's name and whether a
person or a bot plays it, and the game's own options (generated from its
``Options`` model).  Dismisses with the new session, or None."""

from __future__ import annotations

import importlib
import shlex
from pathlib import Path
from typing import Any, Protocol

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from boardgames_tui.engine.bots import about, bot_names
from boardgames_tui.engine.game import Game, Seat, SetupError
from boardgames_tui.engine.registry import UnknownGame, game_info, get_game
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import new_session_path
from boardgames_tui.engine.session import Session

from ..installed import installed_games
from ..kit.dialogs import TextDialog
from ..settings import Settings
from ..widgets.options_form import OptionsForm, resolved_defaults


class TablePart(Protocol):
    """What the setup screen asks of a game's own part of the table."""

    #: Options whose rows in the form the part stands in for.
    replaces: tuple[str, ...]

    def show_seats(self, names: list[str]) -> None:
        """The seats' names, as typed, one per seat."""

    def values(self) -> dict[str, Any]:
        """The options the part sets; SetupError for a table it refuses."""


def table_part(game: Game[Any, Any], names: list[str]) -> Widget | None:
    """The game's own part of the table, between the seats and the options
    (Root's faction per seat), as its registry entry names it (None: it has
    none)."""
    where = game_info(game.id).table
    if not where:
        return None
    module, _, name = where.partition(":")
    part: Widget = getattr(importlib.import_module(module), name)(names, id="table-part")
    return part


#: Names offered for new seats; anyone can type their own.
DEFAULT_NAMES = ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"]
PERSON = "person"


def default_players(game: Game[Any, Any]) -> int:
    return max(game.min_players, min(2, game.max_players))


class SeatRow(Horizontal):
    """One seat: its number, the name, a person or a bot."""

    def __init__(
        self,
        index: int,
        name: str,
        kind: str,
        bots: list[str] | None = None,
        game: Game[Any, Any] | None = None,
    ) -> None:
        super().__init__(id=f"seat-{index}", classes="seat-row")
        self.index = index
        self.initial_name = name
        self.initial_kind = kind
        self.bots = bot_names(game) if bots is None else bots
        self.game = game

    def compose(self) -> ComposeResult:
        # Each bot with a few words on what it is: the difficulty levels are
        # easy, normal and hard.
        kinds = [("Person", PERSON)] + [
            (
                f"Bot: {b} · {about(b, self.game)}" if about(b, self.game) else f"Bot: {b}",
                f"bot:{b}",
            )
            for b in self.bots
        ]
        values = [value for _, value in kinds]
        yield Label(f"{self.index + 1}.", classes="seat-number", markup=False)
        yield Input(
            self.initial_name,
            placeholder="Name",
            max_length=24,
            id=f"name-{self.index}",
            classes="seat-name",
            compact=True,
        )
        yield Select(
            kinds,
            value=self.initial_kind if self.initial_kind in values else PERSON,
            allow_blank=False,
            id=f"kind-{self.index}",
            classes="seat-kind",
            compact=True,
        )

    @property
    def name_value(self) -> str:
        return self.query_one(Input).value

    @property
    def kind_value(self) -> str:
        value = self.query_one(Select).value
        return value if isinstance(value, str) else PERSON

    def seat(self) -> Seat:
        kind = self.kind_value
        bot = kind.removeprefix("bot:") if kind.startswith("bot:") else None
        return Seat(name=self.name_value.strip(), bot=bot)


class SetupScreen(Screen[Session | None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back"),
        Binding("f2", "start", "Start game"),
    ]

    def __init__(self, settings: Settings | None = None, game_id: str | None = None) -> None:
        super().__init__()
        self.settings = settings or Settings()
        self.games = installed_games()
        ids = [g.id for g in self.games]
        self.game_id: str | None = game_id if game_id in ids else (ids[0] if ids else None)
        #: Names and kinds typed so far, kept when seats are removed and added back.
        self.remembered: dict[int, tuple[str, str]] = {}

    @property
    def game(self) -> Game[Any, Any] | None:
        if self.game_id is None:
            return None
        try:
            return get_game(self.game_id)
        except UnknownGame:
            return None

    def compose(self) -> ComposeResult:
        game = self.game
        with VerticalScroll(id="setup-body"):
            yield Static("New game", id="setup-title", markup=False)
            if game is None:
                yield Static("No games are installed.", id="setup-empty", markup=False)
            else:
                with Horizontal(classes="setup-row"):
                    yield Label("Game", classes="setup-label", markup=False)
                    yield Select(
                        [(g.title, g.id) for g in self.games],
                        value=game.id,
                        allow_blank=False,
                        id="game",
                        compact=True,
                    )
                with Horizontal(classes="setup-row"):
                    yield Label("Players", classes="setup-label", markup=False)
                    yield Select(
                        self._player_choices(game),
                        value=default_players(game),
                        allow_blank=False,
                        id="players",
                        compact=True,
                    )
                    yield Static(self._range_text(game), id="players-range", markup=False)
                yield Static("Seats", classes="setup-heading", markup=False)
                with Vertical(id="seats"):
                    for index in range(default_players(game)):
                        yield self._seat_row(index)
                with Vertical(id="table-part-box"):
                    part = table_part(game, self._names(game))
                    if part is not None:
                        yield part
                yield Static("Options", classes="setup-heading", markup=False)
                with Vertical(id="options-box"):
                    yield OptionsForm(game.Options, seats=self._names(game), id="options")
                with Horizontal(id="seed-row"):
                    yield Label("Seed (for a game you can replay)", id="seed-label", markup=False)
                    yield Input(
                        placeholder="blank: random",
                        type="integer",
                        id="seed",
                        compact=True,
                    )
        yield Static(id="setup-error", markup=False)
        with Horizontal(id="setup-buttons"):
            yield Button(
                "Start game", id="start", variant="primary", disabled=game is None, compact=True
            )
            yield Button(
                "A screen per seat", id="start-seated", disabled=game is None, compact=True
            )
            yield Button("Back", id="back", compact=True)
        yield Footer()

    def on_mount(self) -> None:
        if self.game is not None:
            self.query_one("#game", Select).focus()
            self._show_table()
        else:
            self.query_one("#back", Button).focus()

    def _names(self, game: Game[Any, Any], count: int | None = None) -> list[str]:
        """The seats' names before their rows are mounted."""
        count = default_players(game) if count is None else count
        return [self._seat_defaults(i)[0] for i in range(count)]

    def _show_table(self) -> None:
        """Options that name a seat offer the seats' names, and every
        "Default" says what it comes to for this many players."""
        game = self.game
        if game is None:
            return
        names = [row.name_value.strip() for row in self.query(SeatRow)]
        form = self.query_one("#options", OptionsForm)
        form.show_table(names, resolved_defaults(game, len(names)))
        part = self._part()
        if part is not None:
            part.show_seats(names)
            for option in part.replaces:
                for row in form.query(f"#option-row-{option}, #option-help-{option}"):
                    row.display = False

    def _part(self) -> TablePart | None:
        found = self.query("#table-part")
        return found.first() if found else None  # type: ignore[return-value]

    @on(Input.Changed, ".seat-name")
    def _name_changed(self) -> None:
        self._show_table()

    # ---------------------------------------------------------------- seats
    @staticmethod
    def _player_choices(game: Game[Any, Any]) -> list[tuple[str, int]]:
        return [(str(n), n) for n in range(game.min_players, game.max_players + 1)]

    @staticmethod
    def _range_text(game: Game[Any, Any]) -> str:
        if game.min_players == game.max_players:
            return f"(exactly {game.min_players})"
        return f"({game.min_players} to {game.max_players})"

    def _seat_defaults(self, index: int) -> tuple[str, str]:
        """A seat's name and kind: as typed before, or offered."""
        offered = DEFAULT_NAMES[index] if index < len(DEFAULT_NAMES) else f"Player {index + 1}"
        return self.remembered.get(index, (offered, PERSON))

    def _seat_row(self, index: int) -> SeatRow:
        """A seat offering the generic bots and the chosen game's own."""
        return SeatRow(index, *self._seat_defaults(index), game=self.game)

    def _remember_seats(self) -> None:
        for row in self.query(SeatRow):
            self.remembered[row.index] = (row.name_value, row.kind_value)

    async def _set_seat_count(self, count: int) -> None:
        self._remember_seats()
        seats = self.query_one("#seats", Vertical)
        rows = list(self.query(SeatRow))
        for row in rows[count:]:
            await row.remove()
        if len(rows) < count:
            await seats.mount_all(self._seat_row(i) for i in range(len(rows), count))

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            await self._set_seat_count(event.value)
            self._show_table()

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if not isinstance(event.value, str) or event.value == self.game_id:
            return
        self.game_id = event.value
        game = self.game
        assert game is not None
        players = self.query_one("#players", Select)
        current = players.value if isinstance(players.value, int) else default_players(game)
        count = min(max(current, game.min_players), game.max_players)
        with players.prevent(Select.Changed):
            players.set_options(self._player_choices(game))
            players.value = count
        self.query_one("#players-range", Static).update(self._range_text(game))
        await self._set_seat_count(0)  # the seats offer the new game's bots
        await self._set_seat_count(count)
        await self.query_one("#table-part-box", Vertical).remove_children()
        part = table_part(game, self._names(game, count))
        if part is not None:
            await self.query_one("#table-part-box", Vertical).mount(part)
        await self.query_one("#options", OptionsForm).remove()
        await self.query_one("#options-box", Vertical).mount(
            OptionsForm(game.Options, seats=self._names(game, count), id="options")
        )
        self._show_table()
        self._clear_error()

    # ---------------------------------------------------------------- start
    @on(Input.Submitted)
    def _next_field(self) -> None:
        self.focus_next()

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#start-seated")
    def _start_seated_pressed(self) -> None:
        self.action_start_seated()

    @on(Button.Pressed, "#back")
    def _back_pressed(self) -> None:
        self.action_back()

    def action_back(self) -> None:
        self.dismiss(None)

    def _new_session(self) -> Session | None:
        game = self.game
        if game is None:
            return None
        seats = [row.seat() for row in self.query(SeatRow)]
        try:
            options = self.query_one("#options", OptionsForm).values()
            part = self._part()
            if part is not None:
                options.update(part.values())
            seed = self._seed()
            # Saved at the first action: no file if the game is left before it.
            session = Session.new(game.id, seats, options, seed, autosave=False)
            session.path = new_session_path(self.settings.saves_dir, game.id)
        except (SetupError, SaveError) as exc:
            self._show_error(str(exc))
            return None
        return session

    def action_start(self) -> None:
        session = self._new_session()
        if session is not None:
            self.dismiss(session)

    def action_start_seated(self) -> None:
        """A screen per seat: the game is saved now, and the commands that
        seat each player at a window of their own are shown (not the game:
        this screen is the host's, and would show every hand)."""
        session = self._new_session()
        if session is None:
            return
        try:
            path = session.save()
        except SaveError as exc:
            self._show_error(str(exc))
            return

        def closed(_: None) -> None:
            self.dismiss(None)  # back to the menu (not awaited: a callback)

        self.app.push_screen(
            TextDialog("A screen per seat", Text(seating_text(session, path))), callback=closed
        )

    def _seed(self) -> int | None:
        text = self.query_one("#seed", Input).value.strip()
        if not text:
            return self.settings.seed
        try:
            seed = int(text)
        except ValueError:
            raise SetupError("Seed: a whole number, or blank for a random game.") from None
        if seed < 0:
            raise SetupError("Seed: a whole number from 0 up, or blank for a random game.")
        return seed

    def _show_error(self, message: str) -> None:
        error = self.query_one("#setup-error", Static)
        error.update(f"⚠ {message}")
        error.add_class("-shown")
        self.notify(message, title="Can't start", severity="error")

    def _clear_error(self) -> None:
        error = self.query_one("#setup-error", Static)
        error.update("")
        error.remove_class("-shown")


def seating_text(session: Session, path: Path) -> str:
    """The commands that seat each person of ``session`` (saved at ``path``)
    at a screen of their own, in a terminal or in a browser."""
    save = shlex.quote(str(path))
    people = [seat.name for seat in session.seats if not seat.is_bot]
    lines = [f"The game is saved: {path.name}", "", "Each player, in a terminal of their own:"]
    lines += [f"  boardgames-tui sit {save} --seat={shlex.quote(name)}" for name in people]
    lines += [
        "",
        "Or, for phones and tablets around this computer, a link and a QR code per seat:",
        f"  boardgames-tui serve --host 0.0.0.0 --table {save}",
        "",
        "Each screen shows its own hand only; the bots move in the window at the lowest seat.",
        "Load or Continue plays the same game on this one screen instead.",
    ]
    return "\n".join(lines)
