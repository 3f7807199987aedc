"""The menu's Continue names the game to continue, its seats with their
sides (Root's factions) and bots, and a line too long for the box wraps
under its own start, not back at the box's edge."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.menu import MainMenuScreen
from tests.ui.helpers import screen_lines, wait_until

AppFactory = Callable[..., BoardgamesApp]


async def test_continue_wraps_under_itself_and_names_the_factions(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = Session.new(
        "root",
        [Seat(name="Anastasia"), Seat(name="Benedict", bot="root")],
        {},
        seed=1,
        saves_dir=saves_dir,
    )
    session.apply(session.legal_actions()[0])
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        await wait_until(pilot, lambda: app.screen.latest is not None)  # type: ignore[attr-defined]
        await pilot.pause()
        lines = screen_lines(app)
        start = next(i for i, line in enumerate(lines) if "Continue" in line)
        first, second = lines[start + 1], lines[start + 2]
        # (The line wraps inside the second name: "Root · Anastasia (Duchy),
        # Benedict (Marquise, root" / "bot) · Setup".)
        assert "Anastasia (Duchy)" in first
        assert "Benedict (Marquise, root" in first and "bot) · Setup" in second
        edge = first.index("│")
        assert first[edge + 1 : edge + 4] == "   "  # indented under "Continue"
        assert second[edge + 1 : edge + 4] == "   "  # and so is its wrapped part


async def test_leaving_says_whether_continue_brings_the_game_back(
    new_app: AppFactory, saves_dir: Path
) -> None:
    """A game set up from the menu is saved at its first move: left before
    it, nothing is kept, and the question to leave says so rather than
    "It is saved: Continue brings it back" (a new table read that, left, and
    found no game to continue).  After a move it is saved, and says that."""
    from boardgames_tui.ui.screens.dialogs import ConfirmDialog
    from boardgames_tui.ui.screens.game import GameScreen
    from boardgames_tui.ui.screens.handoff import LEAVE_QUESTION, LEAVE_UNSTARTED

    app = new_app(seed=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        for moves in (0, 1):
            await pilot.press("n")
            await wait_until(pilot, lambda: app.screen.__class__.__name__ == "SetupScreen")
            await pilot.press("f2")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            for _ in range(moves):
                screen.play(screen.session.legal_actions()[0])
            await pilot.pause()
            await pilot.press("escape")
            await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
            text = " ".join(screen_lines(app))
            said = LEAVE_QUESTION if moves else LEAVE_UNSTARTED
            words = said.split("? ")[1].split()[:3]  # (the dialog wraps the rest)
            assert " ".join(words) in text, text
            await pilot.press("y")
            await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
            await pilot.pause()
            kept = sorted(saves_dir.glob("*.json"))
            assert len(kept) == moves, kept
            menu = " ".join(screen_lines(app))
            assert ("no game in progress" in menu) == (moves == 0), menu
