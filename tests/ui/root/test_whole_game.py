"""A whole game of Root on its own screen, started from the menu and the
setup screen with keys, played with keys to 30 points by one person (the
Duchy) against the Root bot (the Marquise).  The person's choices are the
Root bot's, pressed as keys; at every step the screen shows nothing of the
bot's hand that is not public, and no hand-off ever covers the table (one
person, nobody to hide from)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Select

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import bot_names
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import WIN_VP
from boardgames_tui.ui.root.dialogs import CardsDialog
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.games.root.pieces import duchy_of, marquise_of
from tests.ui.helpers import screen_text, wait_until

from .helpers import keys_for, screen_of, secret_names, state_of

AppFactory = Callable[..., BoardgamesApp]


async def start_from_the_menu(app: BoardgamesApp, pilot: Pilot[Any]) -> None:
    """N, Root in the game select, the second seat a Root bot, F2."""
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    await pilot.press("enter", "r", "enter")
    await pilot.pause()
    setup = app.screen
    assert isinstance(setup, SetupScreen) and setup.game_id == "root"
    for _ in range(20):
        focused = app.focused
        if focused is not None and focused.id == "kind-1":
            break
        await pilot.press("tab")
        await pilot.pause()
    kind = setup.query_one("#kind-1", Select)
    assert app.focused is kind
    await pilot.press("enter")
    await pilot.pause()
    await pilot.press(*(["down"] * (bot_names(GAME).index("root") + 1)), "enter")
    await pilot.pause()
    assert kind.value == "bot:root"
    await pilot.press("f2")


@pytest.mark.first(29)
async def test_a_person_plays_the_duchy_with_keys_to_30_points_against_the_bot(
    new_app: AppFactory, saves_dir: Path
) -> None:
    app = new_app(seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await start_from_the_menu(app, pilot)
        screen = await screen_of(app, pilot)
        session = screen.session
        assert session.game_id == "root" and session.seats[1].bot == "root"
        me = 0
        chooser = RootBot(seed=11)
        presses = 0
        moves = 0
        while not session.is_over:
            assert not isinstance(app.screen, HandoffScreen)
            state = state_of(session)
            log = " ".join(entry.text for entry in session.log)
            text = screen_text(app)
            leaked = [n for n in secret_names(state, me, log) if n in text]
            assert not leaked, (leaked, session.prompt())
            if session.to_act != me:
                before = len(session.actions)
                await wait_until(
                    pilot, lambda n=before: len(session.actions) > n or session.is_over
                )
                await pilot.pause()
                continue
            if isinstance(app.screen, CardsDialog):  # Codebreakers showed a hand
                await pilot.press("escape")
            if isinstance(app.screen, PauseScreen):  # answered in the bot's turn
                await pilot.press("enter")
            await wait_until(pilot, lambda: screen.live and app.screen is screen)
            action = chooser.choose(GAME, session.state, session.legal_actions())
            keys = keys_for(screen, action)
            before = len(session.actions)
            await pilot.press(*keys)
            presses += len(keys)
            moves += 1
            await wait_until(pilot, lambda n=before: len(session.actions) > n)
            assert session.actions[before] == action, (keys, action, session.prompt())
            await pilot.pause()
        state = state_of(session)
        assert max(marquise_of(state).vp, duchy_of(state).vp) >= WIN_VP
        assert moves > 30 and presses >= moves
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
