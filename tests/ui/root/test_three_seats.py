"""The Root screen at a table of three and four: the Woodland draws every
faction's pieces in its module's letter and colour, the score names each
faction and its player, every faction's board has its panel, and a decision
in the middle of a turn (an ambush, the hits, Field Hospitals) goes to the
seat concerned behind a hand-off, with no other seat's cards on screen.
The third and fourth factions are the test Hares and Owls (``hares.py``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME, core
from boardgames_tui.games.root.actions import DONE, Battle, Decline, PlayAmbush
from boardgames_tui.games.root.cards import AmbushEffect
from boardgames_tui.games.root.factions.duchy import DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import HIDDEN, RootState, card_of
from boardgames_tui.ui.root import choices
from boardgames_tui.ui.root.look import title_text
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.games.root.hares import HARES, OWLS, extra_factions
from tests.ui.helpers import picture_text, screen_text, wait_until

from .helpers import arrows, assert_private, screen_of, state_of, take, whole_boards

AppFactory = Callable[..., BoardgamesApp]
NAMES = ("Ana", "Ben", "Cy", "Dee")


@pytest.fixture(autouse=True)
def _hares() -> Iterator[None]:
    with extra_factions():
        yield


def table(factions: str, seed: int = 1) -> Session:
    """A table seated as chosen: Ana the first faction named, Ben the second..."""
    keys = factions.split(",")
    seats = [Seat(name=n) for n in NAMES[: len(keys)]]
    return Session.new(
        "root", seats, {"factions": factions, "seating": "chosen"}, seed=seed, autosave=False
    )


def set_up(session: Session) -> None:
    """Every faction's setup with its first choices."""
    while state_of(session).setting_up >= 0:
        session.apply(session.legal_actions()[0])


def secrets(state: RootState, viewer: int | None, log: str) -> set[str]:
    """Names of cards in the other seats' hands that nothing public shows."""
    public: set[str] = set()
    for player in state.players:
        public |= {card_of(c).name for c in player.crafted + player.known}
    if viewer is not None:
        public |= {card_of(c).name for c in state.players[viewer].hand if c != HIDDEN}
    secret = set()
    for seat, player in enumerate(state.players):
        if seat == viewer:
            continue
        for c in player.hand:
            name = card_of(c).name
            if c != HIDDEN and name not in public and name not in log:
                secret.add(name)
    return secret


async def test_a_three_seat_table_draws_every_faction_and_its_score(
    new_app: AppFactory, tmp_path: Path
) -> None:
    session = table("marquise,hares,duchy")
    set_up(session)
    state = state_of(session)
    hares_corner = state.player(HARES).corner  # type: ignore[attr-defined]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        shown = screen_text(app)
        # The score, each faction with its player.
        assert "Marquise (Ana) 0" in shown
        assert "Hares (Ben) 0" in shown
        assert "Duchy (Cy) 0" in shown
        # Each faction's board: the Marquise's own panel, whole, at her
        # seat; the others short where the three do not fit the side (the
        # Hares' the plain facts); every one whole under F3.
        assert "Marquise board, Marquise (Ana)" in shown
        assert "Duchy (Cy) 0 VP" in shown and "Burrow D0" in shown
        assert "Hares (Ben) 0 VP · 3 cards · 17 warriors left" in shown
        whole = await whole_boards(app, pilot)
        assert "Duchy board, Duchy (Cy)" in whole and "Marquise board, Marquise (Ana)" in whole
        assert "Hares board, Hares (Ben) · 17 warriors left" in whole
        # The Hares' warriors in their corner, in their letter.
        assert "H3" in shown
        await pilot.press(*arrows(screen.cursor, hares_corner))
        await pilot.pause()
        assert "warriors: 3 Hares" in screen_text(app)
        assert screen.viewer == session.to_act
        assert_private(app, session, screen.viewer, secrets)
        (tmp_path / "three.svg").write_text(app.export_screenshot())


