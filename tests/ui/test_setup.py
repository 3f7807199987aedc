"""The new-game setup screen: controls generated from a game's Options model,
seats kept while the count changes, bad input refused with a message and
nothing lost."""

from __future__ import annotations

import enum
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from textual.widgets import Checkbox, Input, Label, Select, Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.kit.dialogs import TextDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.setup import SeatRow, SetupScreen
from boardgames_tui.ui.widgets.options_form import OptionsForm, option_specs
from tests.ui.helpers import leave_game, wait_until

AppFactory = Callable[..., BoardgamesApp]


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Everything(BaseModel):
    rounds: int = Field(default=3, ge=1, le=6, description="Rounds to play")
    size: int | None = Field(default=None, ge=2, le=4)
    mode: Literal["short", "long"] = "long"
    colour: Colour = Colour.BLUE
    solo: bool = False
    fair: bool | None = None
    limit: int = Field(default=100, ge=0)
    name: str = "x"
    factions: list[str] = Field(default_factory=lambda: ["a"])


def test_option_specs_follow_the_field_types() -> None:
    specs = {s.name: s for s in option_specs(Everything)}
    assert specs["rounds"].kind == "choice"
    assert [v for _, v in specs["rounds"].choices] == [1, 2, 3, 4, 5, 6]
    assert specs["rounds"].label == "Rounds to play"
    assert specs["size"].choices[0] == ("Default", None)
    assert specs["mode"].choices == [("Short", "short"), ("Long", "long")]
    assert specs["colour"].default == "blue"
    assert specs["solo"].kind == "bool"
    assert [v for _, v in specs["fair"].choices] == [None, True, False]
    assert specs["limit"].kind == "int" and specs["limit"].bounds == "at least 0"
    assert specs["name"].kind == "str"
    assert specs["factions"].kind == "json" and specs["factions"].default == ["a"]


async def test_options_form_round_trips_the_defaults(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        form = OptionsForm(Everything)
        await app.screen.mount(form)
        await pilot.pause()
        assert Everything.model_validate(form.values()) == Everything()
        form.query_one("#option-solo", Checkbox).value = True
        form.query_one("#option-size", Select).value = 2  # the third choice: 3
        form.query_one("#option-factions", Input).value = '["b", "c"]'
        await pilot.pause()
        values = Everything.model_validate(form.values())
        assert (values.solo, values.size, values.factions) == (True, 3, ["b", "c"])


async def open_setup(app: BoardgamesApp, game: str) -> SetupScreen:
    """The setup screen as the menu opens it, with ``game`` chosen."""
    menu = app.screen
    assert isinstance(menu, MainMenuScreen)
    screen = SetupScreen(app.settings, game)
    await app.push_screen(screen, callback=menu.open_game)
    return screen


async def test_setup_refuses_bad_input_and_keeps_it(new_app: AppFactory, saves_dir: Path) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "tally")
        await pilot.pause()
        error = screen.query_one("#setup-error")
        # An empty name.
        name = screen.query_one("#name-1", Input)
        name.value = "  "
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Every seat needs a name." in str(error.render())
        assert error.display
        # Two seats with one name.
        name.value = "Ana"
        await pilot.press("f2")
        await pilot.pause()
        assert "Two seats have the same name." in str(error.render())
        # An option out of its range: the game's own validation speaks.
        name.value = "Ben"
        screen.query_one("#option-start", Input).value = "99"
        await pilot.press("f2")
        await pilot.pause()
        assert "Option start" in str(error.render())
        assert isinstance(app.screen, SetupScreen)
        # Nothing was lost, and no save was written.
        assert [row.name_value for row in screen.query(SeatRow)] == ["Ana", "Ben"]
        assert screen.query_one("#option-start", Input).value == "99"
        assert list(saves_dir.iterdir()) == []
        # Fixed, it starts.
        screen.query_one("#option-start", Input).value = "5"
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        assert game.session.options.model_dump()["start"] == 5
        assert [s.name for s in game.session.seats] == ["Ana", "Ben"]


