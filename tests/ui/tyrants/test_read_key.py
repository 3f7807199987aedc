"""C, "read all", is offered only where something is cut, and works wherever
it is offered (issue 45, item 10: the hint ended "· C: read all" at a space
whose words fit, and C there was refused with "point at a space")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.kit.dialogs import TextDialog
from boardgames_tui.ui.tyrants.dialogs import CardDialog
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import CardsPanel, DetailView
from tests.games.tyrants.helpers import spy
from tests.ui.helpers import footer_text, hint, lifted, messages, wait_for, wait_until

from .helpers import arrows_to_one, played, state_of

AppFactory = Callable[..., BoardgamesApp]


def offered(screen: object, app: BoardgamesApp) -> tuple[bool, bool]:
    """Whether the hint and the footer offer C."""
    return "C: read all" in hint(screen), " c Read" in footer_text(app)  # type: ignore[arg-type]


@pytest.mark.first(30)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_c_is_offered_exactly_where_the_words_are_cut_and_works_there(
    new_app: AppFactory, size: tuple[int, int]
) -> None:
    """Every space of a 3-player map some turns in: where the detail shows
    the words whole, neither the hint nor the footer offers C and C says
    why it does nothing; where they are cut, both offer it and C opens them
    all (the hint may leave it to the footer only for lack of room)."""
    session = played(4, seed=5, moves=150)
    # Spies of three houses at a site with a control marker: its words
    # need more than the detail's three lines at 80 columns.
    state = state_of(session)
    for seat in (1, 2, 3):
        if seat not in state.spies["menzoberranzan"] and state.players[seat].spies:
            spy(state, "menzoberranzan", seat)
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await lifted(app, pilot, TyrantsScreen)
        await pilot.pause()
        detail = screen.one("#detail", DetailView)
        seen = {True: 0, False: 0}
        # Every space, each next the one fewest arrows away (what is drawn
        # for a space is the space's alone: the detail of the pointer).
        left = set(screen.map.spaces())
        while left:
            space, arrows = arrows_to_one(screen, left)
            left.discard(space)
            await pilot.press(*arrows)
            await wait_for(pilot, lambda: detail.pointer == screen.map.pointer)
            assert detail.pointer == screen.map.pointer
            cut = detail.overflows()
            # (The key bar looks at the keys in the frame after the move.)
            await wait_for(pilot, lambda cut=cut: offered(screen, app)[1] == cut)
            in_hint, in_footer = offered(screen, app)
            assert in_footer == cut, (space, cut, footer_text(app))
            assert in_hint == cut or (cut and len(hint(screen)) > 60), (space, hint(screen))
            seen[cut] += 1
            app.clear_notifications()
            await pilot.press("c")
            await pilot.pause()
            if cut:
                assert isinstance(app.screen, TextDialog), space
                await pilot.press("escape")
                await wait_until(pilot, lambda: app.screen is screen)
            else:
                assert app.screen is screen
                assert "shown already" in messages(app), messages(app)
                assert "point at a space" not in messages(app)
        # Both kinds of space were met (the test would prove nothing else).
        assert seen[False], seen
        if size == (80, 24):
            assert seen[True], seen


async def test_a_card_is_always_readable(new_app: AppFactory) -> None:
    """A card's whole text is behind C wherever the cards' cursor is on one."""
    session = played(2, seed=3, moves=4)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lifted(app, pilot, TyrantsScreen)
        await pilot.press("tab")
        await wait_until(pilot, lambda: isinstance(screen.focused, CardsPanel))
        assert offered(screen, app)[1]
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, CardDialog))
