"""Issue 45, item 10: at 80x24 the footer dropped the keys every screen has
when a game's own keys filled its one row (Root's Daylight showed the
faction's keys, Help and Quit: Esc, the log, Save and Undo gone; Incubation
dropped Esc, the log and Save; Tyrants Esc and Save).  Every key a screen
offers is drawn, at 80x24 as at 120x40: on every game's screen along a game
played by bots (Root into Daylight), on the hand-off between two people, and
on every screen a footer key opens over the table (a dialog, the help, the
cards) -- and on a game screen the keys that always work are among them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.screen import Screen

from boardgames_tui.app import make_app
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import wait_until
from tests.ui.test_footer_truth import NOT_PRESSED, at_the_table, game_screen, offered, undrawn

SIZES = [(80, 24), (120, 40)]
#: The keys every game screen has, that work wherever a game is open.
ALWAYS = {"escape": "Esc", "f1": "Help", "ctrl+q": "Quit", "l": "Log", "ctrl+s": "Save"}
#: (Undo and the advice are offered where they act -- ``test_footer_undo``,
#: ``test_footer_advice`` -- and then drawn, as every key offered is.)
#: The games with hands hidden from the other player (a hand-off between turns).
HIDDEN = ("tyrants", "root")
#: How many moves each game is played by bots, the footer looked at after each.
MOVES = {"underwing": 40, "incubation": 40, "tyrants": 40, "root": 60}


def look(screen: Screen[object], where: str, table: bool) -> None:
    """Every key ``screen`` offers is drawn; on the table, every shared key
    that always works is offered."""
    missing = undrawn(screen)
    assert not missing, f"{where}, {type(screen).__name__}: {missing} offered, not drawn"
    if table:
        keys = offered(screen)
        # Esc may call a trade off (its own words), still shown as Esc.
        lacking = [words for key, words in ALWAYS.items() if key not in keys]
        assert not lacking, f"{where}: {lacking} work, not offered: {keys}"


def covered(top: Screen[object], table: GameScreen, where: str) -> None:
    """A dialog over the table covers the table's footer whole: none of the
    table's keys shows under the dialog (its own do)."""
    bars = list(top.query(KeyBar))
    if not bars or not top.is_modal:
        return
    beneath = table.query_one(KeyBar).region
    assert bars[0].region.y <= beneath.y, f"{where}: {bars[0].region} over {beneath}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", MOVES)
async def test_every_key_offered_is_drawn_along_a_game(
    game: str, size: tuple[int, int], saves_dir: Path
) -> None:
    session = Session.new(game, [Seat(name="Ana"), Seat(name="Ben")], seed=3, saves_dir=saves_dir)
    app = make_app(saves_dir, session=session, bot_delay=0)
    app.animation_level = "none"
    bots = [get_bot("random", 21 + i) for i in range(2)]
    seen: set[str] = set()
    heights: list[int] = []
    covers = 0
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: game_screen(app) is not None)
        for move in range(MOVES[game]):
            if session.is_over or session.to_act is None:
                break
            await pilot.pause()
            where = f"{game}, {size}, move {move}"
            if isinstance(app.screen, HandoffScreen | PauseScreen):
                look(app.screen, where, table=False)
                covers += 1
                await pilot.press("enter")
                await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            screen = app.screen
            assert isinstance(screen, GameScreen), type(screen).__name__
            for _ in range(2):
                await pilot.pause()
            look(screen, where, table=True)
            seen.update(offered(screen))
            # The bar keeps its rows from move to move (the board above it
            # does not jump), two from the start at 80 columns.
            rows = screen.query_one(KeyBar).size.height
            assert rows >= max(heights, default=2 if size[0] < 110 else 1), where
            heights.append(rows)
            seat = session.to_act
            assert seat is not None
            screen.play(bots[seat].choose(session.game, session.state))
            await pilot.pause()
            if isinstance(app.screen, ConfirmDialog):
                # A move that asks first: the question's keys drawn too.
                look(app.screen, where, table=False)
                await pilot.press("y")
                await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
    if game in HIDDEN:
        assert covers, f"{game}: no hand-off met"
    if game == "root":
        # Daylight met: its moves and battles offered (and drawn) with the rest.
        assert {"m", "b"} <= seen, seen


@pytest.mark.parametrize("game", MOVES)
async def test_the_screens_a_footer_key_opens_draw_their_keys(game: str, saves_dir: Path) -> None:
    """From the table a few moves in, each key the footer offers is pressed;
    the screen it opens on top (a question, the help, the cards, an
    overview) draws every key it offers at 80x24."""
    session = Session.new(game, [Seat(name="Ana"), Seat(name="Ben")], seed=3, saves_dir=saves_dir)
    bots = [get_bot("random", 21 + i) for i in range(2)]
    for _ in range(MOVES[game] // 4):
        seat = session.to_act
        if seat is None or session.is_over:
            break
        session.apply(bots[seat].choose(session.game, session.state))
    session.save_now()
    opened: set[str] = set()
    app = make_app(saves_dir, session=Session.load(session.path), bot_delay=0)  # type: ignore[arg-type]
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        table = await at_the_table(app, pilot)
        # The keys that do not play (a move would leave the table another).
        keys = [
            key
            for key in offered(table)
            if key not in NOT_PRESSED
            and not table.active_bindings[key].binding.action.startswith("take(")
        ]
        moves = len(table.session.actions)
        for key in keys:
            await pilot.press(key)
            for _ in range(3):
                await pilot.pause()
            if len(table.session.actions) != moves:
                break  # a move made: the table is another
            if app.screen is not table:
                opened.add(type(app.screen).__name__)
                look(app.screen, f"{game}: {key}", table=False)
                covered(app.screen, table, f"{game}: {key}")
            while app.screen is not table and len(app.screen_stack) > 1:
                await app.pop_screen()
                await pilot.pause()
            table.panels.close()
            await pilot.pause()
    assert opened, f"{game}: no key opened a screen over the table"


async def test_a_notification_leaves_both_rows_of_the_footer_in_view(saves_dir: Path) -> None:
    """Where the key bar takes two rows, a notification stands over it, not
    over its first row (Textual leaves one row for a footer)."""
    session = Session.new("tyrants", [Seat(name="Ana"), Seat(name="Ben")], seed=3)
    app = make_app(saves_dir, session=session, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        screen = await at_the_table(app, pilot)
        bar = screen.query_one(KeyBar)
        assert bar.size.height == 2
        app.notify("A word for the table.")
        await wait_until(pilot, lambda: bool(screen.query("Toast")))
        await pilot.pause()
        toast = screen.query("Toast").first().region
        assert toast.bottom <= bar.region.y, (toast, bar.region)