async def test_player_count_and_game_change(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "tally")
        await pilot.pause()
        players = screen.query_one("#players", Select)
        assert [row.name_value for row in screen.query(SeatRow)] == ["Ana", "Ben"]
        screen.query_one("#name-1", Input).value = "Zed"

        def seats(count: int) -> Callable[[], bool]:
            return lambda: len(screen.query(SeatRow)) == count

        players.value = 1
        await wait_until(pilot, seats(1))
        assert len(screen.query(SeatRow)) == 1
        players.value = 3
        await wait_until(pilot, seats(3))
        # The name typed for seat 2 came back with it.
        assert [row.name_value for row in screen.query(SeatRow)] == ["Ana", "Zed", "Cleo"]
        screen.query_one("#game", Select).value = "sevens"
        # The seats and the form are mounted again, with awaits between: on
        # a loaded machine one pause does not see them through.
        await wait_until(
            pilot,
            lambda: (
                any(
                    f.model.__name__ == "SevensOptions"
                    for f in screen.query("#options").results(OptionsForm)
                )
                and seats(3)()
            ),
        )
        assert screen.game_id == "sevens"
        assert screen.query_one("#options", OptionsForm).model.__name__ == "SevensOptions"
        assert screen.query("#option-plays")
        assert not screen.query("#option-start")
        assert len(screen.query(SeatRow)) == 3
        players.value = 4
        await wait_until(pilot, seats(4))
        assert len(screen.query(SeatRow)) == 4
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SetupScreen)


async def test_a_game_left_before_its_first_move_leaves_no_save(
    new_app: AppFactory, saves_dir: Path
) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await open_setup(app, "tally")
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.path is not None
        assert game.session.path.parent == saves_dir
        await leave_game(pilot)  # back to the menu before anyone moved
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        assert list(saves_dir.iterdir()) == []
        assert app.screen.latest is None  # type: ignore[attr-defined]
        # Started again and played, it is saved from the first move.
        await open_setup(app, "tally")
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(game.session.actions) == 1)

        def files() -> list[str]:
            # (Beside it, while the game is open, its hidden lock file.)
            return [p.name for p in saves_dir.iterdir() if not p.name.startswith(".")]

        # (A move is saved after the frame that draws it: wait for that.)
        await wait_until(pilot, lambda: bool(files()))
        assert files() == [game.session.path.name]  # type: ignore[union-attr]


def shown(select: Select[int]) -> str:
    """What a select shows as its value."""
    from textual.widgets._select import SelectCurrent

    return str(select.query_one(SelectCurrent).label)


class Seating(BaseModel):
    first_player: int = Field(default=0, ge=0, le=4)
    lead_seat: int = Field(default=1, ge=0)
    jump_player: int = Field(default=0, ge=1)  # not from 0: a number, not a seat
    judge: int = Field(default=0, ge=0, json_schema_extra={"seat": True})


def test_seat_options_are_recognised() -> None:
    kinds = {s.name: s.kind for s in option_specs(Seating)}
    assert kinds == {
        "first_player": "seat",
        "lead_seat": "seat",
        "jump_player": "int",
        "judge": "seat",
    }


async def test_the_first_player_is_chosen_by_name(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "incubation")
        await pilot.pause()
        first = screen.query_one("#option-first_player", Select)
        assert shown(first) == "Ana"
        assert [str(label) for label, _ in first._options] == ["Ana", "Ben"]
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        screen.query_one("#name-1", Input).value = "Zed"
        await pilot.pause()
        assert [str(label) for label, _ in first._options] == ["Ana", "Zed", "Cleo"]
        first.value = 2
        await pilot.pause()
        assert shown(first) == "Cleo"
        assert screen.query_one("#options", OptionsForm).values()["first_player"] == 2
        # Fewer seats: a first player who left is replaced by the first seat.
        screen.query_one("#players", Select).value = 2
        await pilot.pause()
        assert shown(first) == "Ana" and first.value == 0


