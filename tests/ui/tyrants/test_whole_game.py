"""A whole 2-player game on the Tyrants screen with keys only, from the
setup screen to the results: the arrows, Tab, Enter, D X M S, E, N and the
digits, never the action picker.  A hasty player: every card of the hand
played, the cheapest market card recruited while the influence lasts, a
deploy when the cursor is near a space for it, the greedy bot's answer to
every question a card asks; so the market deck runs out and the game ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action
from boardgames_tui.games.tyrants.actions import Deploy, EndTurn, PlayCard, Recruit
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from boardgames_tui.ui.tyrants.choices import left_unused
from boardgames_tui.ui.tyrants.dialogs import ChoiceDialog
from boardgames_tui.ui.tyrants.screen import TyrantsScreen
from tests.ui.helpers import wait_until

from .helpers import arrow_paths, keys_for, state_of

AppFactory = Callable[..., BoardgamesApp]


def hasty(screen: TyrantsScreen, bot: Any) -> Action:
    """The hasty player's next action (see the module's docstring)."""
    session = screen.session
    state = state_of(session)
    legal = session.legal_actions()
    if state.phase != "main" or state.jobs:
        choice: Action = bot.choose(session.game, session.view(session.to_act))
        return choice
    plays = [a for a in legal if isinstance(a, PlayCard)]
    if plays:
        return plays[0]
    deploys = [a for a in legal if isinstance(a, Deploy)]
    paths = arrow_paths(screen)  # (one search for every deploy)
    unreachable = [a.space for a in deploys if a.space not in paths]
    assert not unreachable, f"no arrows lead to {unreachable}"
    near = [a for a in deploys if len(paths[a.space]) <= 2]
    if near:
        return near[0]
    market = [a for a in legal if isinstance(a, Recruit) and a.card in state.market]
    if market:
        return min(market, key=lambda a: card(a.card).cost or 0)
    return next(a for a in legal if isinstance(a, EndTurn))


@pytest.mark.first(75)
async def test_a_two_player_game_with_keys_from_setup_to_results(new_app: AppFactory) -> None:
    app = new_app(seed=4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        await pilot.press("enter", "t", "enter")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game_id == "tyrants"
        await pilot.press("f2")
        await wait_until(pilot, lambda: not isinstance(app.screen, SetupScreen))
        screen = next(s for s in app.screen_stack if isinstance(s, TyrantsScreen))
        session = screen.session
        assert len(session.seats) == 2
        bot = get_bot("greedy", 4)
        kinds: set[str] = set()
        turn = 0
        while not session.is_over:
            turn += 1
            assert turn < 4000, "the game does not end"
            if isinstance(app.screen, HandoffScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            assert app.screen is screen, type(app.screen).__name__
            action = hasty(screen, bot)
            before = len(session.actions)
            keys = keys_for(screen, action, turn)
            # Ending the turn with something left, and a card leaving the
            # hand (a cost, a forced discard), ask first.
            asks = isinstance(action, EndTurn) and bool(
                left_unused(state_of(session), session.legal_actions())
            )
            asks = asks or bool(screen.spent_card(action))
            dialog = (
                len(keys) > 1 and keys[-1].isdigit() and keys[-2] in ("enter", "d", "x", "m", "s")
            )
            for key in keys[:-1] if dialog else keys:
                await pilot.press(key)
            if dialog:
                await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
                await pilot.press(keys[-1])
            if asks:
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
            await wait_until(pilot, lambda before=before: len(session.actions) > before)
            assert session.actions[-1] == action, (keys, action)
            kinds.add(action.kind)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert state_of(session).phase == "over"
    assert {"place_start_troop", "play_card", "recruit", "end_turn"} <= kinds
