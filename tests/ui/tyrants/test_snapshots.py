"""Snapshots of the Tyrants screen: seeded mid-game positions of 2 and 4
players (greedy bots, then the hand-off passed with Enter) at 80x24 and
120x40, in the default dark theme, a light theme and NO_COLOR; a card's
choice waiting for its answer; a card's whole text.  Deterministic: fixed
seeds and sizes, no clock, no animation, no autosave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from tests.ui.helpers import settle, wait_until

from .helpers import played, state_of

AppFactory = Callable[..., BoardgamesApp]


def mid_game(players: int) -> Session:
    """2 players: 148 moves of seed 4; 4 players: 220 moves of seed 2 (each
    in the main phase)."""
    return played(players, 4, 148, "greedy") if players == 2 else played(4, 2, 220, "greedy")


def choosing() -> Session:
    """A card's "choose one" waiting for its answer (2 players, seed 4)."""
    session = played(2, 4, 0)
    from boardgames_tui.engine.bots import get_bot

    bots = [get_bot("greedy", 28 + i) for i in range(2)]
    while not state_of(session).jobs or state_of(session).jobs[-1].kind != "choose":
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    return session


async def on_the_table(pilot: Pilot[Any]) -> None:
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen | TyrantsScreen))
    await pilot.pause()
    if isinstance(pilot.app.screen, HandoffScreen):
        await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, TyrantsScreen))
    await settle(pilot)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_mid_game(
    snap_compare: Any, new_app: AppFactory, players: int, size: tuple[int, int]
) -> None:
    app = new_app(session=mid_game(players))
    assert snap_compare(app, terminal_size=size, run_before=on_the_table)


@pytest.mark.parametrize("players", [2, 4])
def test_mid_game_in_a_light_theme(snap_compare: Any, new_app: AppFactory, players: int) -> None:
    app = new_app(session=mid_game(players))
    app.theme = "textual-light"
    size = (80, 24) if players == 2 else (120, 40)
    assert snap_compare(app, terminal_size=size, run_before=on_the_table)


@pytest.mark.parametrize("players", [2, 4])
def test_mid_game_without_colour(
    snap_compare: Any, new_app: AppFactory, monkeypatch: pytest.MonkeyPatch, players: int
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app(session=mid_game(players))
    size = (120, 40) if players == 2 else (80, 24)
    assert snap_compare(app, terminal_size=size, run_before=on_the_table)


def test_a_card_choice(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=choosing())
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_a_card_in_full(snap_compare: Any, new_app: AppFactory) -> None:
    """Tab to the cards, down to the market's first card, C."""
    app = new_app(session=mid_game(2))

    async def card(pilot: Pilot[Any]) -> None:
        await on_the_table(pilot)
        await pilot.press("tab", "home")
        screen = pilot.app.screen
        assert isinstance(screen, TyrantsScreen)
        rows = screen.cards.rows
        market = next(i for i, r in enumerate(rows) if r.zone == "market")
        await pilot.press(*["down"] * market, "c")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=card)
