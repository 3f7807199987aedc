"""Footer truth: every key a game screen's footer shows does what it says, or
says why it cannot now, never nothing -- on every game's screen, in every
mode a window has a game (one keyboard, a seat, watching, a replay).

For each screen the test reads the footer's keys (the key bar's, from the
screen's active bindings), presses each in turn and looks at what changed:
the terminal's picture, the screens on top, a notification, the game, the
app still running.  A key that changed none of them did nothing.  After a
key that made a move (or ended the window) the window is opened afresh for
the next; a dialog or a panel it opened is closed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.app import BoardgamesApp, make_app
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.seating import claim_seats, watching
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.replay import SeatDialog
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import wait_until

#: A game, and how many moves seeded random bots play into it first.
GAMES = {"underwing": 6, "incubation": 9, "tyrants": 8, "root": 6, "sevens": 3}
MODES = ("keyboard", "seat", "watch", "replay")
#: Keys not pressed: quitting ends the test's app (the app's own tests press it).
NOT_PRESSED = {"ctrl+q"}


def played(game: str, saves_dir: Path) -> Path:
    """A save of ``game`` between Ana and Ben, a few moves in."""
    session = Session.new(game, [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=saves_dir)
    bots = [get_bot("random", 11 + i) for i in range(2)]
    for _ in range(GAMES[game]):
        seat = session.to_act
        if seat is None or session.is_over:
            break
        session.apply(bots[seat].choose(session.game, session.state))
    assert session.path is not None
    session.save_now()
    return session.path


def opener(mode: str, save: Path, saves_dir: Path) -> Callable[[], BoardgamesApp]:
    """A function making a new window of ``mode`` on ``save``."""

    def make() -> BoardgamesApp:
        if mode == "replay":
            app = make_app(saves_dir, replay=Replay.open(save), bot_delay=0)
        elif mode == "keyboard":
            app = make_app(saves_dir, session=Session.load(save), bot_delay=0)
        else:
            session = Session.load(save)
            # At a seat: the one deciding now, so that its keys of play show.
            seat = session.to_act if session.to_act is not None else 0
            claim = claim_seats(save, session.seats, (seat,)) if mode == "seat" else watching(save)
            app = make_app(saves_dir, session=session, seated=claim, bot_delay=0)
        app.animation_level = "none"
        return app

    return make


def game_screen(app: BoardgamesApp) -> GameScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GameScreen)), None)


async def at_the_table(app: BoardgamesApp, pilot: Pilot[Any]) -> GameScreen:
    """The game screen on top, past a replay's question and a hand-off."""
    await wait_until(pilot, lambda: game_screen(app) is not None)
    for _ in range(4):
        await pilot.pause()
        if isinstance(app.screen, SeatDialog | HandoffScreen | PauseScreen):
            await pilot.press("enter")
    screen = game_screen(app)
    assert screen is not None and app.screen is screen, type(app.screen).__name__
    return screen


def footer_keys(screen: GameScreen) -> list[tuple[str, str]]:
    """The keys the footer shows now, with their words."""
    return [
        (key, active.binding.description)
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.binding.description and key not in NOT_PRESSED
    ]


def offered(screen: Screen[object]) -> dict[str, str]:
    """The keys ``screen`` offers in its footer now, with their words."""
    return {
        key: active.binding.description
        for key, active in screen.active_bindings.items()
        if active.binding.show and active.binding.description
    }


def undrawn(screen: Screen[object]) -> list[str]:
    """The keys ``screen`` offers that its key bar does not draw (a key
    drawn beside another of the same action, ← beside →, is drawn)."""
    bars = list(screen.query(KeyBar))
    if not bars:
        return []
    drawn = set(bars[0].drawn_keys())
    active = screen.active_bindings
    actions = {active[key].binding.action for key in drawn if key in active}
    rows = bars[0].render().plain.split("\n")
    assert len(rows) == bars[0].size.height, rows
    assert all(len(row) <= screen.size.width for row in rows), rows
    return [
        f"{key} {words}"
        for key, words in offered(screen).items()
        if key not in drawn and active[key].binding.action not in actions
    ]


def looks(app: BoardgamesApp) -> tuple[object, ...]:
    """Everything a key may change that a person notices."""
    screen = game_screen(app)
    return (
        app.export_screenshot(),
        tuple(id(s) for s in app.screen_stack),
        len(app.told),
        app.focused,
        len(screen.session.actions) if screen is not None else -1,
        app.is_running,
    )


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game", GAMES)
async def test_every_key_the_footer_shows_does_something(
    game: str, mode: str, saves_dir: Path
) -> None:
    save = played(game, saves_dir)
    make = opener(mode, save, saves_dir)
    pressed: dict[str, str] = {}
    for size in ((80, 24), (120, 40)):
        todo: list[tuple[str, str]] | None = None
        while todo is None or todo:
            app = make()
            async with app.run_test(size=size) as pilot:
                screen = await at_the_table(app, pilot)
                # Every key offered is drawn (at 80 columns too), so the keys
                # pressed below are those the player sees.
                missing = undrawn(screen)
                assert not missing, f"{game}, {mode}, {size}: {missing} offered, not drawn"
                if todo is None:
                    todo = [k for k in footer_keys(screen) if k[0] not in pressed]
                while todo:
                    key, words = todo.pop(0)
                    before = looks(app)
                    moves = len(screen.session.actions)
                    await pilot.press(key)
                    for _ in range(3):
                        await pilot.pause()
                    after = looks(app)
                    assert after != before, f"{game}, {mode}, {size}: {key} ({words}) did nothing"
                    missing = undrawn(app.screen)
                    assert not missing, f"{game}, {mode}, {size}, {key}: {missing} not drawn"
                    pressed[key] = words
                    if not app.is_running or len(screen.session.actions) != moves:
                        break  # the window is opened afresh for the next key
                    while app.screen is not screen and len(app.screen_stack) > 1:
                        await app.pop_screen()
                        await pilot.pause()
                    if app.screen is not screen:
                        break
                    screen.panels.close()
                    await pilot.pause()
    assert pressed, f"{game}, {mode}: the footer shows no key"


async def test_the_hand_off_offers_its_keys_and_each_works(saves_dir: Path) -> None:
    """The cover between two people shows Enter, Esc and Ctrl+Q (not the
    game's keys beneath it); Esc asks before leaving for the menu, the table
    still covered, and Enter hands the table over."""
    save = played("tyrants", saves_dir)
    app = opener("keyboard", save, saves_dir)()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        cover = app.screen
        keys = {
            k: a.binding.description for k, a in cover.active_bindings.items() if a.binding.show
        }
        assert keys == {"enter": "Ready", "escape": "Menu", "ctrl+q": "Quit"}
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("n")
        await wait_until(pilot, lambda: app.screen is cover)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        # And from the cover, Esc and Leave go to the menu, nobody's hand shown.
    app = opener("keyboard", save, saves_dir)()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MainMenuScreen))
        assert game_screen(app) is None