async def test_a_default_says_what_it_comes_to(new_app: AppFactory) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "incubation")
        await pilot.pause()
        # Switched to Underwing as a player would: its rounds depend on the count.
        screen.query_one("#game", Select).value = "underwing"
        await pilot.pause()
        rounds = screen.query_one("#option-rounds", Select)
        bonus = screen.query_one("#option-temperature_bonus", Select)
        assert shown(rounds) == "15 (default for 2 players)"
        assert shown(bonus) == "No (default for 2 players)"
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert shown(rounds) == "13 (default for 3 players)"
        assert shown(bonus) == "Yes (default for 3 players)"
        # Still the game's own default: settled by the count when the game starts.
        values = screen.query_one("#options", OptionsForm).values()
        assert values["rounds"] is None and values["temperature_bonus"] is None
        # A typed option says it in its placeholder (Tally starts at 0).
        screen.query_one("#game", Select).value = "tally"
        await wait_until(pilot, lambda: bool(screen.query("#option-start")))
        start = screen.query_one("#option-start", Input)
        await wait_until(pilot, lambda: start.placeholder != "default")
        assert start.value == "" and start.placeholder == "0 (default for 3 players)"


async def test_a_games_own_bot_is_offered_with_that_game_only(new_app: AppFactory) -> None:
    def offered(screen: SetupScreen) -> list[str]:
        kinds = screen.query_one("#kind-1", Select)
        return [value for _, value in kinds._options if isinstance(value, str)]

    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "underwing")
        await pilot.pause()
        assert "bot:root" not in offered(screen) and "bot:greedy" in offered(screen)
        screen.query_one("#game", Select).value = "root"
        await pilot.pause()
        assert "bot:root" in offered(screen)
        screen.query_one("#kind-1", Select).value = "bot:root"
        screen.query_one("#game", Select).value = "underwing"
        await pilot.pause()
        assert "bot:root" not in offered(screen)
        assert screen.query_one("#kind-1", Select).value == "person"


class Drafting(BaseModel):
    pair: tuple[Literal["a", "b", "c"], Literal["a", "b", "c"]] = Field(
        default=("b", "a"), json_schema_extra={"distinct": True}
    )
    twice: tuple[Literal["x", "y"], Literal["x", "y"]] = ("x", "x")
    starter_seat: int | None = Field(default=None, ge=0, json_schema_extra={"none": "At random"})


def test_a_choice_of_several_is_a_select_of_the_sets() -> None:
    """A fixed-length tuple of one Literal (choose k of these) is offered as
    a select of the combinations, not as JSON to type; marked distinct, no
    member twice.  The default is the combination holding its members."""
    specs = {s.name: s for s in option_specs(Drafting)}
    pair = specs["pair"]
    assert pair.kind == "choice"
    assert pair.choices == [
        ("A + B", ("a", "b")),
        ("A + C", ("a", "c")),
        ("B + C", ("b", "c")),
    ]
    assert pair.default == ("a", "b")
    twice = specs["twice"]
    assert [v for _, v in twice.choices] == [("x", "x"), ("x", "y"), ("y", "y")]
    assert twice.default == ("x", "x")


def test_an_optional_seat_offers_its_none_first() -> None:
    starter = {s.name: s for s in option_specs(Drafting)}["starter_seat"]
    assert starter.kind == "seat" and starter.optional
    assert starter.none_label == "At random"


