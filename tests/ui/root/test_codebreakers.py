"""Codebreakers shows what it looked at, at once and to that seat only: the
enemy's hand in a dialog over the Woodland (it had moved straight on, the
hand only later under H).  Hot-seat and against a bot, 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.actions import UseEffect
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.cards import deck
from boardgames_tui.games.root.model import card_of
from boardgames_tui.ui.root.dialogs import CardsDialog, cards_text, looked_at_hand
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import wait_until

from .helpers import new_session, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]
CODEBREAKERS = UseEffect(effect="codebreakers")


def in_daylight_with_codebreakers(bot: str | None) -> Session:
    """Ana (the Duchy) in her Assembly holding Codebreakers crafted; Ben
    (the Marquise) a person or the Root bot, with cards in hand."""
    session = new_session(seed=4, bots=(None, bot))
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while True:
        state = state_of(session)
        if session.to_act == 0 and state.step == "assembly" and not state.stack:
            break
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    card = next(i for i in state.draw_pile if card_of(i).id == "mouse-codebreakers")
    state.draw_pile.remove(card)
    state.player(state.faction_of(0)).crafted.append(card)
    return session


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("bot", [None, "root"], ids=["hot-seat", "against-a-bot"])
async def test_codebreakers_shows_the_hand_at_once(
    size: tuple[int, int], bot: str | None, new_app: AppFactory
) -> None:
    session = in_daylight_with_codebreakers(bot)
    state = state_of(session)
    enemy = 1 - state.faction_of(0)
    hand = [card_of(c).name for c in state.player(enemy).hand]
    assert hand, "the Marquise holds cards to look at"
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        if bot is None:
            await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
            await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == 0 and CODEBREAKERS in session.legal_actions()
        assert screen.play(CODEBREAKERS)
        await wait_until(pilot, lambda: isinstance(app.screen, CardsDialog))
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        assert dialog.title_text == f"Codebreakers: the {core.name(enemy)}'s hand"
        for name in hand:
            assert name in dialog.text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert session.to_act == 0  # still Ana's Daylight: nobody else saw it


def test_a_card_the_deck_holds_twice_reads_as_one_card_in_the_hand() -> None:
    """Issue 45, item 12: Codebreakers listed "Armorers (bird, 2 copies)"
    for one Armorers in the hand, which read as two.  Every card the deck
    holds more than once now says the copies are the deck's, in the hand
    Codebreakers shows and in the cards one may read (H)."""
    session = in_daylight_with_codebreakers(None)
    state = state_of(session)
    enemy = 1 - state.faction_of(0)
    armorers = [i for i, c in enumerate(deck()) if c.id == "bird-armorers"]
    assert len(armorers) == 2, "the deck holds two Armorers"
    hand = state.player(enemy).hand
    hand[:] = [armorers[0]]
    state.player(enemy).known = []
    text = looked_at_hand(state, 0).text
    assert "Armorers (bird, one of 2 in the deck)" in text
    assert "copies" not in text
    mine = state.player(state.faction_of(0))
    mine.hand[:] = [armorers[1]]
    assert "Armorers (bird, one of 2 in the deck)" in cards_text(state, 0, over=False)
