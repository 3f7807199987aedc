"""The advice on the game screen: ``?`` thinks in a worker, then lists the
search's moves; Escape stops the worker; Enter plays the move as the
person's own and the log marks it; the table's setting turns it off; no
advice for a bot's seat or behind a hand-off; every game's own screen."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import advice as engine_advice
from boardgames_tui.engine.advice import Advice, AdviceCancelled
from boardgames_tui.engine.game import GameState, Seat
from boardgames_tui.engine.session import ADVISED, Session
from boardgames_tui.ui.screens.advice import THINKING, AdviceDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_advice import ADVICE_OFF
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets import ActionPicker, GameLog
from tests.ui.helpers import wait_until

AppFactory = Callable[..., BoardgamesApp]


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "advice_playouts", 16)


def messages(app: BoardgamesApp) -> str:
    return "\n".join(n.message for n in app.notes)


def tally(saves_dir: Path, bot: str | None = None) -> Session:
    return Session.new(
        "tally",
        [Seat(name="Ana"), Seat(name="Ben", bot=bot)],
        {"rounds": 3},
        seed=4,
        saves_dir=saves_dir,
    )


def gated(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The advice's search waits for the returned event before it answers."""
    gate = threading.Event()
    real = engine_advice.advise

    def waiting(*args: Any, **kwargs: Any) -> Advice:
        assert gate.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine_advice, "advise", waiting)
    return gate


async def test_question_mark_thinks_then_lists_and_enter_plays_the_move_marked(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = gated(monkeypatch)
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, AdviceDialog))
        dialog = app.screen
        assert isinstance(dialog, AdviceDialog)
        note = dialog.query_one("#advice-note", Static)
        assert str(note.render()) == THINKING
        assert not dialog.query_one("#advice-list", ActionPicker).display
        gate.set()
        await wait_until(pilot, lambda: dialog.advice is not None)
        advice = dialog.advice
        assert advice is not None and advice.playouts > 0
        picker = dialog.query_one("#advice-list", ActionPicker)
        assert picker.display and picker.option_count == len(advice.suggestions)
        shown = str(picker.get_option_at_index(0).prompt)
        first = advice.suggestions[0]
        assert first.words in shown and "% of the search" in shown
        assert session.actions == []  # it never moves by itself
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) == 1)
        assert isinstance(app.screen, GameScreen)
        assert session.actions[0] == first.action
        assert session.advised == {0}
        log = app.screen.query_one("#log", GameLog)
        await wait_until(pilot, lambda: any(ADVISED in e.text for e in log.shown))
        # Saved as any move of the person's, with its mark.
        await wait_until(pilot, lambda: not session.save_pending)
        assert session.path is not None
        assert Session.load(session.path).advised == {0}


async def test_escape_cancels_the_search(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stopped = threading.Event()

    def until_cancelled(*args: Any, cancelled: Callable[[], bool], **kwargs: Any) -> Advice:
        while not cancelled():
            threading.Event().wait(0.01)
        stopped.set()
        raise AdviceCancelled

    monkeypatch.setattr(engine_advice, "advise", until_cancelled)
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, AdviceDialog))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await wait_until(pilot, stopped.is_set)
        assert session.actions == []


async def test_the_setting_turns_advice_off_for_the_table(
    new_app: AppFactory, saves_dir: Path
) -> None:
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        names = [c.name for c in screen.game_commands()]
        assert "What would the bot do?" in names and "Turn advice off" in names
        off = next(c for c in screen.game_commands() if c.name == "Turn advice off")
        off.run()
        await pilot.pause()
        assert session.advice_on is False
        assert session.path is not None
        assert Session.load(session.path).advice_on is False  # kept in the save
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, AdviceDialog)
        assert ADVICE_OFF in messages(app)
        assert "Turn advice on" in [c.name for c in screen.game_commands()]


async def test_no_advice_while_a_bot_is_to_move(new_app: AppFactory, saves_dir: Path) -> None:
    session = tally(saves_dir, bot="random")
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.thinking = 1  # as while the bot's worker runs
        await pilot.press("question_mark")
        await pilot.pause()
        assert not isinstance(app.screen, AdviceDialog)
        assert "advice is for the person deciding" in messages(app)


# ------------------------------------------------------ the games' screens
PEOPLE = {"underwing": 2, "incubation": 2, "tyrants": 2, "root": 2}


@pytest.mark.parametrize("game_id", ["underwing", "incubation", "tyrants", "root"])
async def test_each_games_screen_advises_the_person_deciding(
    game_id: str, new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[GameState, int]] = []
    real = engine_advice.advise

    def spying(game: Any, view: GameState, seat: int, **kwargs: Any) -> Advice:
        seen.append((view, seat))
        return real(game, view, seat, **kwargs)

    monkeypatch.setattr(engine_advice, "advise", spying)
    session = Session.new(
        game_id,
        [Seat(name=n) for n in ("Ana", "Ben")[: PEOPLE[game_id]]],
        seed=2,
        saves_dir=saves_dir,
    )
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(
            pilot, lambda: isinstance(app.screen, GameScreen | HandoffScreen), timeout=10
        )
        if isinstance(app.screen, HandoffScreen):
            # Behind the hand-off nobody is offered advice.
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HandoffScreen)
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: screen.live)
        seat = session.to_act
        assert seat is not None
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(app.screen, AdviceDialog))
        dialog = app.screen
        assert isinstance(dialog, AdviceDialog)
        await wait_until(pilot, lambda: dialog.advice is not None, timeout=20)
        assert dialog.advice is not None
        legal = session.legal_actions()
        assert all(s.action in legal for s in dialog.advice.suggestions)
        # The search read the deciding seat's view, not the whole state.
        ((view, asked),) = seen
        assert asked == seat
        assert session.game.dump_state(view) == session.game.dump_state(
            session.game.view(session.state, seat)
        )
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert session.actions == []
