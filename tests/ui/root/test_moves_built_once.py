"""What a Root move builds, counted (issue 49: a move redraws only what
changed, once): the hand-off's cover is the screen's one cover, filled
anew at each hand-off (not composed again); the side's boards are worked out once per
board and room, however many times the layout asks for them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root import side_panel
from boardgames_tui.ui.root.side_panel import SidePanel
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import TABLES, moves_counted, played, root_table


async def test_one_cover_filled_anew_at_every_hand_off(
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three seats, twenty moves: every hand-off shows the same cover,
    composed once, naming the person it passes to."""
    composed = Counter[int]()
    compose = HandoffScreen.compose

    def counted(self: HandoffScreen) -> Any:
        composed[id(self)] += 1
        return compose(self)

    monkeypatch.setattr(HandoffScreen, "compose", counted)
    app = new_app(session=played(root_table(3)))
    covers: list[HandoffScreen] = []

    def check(screen: GameScreen, count: RenderCount) -> None:
        top = app.screen
        if isinstance(top, HandoffScreen):
            covers.append(top)
            name = screen.handoff_name(screen.session.to_act or 0)
            assert top.player == name
            assert top.query_one("#handoff-name").render().plain.startswith(f"Pass to {name}")

    async with app.run_test(size=(120, 40)) as pilot:
        made = await moves_counted(app, pilot, 20, lambda s, c: None, after=check)
    assert made == 20
    assert len(covers) >= 2, f"only {len(covers)} hand-offs: the case is not met"
    assert len({id(c) for c in covers}) == 1, "a new cover at a hand-off"
    assert sum(composed.values()) == 1, f"the cover composed {sum(composed.values())} times"


@pytest.mark.parametrize("players", [3, 4])
async def test_the_side_builds_each_board_form_once_a_move(
    players: int,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 120x40, where the boards are shown short and their facts give
    way: in a move, each faction's short board is built once per width and
    level for the board drawn, and the boards' form chosen once per board
    and room (each time the layout asked for the panel's lines, every form
    was built again, and every step of giving way built every board)."""
    table = next(t for t in TABLES if t.game == "root" and t.players == players)
    built = Counter[tuple[int, int, int, int]]()
    chosen = Counter[tuple[int, object]]()
    made = side_panel.short_board
    choose = SidePanel.shortest_needed

    def short(panel: Any, board: Any, faction: int, width: int, level: int = 0) -> Any:
        built[(id(board), faction, width, level)] += 1
        return made(panel, board, faction, width, level)

    def shortest(panel: SidePanel, board: Any, full: Any) -> Any:
        chosen[(id(board), panel.room())] += 1
        return choose(panel, board, full)

    monkeypatch.setattr(side_panel, "short_board", short)
    monkeypatch.setattr(SidePanel, "shortest_needed", shortest)
    failures: list[str] = []

    def before(screen: GameScreen) -> None:
        built.clear()
        chosen.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        twice = [k for k, n in built.items() if n > 1] + [k for k, n in chosen.items() if n > 1]
        if twice:
            failures.append(f"move {len(screen.session.actions)}: {built} {chosen}")

    app = new_app(session=played(table))
    async with app.run_test(size=(120, 40)) as pilot:
        moves = await moves_counted(app, pilot, 5, lambda s, c: None, before, after=check)
    assert moves == 5
    assert not failures, "\n".join(failures)
