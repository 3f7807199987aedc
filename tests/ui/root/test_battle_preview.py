"""The battle preview on screen (issue 33): under the map while the cursor
is on a clearing where a battle may start, for a battle highlighted in the
action list, and in a short choice list holding a battle; gone elsewhere.
Hot-seat from the menu and against a bot, at 80x24 and 120x40, with no card
of the other hand on screen and nothing cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root.actions import Battle
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.dialogs import ChoiceDialog
from boardgames_tui.ui.root.preview import outlook, words
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.widgets import ActionPicker
from tests.ui.helpers import screen_text, wait_until

from .helpers import ana_marquise_against_a_bot, arrows, secret_names, state_of
from .test_stray_enter import SEED_MARQUISE_FIRST, SIZES, from_the_menu, to_the_marquise_daylight

AppFactory = Callable[..., BoardgamesApp]


def detail(screen: RootScreen) -> str:
    return " ".join(str(screen.query_one("#detail").render()).split())


async def the_preview_shows_where_a_battle_may_start(
    app: BoardgamesApp, pilot: Pilot[Any], screen: RootScreen
) -> None:
    session = screen.session
    state = screen.shown_state()
    me = choices.deciding(state)
    battle = next(a for a in screen.legal() if isinstance(a, Battle))
    others = [
        n
        for n in range(1, 13)
        if not any(isinstance(a, Battle) and a.clearing == n for a in screen.legal())
    ]
    await pilot.press(*arrows(screen.cursor, others[0]))
    await pilot.pause()
    assert "⚔" not in detail(screen)
    await pilot.press(*arrows(screen.cursor, battle.clearing))
    await pilot.pause()
    expected = " ".join(words(outlook(state, me, battle.clearing), here=True))
    assert detail(screen) == "⚔ " + expected
    # Whole on screen (three rows under the map), nothing cut.
    panel = screen.query_one("#detail")
    rows = [panel.render_line(y).text for y in range(panel.size.height)]
    assert " ".join(" ".join(rows).split()) == "⚔ " + expected
    log = " ".join(e.text for e in session.log)
    truth = state_of(session)
    viewer = truth.seat_of[me]
    assert not [n for n in secret_names(truth, viewer, log) if n in screen_text(app)]
    # In the action list: a battle highlighted there is previewed by name.
    await pilot.press("a")
    await pilot.pause()
    picker = screen.picker
    index = next(i for i, a in enumerate(picker.actions) if isinstance(a, Battle))
    await pilot.press("home", *(["down"] * index))
    await pilot.pause()
    highlighted = picker.actions[index]
    assert isinstance(highlighted, Battle)
    named = " ".join(words(outlook(state, me, highlighted.clearing), here=False))
    if highlighted.clearing != screen.cursor:
        assert detail(screen) == "⚔ " + named
    assert f"Battle in {choices.where(state, highlighted.clearing)}" in named
    await pilot.press("escape")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_the_preview_hot_seat(size: tuple[int, int], new_app: AppFactory) -> None:
    app = new_app(seed=SEED_MARQUISE_FIRST)
    async with app.run_test(size=size) as pilot:
        await from_the_menu(app, pilot)
        screen = await to_the_marquise_daylight(app, pilot)
        await the_preview_shows_where_a_battle_may_start(app, pilot, screen)


@pytest.mark.parametrize("size", SIZES)
async def test_the_preview_against_a_bot(size: tuple[int, int], new_app: AppFactory) -> None:
    session = ana_marquise_against_a_bot()
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        await the_preview_shows_where_a_battle_may_start(app, pilot, screen)
        # A short list holding a battle (as Enter opens where several
        # actions may be taken): the preview under its title, the highlight
        # on the move that can be undone.
        legal = screen.legal()
        battle = next(a for a in legal if isinstance(a, Battle))
        other = next(a for a in legal if not isinstance(a, Battle))
        screen.play_pick(choices.Pick((battle, other), "", "Choose"))
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        state = screen.shown_state()
        assert dialog.note == " ".join(
            words(outlook(state, choices.deciding(state), battle.clearing))
        )
        assert dialog.query_one("#choice-list", ActionPicker).highlighted == 1
        shown = " ".join(screen_text(app).split())
        assert dialog.note.split(". ")[0] in shown
        await pilot.press("escape")
