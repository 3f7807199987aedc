"""Where Tab goes, asked by every look at the keys (issue 49): the parts on
screen are those the kit's ``shown`` finds, and each container's
visibility is read once for the parts in it, not once per part and again
for every part below it (Textual's ``visible`` walks up to the app: about
thirty reads of the style for the four parts, 0.05-0.07 ms a look).

Checked on the board, in the action list, in the log and back, at 120x40,
at 80x24 (the side a panel) and at a crowded table (four players at
80x24, the side on a layer over the board).
"""

from __future__ import annotations

from typing import Any

import pytest
from textual.css.styles import RenderStyles
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.kit.panels import shown

from .helpers import mid_game, screen_of

SELECTORS = ("#grounds", "#field", "#actions", "#log")


@pytest.mark.parametrize(
    ("names", "size"),
    [
        (("Ana", "Ben"), (120, 40)),
        (("Ana", "Ben"), (80, 24)),
        (("Ana", "Ben", "Cy", "Dee"), (80, 24)),
    ],
    ids=["2p-120x40", "2p-80x24", "4p-80x24"],
)
async def test_tab_reads_each_container_once_and_finds_the_parts_shown(
    names: tuple[str, ...], size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app = BoardgamesApp(session=mid_game(names=names))
    async with app.run_test(size=size) as pilot:
        screen = await screen_of(app, pilot)
        reads: list[Any] = []
        get_rule = RenderStyles.get_rule

        def counted(styles: RenderStyles, rule: str, default: object = None) -> Any:
            if rule == "visibility":
                reads.append(styles.node)
            return get_rule(styles, rule, default)

        for key in ("", "a", "escape", "l", "tab", "escape"):
            if key:
                await pilot.press(key)
                await pilot.pause()
            board = () if screen.covered else SELECTORS[:2]
            parts = [screen.query_one(s, Widget) for s in (*board, *SELECTORS[2:])]
            expected = [w for w in parts if shown(w, screen)]
            monkeypatch.setattr(RenderStyles, "get_rule", counted)
            reads.clear()
            found = screen._parts()
            monkeypatch.undo()
            assert found == expected, key
            # Each part and container below the screen at most once, and the
            # screen's own once (what a part with none of its own inherits).
            nodes = {node for w in parts for node in (w, *w.ancestors) if isinstance(node, Widget)}
            assert len(reads) == len(set(reads)), (key, reads)
            assert len(reads) <= len(nodes - {screen}) + 2, (key, reads)
