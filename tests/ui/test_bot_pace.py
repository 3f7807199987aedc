"""The bots' pace (F5: instant, normal, slow: how long each bot move stays in
view) and "skip to my turn" (F6: the bots play on without pausing until a
person is to move), against bots, at 80x24 and 120x40."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from boardgames_tui.app import make_app
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from tests.ui.helpers import footer_text, wait_for, wait_until

SIZES = [(80, 24), (120, 40)]


def against_bots(saves_dir: Path, delay: float) -> tuple[Session, object]:
    session = Session.new(
        "underwing",
        [Seat(name="Ana"), *(Seat(name=n, bot="greedy") for n in ("Bo", "Cy", "Di"))],
        seed=5,
        autosave=False,
    )
    app = make_app(saves_dir, session=session, seed=1, bot_delay=delay)
    app.animation_level = "none"
    return session, app


@pytest.mark.parametrize("size", SIZES)
async def test_f6_skips_to_my_turn(size: tuple[int, int], saves_dir: Path) -> None:
    # Each bot pauses 30 s a move: only skipping can bring Ana's turn soon.
    session, app = against_bots(saves_dir, delay=30.0)
    async with app.run_test(size=size) as pilot:  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))  # type: ignore[attr-defined]
        screen = app.screen  # type: ignore[attr-defined]
        assert isinstance(screen, GameScreen)
        # Ana moves first; then three bots.
        await wait_until(pilot, lambda: session.to_act == 0 and screen.live)
        moves = len(session.actions)
        screen.play(session.legal_actions()[0])
        await wait_until(pilot, lambda: session.bot_to_act)
        await wait_for(pilot, lambda: "f6 Skip to my turn" in footer_text(app))
        assert "f6 Skip to my turn" in footer_text(app)
        started = time.monotonic()
        await pilot.press("f6")
        await wait_until(pilot, lambda: session.to_act == 0 and screen.live, timeout=20)
        assert time.monotonic() - started < 25  # not the 90 s of three paused bots
        assert len(session.actions) > moves + 1  # the bots did move
        assert not screen.bots.skipping  # Ana's turn ends the skipping
        await wait_for(pilot, lambda: "Skip to my turn" not in footer_text(app))
        assert "Skip to my turn" not in footer_text(app)  # nothing to skip now


async def test_f5_cycles_the_pace_and_the_bots_follow_it(saves_dir: Path) -> None:
    session, app = against_bots(saves_dir, delay=30.0)
    async with app.run_test(size=(120, 40), notifications=True) as pilot:  # type: ignore[attr-defined]
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))  # type: ignore[attr-defined]
        screen = app.screen  # type: ignore[attr-defined]
        assert isinstance(screen, GameScreen)
        assert screen.bots.pace == "normal"
        await pilot.press("f5")
        await pilot.pause()
        assert screen.bots.pace == "slow"
        assert "Bot moves: slow (75 s each)." in [n.message for n in app.notes]
        await pilot.press("f5")
        await pilot.pause()
        assert screen.bots.pace == "instant"
        assert "Bot moves: instant (no pause)." in [n.message for n in app.notes]
        # Instant: the bots' three moves come at once after Ana's.
        await wait_until(pilot, lambda: session.to_act == 0 and screen.live)
        moves = len(session.actions)
        screen.play(session.legal_actions()[0])
        await wait_until(pilot, lambda: session.to_act == 0 and screen.live, timeout=20)
        assert len(session.actions) > moves + 1
        await pilot.press("f5")
        await pilot.pause()
        assert screen.bots.pace == "normal"


async def test_no_bot_keys_at_a_table_of_people(saves_dir: Path) -> None:
    session = Session.new("underwing", [Seat(name="Ana"), Seat(name="Ben")], seed=5, autosave=False)
    app = make_app(saves_dir, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.has_bots and not screen.can_skip
        await pilot.press("f5", "f6")
        await pilot.pause()
        assert screen.bots.pace == "normal" and not screen.bots.skipping
        assert "Skip" not in footer_text(app)
