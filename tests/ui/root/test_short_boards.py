"""The side panel's short boards: where the score, the hand and the boards do
not all fit the wide side (120 columns), the other seats' boards are shown
short, then every one, each its faction's facts packed under a line with its
seat, points and hand; where even those do not fit (late in a four-seat
game), facts give way, least needed first; F3 shows every board whole.  The
narrow side (80 columns) scrolls them whole, as before."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from itertools import combinations
from typing import Any, cast

import pytest
from rich.text import Text
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import core
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie import EYRIE
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.ui.root.board import Board
from boardgames_tui.ui.root.dialogs import BoardsDialog
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.short import (
    FIRST,
    GAVE_WAY,
    LAST,
    NEVER,
    giving_way,
    kept,
    packed,
    steps,
)
from boardgames_tui.ui.root.side_panel import SHORT_MARK, SidePanel
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.widgets.scrollbars import PanelScroll
from tests.ui.helpers import screen_text, wait_until

from .helpers import screen_of, state_of, whole_boards
from .test_alliance_screen import secrets_of
from .test_four_seats import NAMES, four_seats, lift, played_until, short_facts

AppFactory = Callable[..., BoardgamesApp]


def third_turn() -> Session:
    """The base game at four, played by the rule bots into its third turn."""
    return played_until(four_seats(), lambda s: s.turn_number >= 3 and not s.stack)


@asynccontextmanager
async def the_side(
    new_app: AppFactory, session: Session, size: tuple[int, int] = (120, 40)
) -> AsyncIterator[tuple[BoardgamesApp, Pilot[Any], RootScreen, SidePanel]]:
    """``session`` on a new app at ``size``, past the hand-off: the app, its
    pilot, the Root screen and its side panel."""
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        await lift(pilot)
        screen = await screen_of(app, pilot)
        yield app, pilot, screen, screen.query_one("#boards", SidePanel)


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
    async with the_side(new_app, session) as (_, _, screen, panel):
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
    session = third_turn()
    async with the_side(new_app, session) as (app, pilot, screen, _):
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
    async with the_side(new_app, third_turn(), (80, 24)) as (app, pilot, _, panel):
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
    async with the_side(new_app, third_turn()) as (_, pilot, screen, panel):
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
    async with the_side(new_app, session) as (app, pilot, _, _):
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        assert "Every faction's board whole" in help_screen.source


async def test_f3s_closing_line_stays_in_sight_at_80x24(new_app: AppFactory) -> None:
    """Four boards whole are taller than 80x24: the dialog's scroll takes
    the rows its box leaves, the keys' line that closes it on screen under
    it, the boards scrolled to their end within it."""
    async with the_side(new_app, third_turn(), (80, 24)) as (app, pilot, _, _):
        await pilot.press("f3")
        await wait_until(pilot, lambda: isinstance(app.screen, BoardsDialog))
        await pilot.pause()
        dialog = app.screen
        keys = "Esc, Enter or F3: back"
        assert keys in screen_text(app)
        scroll = dialog.query_one("#cards-scroll")
        box = dialog.query_one("#cards-box")
        assert scroll.max_scroll_y > 0
        assert box.region.bottom <= app.size.height - 1  # (the key bar under it)
        assert scroll.region.bottom < box.region.bottom - 1
        await pilot.press("end")
        await pilot.pause()
        assert keys in screen_text(app)
        last = dialog.query_one("#boards-whole", SidePanel).render().plain.splitlines()[-1]
        assert last.strip() in screen_text(app)


def test_facts_give_way_least_needed_first() -> None:
    """A board at a time: the other seats' first, then the viewer's own;
    then the others' last, then the viewer's; each step keeps the ones
    before."""
    assert steps([0, 1, 4], 1) == [
        {0: FIRST},
        {0: FIRST, 4: FIRST},
        {0: FIRST, 4: FIRST, 1: FIRST},
        {0: LAST, 4: FIRST, 1: FIRST},
        {0: LAST, 4: LAST, 1: FIRST},
        {0: LAST, 4: LAST, 1: LAST},
    ]
    assert steps([0, 1], None) == [
        {0: FIRST},
        {0: FIRST, 1: FIRST},
        {0: LAST, 1: FIRST},
        {0: LAST, 1: LAST},
    ]
    facts = [Text("warriors"), giving_way(Text("roosts"), LAST), giving_way(Text("next"), FIRST)]
    assert [f.plain for f in kept(facts, NEVER)[0]] == ["warriors", "roosts", "next"]
    assert [f.plain for f in kept(facts, FIRST)[0]] == ["warriors", "roosts"]
    assert kept(facts, LAST) == ([facts[0]], True)
    assert kept(facts[:1], LAST) == ([facts[0]], False)


# ------------------------------------------------- late four-seat positions
#: The factions a table of four is drawn from (the base game and the Duchy).
FIVE = ("marquise", "eyrie", "alliance", "vagabond", "duchy")
#: From this turn on a position counts as late.
LATE = 8
#: One position in this many actions is looked at, from each seat.
EVERY = 4


def late_views(mix: str, seed: int = 5) -> tuple[Session, list[tuple[int | None, RootState]]]:
    """A four-seat game of ``mix`` played by the rule bots to its end, and
    its late positions as each seat (and the hand-off, None) sees them:
    every :data:`EVERY`-th action from turn :data:`LATE` on, nothing on the
    stack."""
    session = Session.new(
        "root",
        [Seat(name=n) for n in NAMES],
        {"factions": mix, "seating": "chosen"},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=seed * 10 + i) for i in range(len(NAMES))]
    views: list[tuple[int | None, RootState]] = []
    while not (state := state_of(session)).over:
        if state.turn_number >= LATE and not state.stack and len(session.actions) % EVERY == 0:
            for seat in (*range(len(NAMES)), None):
                views.append((seat, cast(RootState, session.game.view(state, seat))))
        seat = session.to_act
        assert seat is not None
        legal = session.legal_actions()
        session.apply(bots[seat].pick(session.game, session.game.view(state, seat), legal))
    return session, views


def blocks(text: str, heads: list[str]) -> dict[str, str]:
    """The side's text cut at the lines that start with one of ``heads``:
    each head's block, its lines joined."""
    out: dict[str, str] = {}
    current = ""
    for line in text.splitlines():
        current = next((h for h in heads if line.startswith(h)), current)
        out[current] = f"{out.get(current, '')} {line.strip()}".strip()
    return out


