"""A move makes again only the panels of Incubation's board that read
differently (issue 49: "rebuilt instead of updated"; see
``tests/ui/underwing/test_made_once.py``).

Moves are made as a player without the direct keys makes them (A, Home,
Enter), some way into a seeded game, and each panel's lines are counted:
a panel's lines are made only when what they read (``reads``, with its
size and compactness) changed in the move, and then once (the dice, the
decks and the players were made on every move, for the one or two panels a
move changes).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.incubation.panel import Board, IncubationPanel
from boardgames_tui.ui.incubation.screen import IncubationScreen
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.render_count import RenderCount, part_name
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 8


def panels(screen: GameScreen) -> list[IncubationPanel]:
    return [p for p in screen.query(IncubationPanel) if p.on_screen]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_move_makes_again_only_the_panels_that_read_differently(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: Counter[str] = Counter()
    for kind in _panel_kinds():
        lines = kind.lines

        def counted(panel: IncubationPanel, board: Board, _lines: Any = lines) -> Any:
            made[part_name(panel)] += 1
            return _lines(panel, board)

        monkeypatch.setattr(kind, "lines", counted)
    app = new_app(session=played(Table("incubation", 2, into=30)))
    failures: list[str] = []
    read: dict[str, object] = {}

    def reads_now(screen: GameScreen) -> dict[str, object]:
        return {
            part_name(p): (p.reads(p.board), p.content_size, p.compact)
            for p in panels(screen)
            if p.board is not None
        }

    def before(screen: GameScreen) -> None:
        read.clear()
        read.update(reads_now(screen))
        made.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        after = reads_now(screen)
        move = len(screen.session.actions)
        for name, times in made.items():
            if name not in after:
                continue  # (not on screen)
            if read.get(name) == after[name] or times > 1:
                failures.append(f"move {move}: {name}'s lines made {times} times")

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, before)
        assert isinstance(app.screen, IncubationScreen)
    assert done == MOVES, f"only {done} moves made"
    assert not failures, "made again for nothing:\n" + "\n".join(failures)


def _panel_kinds() -> list[type[IncubationPanel]]:
    from boardgames_tui.ui.incubation.market import MarketRing
    from boardgames_tui.ui.incubation.widgets import (
        DecksPanel,
        DicePanel,
        ObjectivesPanel,
        PlayersPanel,
    )

    return [MarketRing, DicePanel, DecksPanel, PlayersPanel, ObjectivesPanel]
