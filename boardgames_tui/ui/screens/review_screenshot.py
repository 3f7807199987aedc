"""The README's picture of the review screen: a seeded game of Root, Ana
(the Duchy, her moves chosen by the seeded ``easy`` bot, slips and all)
against Ben (the Marquise, his by the rule bot), both seats people's, and
its review at the ``normal`` budget.

Regenerate the picture with::

    uv run python -m boardgames_tui.ui.screens.review_screenshot docs/review.svg

It is deterministic: a fixed seed, seeded bots, a review counted in
playouts (never timed), a fixed terminal size, no clock, no animation.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.review import ReviewBudget
from boardgames_tui.engine.session import Session

SEED = 21
SIZE = (120, 40)
#: Who chooses each seat's moves (both seats are people's in the save).
PLAYERS = (("Ana", "easy"), ("Ben", "root"))


def finished_game(folder: Path, seed: int = SEED) -> Path:
    """The seeded game, played to its end and saved in ``folder``."""
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


async def save_screenshot(
    path: Path, budget: ReviewBudget | None = None, size: tuple[int, int] = SIZE
) -> Path:
    """Review the seeded game at ``size`` and write the screen as SVG."""
    from boardgames_tui.app import make_app

    from .review import ReviewScreen

    with tempfile.TemporaryDirectory() as saves:
        save = finished_game(Path(saves))
        app = make_app(Path(saves), bot_delay=0)
        app.animation_level = "none"
        async with app.run_test(size=size) as pilot:
            screen = ReviewScreen(save, app.settings, budget=budget)
            await app.push_screen(screen)
            while not screen.done:
                await pilot.pause(0.05)
            await pilot.pause()
            svg = app.export_screenshot(title="boardgames-tui: the review of a game of Root")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("path", type=Path, nargs="?", default=Path("docs/review.svg"))
    args = parser.parse_args(argv)
    print(asyncio.run(save_screenshot(args.path)))


if __name__ == "__main__":
    main()
