"""The README's picture of the Underwing screen, and the seeded mid-game
position it shows (the snapshot tests use the same position).

Regenerate the picture with::

    uv run python -m boardgames_tui.ui.underwing.screenshot docs/screenshot.svg

It is deterministic: a fixed seed, seeded random bots, a fixed terminal size,
no clock and no animation.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
from pathlib import Path

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session

#: The seeded position: Ana and Ben, this many actions into a game of seeded
#: random players who do not trade (round 12, Ana placing elements, two wild
#: dragons, an egg claimed, eggs part-filled, handlers on the Field, a dragon
#: hatched).
SEED = 14
MOVES = 124
SIZE = (120, 40)


def mid_game(
    seed: int = SEED,
    moves: int = MOVES,
    names: tuple[str, ...] = ("Ana", "Ben"),
    saves_dir: Path | None = None,
) -> Session:
    """A session ``moves`` actions into a game played by seeded random bots
    (saved in ``saves_dir`` when given, else not saved at all)."""
    session = Session.new(
        "underwing",
        [Seat(name=name) for name in names],
        seed=seed,
        saves_dir=saves_dir,
        autosave=saves_dir is not None,
    )
    bots = [get_bot("random", seed * 7 + i) for i in range(len(names))]
    for _ in range(moves):
        seat = session.to_act
        if seat is None:
            break
        # People may open trades at any time (ruling R-TRADE); these players
        # keep to their own moves, so the game gets somewhere.
        legal = [a for a in session.legal_actions() if a.kind != "offer_trade"]
        session.apply(bots[seat].rng.choice(legal))
    return session


async def save_screenshot(path: Path, size: tuple[int, int] = SIZE) -> Path:
    """Open the mid-game position at ``size`` and write the screen as SVG."""
    from boardgames_tui.app import make_app

    from .screen import UnderwingScreen

    with tempfile.TemporaryDirectory() as saves:
        app = make_app(Path(saves), session=mid_game(), bot_delay=0)
        app.animation_level = "none"
        async with app.run_test(size=size) as pilot:
            while not isinstance(app.screen, UnderwingScreen):
                await pilot.pause(0.05)
            await pilot.pause()
            svg = app.export_screenshot(title="boardgames-tui: Underlings of Underwing")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(svg, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("path", type=Path, nargs="?", default=Path("docs/screenshot.svg"))
    args = parser.parse_args(argv)
    print(asyncio.run(save_screenshot(args.path)))


if __name__ == "__main__":
    main()
