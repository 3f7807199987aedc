"""The Tyrants screen with the keys: one hand-off at the start, Enter and D
at a start site, a key that cannot be used says why, C shows a card, A lists
every legal action, H the houses at 80 columns, F1 the rules, and the whole
4-player board on screen at 120x40."""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.tyrants.dialogs import CardDialog
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import CardsPanel, HousesPanel, MapView
from boardgames_tui.ui.widgets import ActionPicker
from tests.ui.helpers import screen_text, wait_for, wait_until

from .helpers import new_session, played, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]


def notes(app: BoardgamesApp) -> str:
    return "\n".join(n.message for n in app.notes)


async def test_one_hand_off_then_a_first_troop_with_enter_and_d(new_app: AppFactory) -> None:
    session = new_session(2, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        assert sum(isinstance(s, HandoffScreen) for s in app.screen_stack) == 1
        assert "Noble" not in screen_text(app)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert isinstance(screen.focused, MapView)
        # The cursor starts on a free start site: Enter places the troop there.
        site = screen.map.space
        await pilot.press("enter")
        await pilot.pause()
        assert len(session.actions) == 1 and session.actions[0].kind == "place_start_troop"
        assert site in state_of(session).troops and state_of(session).troops[site]
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await screen_of(app, pilot)
        await pilot.press("d")
        await pilot.pause()
        assert len(session.actions) == 2


async def test_a_key_that_cannot_be_used_says_why(new_app: AppFactory) -> None:
    session = new_session(2, seed=3)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await screen_of(app, pilot)
        await pilot.press("x")
        await pilot.pause()
        assert "Removing a troop is not a choice now" in notes(app)
        await pilot.press("e")
        await pilot.pause()
        assert "Ending the turn is not a choice now" in notes(app)
        await pilot.press("7")  # a new message replaces the one showing
        await pilot.pause()
        assert "A numbered choice is not a choice now" in notes(app)
        assert "Ending the turn" not in notes(app)
        assert session.actions == []


async def test_c_a_and_h(new_app: AppFactory) -> None:
    session = played(2, 4, 148, "greedy")  # the main phase, deploys to choose
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(screen.focused, CardsPanel)
        market = next(i for i, r in enumerate(screen.cards.rows) if r.zone == "market")
        await pilot.press("home", *["down"] * market, "c")
        await pilot.pause()
        assert isinstance(app.screen, CardDialog)
        assert app.screen.card_id == state_of(session).market[0]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        picker = screen.query_one("#actions", ActionPicker)
        assert picker.has_focus and picker.actions == session.legal_actions()
        await pilot.press("escape", "h")
        houses = screen.query_one(HousesPanel)
        await wait_for(
            pilot,
            lambda: houses.display and houses.region.height >= 6 and "troops" in screen_text(app),
        )
        assert houses.display and houses.region.height >= 6
        assert "troops" in screen_text(app)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))


async def test_the_whole_four_player_board_is_on_screen_at_120x40(new_app: AppFactory) -> None:
    app = new_app(session=played(4, 2, 220, "greedy"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        view = screen.map
        assert view.virtual_size.width <= view.scrollable_content_region.width
        assert view.virtual_size.height <= view.scrollable_content_region.height
        text = screen_text(app)
        # Every name whole (issue 45.13: "Menzoberr." and "Ss'zuraas." before).
        for name in ("Gauntlgrym", "Menzoberranzan", "Kanaglym", "Ss'zuraass'nee", "Chaulssin"):
            assert name in text
        assert isinstance(screen, TyrantsScreen)
