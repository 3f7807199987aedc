"""The advice on the game screen: ``?`` thinks in a worker, then lists the
search's moves; Escape stops the worker; Enter plays the move as the
person's own and the log marks it; the table's setting turns it off; no
advice for a bot's seat or behind a hand-off; every game's own screen."""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Label, Static

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import advice as engine_advice
from boardgames_tui.engine.advice import Advice, AdviceCancelled
from boardgames_tui.engine.game import GameState, Seat
from boardgames_tui.engine.session import ADVISED, Session
from boardgames_tui.ui.screens.advice import FAILED, THINKING, AdviceDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.game_advice import ADVICE_OFF
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets import ActionPicker, GameLog
from tests.ui.helpers import messages, picture_text, wait_until

AppFactory = Callable[..., BoardgamesApp]


@pytest.fixture(autouse=True)
def small_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameScreen, "advice_playouts", 16)


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


async def asked(app: BoardgamesApp, pilot: Pilot[Any]) -> AdviceDialog:
    """``?`` on the game screen, once it is up: the advice dialog."""
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    await pilot.press("question_mark")
    await wait_until(pilot, lambda: isinstance(app.screen, AdviceDialog))
    dialog = app.screen
    assert isinstance(dialog, AdviceDialog)
    return dialog


async def test_question_mark_thinks_then_lists_and_enter_plays_the_move_marked(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = gated(monkeypatch)
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await asked(app, pilot)
        note = dialog.query_one("#advice-note", Static)
        assert str(note.render()) == THINKING
        assert not dialog.query_one("#advice-list", ActionPicker).display
        gate.set()
        await wait_until(pilot, lambda: dialog.advice is not None)
        advice = dialog.advice
        assert advice is not None and advice.playouts > 0
        picker = dialog.query_one("#advice-list", ActionPicker)
        assert picker.display and picker.option_count == len(advice.suggestions)
        # (read as words: the prompt may be wrapped for the width it was drawn at)
        shown = " ".join(str(picker.get_option_at_index(0).prompt).split())
        first = advice.suggestions[0]
        assert first.words in shown and first.rating in shown
        assert first.rating.startswith("tried in ") and " playouts" in first.rating
        # As many digits offered as moves listed.
        count = len(advice.suggestions)
        keys = str(dialog.query_one("#advice-keys", Label).render())
        assert f"Enter or {'1' if count == 1 else f'1-{count}'}: play it" in keys
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
        dialog = await asked(app, pilot)
        await wait_until(pilot, lambda: dialog.advice is not None, timeout=20)
        assert dialog.advice is not None
        legal = session.legal_actions()
        assert all(s.action in legal for s in dialog.advice.suggestions)
        # The search read the deciding seat's view, not the whole state.
        ((view, advised),) = seen
        assert advised == seat
        assert session.game.dump_state(view) == session.game.dump_state(
            session.game.view(session.state, seat)
        )
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is screen)
        assert session.actions == []


# ------------------------------------------------------- the dialog's words
async def test_the_board_stays_in_sight_and_the_keys_match_the_moves_listed(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 45: the dialog blanked the board behind it, and offered "1-3"
    over two moves.  Two moves listed: "1-2", and the table stays visible
    (dimmed) around the dialog, as behind the game's other dialogs."""
    real = engine_advice.advise

    def two(*args: Any, **kwargs: Any) -> Advice:
        found = real(*args, **kwargs)
        assert len(found.suggestions) >= 2
        return dataclasses.replace(found, suggestions=found.suggestions[:2])

    monkeypatch.setattr(engine_advice, "advise", two)
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        behind = screen.query_one("#game-title", Static)
        title = str(behind.render()).strip()
        assert title and title in picture_text(app)
        dialog = await asked(app, pilot)
        await wait_until(pilot, lambda: dialog.advice is not None)
        await pilot.pause()
        keys = str(dialog.query_one("#advice-keys", Label).render())
        assert "Enter or 1-2: play it" in keys and "1-3" not in keys
        shown = picture_text(app)
        assert title in shown  # the table, behind the dialog
        assert "What would the bot do?" in shown


async def test_a_fault_in_the_search_is_told_in_a_sentence(
    new_app: AppFactory, saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never a Python message on screen: the dialog says the search could
    not advise, and the game goes on untouched."""

    def failing(*args: Any, **kwargs: Any) -> Advice:
        raise ValueError("zip() argument 2 is longer than argument 1")

    monkeypatch.setattr(engine_advice, "advise", failing)
    session = tally(saves_dir)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await asked(app, pilot)
        await wait_until(pilot, lambda: dialog.error is not None)
        await pilot.pause()
        assert str(dialog.query_one("#advice-note", Static).render()) == FAILED
        assert "zip()" in (dialog.error or "")
        assert "zip()" not in picture_text(app) and "ValueError" not in picture_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert session.actions == []


async def test_underwing_advice_for_ben_offers_only_bens_own_moves(
    new_app: AppFactory, saves_dir: Path
) -> None:
    """Issue 45: in a game of three people the dialog "for Ben" listed
    "Cleo offers a trade to Ana", and following the advice opened a trade
    and called it off, round and round.  Now it lists only Ben's moves, no
    trade opening (it says that is left to him), and the move played on
    advice is logged in its own words."""
    from boardgames_tui.engine.bots import get_bot
    from boardgames_tui.games.underwing.actions import OfferTrade

    session = Session.new(
        "underwing",
        [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cleo")],
        seed=4,
        saves_dir=saves_dir,
    )
    greedy = get_bot("greedy", seed=4, game=session.game)
    game = session.game

    def others_may_offer() -> bool:
        seat = session.to_act
        return seat == 1 and any(
            isinstance(a, OfferTrade) and game.actor(session.state, a) != seat
            for a in session.legal_actions()
        )

    for _ in range(300):
        if others_may_offer():
            break
        legal = [a for a in session.legal_actions() if not isinstance(a, OfferTrade)]
        session.apply(greedy.pick(game, session.state, legal))
    else:
        raise AssertionError("Ben never decided while another could open a trade")
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await wait_until(pilot, lambda: screen.live)
        dialog = await asked(app, pilot)
        assert "(for Ben)" in str(dialog.query_one("#advice-title", Label).render())
        await wait_until(pilot, lambda: dialog.advice is not None, timeout=20)
        advice = dialog.advice
        assert advice is not None
        for s in advice.suggestions:
            assert game.actor(session.state, s.action) == 1, s.words
            assert not isinstance(s.action, OfferTrade), s.words
        assert "Opening a trade is left to you" in advice.note
        count = len(session.actions)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(session.actions) == count + 1)
        line = next(e.text for e in session.log if e.action_index == count)
        assert line.endswith(ADVISED) and "moved (on advice)" not in line
