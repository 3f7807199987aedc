"""The screen's cursor is the Woodland's own: an arrow and an Enter that
reach the screen together (a fast typist, a terminal sending both in one
read) act on the clearing the arrow moved to, the one drawn under the
cursor, not on the one the screen had heard of last."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.dialogs import ChoiceDialog
from boardgames_tui.ui.root.widgets import WoodlandView, below, step

from .helpers import ARROWS, in_the_assembly, screen_of

AppFactory = Callable[..., BoardgamesApp]


async def test_enter_right_after_an_arrow_acts_where_the_cursor_is_drawn(
    new_app: AppFactory,
) -> None:
    app = new_app(session=in_the_assembly())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        woodland = screen.query_one(WoodlandView)
        start = screen.cursor
        # An arrow to a clearing where Enter does not play at once (nothing
        # there, or several choices), so what it did can be read.
        state, legal = screen.shown_state(), screen.legal()
        direction, there = next(
            (d, c)
            for d in ARROWS
            if (c := step(state.woodland, start, d, below(state))) is not None
            and len(choices.at(state, legal, c).actions) != 1
        )
        pick = choices.at(state, legal, there)
        # The arrow and Enter in the same frame: the arrow's message to the
        # screen is not handled yet when Enter arrives.
        woodland.action_move(direction)
        assert screen.cursor == there == woodland.cursor
        screen.action_act()
        await pilot.pause()
        if pick.actions:
            assert isinstance(app.screen, ChoiceDialog)
            assert app.screen.title_text == pick.title
        else:
            assert screen.reason == pick.reason
            assert choices.where(state, there) in screen.reason
