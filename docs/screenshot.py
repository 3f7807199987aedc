"""The README's picture of the Underwing screen (docs/screenshot.svg): the
seeded mid-game position the Underwing snapshot tests show
(``tests/ui/underwing/helpers.py``, ``mid_game``).

Regenerate the picture, from the checkout's root, with::

    uv run python docs/screenshot.py docs/screenshot.svg

It is deterministic: a fixed seed, seeded random bots, a fixed terminal size,
no clock and no animation.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZE = (120, 40)


async def save_screenshot(path: Path, size: tuple[int, int] = SIZE) -> Path:
    """Open the mid-game position at ``size`` and write the screen as SVG."""
    if str(ROOT) not in sys.path:  # run as a script: the checkout's tests
        sys.path.insert(0, str(ROOT))
    from boardgames_tui.app import make_app
    from boardgames_tui.ui.underwing.screen import UnderwingScreen
    from tests.ui.underwing.helpers import mid_game

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
    parser.add_argument("path", type=Path, nargs="?", default=ROOT / "docs" / "screenshot.svg")
    args = parser.parse_args(argv)
    print(asyncio.run(save_screenshot(args.path)))


if __name__ == "__main__":
    main()
