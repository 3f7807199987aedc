"""A crowded clearing at 80x24 (issue 52): its box, three rows high with
one row for its pieces, keeps as many whole pieces as fit and ends with
"…"; the line under the map, with the cursor on it, names every piece
(the slots, each faction's warriors with their count, each token), and
its title shows the clearing's documented short name where the whole
name does not fit (Autumn's Waterfall), the line under the map naming it
whole."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.ui.root.look import token_words
from boardgames_tui.ui.root.panels import ClearingDetail
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.widgets import MORE, SHORT_NAMES, WoodlandView
from tests.games.root.helpers import put
from tests.ui.helpers import wait_until

from .helpers import arrows, on_the_table, state_of
from .test_map_snapshots import on_the_map

AppFactory = Callable[..., BoardgamesApp]
#: Autumn's Waterfall: a name too long for a box 12 cells wide.
WATERFALL = 11


async def test_a_crowded_box_reads_whole_under_the_map(new_app: AppFactory) -> None:
    session = on_the_map("autumn")
    state = state_of(session)
    # (the Marquise's alone: no battle for Ana there, whose outlook the
    # line under the map would show instead)
    put(state, WATERFALL, cats=12, buildings=("sawmill", "workshop"), wood=3, keep=True)
    put(state, WATERFALL, tunnel=True)
    c = state.clearings[WATERFALL]
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_table(pilot)
        screen = app.screen
        assert isinstance(screen, RootScreen)
        shown = screen.shown_state()
        await pilot.press(*arrows(screen.cursor, WATERFALL, state=shown))
        await wait_until(pilot, lambda: screen.cursor == WATERFALL)
        await pilot.pause()
        view = screen.query_one(WoodlandView)
        layout = view.drawn
        assert layout is not None and layout.box_h == 3 and not layout.wide
        x, y = layout.boxes[WATERFALL]
        title = view.render_line(y).text[x : x + layout.box_w]
        row = view.render_line(y + 1).text[x + 1 : x + layout.box_w - 1]
        assert f"{WATERFALL}{SHORT_NAMES['Waterfall']}" in title
        # (the row cut after whole pieces: the warriors' counts never cut)
        assert row.rstrip().endswith(MORE), row
        assert "12" in row and row.index("12") > 0
        detail = screen.query_one("#detail", ClearingDetail)
        head, facts = detail.whole()
        words = f"{head}\n{facts}"
        assert f"{WATERFALL} Waterfall" in words
        assert f"12 {FACTIONS[CATS].short}" in words, words
        assert "slots: sawmill, workshop, ruin" in words, words
        for kind in set(c.tokens):
            assert token_words(kind, c.count(kind)) in words, (kind, words)
