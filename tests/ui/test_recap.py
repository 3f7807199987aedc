"""A recap at the hand-off: when a person takes the seat, the public lines
of what the others did since their last turn (the log's), the latest that
fit the terminal, and how many earlier ones the log holds."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.actions import EndTurn
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import BULLET, HandoffScreen, Recap
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import screen_lines, wait_until
from tests.ui.test_escape import from_menu
from tests.ui.tyrants.test_end_turn import to_main_turn

AppFactory = Callable[..., BoardgamesApp]


def test_the_recap_is_the_log_since_the_seats_last_action() -> None:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=3, autosave=False)
    assert session.recap(0) == [e for e in session.log if e.action_index >= 0] == []
    for _ in range(6):
        session.apply(session.legal_actions()[0])
    for seat in (0, 1):
        last = max(i for i, _ in enumerate(session.actions) if session._steps[i].seat == seat)
        assert session.recap(seat) == [e for e in session.log if e.action_index > last]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_hand_off_recaps_the_other_turn(
    size: tuple[int, int], new_app: AppFactory
) -> None:
    app = new_app(seed=2)
    async with app.run_test(size=size) as pilot:
        screen = await from_menu(app, pilot, "tyrants")
        session = screen.session
        await to_main_turn(app, pilot, session)
        first = session.to_act
        assert first is not None
        while session.to_act == first:  # a whole turn, then its end
            legal = session.legal_actions()
            plays = [a for a in legal if a.kind == "play_card"]
            action = plays[0] if plays else EndTurn()
            before = len(session.actions)
            if not screen.play(action):
                await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
                await pilot.press("y")
            await wait_until(pilot, lambda before=before: len(session.actions) > before)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        seat = session.to_act
        assert seat is not None
        expected = [entry.text for entry in session.recap(seat)]
        assert expected and handoff.recap == expected
        lines = screen_lines(app)
        text = "\n".join(lines)
        assert "Since your last turn:" in text
        recap = handoff.query_one(Recap)
        shown = recap.shown_entries()
        # The latest entries, whole: wrapped at the box's width, not cut.
        assert shown and shown == expected[len(expected) - len(shown) :]
        words = " ".join(text.replace(BULLET, " ").split())
        assert all(" ".join(entry.split()) in words for entry in shown)
        assert "…" not in text.replace("… ", "")
        if len(shown) < len(expected):
            assert f"… {len(expected) - len(shown)} earlier" in text
        # The box and its recap fit the terminal, the footer under them.
        assert recap.region.bottom <= size[1] - 1 and recap.region.y >= 0
        assert all(line.rstrip() == line.rstrip()[: size[0]] for line in lines)
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen)


LONG_ENTRY = (
    "{n} The Marquise overworks the sawmill in Hill (1, fox), spending a card, "
    "and then the Duchy's tunnels reach clearing number {n} by way of the river."
)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 50)])
@pytest.mark.parametrize("count", [1, 3, 30])
@pytest.mark.parametrize("waiting", ["", "Ben attacks you in Mountain: will you ambush? " * 3])
async def test_the_recap_uses_the_terminals_room_and_wraps_rather_than_cuts(
    size: tuple[int, int], count: int, waiting: str, new_app: AppFactory
) -> None:
    """The hand-off's box is as wide as the terminal allows (no narrower
    than the terminal at 80 columns, wider than 72 at 120), each entry of
    the recap is whole, wrapped at the box's width with its rows under its
    first, and as many of the latest entries as the rows left show, under
    a line counting the rest: the box and the footer fit the terminal."""
    entries = [LONG_ENTRY.format(n=n) for n in range(count)]
    app = new_app()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        app.push_screen(HandoffScreen("Ana", "Root", waiting, entries))
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        handoff = app.screen
        box = handoff.query_one("#handoff-box")
        assert box.outer_size.width == min(size[0], 120)
        recap = handoff.query_one(Recap)
        lines = screen_lines(app)
        assert len(lines) == size[1]
        assert "⏎ Ready" in lines[-1]
        # The box whole on screen: its top and bottom borders.
        assert lines[box.region.y].lstrip().startswith("╔")
        assert lines[box.region.bottom - 1].lstrip().startswith("╚")
        assert box.region.y >= 0 and box.region.bottom <= size[1] - 1
        shown = recap.shown_entries()
        assert shown and shown == entries[count - len(shown) :]
        inside = [
            lines[y][recap.region.x : recap.region.right]
            for y in range(recap.region.y, recap.region.bottom)
        ]
        words = " ".join(" ".join(inside).replace(BULLET, " ").split())
        for entry in shown:
            assert " ".join(entry.split()) in words  # whole, not cut
        if len(shown) < count:
            assert inside[0].startswith(
                f"… {count - len(shown)} earlier (the log, L, has them all)"
            )
            # As many as fit: one more would not have.
            more = recap.rows(recap.size.width, 1000)
            assert len(more) > recap.size.height
        if count <= 3:
            assert shown == entries  # a few entries fit at 80x24 too, wrapped


async def test_a_full_recap_over_a_two_row_key_bar_is_laid_out_once_and_stays(
    new_app: AppFactory,
) -> None:
    """Over a game's screen at 80 columns (its key bar two rows from the
    start) the cover's bar takes its second row after the cover was first
    measured.  A recap that fills the room was kept one row too tall for
    the box's width: the cover overflowed, took a scrollbar, fitted at the
    narrower width, dropped the scrollbar, and went round again in every
    frame, for ever (a Root game 300 moves in, loaded at 80x24)."""
    entries = [f"{n} The Duchy draws 2 cards." for n in range(40)]
    app = new_app()
    async with app.run_test(size=(80, 24)) as pilot:
        game = await from_menu(app, pilot, "root")
        assert max(bar.rows for bar in game.query(KeyBar)) == 2
        app.push_screen(HandoffScreen("Ana", "Root", "", entries))
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        for _ in range(5):
            await pilot.pause(0.02)
        handoff = app.screen
        assert isinstance(handoff, HandoffScreen)
        layouts: list[object] = []
        handoff.screen_layout_refresh_signal.subscribe(handoff, layouts.append, immediate=True)
        for _ in range(10):  # ten frames and more: nothing is laid out again
            await pilot.pause(0.02)
        assert layouts == []
        assert not handoff.vertical_scrollbar.display
        box = handoff.query_one("#handoff-box")
        assert box.outer_size.width == 80
        assert box.region.bottom <= 24 - 2  # over the bar's two rows
        recap = handoff.query_one(Recap)
        assert len(recap.rows(recap.size.width, recap.size.height)) == recap.size.height
