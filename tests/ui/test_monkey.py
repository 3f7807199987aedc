"""A monkey at the keyboard of every game screen (tests/ui/monkey.py): one
seed of 100 seeded random presses per screen, starting at 80x24 or 120x40
(every other screen) and switching size about every 25 presses, so every
screen meets both (``benchmarks/monkey.py`` runs thousands of presses).  No
exception; the app ends on a game or the menu; every game it played is on
disk exactly as it stands; and moves were made."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.monkey import GAMES, SIZES, run_monkey

PRESSES = 100
RUNS = [(game, players, index + 1, SIZES[index % 2]) for index, (game, players) in enumerate(GAMES)]


@pytest.mark.parametrize(
    ("game", "players", "seed", "size"),
    RUNS,
    ids=[f"{g}-{p}p-{w}x{h}" for g, p, _, (w, h) in RUNS],
)
async def test_monkey(
    game: str, players: int, seed: int, size: tuple[int, int], saves_dir: Path
) -> None:
    report = await run_monkey(game, players, seed, PRESSES, saves_dir, size=size)
    print(report.line())
    assert report.resizes > 0, report.line()
    assert report.exceptions == [], report.exceptions[0]
    assert report.presses == PRESSES
    assert report.on_game_or_menu, report.final_screen
    assert report.save_problems == []
    assert report.moves > 0, report.line()
