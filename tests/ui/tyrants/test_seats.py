"""A screen per seat at Tyrants: Ana and Ben each sit in a window of their
own on one save (Cy, a bot, moved by Ana's window), through a game of the
Aberrations and the Undead, whose cards make another player discard in the
middle of a turn.  After every move, every window's every line is read: it
never holds a card hidden in another seat's hand; a forced discard is
decided in the discarding seat's window while the other says "Waiting for
…"; and no hand-off screen ever covers a window."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.app import make_app
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.seating import watching
from boardgames_tui.engine.session import Session
from boardgames_tui.games.tyrants.cards import card
from boardgames_tui.ui.screens import seats as seat_windows
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import screen_text, wait_until
from tests.ui.seats import Window, at_seats, synced, windows

from .helpers import state_of
from .test_privacy import forced_discard, hidden_names

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")

#: A seeded game where the greedy bots' play brings a person's forced
#: discard in another's turn early (after some 37 of the people's moves).
SEED = 38
STEPS = 80


def check_private(window: Window, seat: int) -> int:
    """No card hidden from ``seat`` on the window's screen (the log's own
    lines, which are public, may name cards); returns how many of the
    seat's own hand are on screen."""
    session = window.session
    state = state_of(session)
    text = screen_text(window.app)
    logged = "\n".join(entry.text for entry in session.log)
    forbidden = {name for name in hidden_names(state, seat) if name not in logged}
    leaked = {name for name in forbidden if name in text}
    assert not leaked, f"{leaked} on {session.seats[seat].name}'s screen at {len(session.actions)}"
    assert not isinstance(window.app.screen, HandoffScreen)
    hand = {card(c).name for c in state.players[seat].hand}
    return sum(1 for name in hand if name in text)


async def test_each_window_shows_its_own_hand_and_discards_go_to_their_seat(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The windows look at the save more often than a player's would: the
    # test waits for them after every move.
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="greedy")],
        {"half_decks": ("aberrations", "undead")},
        seed=SEED,
        saves_dir=saves_dir,
    )
    save = session.path
    assert save is not None
    bots = {i: get_bot("greedy", 80 + i) for i in range(2)}
    own_seen = waited = discards_elsewhere = 0
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as wins:
        for _ in range(STEPS):
            await synced(wins, save)
            truth = wins[0].session
            if truth.is_over or discards_elsewhere >= 1:
                break
            for seat, window in enumerate(wins):
                own_seen += bool(check_private(window, seat))
            before = len(truth.actions)
            if truth.bot_to_act:
                await synced(wins, save, before)
                continue
            seat = truth.to_act
            assert seat is not None
            mover, other = wins[seat], wins[1 - seat]
            state = state_of(truth)
            assert mover.screen.can_act and not other.screen.can_act
            name = truth.seats[seat].name
            waiting = other.screen.prompt_text()
            waited += 1
            if forced_discard(state) and state.current != seat:
                # Discarding in another's turn: in the discarding seat's
                # window, while the other says what it waits for (the card
                # that forces it, which was played in the open).
                discards_elsewhere += 1
                forcer = state.jobs[-1].forcer
                assert forcer is not None
                assert waiting.startswith(
                    f"Waiting for {name} to choose a card to discard for "
                    f"{truth.seats[forcer].name}'s "
                ), waiting
                assert waiting.endswith("…")
            else:
                assert waiting == f"Waiting for {name}…"
            action = bots[seat].choose(truth.game, truth.view(seat))
            if not mover.play(action):
                await wait_until(
                    mover.pilot, lambda m=mover: isinstance(m.app.screen, ConfirmDialog)
                )
                await mover.pilot.press("y")
            await synced(wins, save, before)
    assert own_seen > 40 and waited > 30, (own_seen, waited)
    assert discards_elsewhere >= 1