@pytest.mark.parametrize("mix", [",".join(m) for m in combinations(FIVE, 4)])
async def test_late_in_a_four_seat_game_every_board_fits_the_side_at_120x40(
    new_app: AppFactory, mix: str
) -> None:
    """Every mix of four of the five, played to its end: at every late
    position, from every seat and behind the hand-off, the score or the
    hand and every board take no more rows than the side gives them at
    120x40 (counted as the panel wraps them), short, with what a decision
    needs still there (each board's points, warriors and the facts its
    short form never gives way; the viewer's hand, card by card); a board
    some of whose facts gave way ends with the mark, and the border names
    F3.  Facts give way somewhere in these games; and on the screen, at
    the last of these positions, the side does not scroll."""
    game, views = late_views(mix)
    assert len(views) >= 100, len(views)
    # The screen at the game's last late position, the game played again to it.
    session = Session.new(
        "root", list(game.seats), {"factions": mix, "seating": "chosen"}, seed=5, autosave=False
    )
    at = max(n for n in range(len(game.actions)) if n % EVERY == 0)
    for action in game.actions[:at]:
        session.apply(action)
    gave_way = 0
    async with the_side(new_app, session) as (app, pilot, screen, panel):
        scroll = screen.query_one("#boards-scroll", PanelScroll)
        assert scroll.max_scroll_y == 0, scroll.max_scroll_y
        room = panel.room()
        assert room is not None
        rows, width = room
        for viewer, view in views:
            board = Board.build(view, viewer, NAMES, True, [], 1, None)
            lines = panel.lines(board)
            assert panel.rows(lines, width) <= rows, (viewer, view.turn_number)
            text = Text("\n").join(lines).plain
            who = {f: f"{core.name(f)} ({NAMES[view.seat(f)]})" for f in view.factions}
            whole = [f"{FACTIONS[f].short} board, {w}" for f, w in who.items()]
            parts = blocks(text, [*whole, *(f"{w} " for w in who.values())])
            for faction in view.factions:
                if faction not in panel.shortened:
                    assert view.seat(faction) == viewer and f"board, {who[faction]}" in text
                    continue
                block = parts[f"{who[faction]} "]
                assert f"{view.player(faction).vp} VP" in block, block
                for fact in short_facts(view, faction):
                    assert fact in block, (fact, block)
                went = panel.given_way.get(faction, NEVER) != NEVER
                assert block.endswith(GAVE_WAY) == went, block
                gave_way += went
            if viewer is not None:
                for card in view.players[viewer].hand:
                    assert card_of(card).name in text
            if panel.shortened:
                assert scroll.border_subtitle == SHORT_MARK
        assert gave_way, "no board gave way: the test reaches no crowded position"
        # What gives way from a short board and is not on its whole one is
        # under it behind F3: the cards seen in its hand, what it crafted.
        viewer = screen.viewer
        state = cast(RootState, session.game.view(state_of(session), viewer))
        whole = " ".join((await whole_boards(app, pilot)).split())
        for faction in state.factions:
            player = state.player(faction)
            things = [card_of(c).name for c in player.crafted] + player.items
            if things:
                assert "crafted: " + ", ".join(things) in whole, (faction, things)
            seen = [card_of(c).name for c in player.hand if c != HIDDEN]
            if seen and state.seat(faction) != viewer:
                assert "seen: " + ", ".join(seen) in whole, (faction, seen)


async def test_the_gave_way_mark_ends_a_long_seen_list_not_a_row_of_its_own(
    new_app: AppFactory,
) -> None:
    """A board whose last fact is a long "seen:" list (wider than the side:
    it wraps), some of its facts gone: the mark ends the list's last row
    where that row has room for it (issue 51: it took a row of its own, as
    the list as a whole was too long for one)."""
    session = third_turn()
    async with the_side(new_app, session) as (app, pilot, screen, panel):
        state = copy.deepcopy(state_of(session))
        viewer = screen.viewer
        assert viewer is not None
        other = next(f for f in state.factions if state.seat(f) != viewer)
        player = state.player(other)
        # Cards short of a name that would fill the row, seen in its hand,
        # and a crafted card, which gives way first.
        player.hand = [c for c in range(1, 40) if len(card_of(c).name) < 12][:9]
        player.crafted = [player.hand.pop()]
        board = Board.build(state, viewer, NAMES, True, [], 1, None)
        width = 47
        lines = panel.short_board(board, other, width, FIRST)
        seen = lines[-1]
        assert seen.plain.startswith(" seen: ") or " · seen: " in seen.plain, lines
        assert seen.cell_len > width, "the list fits one row: the case is not met"
        assert seen.plain.endswith(" " + GAVE_WAY), [line.plain for line in lines]
        without = seen[: -len(" " + GAVE_WAY)]
        assert panel.rows([seen], width) == panel.rows([without], width)
