"""Random keys on the Root screen, at the positions of a seeded game: a
person presses any key of the screen (arrows, Enter, the direct keys,
digits, Esc in a dialog), and every action a key makes is one the engine
offered at that moment; a key that does nothing leaves the game as it was."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.root.choices import key_kinds
from boardgames_tui.ui.root.dialogs import CardsDialog, ChoiceDialog
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import PauseScreen
from tests.ui.helpers import wait_until

from .helpers import new_session, screen_of

AppFactory = Callable[..., BoardgamesApp]

KEYS = ["up", "down", "left", "right", "enter", "space", *key_kinds(), *"123456789", "h"]


@pytest.mark.first(22)
async def test_random_keys_make_only_legal_moves(new_app: AppFactory) -> None:
    rng = random.Random(14)
    session = new_session(seed=9, bots=(None, "root"))
    app = new_app(session=session)
    made = 0
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        for _ in range(200):
            if session.is_over:
                break
            if isinstance(app.screen, CardsDialog):
                await pilot.press("escape")
                continue
            if isinstance(app.screen, PauseScreen):
                # Answered in the bot's turn, one's own follows: the key
                # lifts the pause and makes no move.
                before = len(session.actions)
                await pilot.press(rng.choice(KEYS))
                await pilot.pause()
                assert len(session.actions) == before
                continue
            if isinstance(app.screen, ChoiceDialog | ConfirmDialog):
                before = len(session.actions)
                await pilot.press(rng.choice(["1", "2", "escape", "y", "n", "enter"]))
                await pilot.pause()
                made += len(session.actions) > before
                continue
            if not (app.screen is screen and screen.live and session.to_act == 0):
                before = len(session.actions)
                await wait_until(
                    pilot,
                    lambda n=before: (session.to_act == 0 and screen.live) or session.is_over,
                )
                continue
            legal = session.legal_actions()
            before = len(session.actions)
            await pilot.press(rng.choice(KEYS))
            await pilot.pause()
            if len(session.actions) > before:
                assert session.actions[before] in legal
                made += 1
            shown = RootScreen | ChoiceDialog | CardsDialog | ConfirmDialog | PauseScreen
            assert isinstance(app.screen, shown)
    assert made > 10, made
