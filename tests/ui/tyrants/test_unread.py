"""Enter never acts on a card the player has not read (issue 45.11): after a
hand-off, or when the card under the cursor went (a recruit took it from the
market and the cursor rests on the next one), the first Enter only says
what the card is and what a second Enter does; the hint says "Enter twice".
A card the player pointed at (an arrow) acts at once, as before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from boardgames_tui.ui.tyrants.widgets import CardsPanel
from tests.ui.helpers import wait_until
from tests.ui.test_escape import from_menu

from .helpers import state_of
from .test_end_turn import to_main_turn
from .test_table import against_a_bot

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


def notes(app: BoardgamesApp) -> list[str]:
    return [n.message for n in app._notifications]  # noqa: SLF001 - what was told


async def settle(pilot: Pilot[Any], screen: TyrantsScreen) -> None:
    await wait_until(pilot, lambda: screen.live and not screen.app.workers)
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_after_a_recruit_the_next_card_is_not_taken_unread(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = against_a_bot()
    app = new_app(session=session, seed=2)
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, TyrantsScreen))
        screen = app.screen
        assert isinstance(screen, TyrantsScreen)
        await to_main_turn(app, pilot, session)
        await settle(pilot, screen)
        state_of(session).players[0].influence = 30
        session._legal = None  # noqa: SLF001 - listed again for the influence given
        screen.changed()
        await settle(pilot, screen)
        await pilot.press("tab")
        cards = screen.query_one(CardsPanel)
        while cards.pointer is not None and cards.pointer.zone != "market":
            await pilot.press("down")
        await pilot.pause()
        first, second = state_of(session).market[:2]
        assert cards.pointer is not None and cards.pointer.key == first
        await pilot.press("enter")  # pointed at with the arrows: recruited at once
        await settle(pilot, screen)
        assert first in state_of(session).players[0].discard
        # The cursor rests on the card that was next: not read yet.
        assert cards.pointer is not None and cards.pointer.key == second
        assert "Enter twice: recruit" in str(screen.query_one("#hint").render())
        moves = len(session.actions)
        await pilot.press("enter")
        await settle(pilot, screen)
        assert len(session.actions) == moves, "Enter took a card the player had not read"
        assert any("press Enter again to recruit" in n for n in notes(app)), notes(app)
        await pilot.press("enter")
        await settle(pilot, screen)
        assert len(session.actions) == moves + 1
        assert second in state_of(session).players[0].discard


@pytest.mark.parametrize("size", SIZES)
async def test_the_first_enter_after_a_hand_off_does_not_play_a_card(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await from_menu(app, pilot, "tyrants")
        assert isinstance(screen, TyrantsScreen)
        session = screen.session
        await to_main_turn(app, pilot, session)
        await settle(pilot, screen)
        first = session.to_act
        await pilot.press("tab")  # the cards have the focus as the turn ends
        await pilot.press("e")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await settle(pilot, screen)
        assert session.to_act != first
        cards = screen.query_one(CardsPanel)
        assert cards.has_focus and cards.pointer is not None and cards.pointer.zone == "hand"
        moves = len(session.actions)
        await pilot.press("enter")  # a second Ready, or a hasty Enter
        await settle(pilot, screen)
        assert len(session.actions) == moves, "the first Enter after the hand-off played a card"
        assert any("press Enter again to play" in n for n in notes(app)), notes(app)
        await pilot.press("enter")
        await settle(pilot, screen)
        assert len(session.actions) == moves + 1
