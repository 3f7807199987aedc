"""The Woodland Alliance on Root's screen: their board panel (bases,
officers, the sympathy track with its costs and points, the supporters by
suit for their own seat and only their count for the other), their keys
(V revolt and K spread sympathy at the cursor, Q mobilize, Z organize, R
training an officer in Daylight and recruiting at the base at the cursor in
Evening: no letter another faction uses) and the reasons a key does nothing; the Outrage decision at the paying seat, behind a hand-off, with
public words on the hand-off screen; a privacy scan of hot-seat play (no
supporter and no hand shown under Outrage on another seat's screen); the
panel's snapshots at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import Battle
from boardgames_tui.games.root.factions.alliance import ALLIANCE, SYMPATHY
from boardgames_tui.games.root.factions.alliance.actions import (
    GiveSupporter,
    Mobilize,
    Organize,
    RecruitAtBase,
    Revolt,
    SpreadSympathy,
    Train,
)
from boardgames_tui.games.root.factions.alliance.decisions import Outrage
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.games.root.alliance.helpers import base, blank, officers, supporters, sympathy
from tests.games.root.helpers import craft_for, dice
from tests.games.root.pieces import alliance_of
from tests.games.root.tables import deal, put
from tests.ui.helpers import messages, picture_text, screen_text, wait_until, yes_if_asked

from .helpers import arrows, on_the_table, scan_hot_seat, screen_of, side, state_of

AppFactory = Callable[..., BoardgamesApp]


def session_for(state: RootState, people: bool = False) -> Session:
    """A session on a hand-built position: Ana the Alliance (seat 0), Ben
    the Marquise (the random bot unless ``people``)."""
    seats = [Seat(name="Ana"), Seat(name="Ben", bot=None if people else "random")]
    options = GAME.options({"factions": "alliance,marquise", "seating": "chosen"})
    return Session(GAME, seats, options, 1, state=state)


async def play_keys(pilot: Pilot[Any], session: Session, *keys: str) -> bool:
    """Press keys and wait for the action they take, answering yes to the
    question it asks first (a card spent from the hand, a step ended with
    work left); whether it asked."""
    before = len(session.actions)
    await pilot.press(*keys)
    asked = await yes_if_asked(pilot, lambda: len(session.actions) > before)
    await pilot.pause()
    return asked


def a_board() -> RootState:
    """The Alliance in Daylight: a fox base in Hill with two warriors, two
    officers, sympathy in Hill, Creek and Dune; five supporters (two fox,
    a rabbit, a mouse, a bird); a fox and a rabbit card in hand."""
    state = blank(step="alliance_daylight")
    base(state, 1, 2)
    officers(state, 2)
    sympathy(state, 1, 5, 9)
    supporters(state, "fox-anvil", "fox-root-tea", "rabbit-cobbler", "mouse-sword")
    supporters(state, "bird-crossbow")
    deal(state, ALLIANCE, "fox-travel-gear", "rabbit-bake-sale")
    put(state, 2, CATS, 2, "sawmill")
    state.player(ALLIANCE).vp = 2
    return state


# --------------------------------------------------------------- the panel
async def test_the_panel_shows_bases_officers_the_track_and_supporters(
    new_app: AppFactory,
) -> None:
    session = session_for(a_board())
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        text = side(app)
        assert "Alliance board, Alliance (Ana) · 6 warriors left, 2 officers" in text
        assert "Bases: fox in Hill (1); on the board: mouse, rabbit" in text
        assert "Sympathy 3/10 placed: the next costs 2 supporters, scores 1" in text
        assert " cost  ■ ■ ■ 2 2 2 3 3 3 3" in text
        assert " score 0 1 1 1 2 2 3 4 4 4" in text
        assert "Supporters 5: F 2, R 1, M 1, B 1" in text
        board = screen_text(app)
        assert "A2" in board and "B" in board and "Y" in board


def test_the_other_seat_sees_the_stacks_count_only() -> None:
    """The Marquise's view of the same board: the count, face down."""
    from boardgames_tui.ui.root.factions.alliance.panel import supporters_line

    state = a_board()
    view = GAME.view(state, state.seat(CATS))
    assert str(supporters_line(view)) == " Supporters 5 · face down"
    assert str(supporters_line(state)).startswith(" Supporters 5: ")
    alliance_of(state).supporters.clear()
    state.clearings[1].buildings.clear()
    assert str(supporters_line(state)) == " Supporters 0 of 5"


