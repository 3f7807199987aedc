"""An end by agreement at one terminal (docs/rules/root.md, R-AGREE): the
palette's "End by agreement", confirmed by the proposer; each other person
answers behind a cover that shows only public facts; all agree and the
game ends with no winner, saved; one refuses and the game goes on, the
terminal passed back to the proposer; a bot that declines says why."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.agreement import AGREED
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.actions import EndByAgreement
from boardgames_tui.games.root.model import RootState, card_of
from boardgames_tui.ui.commands import GameCommand
from boardgames_tui.ui.screens.agreement import COMMAND, AgreementAsk
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import messages, past_the_cover, picture_text, wait_for, wait_until

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]


def on_a_turn(saves_dir: Path, seats: list[Seat], seed: int = 4) -> Session:
    """A game of three some random moves in, at a decision of the player
    whose turn it is (a person), saved."""
    session = Session.new(
        "root", seats, {"factions": ("marquise", "alliance", "duchy")}, seed, saves_dir=saves_dir
    )
    bot = get_bot("random", seed=seed)
    state = session.state
    assert isinstance(state, RootState)
    for _ in range(30):
        session.apply(bot.pick(GAME, state, session.legal_actions()), save=False)
    while session.to_act != state.seat(state.turn) or session.seats[state.seat(state.turn)].is_bot:
        session.apply(bot.pick(GAME, state, session.legal_actions()), save=False)
    session.save()
    return session


def command(app: BoardgamesApp) -> GameCommand | None:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return next((c for c in screen.game_commands() if c.name == COMMAND), None)


def hand_words(session: Session, seat: int) -> list[str]:
    state = session.state
    assert isinstance(state, RootState)
    return [card_of(c).name for c in state.players[seat].hand]


@pytest.mark.parametrize("size", SIZES)
async def test_a_person_proposes_and_the_table_agrees(
    new_app: AppFactory, saves_dir: Path, size: tuple[int, int]
) -> None:
    people = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy")]
    session = on_a_turn(saves_dir, people)
    proposer = session.to_act
    assert proposer is not None
    others = [(proposer + 1) % 3, (proposer + 2) % 3]
    app = new_app(session=session)
    async with app.run_test(size=size) as pilot:
        await past_the_cover(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        assert command(app) is not None
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*"End by agreement")
        await pilot.pause(0.5)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        assert "End the game by agreement?" in picture_text(app)
        await pilot.press("y")
        for number, other in enumerate(others):
            await wait_until(pilot, lambda: isinstance(app.screen, AgreementAsk))
            ask = app.screen
            assert isinstance(ask, AgreementAsk)
            assert ask.player == people[other].name
            await wait_for(pilot, lambda: "do you agree?" in picture_text(app))
            shown = picture_text(app)
            name = people[proposer].name
            assert f"Pass to {people[other].name} — {name} proposes" in shown
            assert f"{people[other].name}, do you agree?" in shown
            # The cover shows public facts only: no card of any hand.
            for seat in range(3):
                for card in hand_words(session, seat):
                    assert card not in shown
            assert not session.is_over
            await pilot.press("y")
            if number == 0:
                await wait_until(pilot, lambda asked=ask: app.screen is not asked)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        assert "Ended by agreement: nobody wins." in picture_text(app)
        assert session.is_over and session.outcome().agreed
        assert isinstance(session.actions[-1], EndByAgreement)
        assert any(entry.text.startswith(AGREED) for entry in session.log)
    assert session.path is not None
    loaded = Session.load(session.path)
    assert loaded.is_over and loaded.outcome() == session.outcome()


async def test_a_person_proposes_and_another_declines(new_app: AppFactory, saves_dir: Path) -> None:
    people = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy")]
    session = on_a_turn(saves_dir, people)
    proposer = session.to_act
    assert proposer is not None
    moves = len(session.actions)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await past_the_cover(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        table = app.screen
        found = command(app)
        assert found is not None
        found.run()
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, AgreementAsk))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.pause()
        shown = picture_text(app)
        assert f"Pass to {people[proposer].name}" in shown
        assert "declines to end the game by agreement: play goes on." in shown
        await pilot.press("enter")
        await wait_until(pilot, lambda: app.screen is table)
        assert not session.is_over and len(session.actions) == moves
        assert session.to_act == proposer


async def test_a_bot_declines_and_says_why(new_app: AppFactory, saves_dir: Path) -> None:
    seats = [Seat(name="Ana"), Seat(name="Ben", bot="random"), Seat(name="Cy", bot="random")]
    session = on_a_turn(saves_dir, seats)
    moves = len(session.actions)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.pause()
        found = command(app)
        assert found is not None
        found.run()
        await wait_until(pilot, lambda: "decline" in messages(app))
        assert "Ben, Cy decline: the bots accept only once the deck" in messages(app)
        assert isinstance(app.screen, GameScreen)
        assert not session.is_over and len(session.actions) == moves
