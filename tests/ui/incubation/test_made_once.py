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


async def test_a_move_makes_again_only_the_players_whose_lines_change(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path
) -> None:
    """The players' panel is made again when one player's lines change (a
    token placed, a die's silver taken, the turn passing): the lines of a
    player that read as before are the ones drawn before, not made again
    (every player's were).  At 120 columns, where the players show beside
    the action list the moves are made from."""
    from boardgames_tui.ui.incubation.widgets import PlayersPanel

    app = new_app(session=played(Table("incubation", 2, into=30)))
    failures: list[str] = []
    drawn: list[list[Any]] = []
    kept_seen = 0

    def seats(screen: GameScreen) -> list[list[Any]]:
        players = screen.query_one("#players", PlayersPanel)
        if players.board is None or players._drawn is None:
            return []  # (not on screen: at 80 columns, behind the list)
        each = players.lines_per_player(players.board)
        lines = list(players._drawn)
        return [lines[i : i + each] for i in range(0, len(lines), each)]

    def before(screen: GameScreen) -> None:
        drawn.clear()
        drawn.extend(seats(screen))

    def check(screen: GameScreen, count: RenderCount) -> None:
        nonlocal kept_seen
        now = seats(screen)
        if not drawn or len(now) != len(drawn):
            return
        if all(old == new for old, new in zip(drawn, now, strict=True)):
            return  # (the panel not made again at all)
        for seat, (old, new) in enumerate(zip(drawn, now, strict=True)):
            if old != new:
                continue
            kept_seen += 1
            if any(a is not b for a, b in zip(old, new, strict=True)):
                failures.append(f"move {len(screen.session.actions)}: seat {seat} made again")

    async with app.run_test(size=(120, 40)) as pilot:
        done = await moves_counted(app, pilot, 2 * MOVES, check, before)
    assert done == 2 * MOVES, f"only {done} moves made"
    assert kept_seen, "no move changed one player's lines and not another's: the case is not met"
    assert not failures, "\n".join(failures)
