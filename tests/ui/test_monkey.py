"""A monkey at the keyboard of every game screen (tests/ui/monkey.py): a few
seeds of a few hundred seeded random presses each, at 80x24 and 120x40 with
resizes between.  No exception; the app ends on a game or the menu; every
game it played is on disk exactly as it stands; and moves were made."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.monkey import GAMES, run_monkey

PRESSES = 100


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[f"{g}-{p}p" for g, p in GAMES])
@pytest.mark.parametrize(("seed", "size"), [(1, (80, 24)), (2, (120, 40))], ids=["80x24", "120x40"])
async def test_monkey(
    game: str, players: int, seed: int, size: tuple[int, int], saves_dir: Path
) -> None:
    report = await run_monkey(game, players, seed, PRESSES, saves_dir, size=size)
    print(report.line())
    assert report.exceptions == [], report.exceptions[0]
    assert report.presses == PRESSES
    assert report.on_game_or_menu, report.final_screen
    assert report.save_problems == []
    assert report.moves > 0, report.line()
