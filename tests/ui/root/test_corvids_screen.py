"""The Corvid Conspiracy on Root's screen: their board in the side panel
(plot types for their own seat only), the keys F (flip), J (plot) and Y
(expose), the exposure window behind a hand-off, a screen drawn for another
seat the same whatever the face-down plots are, and snapshots at 80x24 and
120x40."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME, turn
from boardgames_tui.games.root.factions.corvids import CORVIDS
from boardgames_tui.games.root.factions.corvids.actions import Expose, FlipPlot, PlacePlot
from boardgames_tui.games.root.factions.corvids.decisions import ExposureChance
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import RootState
from boardgames_tui.ui.root.dialogs import CardsDialog
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from tests.games.root.corvid_helpers import blank, plot
from tests.games.root.pieces import corvids_of
from tests.games.root.tables import deal, put
from tests.ui.helpers import picture_text, screen_text, wait_until, yes_if_asked

from .helpers import keys_for, on_the_table, play_answering, screen_of

AppFactory = Callable[..., BoardgamesApp]


def session_for(state: RootState, people: bool = False) -> Session:
    """A session on a hand-built position: the Marquise in seat 0 (the random
    bot unless ``people``), the Corvids in seat 1."""
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    if not people:
        seats[state.seat(CATS)] = Seat(name="Ana", bot="random")
    options = GAME.options({"factions": "marquise,corvids"})
    return Session(GAME, seats, options, 1, state=state)


def plotting() -> RootState:
    """The Corvids' Daylight, three actions: warriors in Creek (5, rabbit),
    Quarry (2, mouse) and Beach (10, rabbit); a face-down bomb in Hill
    (1, fox) by a Marquise warrior, a face-up snare in Mountain (6, fox)."""
    state = blank()
    put(state, 5, CORVIDS, 3)
    put(state, 2, CORVIDS, 2)
    put(state, 10, CORVIDS, 1)
    put(state, 1, CATS, 2)
    put(state, 1, CORVIDS, 1)
    plot(state, 1, "bomb")
    plot(state, 6, "snare", up=True)
    deal(state, CORVIDS, "rabbit-a-visit-to-friends", "fox-anvil")
    deal(state, CATS, "fox-travel-gear")
    corvids_of(state).vp = 3
    return state


def window() -> RootState:
    """The Corvids' Birdsong begins: the Marquise may expose the plot in
    Hill (1, fox), holding a fox card."""
    state = plotting()
    state.step = "birdsong"
    turn.enter(state, "birdsong")
    turn.settle(state)
    assert isinstance(state.stack[-1], ExposureChance)
    return state


async def test_their_own_seat_sees_the_types_and_the_costs(new_app: AppFactory) -> None:
    session = session_for(plotting())
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await screen_of(app, pilot)
        text = screen_text(app)
        assert "Corvid board" in text and "Hill bomb" in text
        assert "Mountain snare" in text and "next plot costs 1 warrior" in text
        assert "2 bomb" not in text and "1 bomb, 2 snare" not in text
        assert "1 bomb, 1 snare, 2 extortion, 2 raid" in text


async def test_another_seat_sees_where_the_plots_are_and_no_type(new_app: AppFactory) -> None:
    session = session_for(window(), people=True)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "bomb" not in picture_text(app)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == session.state.seat(CATS)
        text = screen_text(app)
        assert "6 plots face down" in text and "Face down  Hill" in text
        assert "Hill bomb" not in text


async def test_j_places_a_plot_of_the_chosen_type_at_the_cursor(new_app: AppFactory) -> None:
    session = session_for(plotting())
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        action = PlacePlot(clearing=5, plot="raid")
        keys = keys_for(screen, action)
        before = len(session.actions)
        await pilot.press(*keys)
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[-1] == action
        assert corvids_of(session.state).plots[5] == "raid"


async def test_f_flips_the_plot_at_the_cursor(new_app: AppFactory) -> None:
    state = plotting()
    state.step = "flip"
    session = session_for(state)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await screen_of(app, pilot)
        action = FlipPlot(clearing=1)
        before = len(session.actions)
        await pilot.press(*keys_for(screen, action))
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert session.actions[-1] == action
        assert session.state.clearings[1].warriors == {CORVIDS: 1}


async def test_y_guesses_behind_a_hand_off(new_app: AppFactory) -> None:
    state = window()
    session = session_for(state, people=True)
    app = new_app(session=session)
    (card,) = [c for c in state.player(CATS).hand]
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert "Exposure" in screen_text(app)
        action = Expose(clearing=1, card=card, plot="snare")
        before = len(session.actions)
        await pilot.press(*keys_for(screen, action))
        await wait_until(pilot, lambda: len(session.actions) > before)
        assert card in corvids_of(session.state).hand


def swapped(state: RootState) -> RootState:
    """The same position with the face-down bomb a raid instead (and the
    supply's raid a bomb)."""
    other = GAME.load_state(GAME.dump_state(state))
    corvids = corvids_of(other)
    corvids.plots[1] = "raid"
    corvids.supply.remove("raid")
    corvids.supply = sorted([*corvids.supply, "bomb"])
    return other


async def test_a_screen_for_another_seat_is_the_same_whatever_the_plots_are(
    new_app: AppFactory,
) -> None:
    """View indistinguishability on the screen: the Marquise's window drawn
    from two positions differing only in a face-down plot's type."""
    texts = []
    for state in (window(), swapped(window())):
        app = new_app(session=session_for(state, people=True))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_until(pilot, lambda a=app: isinstance(a.screen, HandoffScreen))
            await pilot.press("enter")
            await screen_of(app, pilot)
            texts.append(screen_text(app))
    assert texts[0] == texts[1]


# --------------------------------------------------------------- snapshots
def test_the_corvids_plotting_at_80x24(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=session_for(plotting()))
    assert snap_compare(app, terminal_size=(80, 24), run_before=on_the_table)


def test_the_corvids_plotting_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    app = new_app(session=session_for(plotting()))
    assert snap_compare(app, terminal_size=(120, 40), run_before=on_the_table)


def test_an_exposure_window_at_120x40(snap_compare: Any, new_app: AppFactory) -> None:
    async def behind_the_hand_off(pilot: Pilot[Any]) -> None:
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
        await pilot.press("enter")
        await on_the_table(pilot)

    app = new_app(session=session_for(window(), people=True))
    assert snap_compare(app, terminal_size=(120, 40), run_before=behind_the_hand_off)


def midgame() -> RootState:
    """A rule-bot game of the Marquise and the Corvids played until face-down
    plots lie on the map."""
    from boardgames_tui.games.root.bots import RootBot

    state = GAME.setup(
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "marquise,corvids", "seating": "chosen"},
        5,
    )
    bots = [RootBot(seed=1), RootBot(seed=2)]
    while len(corvids_of(state).plots) < 2 or state.turn_number < 6:
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        GAME.apply(state, bots[seat].choose(GAME, GAME.view(state, seat), legal), legal)
    return state


