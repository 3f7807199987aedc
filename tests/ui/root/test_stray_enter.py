"""A stray Enter never starts a Root battle (issue 33, defect 4).

Played as a table plays it: the game started from the menu (hot-seat) or
against a bot, the Marquise's setup made with keys, then in her Daylight a
choice made from the action list (A, then a number).  After it the focus is
back on the Woodland, and two Enters pressed without aiming start no battle
(which would roll the dice, or hand the terminal to the Duchy for its
ambush, and could not be undone): the list no longer waits with the battle
highlighted, and Enter on a battle where the screen put the cursor asks
first, "No" being the answer a further Enter gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root.actions import Battle
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.dialogs import ChoiceDialog
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.widgets import WoodlandView
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.setup import SetupScreen
from tests.ui.helpers import wait_until

from .helpers import ana_marquise_against_a_bot, arrows, keys_for, screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


async def settled(app: BoardgamesApp, pilot: Pilot[Any], screen: RootScreen) -> None:
    """Wait for a person's decision on the screen, lifting hand-offs."""
    session = screen.session
    for _ in range(50):
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        await pilot.pause()
        if app.screen is screen and screen.live and not app.workers:
            return
    raise AssertionError(f"no decision for a person: {session.prompt()}")


async def to_the_marquise_daylight(app: BoardgamesApp, pilot: Pilot[Any]) -> RootScreen:
    """The Marquise's setup made with keys (the first legal choice each
    time), up to her Daylight with a battle open to her."""
    await wait_until(pilot, lambda: isinstance(app.screen, RootScreen | HandoffScreen))
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
    screen = await screen_of(app, pilot)
    session = screen.session
    for _ in range(12):
        await settled(app, pilot, screen)
        state = state_of(session)
        if state.turn == CATS and state.step == "actions" and not state.stack:
            break
        assert state.turn_number == 0, session.prompt()  # the Marquise is first
        before = len(session.actions)
        await pilot.press(*keys_for(screen, session.legal_actions()[0]))
        await wait_until(pilot, lambda n=before: len(session.actions) > n)
    else:
        raise AssertionError(session.prompt())
    await settled(app, pilot, screen)
    assert any(isinstance(a, Battle) for a in screen.legal())
    return screen


async def a_choice_from_the_list_then_two_enters(
    app: BoardgamesApp, pilot: Pilot[Any], screen: RootScreen
) -> None:
    session = screen.session
    await pilot.press("a")
    await pilot.pause()
    picker = screen.picker
    assert picker.has_focus
    actions = picker.actions
    # The list starts on no battle: its highlight is on a move that can be
    # taken back.
    assert picker.highlighted is not None
    assert not isinstance(actions[picker.highlighted], Battle)
    # A, then a number: a move of warriors (it can be taken back).
    number = next(
        i
        for i, a in enumerate(actions[:9], start=1)
        if not isinstance(a, Battle) and not session.closes_undo(a)
    )
    before = len(session.actions)
    await pilot.press(str(number))
    await wait_until(pilot, lambda: len(session.actions) > before)
    await settled(app, pilot, screen)
    assert session.to_act == state_of(session).seat_of[CATS]
    # The focus is back where the player was: the Woodland.
    assert isinstance(app.focused, WoodlandView)
    assert not picker.has_focus
    if not any(isinstance(a, Battle) for a in screen.legal()):
        # The march's second move is offered: N declines it.
        before = len(session.actions)
        await pilot.press("n")
        await wait_until(pilot, lambda: len(session.actions) > before)
        await settled(app, pilot, screen)
    assert any(isinstance(a, Battle) for a in screen.legal())
    assert isinstance(app.focused, WoodlandView)
    made = len(session.actions)
    # Two stray Enters.
    await pilot.press("enter")
    await pilot.pause()
    if isinstance(app.screen, ChoiceDialog):
        # Several actions where the cursor is: the highlight is on one that
        # can be undone, never a battle.
        dialog_list = app.screen.query_one("#choice-list")
        assert getattr(dialog_list, "highlighted", None) is None or not isinstance(
            app.screen.choices[dialog_list.highlighted][0],  # type: ignore[attr-defined]
            Battle,
        )
    await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()
    started = [a for a in session.actions[made:] if isinstance(a, Battle)]
    assert not started
    assert not isinstance(app.screen, HandoffScreen)
    assert session.can_undo()
    # A battle is still one aimed key away: B at a clearing where it is legal.
    while app.screen is not screen:
        await pilot.press("escape")
        await pilot.pause()
    battle = next(a for a in screen.legal() if isinstance(a, Battle))
    keys = keys_for(screen, battle)
    before = len(session.actions)
    await pilot.press(*keys)
    await wait_until(pilot, lambda: len(session.actions) > before)
    assert session.actions[before] == battle


async def from_the_menu(app: BoardgamesApp, pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
    await pilot.pause()
    await pilot.press("enter", "r", "enter")
    await pilot.pause()
    await pilot.press("f2")


@pytest.mark.parametrize("size", SIZES)
async def test_a_stray_enter_starts_no_battle_hot_seat(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=SEED_MARQUISE_FIRST)
    async with app.run_test(size=size) as pilot:
        await from_the_menu(app, pilot)
        screen = await to_the_marquise_daylight(app, pilot)
        assert screen.people == 2
        await a_choice_from_the_list_then_two_enters(app, pilot, screen)


@pytest.mark.parametrize("size", SIZES)
async def test_a_stray_enter_starts_no_battle_against_a_bot(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    session = ana_marquise_against_a_bot()
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        assert screen.people == 1
        await a_choice_from_the_list_then_two_enters(app, pilot, screen)


async def test_enter_on_a_battle_where_the_screen_put_the_cursor_asks_first(
    new_app: AppFactory,
) -> None:
    session = ana_marquise_against_a_bot()
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        battles = [a for a in screen.legal() if isinstance(a, Battle)]
        # Where a battle is the only action at a clearing: point the cursor
        # there as the screen would (not aimed by the player).
        state = screen.shown_state()
        battle = next(
            b for b in battles if choices.at(state, screen.legal(), b.clearing).actions == (b,)
        )
        screen.cursor = battle.clearing
        screen.aimed = False
        screen.refresh_view()
        await pilot.pause()
        # The hint says so before Enter is pressed.
        assert "(asks first: it cannot be undone)" in str(screen.query_one("#hint").render())
        made = len(session.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("enter")  # a second stray Enter: "Not now"
        await wait_until(pilot, lambda: app.screen is screen)
        assert len(session.actions) == made
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) > made)
        assert session.actions[made] == battle


async def test_a_cursor_the_player_moved_takes_the_battle_at_once(new_app: AppFactory) -> None:
    session = ana_marquise_against_a_bot()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await to_the_marquise_daylight(app, pilot)
        state = screen.shown_state()
        battle = next(
            b
            for b in screen.legal()
            if isinstance(b, Battle)
            and b.clearing != screen.cursor
            and choices.at(state, screen.legal(), b.clearing).actions == (b,)
        )
        await pilot.press(*arrows(screen.cursor, battle.clearing))
        await pilot.pause()
        assert screen.aimed
        assert "asks first" not in str(screen.query_one("#hint").render())
        made = len(session.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) > made)
        assert session.actions[made] == battle


#: An app seed under which a game started from the menu gives the Marquise
#: the first turn (the first player is drawn at random).
SEED_MARQUISE_FIRST = 1
