"""The side panel's short boards: where the score, the hand and the boards do
not all fit the wide side (120 columns), the other seats' boards are shown
short, then every one, each its faction's facts packed under a line with its
seat, points and hand; F3 shows every board whole.  The narrow side (80
columns) scrolls them whole, as before."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.ui.root.dialogs import BoardsDialog
from boardgames_tui.ui.root.panels import SHORT_MARK, SidePanel
from boardgames_tui.ui.root.short import packed
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.widgets.scrollbars import PanelScroll
from tests.ui.helpers import screen_text, wait_until

from .helpers import screen_of, state_of, whole_boards
from .test_alliance_screen import secrets_of
from .test_four_seats import NAMES, four_seats, lift, played_until

AppFactory = Callable[..., BoardgamesApp]


def test_the_facts_are_packed_as_many_to_a_line_as_fit() -> None:
    """After the head, on its line while there is room; a fact too wide
    for any line on one of its own (it wraps there)."""
    head = Text("Eyrie (Ben) 1 VP")
    facts = [Text("14 warriors"), Text("Despot"), Text("x" * 30), Text("y" * 60), Text("z")]
    lines = [line.plain for line in packed(head, facts, 40)]
    assert lines == [
        "Eyrie (Ben) 1 VP · 14 warriors · Despot",
        " " + "x" * 30,
        " " + "y" * 60,
        " z",
    ]


def two_seats() -> Session:
    """Ana the Marquise against Ben the Eyrie, a few turns in, at Ana's turn."""
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "marquise,eyrie", "seating": "chosen"},
        seed=5,
        autosave=False,
    )
    return played_until(
        session, lambda s: s.turn_number >= 3 and s.turn == CATS and s.step == "actions"
    )


async def test_the_persons_own_board_stays_whole_where_the_others_short_make_room(
    new_app: AppFactory,
) -> None:
    """Two seats at 120x40: the Marquise's board whole at her seat (with
    her points beside her hand, the score line gone), the Eyrie's short,
    none scrolled."""
    session = two_seats()
    state = state_of(session)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        screen = await screen_of(app, pilot)
        panel = screen.query_one("#boards", SidePanel)
        assert panel.shortened == {EYRIE}
        assert screen.query_one("#boards-scroll", PanelScroll).max_scroll_y == 0
        text = " ".join(panel.render().plain.split())
        assert "Marquise board, Marquise (Ana)" in text
        assert "Your hand, Marquise (Ana): " in text
        assert f"· {state.player(CATS).vp} VP" in text
        assert f"Eyrie (Ben) {state.player(EYRIE).vp} VP · " in text
        assert "Eyrie board" not in text and "Score " not in text


async def test_f3_shows_every_board_whole_and_nothing_of_a_hand(new_app: AppFactory) -> None:
    """At four seats the border under the short boards names F3; F3 opens
    every board whole, drawn from what the seat may see (no card of a
    hand in it, its own neither: the hand is the side's); F3 again, or
    Esc, closes it."""
    session = played_until(four_seats(), lambda s: s.turn_number >= 3 and not s.stack)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        screen = await screen_of(app, pilot)
        assert SHORT_MARK in screen_text(app)
        state = state_of(session)
        viewer = screen.viewer
        await pilot.press("f3")
        await wait_until(pilot, lambda: isinstance(app.screen, BoardsDialog))
        await pilot.pause()
        whole = app.screen.query_one("#boards-whole", SidePanel).render().plain
        for faction in state.factions:
            who = f"{core.name(faction)} ({NAMES[state.seat(faction)]})"
            assert f"board, {who}" in whole, who
        log = " ".join(e.text for e in session.log)
        assert not [n for n in secrets_of(state, viewer, log) if n in whole]
        assert "Your hand" not in whole and "'s hand" not in whole
        await pilot.press("f3")
        await wait_until(pilot, lambda: isinstance(app.screen, RootScreen))
        assert await whole_boards(app, pilot) == whole


async def test_at_80x24_the_boards_scroll_whole_and_f3_still_shows_them(
    new_app: AppFactory,
) -> None:
    """The narrow side is the boards' own column: the score, the hands and
    every board whole, scrolled, nothing short; F3 works there too."""
    session = played_until(four_seats(), lambda s: s.turn_number >= 3 and not s.stack)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await lift(pilot)
        screen = await screen_of(app, pilot)
        panel = screen.query_one("#boards", SidePanel)
        assert not panel.shortened
        text = panel.render().plain
        assert text.startswith("Score ")
        for board in ("Marquise board", "Eyrie board", "Alliance board", "Vagabond board"):
            assert board in text
        assert SHORT_MARK not in screen_text(app)
        assert "Vagabond board" in await whole_boards(app, pilot)


async def test_the_boards_keep_their_form_while_the_list_is_read(new_app: AppFactory) -> None:
    """The list being read takes room from the boards for a while: they
    stay as they were (not whole, not shortened anew), and after it too."""
    session = played_until(four_seats(), lambda s: s.turn_number >= 3 and not s.stack)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        screen = await screen_of(app, pilot)
        panel = screen.query_one("#boards", SidePanel)
        before = (panel.shortened, panel.render().plain)
        assert before[0]
        side = screen.query_one(f"#{screen.SIDE_ID}")
        await pilot.press("a")
        await wait_until(pilot, lambda: side.has_class("-reading-list"))
        screen.draw_board()
        await pilot.pause()
        assert (panel.shortened, panel.render().plain) == before
        await pilot.press("escape")
        await wait_until(pilot, lambda: not side.has_class("-reading-list"))
        screen.draw_board()
        await pilot.pause()
        assert (panel.shortened, panel.render().plain) == before


async def test_the_help_names_f3(new_app: AppFactory) -> None:
    session = played_until(four_seats(), lambda s: s.turn_number >= 1 and s.setting_up < 0)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await lift(pilot)
        await screen_of(app, pilot)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "Every faction's board whole" in help_screen.source