# ---------------------------------------------------------------- the keys
async def test_q_mobilizes_and_r_trains_a_card_of_the_hand(new_app: AppFactory) -> None:
    state = a_board()
    fox = alliance_of(state).hand[0]
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        # (each spends a card of the hand: asked first)
        assert await play_keys(pilot, session, "r")  # the one card that matches the base
        assert session.actions == [Train(card=fox)]
        assert await play_keys(pilot, session, "q")
        assert isinstance(session.actions[-1], Mobilize)


async def test_v_revolts_and_k_spreads_at_the_cursor(new_app: AppFactory) -> None:
    state = a_board()
    state.step = "revolt"
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, 1, burrow=False), "v")
        await pilot.pause()
        assert "The fox base is already on the map: no second fox revolt." in messages(app)
        await pilot.press(*arrows(1, 5, burrow=False), "v")
        await wait_until(pilot, lambda: len(session.actions) == 1)
        assert session.actions[-1] == Revolt(clearing=5)
        await pilot.pause()
        screen = await screen_of(app, pilot)
        # No revolt left (two mouse supporters are wanted in Dune): Spread Sympathy.
        assert state_of(session).step == "spread_sympathy"
        await pilot.press(*arrows(screen.cursor, 12, burrow=False), "k")  # two fox left
        await wait_until(pilot, lambda: len(session.actions) == 2)
        assert session.actions[-1] == SpreadSympathy(clearing=12)


async def test_a_key_that_cannot_act_at_the_cursor_says_why(new_app: AppFactory) -> None:
    state = a_board()
    state.step = "spread_sympathy"
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, 1, burrow=False), "k")
        await pilot.pause()
        assert "Hill (1) is sympathetic already: one token per clearing." in messages(app)
        await pilot.press(*arrows(1, 8, burrow=False), "k")
        await pilot.pause()
        assert "Sympathy spreads next to a sympathetic clearing" in messages(app)
        assert not session.actions


async def test_z_organizes_and_r_recruits_in_evening(new_app: AppFactory) -> None:
    state = a_board()
    state.step = "operations"
    state.actions_left = 2
    put(state, 10, ALLIANCE, 1)
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, 10, burrow=False))
        await play_keys(pilot, session, "z")
        assert session.actions[-1] == Organize(clearing=10)
        assert SYMPATHY in state_of(session).clearings[10].tokens
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, 1, burrow=False))
        await play_keys(pilot, session, "r")
        assert session.actions[1] == RecruitAtBase(clearing=1)


# ----------------------------------------------------------------- Outrage
def an_outrage_in_the_alliances_turn() -> RootState:
    """The Alliance attack the Marquise in Creek (sympathetic), one warrior
    against three, with Scouting Party (no ambush); the dice roll 2 and 2:
    the Marquise remove the warrior and the token, and owe a rabbit card."""
    state = blank(step="operations")
    officers(state, 1)
    state.actions_left = 1
    sympathy(state, 5)
    put(state, 5, ALLIANCE, 1)
    put(state, 5, CATS, 3)
    deal(state, CATS, "rabbit-cobbler", "fox-anvil")
    deal(state, ALLIANCE, "mouse-sword")
    craft_for(state, ALLIANCE, "mouse-scouting-party")  # no ambush: Outrage is the hand-off
    dice(state, 2, 2)
    return state


