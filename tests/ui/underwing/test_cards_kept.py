"""A move makes again only the grid's cards that look different (issue 49).

Moves are made as a player without the direct keys makes them (A, Home,
Enter), 300 moves into a seeded game at four players (the grid full of
cards), enough of them for the grid's caches to fill up and be trimmed.  A card whose picture is made in a
move (its lines built and rendered) must look different from the way it
was drawn just before the move's key: another egg, a space filled, the
cursor or a live mark come or gone.  The caches were cleared whole when
they filled up, every few moves: every card was made again then, and every
line of every card rendered again (this test failed at 300 moves in: a move
made 16 cards, five of them looking as before).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.underwing.grounds import GroundsView
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 16


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_move_makes_again_only_the_cards_that_look_different(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    #: Each card's look (its key) as last asked for, by its slot.
    looks: dict[int, tuple[object, ...]] = {}
    #: The cards made (slot, look) since the last move's key.
    made: list[tuple[int, tuple[object, ...]]] = []
    card_key, card_lines = GroundsView._card_key, GroundsView._card_lines

    def keyed(grid: GroundsView, slot: int, *args: Any) -> tuple[object, ...]:
        key = looks[slot] = card_key(grid, slot, *args)
        return key

    def lines(grid: GroundsView, slot: int, key: tuple[object, ...], *args: Any) -> Any:
        if key not in grid._cards:
            made.append((slot, key))
        return card_lines(grid, slot, key, *args)

    monkeypatch.setattr(GroundsView, "_card_key", keyed)
    monkeypatch.setattr(GroundsView, "_card_lines", lines)
    app = new_app(session=played(Table("underwing", 4, into=300)))
    failures: list[str] = []
    drawn: dict[int, tuple[object, ...]] = {}
    makes: list[int] = []

    def before(screen: GameScreen) -> None:
        drawn.clear()
        drawn.update(looks)
        made.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        makes.append(len(made))
        again = sorted({slot for slot, key in made if drawn.get(slot) == key})
        if again:
            failures.append(
                f"move {len(screen.session.actions)}: cards {again} made again looking the same"
                f" ({len(made)} made)"
            )

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, before)
    assert done == MOVES, f"only {done} moves made"
    assert not failures, "\n".join(failures)
    assert any(makes), "no card made again in any move: the case is not met"
