"""Tyrants at a real table (issue 33), from the menu at 80x24 and 120x40,
hot-seat and against a bot:

- the map's keys (D, X, M, S) act on the map's cursor whichever panel has
  the focus, and which panel has it shows (its title marked, the hint
  starting with "Map ▸" or "Cards ▸");
- at 80x24 the headings, the houses and the hint wrap rather than being cut,
  the overview (O) lists where each house stands, and no scrollbar block is
  left on the map after a resize from 120x40;
- the score as it stands (V) and one's own cards (Y) are one key away, and
  one's own cards close before the table passes to anyone else;
- the cards' cursor starts at the top again on another player's turn, and
  the hand's heading says whose hand it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.actions import PlaceStartTroop
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants import choices
from boardgames_tui.ui.tyrants.dialogs import OwnCardsDialog, TextDialog, own_cards_text
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import CardsPanel, DetailView, HousesPanel, MapView
from tests.games.tyrants.helpers import table
from tests.ui.helpers import screen_text, wait_for, wait_until
from tests.ui.test_escape import from_menu

from .helpers import state_of
from .test_end_turn import to_main_turn

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]
#: Block glyphs the map never draws itself (its presence bar is "▌"): a
#: scrollbar's thumb, or one left behind.
BLOCKS = set("▀▁▂▃▄▅▆▇█▉▊▋▍▎▏▐▔▕")


def against_a_bot() -> Session:
    return Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben", bot="greedy")],
        {"first_player": 0},
        seed=3,
        autosave=False,
    )


async def start(app: BoardgamesApp, pilot: Pilot[Any], bot: bool) -> TyrantsScreen:
    if bot:
        await wait_until(pilot, lambda: isinstance(app.screen, TyrantsScreen))
        screen = app.screen
    else:
        screen = await from_menu(app, pilot, "tyrants")
    assert isinstance(screen, TyrantsScreen)
    await wait_until(pilot, lambda: app.screen is screen and screen.live)
    await pilot.pause()
    return screen


def region_text(app: BoardgamesApp, widget: Any) -> str:
    region = widget.region
    lines = screen_text(app).splitlines()[region.y : region.bottom]
    return "\n".join(line[region.x : region.right] for line in lines)


# ------------------------------------------------------------- defect 7
@pytest.mark.parametrize("bot", [False, True], ids=["hot-seat", "bot"])
@pytest.mark.parametrize("size", SIZES)
async def test_map_keys_act_on_the_map_cursor_from_the_cards(
    size: tuple[int, int], bot: bool, new_app: AppFactory
) -> None:
    session = against_a_bot() if bot else None
    app = new_app(session=session, seed=2) if bot else new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await start(app, pilot, bot)
        session = screen.session
        assert state_of(session).phase == "placing"
        assert isinstance(screen.focused, MapView)
        hint = str(screen.query_one("#hint").render())
        assert hint.startswith("Map ▸") and "at the cursor: D place a troop" in hint
        detail, cards = screen.query_one(DetailView), screen.query_one(CardsPanel)
        assert detail.has_class("-focus") and not cards.has_class("-focus")
        await pilot.press("tab")
        await pilot.pause()
        assert isinstance(screen.focused, CardsPanel)
        hint = str(screen.query_one("#hint").render())
        assert hint.startswith("Cards ▸") and "at the map cursor: D place a troop" in hint, hint
        assert cards.has_class("-focus") and not detail.has_class("-focus")
        assert "has the focus" in str(cards.border_title)
        # D, offered by the hint, works from the cards: on the map's cursor.
        space = screen.map.space
        before = len(session.actions)
        await pilot.press("d")
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[before] == PlaceStartTroop(site=space)


# ------------------------------------------------------------- defect 8
@pytest.mark.parametrize("bot", [False, True], ids=["hot-seat", "bot"])
@pytest.mark.parametrize("size", SIZES)
async def test_every_panel_fits_or_wraps_and_the_overview_is_one_key_away(
    size: tuple[int, int], bot: bool, new_app: AppFactory
) -> None:
    session = against_a_bot() if bot else None
    app = new_app(session=session, seed=2) if bot else new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await start(app, pilot, bot)
        session = screen.session
        await to_main_turn(app, pilot, session)
        await wait_until(pilot, lambda: screen.live and not app.workers)
        text = screen_text(app)
        assert "…" not in text, text
        seat = screen.watching()
        assert seat is not None
        assert f"{session.seats[seat].name}'s hand (5)" in text
        narrow = screen.has_class("-narrow")
        if narrow:  # the houses are behind H at 80 columns
            await pilot.press("h")
            await pilot.pause()
        houses = region_text(app, screen.query_one(HousesPanel))
        assert "…" not in houses and "trophies" in houses, houses
        if narrow:
            await pilot.press("escape")
            await pilot.pause()
        # The overview: where every other house stands, in words.
        await pilot.press("o")
        await wait_until(pilot, lambda: isinstance(app.screen, TextDialog))
        body = str(app.screen.query_one("#text-body").render())
        state = state_of(session)
        for other, who in enumerate(session.seats):
            start_site = next(s for s, occ in state.troops.items() if other in occ)
            assert f"troops at: {bd.site(start_site).name}" in body, body
            assert who.name in body
        await pilot.press("o")  # the same key closes it
        await wait_until(pilot, lambda: app.screen is screen)


@pytest.mark.parametrize("bot", [False, True], ids=["hot-seat", "bot"])
async def test_no_block_is_left_on_the_map_after_a_resize(bot: bool, new_app: AppFactory) -> None:
    session = against_a_bot() if bot else None
    app = new_app(session=session, seed=2) if bot else new_app(seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(app, pilot, bot)
        await to_main_turn(app, pilot, screen.session)
        await wait_until(pilot, lambda: screen.live and not app.workers)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.pause()
        assert screen.has_class("-narrow")
        # The map is bigger than its room: it scrolls, with no thumb drawn.
        assert screen.map.virtual_size.width > screen.map.size.width
        drawn = region_text(app, screen.map)
        assert not BLOCKS & set(drawn), drawn


# ------------------------------------------------- the score and the cards
@pytest.mark.parametrize("bot", [False, True], ids=["hot-seat", "bot"])
@pytest.mark.parametrize("size", SIZES)
async def test_the_score_and_ones_own_cards_are_one_key_away(
    size: tuple[int, int], bot: bool, new_app: AppFactory
) -> None:
    session = against_a_bot() if bot else None
    app = new_app(session=session, seed=2) if bot else new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await start(app, pilot, bot)
        session = screen.session
        await to_main_turn(app, pilot, session)
        await wait_until(pilot, lambda: screen.live and not app.workers)
        await pilot.press("v")
        await wait_until(pilot, lambda: isinstance(app.screen, TextDialog))
        body = str(app.screen.query_one("#text-body").render())
        assert body.startswith("If the game ended now")
        for who in session.seats:
            assert f"{who.name}: " in body
        assert "sites 0 · total control 0 · trophies 0" in body
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        seat = screen.watching()
        assert seat is not None
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, OwnCardsDialog))
        body = str(app.screen.query_one("#text-body").render())
        mine = state_of(session).players[seat]
        assert body == str(own_cards_text(state_of(session), seat))
        for c in mine.hand + mine.deck:
            assert card(c).name in body
        assert (
            f"Hand ({len(mine.hand)})" in body and f"Deck ({len(mine.deck)}, in no order)" in body
        )
        await pilot.press("y")
        await wait_until(pilot, lambda: app.screen is screen)


async def test_ones_own_cards_close_before_the_table_passes(new_app: AppFactory) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await start(app, pilot, False)
        session = screen.session
        seat = screen.watching()
        assert seat is not None
        state = state_of(session)
        # Open as if left up over a move another seat makes next.
        dialog = OwnCardsDialog("cards", own_cards_text(state, seat), "y", seat)
        await app.push_screen(dialog)
        await pilot.pause()
        screen.viewer = 1 - seat
        screen.refresh_view()
        await wait_until(pilot, lambda: app.screen is screen)
        assert not any(isinstance(s, OwnCardsDialog) for s in app.screen_stack)


# ------------------------------------------------------------- defect 10
async def test_the_cards_cursor_starts_at_the_top_on_the_next_turn(new_app: AppFactory) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await start(app, pilot, False)
        session = screen.session
        await to_main_turn(app, pilot, session)
        first = session.to_act
        await pilot.press("tab")
        for _ in range(8):
            await pilot.press("down")
        await pilot.pause()
        cards = screen.query_one(CardsPanel)
        assert cards.pointer is not None and cards.pointer.zone in ("market", "piles")
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.live)
        assert session.to_act != first
        assert cards.cursor == 0 and cards.pointer is not None and cards.pointer.zone == "hand"
        name = session.seats[session.to_act or 0].name
        await wait_for(pilot, lambda: f"{name}'s hand (5)" in screen_text(app))
        assert f"{name}'s hand (5)" in screen_text(app)


def test_a_hand_of_one_card_is_said_in_the_singular() -> None:
    state = table(hand=("noble",))
    legal = GAME.legal_actions(state)
    assert choices.numbered(state, legal, 3).reason == "Your hand has 1 card: press 1."


@pytest.mark.parametrize("size", SIZES)
async def test_a_route_space_is_shown_in_words(size: tuple[int, int], new_app: AppFactory) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await start(app, pilot, False)
        route = next(s for s in screen.map.spaces() if not bd.is_site(s))
        screen.map.point(route)
        screen.map.post_message(MapView.CursorMoved(screen.map, screen.map.cursor))
        await pilot.pause()
        detail = str(screen.query_one(DetailView).render())
        assert detail.startswith("Space 1 of the route from ") or detail.startswith(
            "The route between "
        ), detail
        assert route not in detail and route not in screen_text(app)
