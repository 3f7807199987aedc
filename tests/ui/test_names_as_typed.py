"""A player's name is shown as typed, never read as markup: ``[b]Ben``
shows its brackets, and ``[/]Zed`` (markup with nothing to close) once
stopped the app when the prompt first named that player."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from boardgames_tui.app import make_app
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.screens.setup import SetupScreen

NAMES = ["[/]Zed", "[b]Ben", "[red]Cy[/red]", "Di [i]"]
PLAYERS = {"underwing": 2, "incubation": 2, "tyrants": 2, "root": 2}


def shown(widget: Static) -> str:
    return str(widget.render())


def to_act(session: Session) -> str:
    seat = session.to_act
    assert seat is not None
    return session.seats[seat].name


@pytest.mark.parametrize("game", sorted(PLAYERS))
async def test_the_prompt_and_a_note_name_a_player_as_typed(game: str, tmp_path: Path) -> None:
    seats = [Seat(name=name) for name in NAMES[: PLAYERS[game]]]
    session = Session.new(game, seats, seed=3, autosave=False)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        name = to_act(session)
        if isinstance(app.screen, HandoffScreen):  # hidden hands: passed first
            assert f"Pass to {name}" in shown(app.screen.query_one("#handoff-name", Static))
            await pilot.press("enter")
            await pilot.pause()
        prompt = app.screen.query_one("#prompt", Static)
        assert name in shown(prompt)
        app.screen.notify(f"{name} to play", title=name)
        await pilot.pause()
        await pilot.pause()
        (note,) = [n for n in app.notes if n.title == name]
        assert note.message == f"{name} to play" and not note.markup
        assert not app.crashes and app.is_running


async def test_every_seat_is_named_as_typed_in_turn(tmp_path: Path) -> None:
    """Each name in turn: play until the other seat is to act."""
    seats = [Seat(name=name) for name in NAMES[:2]]
    session = Session.new("underwing", seats, seed=3, autosave=False)
    app = make_app(tmp_path, session=session, seed=1, bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        named: set[str] = set()
        for _ in range(40):
            screen = app.screen
            assert isinstance(screen, GameScreen)
            named.add(to_act(session))
            assert to_act(session) in shown(screen.query_one("#prompt", Static))
            if len(named) == 2:
                break
            screen.play(session.legal_actions()[0])
            await pilot.pause()
        assert named == set(NAMES[:2])
        assert not app.crashes


def test_every_static_and_label_the_screens_make_is_plain_text() -> None:
    """The fix holds for text added later: every Static and Label the UI
    makes says ``markup=False`` (Textual reads their text as markup
    otherwise, and names and save paths go into them)."""
    ui = Path(__file__).parents[2] / "boardgames_tui" / "ui"
    unmarked = []
    for source in sorted(ui.rglob("*.py")):
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name not in ("Static", "Label"):
                continue
            plain = any(
                k.arg == "markup" and isinstance(k.value, ast.Constant) and k.value.value is False
                for k in node.keywords
            )
            if not plain:
                unmarked.append(f"{source.relative_to(ui)}:{node.lineno}")
    assert unmarked == []
    assert len(list(ui.rglob("*.py"))) > 20  # the walk found the screens


@pytest.mark.parametrize("game", ["incubation", "underwing"])
async def test_names_typed_in_the_setup_screen_start_the_game(game: str, tmp_path: Path) -> None:
    """The way a table meets it: names typed into the setup screen (which
    lists them again in options naming a seat, such as Incubation's first
    player), then F2."""
    from tests.ui.helpers import lifted, wait_until
    from tests.ui.test_started_from_menu import CHOOSE

    app = make_app(tmp_path, seed=1, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        await pilot.press(*CHOOSE[game])
        await pilot.pause()
        for index, name in enumerate(NAMES[:2]):
            app.screen.query_one(f"#name-{index}", Input).value = name
            await pilot.pause()
        assert not app.crashes and isinstance(app.screen, SetupScreen)
        await pilot.press("f2")
        screen = await lifted(app, pilot, GameScreen)
        assert [seat.name for seat in screen.session.seats] == NAMES[:2]
        assert to_act(screen.session) in shown(screen.query_one("#prompt", Static))
        assert not app.crashes