def secrets(state: RootState) -> list[str]:
    """Words that would name a face-down plot: its clearing and its type."""
    return [f"{state.woodland.clearing(n).name} {k}" for n, k in corvids_of(state).plots.items()]


async def test_no_face_down_plot_type_on_another_seats_screen_in_hot_seat_play(
    new_app: AppFactory,
) -> None:
    """Both seats people: at every step of a stretch of play (random legal
    actions), the hand-off screen and the Marquise's screen name no
    face-down plot's type, and her Corvid board lists the supply by count."""
    import random

    session = session_for(midgame(), people=True)
    chooser = random.Random(5)
    app = new_app(session=session)
    seen = set()
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(60):
            if session.is_over:
                # The game-over screen mounts before the app is left.
                await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
                await pilot.pause()
                break
            await wait_until(
                pilot,
                lambda: isinstance(
                    app.screen, (HandoffScreen, RootScreen, CardsDialog, PauseScreen)
                ),
            )
            if isinstance(app.screen, CardsDialog):
                # The cards a hand received (an extortion), shown to that seat.
                await pilot.press("escape")
                await wait_until(pilot, lambda: not isinstance(app.screen, CardsDialog))
            await pilot.pause()
            state = session.state
            if isinstance(app.screen, HandoffScreen | PauseScreen):
                text = picture_text(app)
                assert not [s for s in secrets(state) if s in text]
                await pilot.press("enter")
                continue
            screen = app.screen
            assert isinstance(screen, RootScreen)
            seen.add(screen.viewer)
            if screen.viewer != state.seat(CORVIDS):
                text = screen_text(app)
                assert not [s for s in secrets(state) if s in text], session.prompt()
                assert not any(f"{n} {k}," in text for n in (1, 2) for k in ("bomb", "snare"))
            legal = session.legal_actions()
            before = len(session.actions)
            screen.play(chooser.choice(legal))  # (a card spent: asked)
            await yes_if_asked(pilot, lambda n=before: len(session.actions) > n)
    assert seen == {0, 1}


@pytest.mark.first(20)
async def test_no_face_down_plot_type_in_the_other_window_of_per_seat_play(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A screen per seat (Ana the Corvids, Ben the Marquise), the Root bot
    choosing for both: after every move Ben's window names no face-down
    plot's type, and his exposure windows come to his window."""
    from boardgames_tui.engine import lock as lock_module
    from boardgames_tui.games.root.bots import RootBot
    from boardgames_tui.ui.screens import seats as seat_windows
    from tests.ui.seats import synced, windows

    if not lock_module.ENFORCED:
        pytest.skip("no fcntl here")
    monkeypatch.setattr(seat_windows, "FOLLOW_SECONDS", 0.05)
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": "corvids,marquise", "seating": "chosen"},
        seed=5,
        saves_dir=saves_dir,
        autosave=True,
    )
    save = session.path
    assert save is not None
    bots = [RootBot(seed=1), RootBot(seed=2)]
    plotted = asked = 0
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as wins:
        for _ in range(150):
            await synced(wins, save)
            truth = wins[0].session
            if truth.is_over:
                break
            state = truth.state
            ben = screen_text(wins[1].app)
            assert not [s for s in secrets(state) if s in ben]
            plotted += bool(corvids_of(state).plots)
            seat = truth.to_act
            assert seat is not None
            if state.stack and isinstance(state.stack[-1], ExposureChance):
                asked += 1
                assert seat == 1 and wins[1].screen.can_act
            before = len(truth.actions)
            await play_answering(wins[seat], bots[seat].choose(truth.game, truth.view(seat)))
            await synced(wins, save, before)
    assert plotted > 10 and asked > 0
