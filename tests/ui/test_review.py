"""The review screen (``ui/screens/review.py``): opened by V on the
game-over screen and on a finished save in the Load screen (not an
unfinished one); the curve drawn, the moves judged with a progress bar,
the turning points listed under the plot; Enter opens the replay just
before that move from that seat's view; B judges the bots' seats too; Esc
stops the work and leaves, keeping nothing; a snapshot per game at 120x40
shows the plot and the turning points."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, ProgressBar, Static
from textual_plotext import PlotextPlot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.review import ReviewBudget
from boardgames_tui.engine.review_cache import review_path
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.root.look import faction_style
from boardgames_tui.ui.screens import review as review_screen
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.load import LoadScreen
from boardgames_tui.ui.screens.replay import ReplayMode
from boardgames_tui.ui.screens.review import ReviewScreen, faction_colours
from tests.engine.review_games import GAMES, finished_save, play
from tests.ui.helpers import ROOT, docs_script, settle, wait_until

AppFactory = Callable[..., BoardgamesApp]
#: A small counted budget, as in the engine's tests.
BUDGET = ReviewBudget(playouts=8, curve_samples=2)
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """The screens the game-over and Load screens open review quickly."""
    monkeypatch.setattr(review_screen, "ReviewBudget", lambda: BUDGET)


async def reviewed(pilot: Pilot[Any], timeout: float = 60.0) -> ReviewScreen:
    """Wait for the review screen to finish judging."""
    app = pilot.app
    await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen), timeout=10)
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    await wait_until(pilot, lambda: screen.done, timeout=timeout)
    await pilot.pause()
    return screen


def status(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-status", Static).render())


async def test_the_review_screen_shows_the_curve_and_the_turning_points(
    new_app: AppFactory, saves_dir: Path
) -> None:
    path = finished_save("root", saves_dir)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReviewScreen(path, app.settings, budget=BUDGET))
        screen = await reviewed(pilot)
        review = screen.review
        assert review is not None and review.seats[0].turning_points
        assert screen.query_one(PlotextPlot).region.height >= 8
        assert not screen.query_one(ProgressBar).display
        assert "Ana:" in status(screen) and "moves judged" in status(screen)
        assert "Ben: a bot (root), not judged" in status(screen)
        points = screen.query_one("#review-points", OptionList)
        assert points.has_focus and points.highlighted == 0
        assert points.option_count == len(review.seats[0].turning_points)
        text = app.export_screenshot().replace("&#160;", " ")
        assert "Turning points" in text and "the search:" in text
        assert review_path(path).exists()
        # Enter: the replay just before that move, from Ana's view.
        first = review.seats[0].turning_points[0]
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, GameScreen) and isinstance(app.screen.mode, ReplayMode),
        )
        replay = app.screen
        assert isinstance(replay, GameScreen)
        mode = replay.mode
        assert isinstance(mode, ReplayMode)
        await wait_until(pilot, lambda: mode.at == first.index)
        assert mode.seat == 0
        assert replay.session.actions == Replay.open(path).source.actions[: first.index]
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, ReviewScreen))


async def test_b_judges_the_bots_seats_too(new_app: AppFactory, saves_dir: Path) -> None:
    path = finished_save("incubation", saves_dir)
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(ReviewScreen(path, app.settings, budget=BUDGET))
        screen = await reviewed(pilot)
        assert screen.review is not None and not screen.review.seats[1].reviewed
        assert screen.check_action("bots", (1,)) and not screen.check_action("bots", (0,))
        await pilot.press("b")
        await wait_until(pilot, lambda: screen.bots and screen.done, timeout=60)
        assert screen.review is not None and screen.review.seats[1].reviewed
        assert "Ben:" in status(screen) and "moves judged" in status(screen)
        assert screen.check_action("bots", (0,)) and not screen.check_action("bots", (1,))
        await pilot.press("b")
        await wait_until(pilot, lambda: not screen.bots and screen.done)
        assert not screen.review.seats[1].reviewed


async def test_esc_stops_the_work_and_keeps_nothing(new_app: AppFactory, saves_dir: Path) -> None:
    path = finished_save("tyrants", saves_dir)
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReviewScreen(path, app.settings, budget=ReviewBudget()))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        bar = screen.query_one(ProgressBar)
        await wait_until(pilot, lambda: bool(bar.display) and (bar.progress or 0) >= 1, 30)
        assert "Judging the moves" in status(screen) and "Esc stops" in status(screen)
        assert bar.total is not None and bar.total > bar.progress
        await pilot.press("escape")
        await wait_until(pilot, lambda: not isinstance(app.screen, ReviewScreen))
        await wait_until(pilot, lambda: not screen.workers, timeout=30)
    assert not review_path(path).exists()


async def test_an_unfinished_game_is_not_reviewed(new_app: AppFactory, saves_dir: Path) -> None:
    session = play("root", saves_dir, moves=12)
    assert session.path is not None and not session.is_over
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(ReviewScreen(session.path, app.settings, budget=BUDGET))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await wait_until(pilot, lambda: "not finished" in status(screen))
        assert not screen.done and screen.review is None
        assert not screen.check_action("replay", ())
    assert not review_path(session.path).exists()


@pytest.mark.parametrize("game_id", ["underwing", "root"])
async def test_v_on_the_game_over_screen(
    new_app: AppFactory, saves_dir: Path, game_id: str
) -> None:
    path = finished_save(game_id, saves_dir)
    app = new_app(session=Session.load(path))
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        over = app.screen
        shown = over.active_bindings.get("v")
        assert shown is not None and shown.binding.description == "Review" and shown.enabled
        await pilot.press("v")
        screen = await reviewed(pilot)
        assert screen.path == path and screen.review is not None
        await pilot.press("escape")
        # Back to the results, as they were.
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert type(app.screen) is type(over)


async def test_v_on_the_load_screen_for_a_finished_save(
    new_app: AppFactory, saves_dir: Path
) -> None:
    unfinished = play("tyrants", saves_dir, moves=30)
    finished = finished_save("root", saves_dir)
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(LoadScreen(app.settings))
        load = app.screen
        assert isinstance(load, LoadScreen)
        await wait_until(pilot, lambda: all(not i.pending for i in load.saves) and load.count == 2)
        paths = [info.path for info in load.saves]
        unfinished_at = paths.index(unfinished.path)
        options = load.query_one("#saves", OptionList)
        options.highlighted = unfinished_at
        await pilot.pause()
        assert load.check_action("review", ()) is None
        await pilot.press("v")
        await pilot.pause()
        assert app.screen is load
        options.highlighted = paths.index(finished)
        await pilot.pause()
        assert load.check_action("review", ()) is True
        await pilot.press("v")
        screen = await reviewed(pilot)
        assert screen.path == finished
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is load)
        # The review kept beside the save is no save of the list.
        assert review_path(finished).exists()
        load.refresh_saves()
        await wait_until(pilot, lambda: all(not i.pending for i in load.saves))
        assert sorted(i.path for i in load.saves) == sorted([unfinished.path, finished])
        assert all(i.ok for i in load.saves)


@pytest.mark.parametrize("game_id", GAMES)
def test_review_snapshot(
    snap_compare: Any, new_app: AppFactory, saves_dir: Path, game_id: str
) -> None:
    path = finished_save(game_id, saves_dir)
    app = new_app()

    async def open_review(pilot: Pilot[Any]) -> None:
        await app.push_screen(ReviewScreen(path, app.settings, budget=BUDGET))
        await reviewed(pilot)
        await settle(pilot)

    assert snap_compare(app, terminal_size=SIZE, run_before=open_review)


async def test_the_readme_picture_is_deterministic(tmp_path: Path) -> None:
    """``docs/screenshot.py --review`` writes the same picture every time."""
    save_screenshot = docs_script("screenshot.py").save_review_screenshot
    first = await save_screenshot(tmp_path / "one.svg", budget=BUDGET)
    svg = first.read_text(encoding="utf-8")
    text = svg.replace("&#160;", " ")
    assert svg.startswith("<svg") and "Review · Root" in text and "Turning points" in text
    second = await save_screenshot(tmp_path / "two.svg", budget=BUDGET)
    assert second.read_text(encoding="utf-8") == svg
    assert (ROOT / "docs" / "review.svg").exists()


def test_each_seat_is_drawn_in_its_colour(saves_dir: Path) -> None:
    root = Replay.open(finished_save("root", saves_dir))
    state = root.source.state
    colours = faction_colours(root)
    assert colours is not None and len(colours) == 2
    # The colour the Root screen draws each seat's faction in.
    for seat, colour in enumerate(colours):
        drawn = faction_style(state.faction_of(seat)).color  # type: ignore[attr-defined]
        assert drawn is not None and colour == tuple(drawn.get_truecolor())
    assert colours[0] != colours[1]
    # Another game's seats take the theme's colours, as its screen does.
    assert faction_colours(Replay.open(finished_save("incubation", saves_dir))) is None
