"""The Tyrants screen with the mouse: a click on a space or a card points
at it (the map's and the cards' cursor moves, the detail line follows), a
second click on the same one acts there, as Enter would."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import DetailView
from tests.ui.helpers import wait_until

from .helpers import new_session, screen_of, state_of
from .test_end_turn import to_main_turn

AppFactory = Callable[..., BoardgamesApp]


def free_start_sites(screen: TyrantsScreen) -> list[str]:
    legal = screen.session.legal_actions()
    return [a.site for a in legal if a.kind == "place_start_troop"]  # type: ignore[attr-defined]


async def test_a_click_points_at_a_space_and_a_second_click_acts_there(
    new_app: AppFactory,
) -> None:
    session = new_session(2, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        view = screen.map
        plan = view.plan
        assert plan is not None
        site = next(s for s in free_start_sites(screen) if s != view.space)
        left, top = plan.boxes[site]
        offset = (left + 2 - int(view.scroll_offset.x), top - int(view.scroll_offset.y))
        await pilot.click(view, offset=offset)
        await pilot.pause()
        assert view.space == site and not session.actions
        name = bd.site(site).name
        assert str(screen.query_one(DetailView).render()).startswith(name)
        await pilot.click(view, offset=offset)
        await pilot.pause()
        assert [a.kind for a in session.actions] == ["place_start_troop"]
        assert session.actions[0].site == site  # type: ignore[attr-defined]
        assert site in state_of(session).troops


async def test_a_click_points_at_a_card_and_a_second_click_plays_it(
    new_app: AppFactory,
) -> None:
    session = new_session(2, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await to_main_turn(app, pilot, session)
        await wait_until(pilot, lambda: app.screen is screen and screen.live)
        await pilot.pause()
        panel = screen.cards
        second = next(i for i, r in enumerate(panel.rows) if r.zone == "hand" and r.index == 1)
        assert panel.cursor != second
        card = panel.rows[second].key
        y = panel._at[second] - int(panel.scroll_offset.y)
        before = len(session.actions)
        await pilot.click(panel, offset=(4, y + 1))
        await pilot.pause()
        assert panel.cursor == second and screen.part_name == "cards"
        assert len(session.actions) == before
        await pilot.click(panel, offset=(4, y + 1))
        await pilot.pause()
        assert len(session.actions) == before + 1
        played = session.actions[-1]
        assert played.kind == "play_card" and played.card == card  # type: ignore[attr-defined]