async def test_tyrants_setup_offers_half_deck_pairs_and_a_random_first_player(
    new_app: AppFactory,
) -> None:
    """Tyrants from the menu: "choose two [half-decks] for the game" from a
    select of the pairs, and "Randomly determine the first player" unless a
    seat is chosen, as `new tyrants` does."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "tyrants")
        await pilot.pause()
        decks = screen.query_one("#option-half_decks", Select)
        first = screen.query_one("#option-first_player", Select)
        assert shown(decks) == "Drow + Dragons"
        assert len(decks._options) == 15  # any two of the six half-decks
        assert shown(first) == "At random"
        assert [str(label) for label, _ in first._options] == ["At random", "Ana", "Ben"]
        form = screen.query_one("#options", OptionsForm)
        assert form.values() == {
            "half_decks": ("drow", "dragons"),
            "side": "A",
            "first_player": None,
        }  # no "rules": the setup screen never offers it, and the game's default stands
        labels = [str(label) for label, _ in decks._options]
        decks.value = labels.index("Elementals + Demons")
        first.value = 1
        await pilot.pause()
        assert shown(first) == "Ben"
        values = form.values()
        assert values["half_decks"] == ("elementals", "demons")
        assert values["first_player"] == 1
        decks.value = labels.index("Aberrations + Undead")
        await pilot.pause()
        assert form.values()["half_decks"] == ("aberrations", "undead")
        # Three seats: the names follow, the choice stays.
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert [str(label) for label, _ in first._options] == ["At random", "Ana", "Ben", "Cleo"]
        assert first.value == 1


async def test_root_setup_draws_the_first_player_at_random_unless_one_is_chosen(
    new_app: AppFactory,
) -> None:
    """Root from the menu: the Law's "Determine the starting player and
    seating order randomly" is the default, "At random", as in Tyrants; a
    table may still name the faction that starts."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "root")
        await pilot.pause()
        first = screen.query_one("#option-first", Select)
        assert shown(first) == "At random"
        labels = [str(label) for label, _ in first._options]
        assert labels[0] == "At random" and {"Marquise", "Eyrie", "Alliance", "Duchy"} <= set(
            labels
        )
        duchy, eyrie = labels.index("Duchy"), labels.index("Eyrie")
        label = screen.query_one("#option-row-first").query_one(".option-label", Label)
        assert str(label.render()) == "First player"
        form = screen.query_one("#options", OptionsForm)
        assert form.values()["first"] is None
        first.value = duchy
        await pilot.pause()
        assert shown(first) == "Duchy" and form.values()["first"] == "duchy"
        # A faction not at the table cannot start: F2 says so and keeps the form.
        first.value = eyrie
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#setup-error", Static).render())
        assert "not at the table" in error
        assert shown(first) == "Eyrie"


async def test_tyrants_side_section_shows_only_for_three_players(new_app: AppFactory) -> None:
    """The rule: "for a three-player game, choose one of the side sections to use": the
    option's row is hidden at other table sizes, shown at three."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_setup(app, "tyrants")
        await pilot.pause()
        row = screen.query_one("#option-row-side")
        help_text = screen.query_one("#option-help-side")
        assert not row.display and not help_text.display  # two players
        screen.query_one("#players", Select).value = 3
        await pilot.pause()
        assert row.display and help_text.display
        screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert not row.display
        # Hidden or not, its value still goes to the game (it is ignored there).
        assert screen.query_one("#options", OptionsForm).values()["side"] == "A"


def test_an_option_for_some_table_sizes_says_which() -> None:
    class Sided(BaseModel):
        side: Literal["A", "B"] = Field(default="A", json_schema_extra={"players": [3]})
        other: bool = True

    specs = {s.name: s for s in option_specs(Sided)}
    assert specs["side"].players == (3,)
    assert specs["other"].players is None


async def test_setup_speaks_to_the_table_not_the_command_line(new_app: AppFactory) -> None:
    """The setup screen names seats by name and says nothing of seat indices
    or the command line, and offers no option for simulations only (Root's
    turn limit); ``games`` keeps the command line's words."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        for game in ("root", "tyrants", "incubation"):
            screen = await open_setup(app, game)
            await pilot.pause()
            text = "\n".join(
                str(widget.render())
                for widget in screen.query(".option-label, .option-help")
                if widget.display
            )
            for words in ("index", "(0 or 1)", "command line", "simulation", "marquise or duchy"):
                assert words not in text, (game, words, text)
            assert not screen.query("#option-row-turn_limit")
            if game == "root":
                form = screen.query_one("#options", OptionsForm)
                assert "turn_limit" not in form.values()  # the game's default stands
                assert "Marquise de Cat" in text
            await pilot.press("escape")
            await pilot.pause()


async def test_a_screen_per_seat_saves_the_game_and_shows_the_commands(
    new_app: AppFactory, saves_dir: Path
) -> None:
    app = new_app()
    async with app.run_test(size=(100, 40)) as pilot:
        await open_setup(app, "tally")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#start-seated").press()
        await wait_until(pilot, lambda: isinstance(app.screen, TextDialog))
        [save] = list(saves_dir.glob("*.json"))
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        text = str(dialog.body)
        session = Session.load(save)
        assert session.actions == []
        people = [seat.name for seat in session.seats if not seat.is_bot]
        assert len(people) >= 2
        for name in people:
            assert f"boardgames-tui sit {save} --seat={name}" in text, text
        assert f"boardgames-tui serve --host 0.0.0.0 --table {save}" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