async def test_a_window_at_two_seats_hands_off_between_them_only(saves_dir: Path) -> None:
    """Ana and Ben share a window, Cy has one of her own: the shared window
    covers the table between Ana and Ben (as one screen does) and shows no
    hand while Cy decides; Cy's window is never covered."""
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy")],
        seed=7,
        saves_dir=saves_dir,
    )
    save = session.path
    assert save is not None
    order = []
    async with windows(saves_dir, save, ["Ana", "Ben"], ["Cy"]) as (pair, cy):
        for _ in range(3):  # each places a first troop
            await synced([pair, cy], save)
            seat = pair.session.to_act
            assert seat is not None
            order.append(seat)
            before = len(pair.session.actions)
            if seat == 2:
                assert not isinstance(pair.app.screen, HandoffScreen)
                assert pair.screen.prompt_text() == "Waiting for Cy…"
                assert "'s hand" not in screen_text(pair.app)  # two people share it
                assert cy.screen.can_act
                await cy.pilot.press("enter")
            else:
                name = pair.session.seats[seat].name
                # The shared window covers the table for the person taking it.
                await wait_until(pair.pilot, lambda: isinstance(pair.app.screen, HandoffScreen))
                assert f"Pass to {name}" in screen_text(pair.app)
                await pair.pilot.press("enter")
                await wait_until(pair.pilot, lambda: pair.screen.can_act)
                assert f"{name}'s hand" in screen_text(pair.app)
                assert not isinstance(cy.app.screen, HandoffScreen)
                await pair.pilot.press("enter")
            await synced([pair, cy], save, before)
    assert sorted(order) == [0, 1, 2]


async def test_a_window_watching_the_table_shows_no_hand(saves_dir: Path) -> None:
    """``load`` of a game whose seats sit at screens of their own opens it
    watching: the board, no hand of anybody's, no move."""
    session = Session.new(
        "tyrants", [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=saves_dir
    )
    bots = [get_bot("greedy", 1), get_bot("greedy", 2)]
    while len(session.actions) < 8:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat)))
    save = session.path
    assert save is not None
    async with windows(saves_dir, save, ["Ana"]) as (ana,):
        app = make_app(saves_dir, session=Session.load(save), seated=watching(save), bot_delay=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda: any(at_seats(s) for s in app.screen_stack))
            watcher = next(s for s in app.screen_stack if at_seats(s))
            await pilot.pause()
            text = screen_text(app)
            # Nobody's hand is drawn: the window looks from no seat.
            assert watcher.watching() is None
            assert "'s hand" not in text and not watcher.can_act
            assert "Ana's hand" in screen_text(ana.app)  # a seat's window draws its own


@pytest.mark.parametrize("seats", [["Ana"], ["Ana", "Ben"]])
async def test_the_title_is_whole_at_a_seat_window_at_80x24(
    saves_dir: Path, seats: list[str]
) -> None:
    """Issue 45, item 13: at 80 columns a seat's window cut its title
    ("…; market deck 74 · Cleo's scre…").  The game's short name, then the
    title without the market deck's count (the cards panel shows it), make
    room for the window's own words."""
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy")],
        {"half_decks": ("drow", "dragons")},
        seed=4,
        saves_dir=saves_dir,
    )
    save = session.path
    assert save is not None
    bots = [get_bot("random", i) for i in range(3)]
    for _ in range(6):  # past the first troops, into the rounds
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    async with windows(saves_dir, save, seats, size=(80, 24)) as wins:
        await synced(wins, save)
        title = screen_text(wins[0].app).splitlines()[0].strip()
        assert title.endswith("'s screen") and "…" not in title, title
        assert "Round 1" in title, title


async def test_the_cover_in_a_window_at_two_seats_says_what_esc_does(saves_dir: Path) -> None:
    """Issue 45, item 10: a window sitting at two seats covers the table
    between them; its footer said "Esc Menu" and Esc asked to leave "for
    the main menu", while leaving closes the window.  The cover's Esc is
    the window's: "Leave seat", asking the seat's question, and Stay keeps
    the cover up."""
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"half_decks": ("drow", "dragons")},
        seed=4,
        saves_dir=saves_dir,
    )
    save = session.path
    assert save is not None
    async with windows(saves_dir, save, ["Ana", "Ben"], size=(80, 24)) as wins:
        app, pilot = wins[0].app, wins[0].pilot
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "esc Leave seat" in footer and "Menu" not in footer, footer
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        text = screen_text(app)
        assert "close this window" in text and "main menu" not in text, text
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