async def test_four_seats_fit_the_title_and_the_score_at_eighty_columns(
    new_app: AppFactory,
) -> None:
    session = table("owls,marquise,hares,duchy")
    set_up(session)
    state = state_of(session)
    names = [s.name for s in session.seats]
    assert title_text(state, names, narrow=True).endswith(
        "Marquise 0, Hares 0, Owls 0, Duchy 0 of 30"
    )
    # Where it does not fit, the score gives way to the step, read whole.
    whole = title_text(state, names, narrow=True)
    assert title_text(state, names, narrow=True, width=len(whole)) == whole
    short = title_text(state, names, narrow=True, width=len(whole) - 1)
    assert short == whole.split(" · Marquise 0")[0] and "Daylight" in short
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        await pilot.press(*arrows(screen.cursor, state.player(OWLS).corner))  # type: ignore[attr-defined]
        await pilot.pause()
        shown = screen_text(app)
        # The score panel has every faction (the title, the step).
        for who in ("Marquise (Ben) 0", "Hares (Cy) 0", "Owls (Ana) 0", "Duchy (Dee) 0"):
            assert who in shown
        assert "O3" in shown
        # The Marquise may battle the Owls there: the outlook names them.
        assert "Battle here: you deal up to 1 hit, the Owls up" in shown
        assert_private(app, session, screen.viewer, secrets)


def hares_before_a_battle(seed: int = 1) -> tuple[Session, Battle]:
    """The Hares' Daylight at a table of three, with 3 Hares warriors beside
    2 Marquise warriors in one clearing, and a bird ambush (it matches any
    clearing) in the Marquise's hand."""
    session = table("marquise,hares,duchy", seed)
    set_up(session)
    while True:
        state = state_of(session)
        if state.turn == HARES and state.step == "hop" and not state.stack:
            break
        legal = session.legal_actions()
        session.apply(DONE if DONE in legal else legal[0])
    state = state_of(session)
    where = next(
        n
        for n in range(1, 13)
        if core.warriors(state, CATS, n) >= 1 and not core.warriors(state, DUCHY, n)
    )
    core.add_warriors(state, HARES, where, 3)
    state.player(HARES).warriors -= 3
    ambush = next(
        i
        for i in state.draw_pile
        if isinstance(card_of(i).effect, AmbushEffect) and card_of(i).suit == "bird"
    )
    state.draw_pile.remove(ambush)
    state.player(CATS).hand.append(ambush)
    # The position as the session's own (its legal moves listed afresh).
    again = Session(GAME, session.seats, session.options, session.seed, state=state)
    battle = next(a for a in again.legal_actions() if isinstance(a, Battle) and a.clearing == where)
    return again, battle


async def test_an_ambush_and_the_hits_go_to_the_seat_attacked_and_back(
    new_app: AppFactory,
) -> None:
    """The Hares (Ben, seat 1) attack the Marquise (Ana, seat 0) at a table
    of three: Ana decides the ambush behind a hand-off, then any hits and
    Field Hospitals are hers; then the table goes back to Ben.  Cy's cards
    (the Duchy) are never on screen."""
    session, battle = hares_before_a_battle()
    state = state_of(session)
    names = [s.name for s in session.seats]
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert "Pass to Ben" in picture_text(app)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == 1
        assert_private(app, session, 1, secrets)
        await take(pilot, app, battle)
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        cover = app.screen
        assert isinstance(cover, HandoffScreen)
        assert "Pass to Ana (Marquise)" in picture_text(app)
        assert cover.waiting == (
            f"Ben (Hares) attacks you in {choices.where(session.state, battle.clearing)}: will you play an ambush?"
        )
        assert_private(app, session, None, secrets)
        await pilot.press("enter")
        screen = await screen_of(app, pilot)
        assert screen.viewer == 0 and session.to_act == 0
        assert "Your hand, Marquise (Ana)" in screen_text(app)
        assert_private(app, session, 0, secrets)
        ambush = next(a for a in session.legal_actions() if isinstance(a, PlayAmbush))
        assert any(isinstance(a, Decline) for a in session.legal_actions())
        await take(pilot, app, ambush)
        handed_back = False
        for _ in range(30):
            await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                seat = session.to_act or 0
                assert f"Pass to {names[seat]}" in picture_text(app)
                assert_private(app, session, None, secrets)
                handed_back = handed_back or seat == 1
                await pilot.press("enter")
                continue
            screen = await screen_of(app, pilot)
            if session.to_act == 1 and not state.stack:
                break
            # Every decision on the way is the Marquise's (Ana's).
            assert screen.viewer == session.to_act == 0
            assert_private(app, session, 0, secrets)
            await take(pilot, app, session.legal_actions()[0])
        assert handed_back
        screen = await screen_of(app, pilot)
        assert screen.viewer == 1
        assert_private(app, session, 1, secrets)
        assert state.player(HARES).warriors > 14  # the ambush's hits took Hares
