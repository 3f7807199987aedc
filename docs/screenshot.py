"""The README's pictures: the Underwing screen (docs/screenshot.svg) at the
seeded mid-game position the Underwing snapshot tests show
(``tests/ui/underwing/helpers.py``, ``mid_game``), and the review screen
(docs/review.svg) of a seeded game of Root: Ana (the Duchy, her moves chosen
by the seeded ``easy`` bot, slips and all) against Ben (the Marquise, his by
the rule bot), both seats people's, reviewed at the ``normal`` budget.

Regenerate them, from the checkout's root, with::

    uv run python docs/screenshot.py docs/screenshot.svg
    uv run python docs/screenshot.py --review docs/review.svg

Both are deterministic: a fixed seed, seeded bots, a review counted in
playouts (never timed), a fixed terminal size, no clock and no animation.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from textual.pilot import Pilot

    from boardgames_tui.app import BoardgamesApp
    from boardgames_tui.engine.review import ReviewBudget
    from boardgames_tui.engine.session import Session

ROOT = Path(__file__).resolve().parents[1]
SIZE = (120, 40)
#: Shots of the screen taken at most until two in a row are the same.
SETTLE_LOOKS = 40
#: The review's game: its seed, and who chooses each seat's moves (both
#: seats are people's in the save).
REVIEW_SEED = 21
PLAYERS = (("Ana", "easy"), ("Ben", "root"))


async def save_screenshot(path: Path, size: tuple[int, int] = SIZE) -> Path:
    """Open the Underwing mid-game position at ``size`` and write the screen
    as SVG."""
    if str(ROOT) not in sys.path:  # run as a script: the checkout's tests
        sys.path.insert(0, str(ROOT))
    from boardgames_tui.ui.underwing.screen import UnderwingScreen
    from tests.ui.underwing.helpers import mid_game

    async def drawn(app: BoardgamesApp, pilot: Pilot[Any]) -> None:
        while not isinstance(app.screen, UnderwingScreen):
            await pilot.pause(0.05)

    title = "boardgames-tui: Underlings of Underwing"
    with tempfile.TemporaryDirectory() as saves:
        return await _shoot(Path(saves), path, size, title, drawn, session=mid_game())


def finished_game(folder: Path, seed: int = REVIEW_SEED) -> Path:
    """The review's game, played to its end and saved in ``folder``."""
    from boardgames_tui.engine.bots import get_bot
    from boardgames_tui.engine.game import Seat
    from boardgames_tui.engine.session import Session

    seats = [Seat(name=name) for name, _ in PLAYERS]
    session = Session.new("root", seats, None, seed, saves_dir=folder, autosave=False)
    game = session.game
    bots = [get_bot(bot, seed=seed + i, game=game) for i, (_, bot) in enumerate(PLAYERS)]
    while not session.is_over:
        seat = session.to_act
        assert seat is not None
        view = session.view(seat)
        session.apply(bots[seat].pick(game, view, game.legal_actions(view)), save=False)
    return session.save(folder / "root-review.json")


async def save_review_screenshot(
    path: Path, budget: ReviewBudget | None = None, size: tuple[int, int] = SIZE
) -> Path:
    """Review the seeded game of Root at ``size`` and write the screen as SVG."""
    from boardgames_tui.ui.screens.review import ReviewScreen

    title = "boardgames-tui: the review of a game of Root"
    with tempfile.TemporaryDirectory() as saves:
        save = finished_game(Path(saves))

        async def reviewed(app: BoardgamesApp, pilot: Pilot[Any]) -> None:
            screen = ReviewScreen(save, app.settings, budget=budget)
            await app.push_screen(screen)
            while not screen.done:
                await pilot.pause(0.05)

        return await _shoot(Path(saves), path, size, title, reviewed)


async def _shoot(
    saves: Path,
    path: Path,
    size: tuple[int, int],
    title: str,
    ready: Callable[[BoardgamesApp, Pilot[Any]], Awaitable[None]],
    session: Session | None = None,
) -> Path:
    """Run the app at ``size`` with its saves in ``saves`` until ``ready``
    (given the app and its pilot) returns, and write the screen to ``path``
    as SVG."""
    from boardgames_tui.app import make_app

    app = make_app(saves, session=session, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=size) as pilot:
        await ready(app, pilot)
        await pilot.pause()
        # The screen as it settles: what ``ready`` set off may still be on
        # its way (the key bar looks at the keys a moment after they change:
        # a busy machine shot a review's keys still greyed out).
        svg = app.export_screenshot(title=title)
        for _ in range(SETTLE_LOOKS):
            await pilot.pause(0.05)
            again = app.export_screenshot(title=title)
            if again == svg:
                break
            svg = again
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument(
        "--review", action="store_true", help="the review screen's picture (docs/review.svg)"
    )
    parser.add_argument("path", type=Path, nargs="?")
    args = parser.parse_args(argv)
    if args.review:
        shot = save_review_screenshot(args.path or ROOT / "docs" / "review.svg")
    else:
        shot = save_screenshot(args.path or ROOT / "docs" / "screenshot.svg")
    print(asyncio.run(shot))


if __name__ == "__main__":
    main()
