"""The Root screen's keys, driven by the pilot: a move chosen by its origin,
its destination and how many warriors (Esc calls it off), a key that cannot
be used now says why in the hint line, the card texts on H show only the
person's own hand, the action list behind A at 80 columns, and the mouse."""

from __future__ import annotations

from collections.abc import Callable

from textual.geometry import Offset

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.games.root.actions import Move
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.dialogs import CardsDialog, ChoiceDialog
from boardgames_tui.ui.root.widgets import WoodlandView
from tests.ui.helpers import hint, messages, screen_text, wait_until

from .helpers import arrows, in_the_assembly, screen_of, secret_names, state_of

AppFactory = Callable[..., BoardgamesApp]


async def test_a_move_by_origin_destination_and_count(new_app: AppFactory) -> None:
    session = in_the_assembly()
    legal = session.legal_actions()
    move = max((a for a in legal if isinstance(a, Move)), key=lambda m: m.count)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, move.origin))
        assert screen.cursor == move.origin
        await pilot.press("m")
        assert screen.moving_from == move.origin
        assert "Moving from" in hint(screen)
        await pilot.press("escape")
        assert screen.moving_from is None and screen.cursor == move.origin
        await pilot.press("m")
        first = choices.destinations(legal, move.origin)[0]
        assert screen.cursor == first
        await pilot.press(*arrows(first, move.to), "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        counts = [a for a, _ in dialog.choices]
        assert all(isinstance(a, Move) and a.to == move.to for a in counts)
        assert [a.count for a in counts if isinstance(a, Move)] == list(range(move.count, 0, -1))
        before = len(session.actions)
        await pilot.press("1")
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[before] == move
        assert state_of(session).actions_left == 1


async def test_a_key_that_cannot_be_used_says_why_in_the_hint(new_app: AppFactory) -> None:
    session = in_the_assembly()
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        before = len(session.actions)
        await pilot.press("s")
        await pilot.pause()
        assert len(session.actions) == before
        assert "Assembly" in hint(screen) and "sways" in hint(screen)
        assert "Assembly" in messages(app)
        # Overwork is the Marquise's.
        await pilot.press("o")
        await pilot.pause()
        assert "Marquise overworks" in hint(screen)
        # Moving the cursor clears the reason.
        await pilot.press("down")
        await pilot.pause()
        assert "overworks" not in hint(screen)


async def test_the_card_texts_show_only_the_persons_own_hand(new_app: AppFactory) -> None:
    session = in_the_assembly()
    state = state_of(session)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("h")
        await wait_until(pilot, lambda: isinstance(app.screen, CardsDialog))
        dialog = app.screen
        assert isinstance(dialog, CardsDialog)
        assert "Your hand (Duchy)" in dialog.text
        log = " ".join(e.text for e in session.log)
        assert not [n for n in secret_names(state, 0, log) if n in dialog.text]
        await pilot.press("escape")
        await screen_of(app, pilot)


async def test_the_action_list_behind_a_at_80_columns(new_app: AppFactory) -> None:
    session = in_the_assembly()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        picker = screen.query_one("#actions")
        assert not picker.display or picker.region.area == 0
        await pilot.press("a")
        await pilot.pause()
        assert picker.has_focus and picker.region.area > 0
        # The highlight starts on the first action that can be undone (the
        # builds before it reveal a card).
        highlighted = screen.picker.highlighted
        assert highlighted is not None
        chosen = screen.picker.actions[highlighted]
        assert not session.closes_undo(chosen)
        assert all(session.closes_undo(a) for a in screen.picker.actions[:highlighted])
        before = len(session.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[before] == chosen
        await wait_until(pilot, lambda: session.to_act == 0 and screen.live)
        # After the choice the list closes and the Woodland has the focus.
        assert picker.region.area == 0
        assert isinstance(app.focused, WoodlandView)


async def test_a_click_points_and_a_second_click_acts(new_app: AppFactory) -> None:
    session = in_the_assembly()
    legal = session.legal_actions()
    state = state_of(session)
    spots = sorted(
        c
        for c in {choices.clearing_of(a) for a in legal}
        if c and len(choices.at(state, legal, c).actions) == 1
    )
    assert spots
    target = spots[0]
    action = choices.at(state, legal, target).actions[0]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        woodland = screen.query_one(WoodlandView)
        assert woodland.drawn is not None
        x, y = woodland.drawn.boxes[target]
        where = Offset(x + 2, y + 1)
        if screen.cursor == target:
            await pilot.press("up" if target != 1 else "down")
        before = len(session.actions)
        await pilot.click(WoodlandView, offset=where)
        await pilot.pause()
        assert screen.cursor == target and len(session.actions) == before
        await pilot.click(WoodlandView, offset=where)
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[before] == action


async def test_the_woodland_shows_every_clearing(new_app: AppFactory) -> None:
    session = in_the_assembly()
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        text = screen_text(app)
        for name in ("Hill", "Creek", "Quarry", "Dune", "Beach", "Glade", "Pond", "Weald"):
            assert name in text
        assert "Burrow" in text and "Score" in text
