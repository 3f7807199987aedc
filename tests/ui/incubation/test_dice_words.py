"""A pair of dice gives its 3 once, for both dice (issue 45.16: each die's
line read "3 silver", as if the pair gave 6): the first free die's line says
"both", the second's points at the first."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.incubation.widgets import DicePanel
from tests.games.incubation.helpers import blank

from .helpers import screen_of, session_at

AppFactory = Callable[..., BoardgamesApp]


async def test_a_pair_reads_as_one_three(new_app: AppFactory) -> None:
    state = blank()
    state.dice, state.used, state.step = ["coin", "coin"], [False, False], "dice"
    app = new_app(session=session_at(state))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        dice = screen.query_one("#dice", DicePanel)
        assert dice.board is not None
        first, second = (line.plain for line in dice.lines(dice.board)[:2])
        assert "both: 3 silver" in first, first
        assert "3 silver" not in second and "with die 1" in second, second
