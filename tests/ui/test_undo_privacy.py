"""Privacy after undo on Root's screen (issue 45): a card spent and then
taken back is in its owner's hand again, and the log's line about the undo
(the log's panel, the next hand-off's recap) must not name it.

First the table the issue found it at: the Marquise against the Duchy,
seed 1; after setup, Left, O (an overwork spending Stand and Deliver!),
Ctrl+Z, N: the hand-off to Ben and Ben's log.  Then a scan of whole
tables, the Marquise against the Eyrie (Foxfolk Steel was named there) and
three factions, people taking moves back now and then: after each undo, no
line of the log's panel names a card another seat may not see, and no
hand-off's recap does.  (Tyrants' scan: ``tests/ui/tyrants/test_privacy.py``.)"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.factions.marquise.actions import Overwork
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets import GameLog
from tests.ui.helpers import picture_text, wait_until, yes_if_asked
from tests.ui.root.helpers import state_of

AppFactory = Callable[..., BoardgamesApp]


def secrets(state: RootState, viewer: int | None, public_log: str) -> set[str]:
    """The names of the cards in the other seats' hands that ``viewer`` may
    not see anywhere: not crafted, not known to be there, not in their own
    hand, not named by a public line of the log (the game as it stands)."""
    public: set[str] = set()
    for p in state.players:
        public |= {card_of(c).name for c in p.crafted + p.known}
        if state.seat_of[p.faction] == viewer:
            public |= {card_of(c).name for c in p.hand if c != HIDDEN}
    found: set[str] = set()
    for p in state.players:
        if state.seat_of[p.faction] == viewer:
            continue
        for c in p.hand:
            if c == HIDDEN:
                continue
            name = card_of(c).name
            if name not in public and name not in public_log:
                found.add(name)
    return found


def public_lines(session: Session) -> str:
    """The log's lines of the game as it stands (an undo's line is not one)."""
    return "\n".join(e.text for e in session.log if not e.undo)


def undo_lines(screen: RootScreen) -> str:
    return "\n".join(e.text for e in screen.query_one(GameLog).shown if e.undo)


async def test_the_overwork_taken_back_is_not_named_to_the_duchy(
    new_app: AppFactory,
) -> None:
    session = Session.new(
        "root",
        [Seat(name="Ana"), Seat(name="Ben")],
        {"factions": ("marquise", "duchy"), "seating": "chosen", "first": "marquise"},
        seed=1,
        autosave=False,
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RootScreen | HandoffScreen))
        # The Marquise's setup, Enter on each choice the screen points at.
        for _ in range(12):
            state = state_of(session)
            if state.turn == CATS and state.step == "actions" and not state.stack:
                break
            before = len(session.actions)
            await pilot.press("enter")
            await wait_until(
                pilot,
                lambda n=before: len(session.actions) > n or isinstance(app.screen, RootScreen),
            )
            await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RootScreen) and screen.viewer == 0
        await pilot.press("left", "o")  # (the card leaves the hand: asked, answered yes)
        await yes_if_asked(pilot, lambda: any(isinstance(a, Overwork) for a in session.actions))
        spent = "Stand and Deliver!"
        assert any(spent in e.text for e in session.log)  # the overwork said so, then
        await pilot.press("ctrl+z")
        await wait_until(pilot, lambda: not any(isinstance(a, Overwork) for a in session.actions))
        await pilot.pause()
        hand = state_of(session).player(CATS).hand
        assert spent in {card_of(c).name for c in hand}  # back in Ana's hand
        assert "Ana took back a move." in undo_lines(screen)
        assert spent not in undo_lines(screen)
        await pilot.press("n")
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):  # ending with actions left may ask
            await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        cover = picture_text(app)
        assert "Pass to Ben" in cover and "Ana took back a move." in cover
        assert spent not in cover
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is screen and screen.viewer == 1)
        assert not any(spent in e.text for e in screen.query_one(GameLog).shown)


async def scan_with_undos(
    new_app: AppFactory, session: Session, steps: int, undo_every: int
) -> dict[str, int]:
    """Play ``session`` with the Root bot choosing for the people, taking
    back every ``undo_every``-th move where undo may, and check the log's
    undo lines after each undo and every hand-off's recap."""
    seen = {"undos": 0, "named": 0, "handoffs": 0, "moves": 0}
    bots = [RootBot(seed=40 + i) for i in range(len(session.seats))]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, RootScreen | HandoffScreen))
        screen = next(s for s in app.screen_stack if isinstance(s, RootScreen))
        for _ in range(steps):
            if session.is_over:
                break
            await pilot.pause()
            state = state_of(session)
            if isinstance(app.screen, HandoffScreen):
                cover = picture_text(app)
                forbidden = secrets(state, session.to_act, public_lines(session))
                leaked = {name for name in forbidden if name in cover}
                assert not leaked, f"{leaked} in the recap to {session.to_act}"
                seen["handoffs"] += 1
                await pilot.press("enter")
                continue
            if app.screen is not screen:  # a card looked at, a question
                await pilot.press("escape")
                continue
            seat = session.to_act
            assert seat is not None
            before = len(session.actions)
            action = bots[seat].choose(session.game, session.view(seat))
            screen.play(action)  # (a card spent, a step ended with work left: asked)
            await yes_if_asked(pilot, lambda n=before: len(session.actions) > n)
            seen["moves"] += 1
            if session.is_over:
                break
            if seen["moves"] % undo_every or not session.can_undo():
                continue
            plan = session.undo_plan()
            target = len(session.actions) - plan.count
            undone = [e.text for e in session.log if e.action_index >= target and not e.undo]
            await pilot.press("ctrl+z")
            await wait_until(pilot, lambda n=target: len(session.actions) == n)
            await pilot.pause()
            state = state_of(session)
            notes = undo_lines(screen)
            assert plan.note in notes
            for other in range(len(session.seats)):
                if other == plan.by:
                    continue
                hidden = secrets(state, other, public_lines(session))
                leaked = {name for name in hidden if name in notes}
                assert not leaked, f"{leaked} in the log after an undo, hidden from {other}"
                seen["named"] += any(name in text for name in hidden for text in undone)
            seen["undos"] += 1
        if session.is_over:  # the results come up: let them settle before leaving
            await wait_until(pilot, lambda: app.screen is not screen)
            await pilot.pause()
    return seen


@pytest.mark.first(16)
@pytest.mark.parametrize(
    "factions", [("marquise", "eyrie"), ("marquise", "duchy", "eyrie")], ids=["2p", "3p"]
)
async def test_no_card_taken_back_is_named_in_a_root_game(
    new_app: AppFactory, factions: tuple[str, ...]
) -> None:
    session = Session.new(
        "root",
        [Seat(name=n) for n in ("Ana", "Ben", "Cleo")[: len(factions)]],
        {"factions": factions, "seating": "chosen"},
        seed=5,
        autosave=False,
    )
    seen = await scan_with_undos(new_app, session, steps=110, undo_every=2)
    assert seen["undos"] > 15 and seen["handoffs"] > 5, seen
    # Some undos took back moves that named a card hidden in a hand again.
    assert seen["named"] > 0, seen
