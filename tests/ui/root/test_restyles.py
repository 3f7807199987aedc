"""A Root move styles again only what the focus shows (issue 49).

After a move the action list closes and the focus goes back to the
Woodland.  At 80 columns the list then gives the boards their place back;
at 120 the boards take back the room the list had while it was read.  The
parts' room is set on them (``side_room.py``), not styled through the
screen's ``-show-picker`` or the side's ``-reading-list`` class, which had
Textual work the styles of the list, the boards and the log out again from
every rule of the stylesheet on every move (the list twice at 80 columns:
hidden by the class, then styled again for the focus it lost, hidden).
So a plain move (A, Home, Enter: the list's first action), at three and
four seats:

- at 80x24 styles nothing again (the list, hidden, is styled as it shows);
- at 120x40 styles the list alone, once, the first time it loses the focus
  (its border and highlight show that), and nothing after: the list's two
  looks, read and not, are kept as worked out and put back
  (``picker.RootPicker``), and they read the same as Textual's: the
  border and the highlight before each move (the list read) and after it
  are those of the first move, styled by Textual.

(What the side shows, and how tall each part is, is as the classes' rules
had it: the snapshots, and ``test_list_room``, ``test_short_boards``.)
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.css.stylesheet import Stylesheet

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.render_count import RenderCount, part_name
from tests.ui.test_render_once import MOVES, TABLES, moves_counted, played

ROOT_TABLES = [t for t in TABLES if t.game == "root"]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", ROOT_TABLES, ids=str)
async def test_a_root_move_styles_again_only_what_the_focus_shows(
    table: Any,
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    styled: list[str] = []
    update_nodes = Stylesheet.update_nodes

    def counted(sheet: Stylesheet, nodes: Any, animate: bool = False) -> None:
        nodes = list(nodes)
        # (The notifications' rack follows the key bar's rows: not the side.)
        styled.extend(part_name(n) for n in nodes if getattr(n, "id", "") != "textual-toastrack")
        update_nodes(sheet, nodes, animate=animate)

    monkeypatch.setattr(Stylesheet, "update_nodes", counted)
    first = ["RootPicker#actions"] if size[0] >= 110 else []
    failures: list[str] = []
    looks: dict[str, list[object]] = {"read": [], "not": []}

    def before(screen: GameScreen) -> None:
        looks["read"].append(look(screen))
        styled.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        looks["not"].append(look(screen))
        wanted = first if len(looks["not"]) == 1 else []
        if styled != wanted:
            failures.append(f"move {len(screen.session.actions)}: styled {styled}")

    app = new_app(session=played(table))
    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, before)
    assert made == MOVES, f"only {made} moves made"
    assert not failures, "\n".join(failures)
    for name, seen in looks.items():
        assert all(one == seen[0] for one in seen), f"the list {name} looks otherwise: {seen}"


def look(screen: GameScreen) -> tuple[object, ...]:
    """What shows of the list's look: its border, and its highlighted
    option's colours and style."""
    picker = screen.picker
    highlighted = picker.get_component_styles("option-list--option-highlighted")
    styles = picker.styles
    return (
        styles.border,
        styles.background,
        styles.color,
        highlighted.background,
        highlighted.color,
        highlighted.text_style,
    )
