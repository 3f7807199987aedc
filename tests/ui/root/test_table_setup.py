"""Root's new-game setup: a faction per seat (or at random) from the
registry, the table's reach against the recommended total (warned, never
refused), the same faction twice refused with a sentence, and the menu's
table the very game ``boardgames-tui new root`` starts with the same words."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.widgets import Select, Static

from boardgames_tui import cli
from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.ui.root.table import FactionPicker
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.games.root.hares import HARES, base_factions, extra_factions
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]


@pytest.fixture(autouse=True)
def three_factions() -> Iterator[None]:
    """The menu's seats and faction lists with the Marquise, the Eyrie and
    the Duchy as the only factions of the box."""
    with base_factions():
        yield


@pytest.fixture
def hares() -> Iterator[None]:
    with extra_factions():
        yield


async def open_root(app: BoardgamesApp) -> SetupScreen:
    menu = app.screen
    assert isinstance(menu, MainMenuScreen)
    screen = SetupScreen(app.settings, "root")
    await app.push_screen(screen, callback=menu.open_game)
    return screen


def started(app: BoardgamesApp) -> GameScreen | None:
    """The game screen started (under its first hand-off, if any)."""
    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


def line(screen: SetupScreen) -> str:
    return str(screen.query_one("#reach-line", Static).render())


def offered(select: Select[str]) -> list[str]:
    return [str(label) for label, _ in select._options]


async def test_each_seat_picks_a_faction_from_the_registry(
    new_app: AppFactory, hares: None
) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_root(app)
        await pilot.pause()
        first = screen.query_one("#faction-0", Select)
        # Setup-letter order: the Marquise (A), the Eyrie (B), the test Hares
        # (D) and Owls (F), the Duchy (H); a module that registers itself is offered.
        assert offered(first) == [
            "At random",
            "Marquise de Cat (reach 10)",
            "Eyrie Dynasties (reach 7)",
            "Test Hares (reach 5)",
            "Test Owls (reach 4)",
            "Underground Duchy (reach 8)",
        ]
        assert first.value == "duchy" and screen.query_one("#faction-1", Select).value == "marquise"
        assert not screen.query_one("#option-row-marquise_seat").display
        assert line(screen) == (
            "Underground Duchy 8 + Marquise de Cat 10. "
            "Reach 18: at least the 17 recommended for 2 players."
        )
        # Below the recommended total: warned, and the game still starts.
        first.value = "owls"
        await pilot.pause()
        assert line(screen).startswith("Test Owls 4 + Marquise de Cat 10. ⚠ Reach 14: below the 17")
        assert screen.query_one("#reach-line").has_class("-warn")
        await pilot.press("f2")
        await wait_until(pilot, lambda: started(app) is not None)


async def test_the_same_faction_twice_is_refused_and_nothing_is_lost(
    new_app: AppFactory,
) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_root(app)
        await pilot.pause()
        screen.query_one("#faction-0", Select).value = "marquise"
        await pilot.pause()
        refusal = (
            "Each faction sits at the table once: the Marquise de Cat is chosen for Ana and Ben."
        )
        assert line(screen) == f"⚠ {refusal}"
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert refusal in str(screen.query_one("#setup-error").render())
        assert screen.query_one("#faction-0", Select).value == "marquise"


async def test_a_table_of_three_from_the_menu_is_the_command_lines_game(
    new_app: AppFactory, hares: None, monkeypatch: pytest.MonkeyPatch, saves_dir: Path
) -> None:
    """N, Root, three seats with their factions, F2: the same game as
    ``new root --players Ana,Ben,Cleo --option factions=hares,random,marquise
    --option seating=chosen --seed 5``."""
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_root(app)
        await pilot.pause()
        screen.query_one("#players", Select).value = 3
        await wait_until(pilot, lambda: screen.query_one("#faction-row-2").display)
        picker = screen.query_one(FactionPicker)
        assert picker.picks() == ["duchy", "marquise", "random"]
        assert "Reach 22 to 25" in line(screen)
        screen.query_one("#faction-0", Select).value = "hares"
        screen.query_one("#faction-1", Select).value = "random"
        screen.query_one("#faction-2", Select).value = "marquise"
        screen.query_one("#seed").value = "5"  # type: ignore[attr-defined]
        await pilot.pause()
        assert line(screen) == (
            "Test Hares 5 + Marquise de Cat 10 + 1 drawn at random. "
            "Reach 19 to 23: at least the 18 recommended for 3 players."
        )
        await pilot.press("f2")
        await wait_until(pilot, lambda: started(app) is not None)
        game = started(app)
        assert game is not None
        menu = game.session
    opened: list[Session] = []
    monkeypatch.setattr(cli, "_run_app", lambda saves, session=None: opened.append(session) or 0)
    words = "new root --players Ana,Ben,Cleo --option factions=hares,random,marquise"
    words += " --option seating=chosen --seed 5"
    assert cli.main([*words.split(), "--saves", str(saves_dir)]) == 0
    (typed,) = opened
    assert typed.options == menu.options
    assert typed.state == menu.state
    state = menu.state
    assert state.factions[0] == HARES and state.factions[2] == CATS  # type: ignore[attr-defined]


async def test_the_menu_offers_as_many_seats_as_there_are_factions(
    new_app: AppFactory,
) -> None:
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_root(app)
        await pilot.pause()
        assert [v for _, v in screen.query_one("#players", Select)._options] == [2, 3]
        await pilot.press("escape")
        await pilot.pause()
        with extra_factions():
            screen = await open_root(app)
            await pilot.pause()
            assert [v for _, v in screen.query_one("#players", Select)._options] == [2, 3, 4]
            screen.query_one("#players", Select).value = 4
            await wait_until(pilot, lambda: screen.query_one("#faction-row-3").display)
            assert line(screen).endswith(
                "Reach 27 to 30: at least the 21 recommended for 4 players."
            )


@pytest.mark.parametrize("map_id", ["winter", "lake", "mountain"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_table_on_each_map_from_the_menu(
    new_app: AppFactory, map_id: str, size: tuple[int, int]
) -> None:
    """N, Root, the map and balanced suits chosen on the setup screen, Ben a
    bot, F2: the game is on that map with its markers dealt balanced, the
    title names it, and a few turns are played (Ana by the rule bot's picks
    through the screen's own flow)."""
    from boardgames_tui.games.root import GAME
    from boardgames_tui.games.root.bots import RootBot
    from boardgames_tui.games.root.model import RootState
    from boardgames_tui.games.root.woodland import MAPS

    app = new_app()
    async with app.run_test(size=size) as pilot:
        screen = await open_root(app)
        await pilot.pause()
        screen.query_one("#option-map", Select).value = MAPS.index(map_id)
        screen.query_one("#option-suits", Select).value = 3  # balanced
        screen.query_one("#kind-1", Select).value = "bot:root"
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: started(app) is not None)
        game = started(app)
        assert game is not None
        state = game.session.state
        assert isinstance(state, RootState)
        assert state.options.map == map_id and state.options.suits == "balanced"
        board = state.woodland
        assert all(board.suit_of(a) != board.suit_of(b) for a, b in board.paths())
        assert f"Root · {board.map}" in game.title_line()
        ana = RootBot(seed=3)
        while state.turn_number < 4 and not state.over:
            await pilot.pause()
            if game.session.to_act == 0 and not game.play(ana.choose(GAME, game.session.view(0))):
                # The move asks first (a card spent from the hand, a step
                # ended with work left): Ana answers yes, as she would.
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
                await wait_until(pilot, lambda: app.screen is game)
            state = game.session.state
            assert isinstance(state, RootState)
        assert state.turn_number >= 4 or state.over