async def test_outrage_is_asked_at_the_paying_seat_behind_a_hand_off(
    new_app: AppFactory,
) -> None:
    state = an_outrage_in_the_alliances_turn()
    session = session_for(state, people=True)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")  # to Ana, the Alliance
        screen = await screen_of(app, pilot)
        screen.play(Battle(clearing=5))
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(state_of(session).stack[-1], Outrage)
        text = picture_text(app)
        assert "Outrage in Creek (5, rabbit)" in text
        assert "Cobbler" not in text and "Sword" not in text
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == state_of(session).seat(CATS)
        assert "Outrage" in screen_text(app)
        legal = session.legal_actions()
        assert all(isinstance(a, GiveSupporter) for a in legal) and len(legal) == 1
        await play_keys(pilot, session, "1")
        assert isinstance(session.actions[-1], GiveSupporter)


# ----------------------------------------------------------------- privacy
def secrets_of(state: RootState, viewer: int | None, log: str) -> set[str]:
    """Names of cards the seat at the screen may not see (another hand, the
    supporters for any seat but the Alliance's) that nothing public shows:
    the log, crafted cards, the cards seen in a hand, the viewer's own hand
    (and the Alliance's stack for the Alliance, a hand the Alliance saw
    under Outrage)."""
    public: set[str] = set()
    for i, player in enumerate(state.players):
        public |= {card_of(c).name for c in player.crafted + player.known}
        if i == viewer:
            public |= {card_of(c).name for c in player.hand}
            if player.faction == ALLIANCE:
                public |= {card_of(c).name for c in alliance_of(state).supporters}
            public |= {
                card_of(c).name for p in state.players for c in p.seen_by.get(player.faction, [])
            }
    secret: set[int] = set()
    for i, player in enumerate(state.players):
        if i == viewer:
            continue
        secret |= {c for c in player.hand if c != HIDDEN}
        if player.faction == ALLIANCE:
            secret |= set(alliance_of(state).supporters)
    return {name for c in secret if (name := card_of(c).name) not in public and name not in log}


@pytest.mark.parametrize(
    ("factions", "seed"), [("alliance,marquise", 5), ("alliance,marquise,duchy", 2)]
)
async def test_no_supporter_or_shown_hand_reaches_another_seats_screen(
    new_app: AppFactory, factions: str, seed: int
) -> None:
    """Hot-seat, both seats people, random legal play: at every step the
    screen shows no card of the other hand, no supporter on the Marquise's
    screen, nothing on the hand-off screen, and the card texts (H) only the
    person's own cards."""
    names = ("Ana", "Ben", "Cy")[: len(factions.split(","))]
    session = Session.new(
        "root",
        [Seat(name=n) for n in names],
        {"factions": factions, "seating": "chosen"},
        seed=seed,
        autosave=False,
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        checked_cards = await scan_hot_seat(app, pilot, session, secrets_of, 90, seed=seed)
        assert checked_cards == set(range(len(names)))
        assert state_of(session).turn_number >= 3


# --------------------------------------------------------------- snapshots
def test_the_alliance_in_daylight_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=session_for(a_board()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_alliance_in_daylight_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=session_for(a_board()))
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


async def test_the_map_keeps_its_smallest_tested_room_at_80x24(new_app: AppFactory) -> None:
    """At 80x24, with the prompt on two lines, the hint on two and the key
    bar on two rows (the Alliance's Daylight: the tightest screen), the map
    keeps the smallest room its layout is drawn and tested for
    (``test_map_drawing.ROOMS_80``: 52x13): the text under it gives up its
    fifth row (cut and read whole behind F2), not the map."""
    from boardgames_tui.ui.root.widgets import WoodlandView
    from boardgames_tui.ui.widgets.keybar import KeyBar

    from .test_map_drawing import ROOMS_80

    app = new_app(session=session_for(a_board()))
    async with app.run_test(size=(80, 24)) as pilot:
        await on_the_table(pilot)
        await pilot.pause()
        woodland = app.screen.query_one("#woodland", WoodlandView)
        assert app.screen.query_one(KeyBar).size.height == 2
        assert woodland.content_size.width >= min(w for w, _ in ROOMS_80)
        assert woodland.content_size.height >= min(h for _, h in ROOMS_80)
