"""The Underwing screen's cursor, hint and Tab (first found by a new table,
issue 9): the cursor on a space of an egg that is taken and replaced by a
smaller one; the hint and the footer say what Enter does when the action list
has the focus; the deciding player's mat is always in view; Tab is in the
footer and the hint; the hint names the egg and the space; a cursor moved for
the player says so."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.text import Text

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.actions import ChooseSlot, Place
from boardgames_tui.games.underwing.cards import ClaimAndHatch, card
from boardgames_tui.games.underwing.model import Job
from boardgames_tui.ui.underwing.grounds import GroundsView
from boardgames_tui.ui.underwing.mats import PlayerMats
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from boardgames_tui.ui.underwing.table import FieldRing
from boardgames_tui.ui.underwing.targets import Target, decision
from boardgames_tui.ui.widgets import ActionPicker
from tests.games.underwing.helpers import (
    clear_slot,
    empty_storages,
    give,
    new_game,
    phase,
    put_card,
    run,
    with_spaces,
)
from tests.ui.helpers import hint, wait_until

from .helpers import new_session, point, screen_of, session_at, state_of

AppFactory = Callable[..., BoardgamesApp]


def footer_keys(screen: UnderwingScreen) -> dict[str, str]:
    """The keys the footer shows now, with their words."""
    return {
        key: binding.description
        for key, (_, binding, enabled, _) in screen.active_bindings.items()
        if binding.show and enabled
    }


async def test_the_cursor_survives_its_egg_replaced_by_a_smaller_one(new_app: AppFactory) -> None:
    # Defect 1: the cursor on the 3rd space of an egg that "claim and hatch"
    # takes; a 2-space egg replaces it. The cursor points at the new card.
    state = new_game(2)
    empty_storages(state)
    phase(state, 3)
    taken = with_spaces("red", "red", "red")  # 4 points
    small = with_spaces("red", "red")
    put_card(state, 0, taken)
    clear_slot(state, 1)
    state.deck.remove(small)
    state.deck.insert(0, small)
    give(state, 0, "red")
    state.jobs.append(Job(effect=ClaimAndHatch(max_score=8), seat=0))
    run(state)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await point(pilot, screen, 0, 2)
        assert screen.target == Target(slot=0, space=2)
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions == [ChooseSlot(slot=0)]
        assert state_of(session).grounds[0].card == small
        grid = screen.query_one(GroundsView)
        assert grid.item < 2 and (grid.slot, grid.item) == (
            screen.target.slot,
            -1 if screen.target.space is None else screen.target.space,
        )
        assert screen.target.space is None or screen.target.space < 2
        # the screen goes on working: the hint, the keys, a placement
        assert hint(screen)
        await point(pilot, screen, 0, 1)
        await pilot.press("r")
        await pilot.pause()
        assert session.actions[-1] == Place(slot=0, space=0, crystals=("red",))


async def test_with_the_action_list_focused_enter_plays_its_highlighted_action(
    new_app: AppFactory,
) -> None:
    # Defect 3: the hint and the footer say what Enter does now; the board's
    # cursor is not shown while the list has the focus.
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        grid = screen.query_one(GroundsView)
        assert hint(screen).startswith("Enter: claim the ")
        assert footer_keys(screen)["enter"] == "Assign"
        await pilot.press("tab", "tab")  # the Field, then the list
        await pilot.pause()
        picker = screen.query_one("#actions", ActionPicker)
        assert picker.has_focus
        first = session.describe(picker.actions[0])
        assert hint(screen).startswith(f"Enter: {first}")
        assert footer_keys(screen)["enter"] == "Play"
        assert "┏" not in "".join(line.text for line in grid._lines)  # no board cursor
        await pilot.press("down")
        await pilot.pause()
        second = session.describe(picker.actions[1])
        assert hint(screen).startswith(f"Enter: {second}")
        await pilot.press("enter")
        assert session.actions == [picker.actions[1]] or len(session.actions) == 1
        await pilot.pause()
        # Ben decides now: the list closes, the board has the focus again
        assert grid.has_focus or screen.query_one(FieldRing).has_focus
        assert not picker.has_focus
        assert footer_keys(screen)["enter"] != "Play"


async def test_the_list_stays_open_while_the_same_player_decides(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 3)
    empty_storages(state)
    put_card(state, 0, with_spaces("red", "red", "red"))
    give(state, 0, "red", "red")
    state.players[0].tracker -= 1
    state.players[0].ready += 1  # three placements to make
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("a")
        await pilot.pause()
        picker = screen.query_one("#actions", ActionPicker)
        assert picker.has_focus
        await pilot.press("1")
        await pilot.pause()
        assert len(session.actions) == 1 and session.to_act == 0
        assert picker.has_focus and screen.panels.open == "picker"


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
async def test_every_players_mat_fits_at_120x40(new_app: AppFactory, players: int) -> None:
    # Defect 4: at 120x40 the Players panel shows every player without
    # scrolling, the deciding player's mat whole, for 1 to 6 players.
    state = new_game(players)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        for _ in range(players):
            await pilot.pause()
            mats = screen.query_one(PlayerMats)
            scroll = screen.query_one("#mats-scroll")
            assert mats.size.height <= scroll.scrollable_content_region.height
            seat = session.to_act
            assert seat is not None
            text = mats.render().plain
            me = state_of(session).seats[seat].name
            assert f"▶ {mats.board.tags[seat] if mats.board else ''} {me}" in text
            assert "Handlers" in text and "Stored" in text
            for other in state_of(session).seats:
                assert other.name in text
            if state_of(session).phase != 2:
                break
            await pilot.press("n")  # pass: the next player decides


async def test_the_deciding_players_mat_scrolls_into_view_at_80x24(new_app: AppFactory) -> None:
    state = new_game(6)
    phase(state, 2, 5)  # Flo, the last seat, decides
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert screen.has_class("-crowded")  # four columns of eggs: the players behind M
        await pilot.press("m")
        await pilot.pause()
        await pilot.pause()
        mats = screen.query_one(PlayerMats)
        scroll = screen.query_one("#mats-scroll")
        start = mats.starts[5]
        top = scroll.scroll_offset.y
        assert top <= start < top + scroll.scrollable_content_region.height


async def test_tab_is_in_the_footer_and_the_hint(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        assert footer_keys(screen)["tab"] == "Field"
        assert "Tab: field" in hint(screen)
        await pilot.press("tab")
        await pilot.pause()
        assert screen.query_one(FieldRing).has_focus
        assert footer_keys(screen)["tab"] == "Eggs"  # at 80 columns the lists are behind A, L
        await pilot.press("tab")
        await pilot.pause()
        assert screen.query_one(GroundsView).has_focus


def placing_on_red_eggs(*eggs: int) -> tuple[Session, list[str]]:
    """Two players in Phase 3, Ana to place, each with red in hand; every
    slot empty but ``eggs``, each an egg of three red spaces (their names)."""
    state = new_game(2)
    empty_storages(state)
    for slot in range(len(state.grounds)):
        clear_slot(state, slot)
    phase(state, 3)
    names = []
    for slot in eggs:
        egg = with_spaces("red", "red", "red")
        put_card(state, slot, egg)
        names.append(card(egg).name)
    give(state, 0, "red")
    give(state, 1, "red")
    return session_at(state), names


async def test_the_hint_names_egg_and_space_and_says_the_cursor_moved(new_app: AppFactory) -> None:
    # Defect 6: "Enter: place red" named neither the egg nor the space; the
    # cursor jumped to the first egg Enter acts on without saying so.  At the
    # first decision on the screen (just loaded, before any key) the cursor
    # starts there: nothing "moved" (issue 45.16).  It says so only when it
    # leaves where the person deciding had put it themselves.
    session, (name,) = placing_on_red_eggs(4)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        assert screen.target == Target(slot=4, space=0)
        assert hint(screen).startswith(f"Enter: place red on the red space of the {name} egg")
        # Ana points at the empty first slot herself; the next decision (hers
        # again) has the cursor jump back, and says so until a key.
        await pilot.press("home")
        await pilot.pause()
        assert screen.target == Target(slot=0)
        screen.changed()
        await pilot.pause()
        assert screen.target == Target(slot=4, space=0)
        assert hint(screen).startswith(
            f"Cursor moved here · Enter: place red on the red space of the {name} egg"
        )
        await pilot.press("right")
        await pilot.pause()
        assert not hint(screen).startswith("Cursor moved")


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_next_persons_cursor_moved_for_them_is_not_said_moved(
    new_app: AppFactory, size: tuple[int, int]
) -> None:
    # Issue 45.16: right after a move, the next person's hint said "Cursor
    # moved here" before they had touched a key (the cursor had left where
    # the last person put it).  It was never theirs: nothing "moved".
    session, (name,) = placing_on_red_eggs(4)
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        screen = await screen_of(app, pilot)
        assert session.to_act == 0
        # Ana moves the cursor herself (away and back), then places there.
        await pilot.press("right")
        await pilot.press("left")
        await pilot.pause()
        assert screen.target == Target(slot=4, space=0)
        await pilot.press("enter")
        await wait_until(pilot, lambda: session.to_act == 1)
        await pilot.pause()
        # Ben's cursor leaves the space Ana filled for the next one.
        assert screen.target == Target(slot=4, space=1)
        assert hint(screen).startswith(f"Enter: place red on the red space of the {name} egg")
        assert "Cursor moved" not in hint(screen)


async def test_a_person_opens_a_trade_with_a_bot_partner(new_app: AppFactory) -> None:
    # R-TRADE: only people are asked who proposes; a bot answers by itself.
    state = new_game(2)
    state.seats = [Seat(name="Ana"), Seat(name="Bo", bot="random")]
    phase(state, 2)
    session = session_at(state)
    session.seats = list(state.seats)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await screen_of(app, pilot)
        await pilot.press("t")
        await pilot.pause()
        assert session.actions[-1].kind == "offer_trade"
        assert session.actions[-1].proposer == 0  # type: ignore[attr-defined]


async def test_a_lost_solo_game_says_so_and_counts_one_dragon(new_app: AppFactory) -> None:
    # Defect 6: the solo end screen said "Nobody wins. Ana is The Breaker of
    # Eggs … 75 points earn the first epithet" and "1 dragons".
    from boardgames_tui.ui.underwing.dialogs import UnderwingGameOver

    state = new_game(1)
    state.players[0].dragons = [state.deck.pop(0)]
    state.players[0].score = card(state.players[0].dragons[0]).score
    state.over = True
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, UnderwingGameOver))
        await pilot.pause()
        winners = str(app.screen.query_one("#gameover-winners").render())
        summary = str(app.screen.query_one("#gameover-summary").render())
        dragons = str(app.screen.query_one("#gameover-dragons").render())
        assert winners == "✗ Ana did not win the solo game"
        assert "Nobody" not in winners and "Ana is The Breaker" not in summary
        assert "earns no epithet" in summary
        assert "Ana: 1 dragon (" in dragons


async def test_with_the_log_focused_enter_does_not_act_on_the_board(new_app: AppFactory) -> None:
    state = new_game(2)
    phase(state, 2)
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press("l")
        await pilot.pause()
        assert hint(screen).startswith("The log has the focus")
        assert "enter" not in footer_keys(screen)
        await pilot.press("enter")
        await pilot.pause()
        assert session.actions == []
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one(GroundsView).has_focus
        assert hint(screen).startswith("Enter: claim the ")


async def test_the_crowdest_table_fits_at_120x40(new_app: AppFactory) -> None:
    # Defect 4, the worst case: six players, an 8-space egg in every row of
    # the grounds, the deciding player with six dragons and two eggs in the
    # nursery. Nothing scrolls: not the grounds, not the Players panel.
    from boardgames_tui.games.underwing.cards import deck
    from boardgames_tui.games.underwing.model import Nursling

    state = new_game(6)
    phase(state, 2, 2)
    big = [i for i, c in enumerate(deck()) if len(c.spaces) == 8]
    for row in range(4):
        put_card(state, row * 4, big[row])
    cy = state.players[2]
    cy.dragons = [state.deck.pop() for _ in range(6)]
    cy.nursery = [Nursling(card=state.deck.pop(), round=1) for _ in range(2)]
    session = session_at(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.pause()
        grid = screen.query_one(GroundsView)
        assert grid.max_scroll_y == 0 and grid.size.height == grid.virtual_size.height
        scroll = screen.query_one("#mats-scroll")
        assert scroll.max_scroll_y == 0
        text = screen.query_one(PlayerMats).render().plain
        assert "▶ C Cy" in text and "Nursery" in text
        assert all(name in text for name in ("Ana", "Bo", "Di", "Ed", "Flo"))


async def test_the_hint_is_whole_at_80x24(new_app: AppFactory) -> None:
    """Issue 45, item 13: at 80 columns the hint was one line, cut in the
    middle of its keys ("letters: place that one; to co…").  It wraps onto
    a second line there, and every hint of a game's first rounds fits."""
    session = new_session(("Ana", "Ben", "Cy"), seed=11)
    app = new_app(session=session)
    bots = [get_bot("random", 30 + i) for i in range(3)]
    seen: set[str] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await screen_of(app, pilot)
        hint = screen.query_one("#hint")
        for _ in range(200):
            await pilot.pause()
            text = screen.hint_text()
            if text:
                lines = Text(text).wrap(app.console, hint.content_region.width)
                assert len(lines) <= hint.content_region.height, (text, hint.content_region)
                seen.add(decision(state_of(session)))
            seat = session.to_act
            if seat is None:
                break
            screen.play(bots[seat].choose(session.game, session.state))
            await pilot.pause()
        assert {"assign", "place"} <= seen, seen
