"""Underwing solo in the shell: the new-game screen starts a solo game with
one player, and a solo game is played with keys to its title screen."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Select

from boardgames_tui.app import make_app
from boardgames_tui.engine.game import Action, Seat, copy_state
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import AssignEgg, Pass, Place
from boardgames_tui.games.underwing.model import UnderwingState
from boardgames_tui.games.underwing.score import solo_title
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.gameover import GameOverScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.setup import SeatRow, SetupScreen
from boardgames_tui.ui.widgets import ActionPicker
from tests.ui.helpers import wait_until

#: A seed whose game, played by :func:`choice`, lasts all twelve rounds, grows
#: the grounds to 4x3 and wins the first epithet (The Master Eggsecutioner, 78
#: points).
SEED = 2


async def test_the_setup_screen_starts_a_solo_game(saves_dir: Path) -> None:
    app = make_app(saves_dir=saves_dir, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(100, 32)) as pilot:
        menu = app.screen
        assert isinstance(menu, MainMenuScreen)
        await app.push_screen(SetupScreen(app.settings, "underwing"), callback=menu.open_game)
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.game_id == "underwing"
        players = setup.query_one("#players", Select)
        assert players.value == 2
        players.focus()
        await pilot.press("enter", "up", "enter")  # from 2 players to 1
        await pilot.pause()
        assert players.value == 1
        assert len(setup.query(SeatRow)) == 1
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        state = screen.session.state
        assert isinstance(state, UnderwingState) and state.solo
        assert screen.session.to_act == 0
        # setup's own events open the log: the Wild Forces drew first
        log = [e.text for e in screen.session.log]
        assert any(t.startswith("The Wild Forces draw first") for t in log)


def choice(state: UnderwingState, actions: list[Action]) -> int:
    """What a careful player would pick among the picker's actions: claim an
    egg, else pass; place on a claimed egg, else where no unclaimed egg is
    completed; otherwise the first choice."""
    claims = [i for i, a in enumerate(actions) if isinstance(a, AssignEgg)]
    if claims:
        return claims[0]
    if Pass() in actions:
        return actions.index(Pass())
    safe: list[int] = []
    for i, a in enumerate(actions):
        if not isinstance(a, Place):
            continue
        slot = state.grounds[a.slot]
        if slot.claimant == 0:
            return i
        test = copy_state(slot)
        test.with_space(a.space, (*test.fill[a.space], *a.crystals))
        if not test.complete:
            safe.append(i)
    return safe[0] if safe else 0


async def test_a_solo_game_played_with_keys_to_its_title(saves_dir: Path) -> None:
    session = Session.new("underwing", [Seat(name="Ana")], seed=SEED, saves_dir=saves_dir)
    app = make_app(saves_dir=saves_dir, session=session, bot_delay=0)
    app.animation_level = "none"
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(400):
            await wait_until(
                pilot,
                lambda: (
                    isinstance(app.screen, GameOverScreen)
                    or (
                        isinstance(app.screen, GameScreen)
                        and bool(app.screen.query_one("#actions", ActionPicker).actions)
                    )
                ),
            )
            if isinstance(app.screen, GameOverScreen):
                break
            picker = app.screen.query_one("#actions", ActionPicker)
            if app.focused is not picker:
                await pilot.press("a")  # the Underwing screen keeps its picker behind A
                await pilot.pause()
            assert app.focused is picker
            state = session.state
            assert isinstance(state, UnderwingState)
            assert session.to_act == 0  # the Wild Forces never take a turn
            index = choice(state, picker.actions)
            before = len(session.actions)
            if 0 < index < 9:
                await pilot.press(str(index + 1))  # the picker's digits
            else:
                await pilot.press(*(["down"] * index), "enter")

            def played(n: int = before + 1) -> bool:
                return len(session.actions) == n

            await wait_until(pilot, played)
        assert isinstance(app.screen, GameOverScreen)
        assert session.is_over
        state = session.state
        assert isinstance(state, UnderwingState)
        assert not state.doom and state.round == 12
        # this game grants three handlers: the grounds grew 3x2, 3x3, 4x3 on screen
        assert (state.cols, state.rows) == (4, 3)
        outcome = session.outcome()
        summary = str(app.screen.query_one("#gameover-summary").render())
        assert outcome.summary in summary
        title = solo_title(outcome.results[0].score)
        assert summary.startswith(f"Ana wins as {title} with {outcome.results[0].score} points.")
        assert title == "The Master Eggsecutioner" and outcome.winners == [0]
        winners = str(app.screen.query_one("#gameover-winners").render())
        assert winners == "★ Ana wins the solo game"
        log = "\n".join(e.text for e in session.log)
        assert "The Wild Forces place" in log and "Hatching Day is over." in log
        assert GAME.outcome(state).summary == outcome.summary
