"""Helpers shared by the pilot tests of every game: waiting for the app,
starting on a game screen (past the hand-off cover), reading what the
terminal shows, and seeded bots playing a session forward.  Each game's
``tests/ui/<game>/helpers.py`` adds only what is its own (its positions,
the keys for its actions).  The README's pictures are made by scripts under
``docs/`` (no package), which ``docs_script`` loads for their tests."""

from __future__ import annotations

import html
import importlib.util
import io
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from rich.console import Console
from textual.geometry import Region
from textual.pilot import Pilot
from textual.screen import Screen

from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen

if TYPE_CHECKING:
    from boardgames_tui.app import BoardgamesApp
    from boardgames_tui.engine.bots.base import Bot
    from boardgames_tui.engine.session import Session

S = TypeVar("S", bound=Screen[Any])


# ---------------------------------------------------------------- waiting
async def wait_until(
    pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 5.0
) -> None:
    """Let the app run until ``condition()`` holds (bots move in threads)."""
    waited = 0.0
    while not condition():
        if waited >= timeout:
            raise AssertionError("timed out waiting for the app")
        await pilot.pause(0.02)
        waited += 0.02


async def wait_for(pilot: Pilot[Any], condition: Callable[[], bool], timeout: float = 5.0) -> bool:
    """Let the app run until ``condition()`` holds, at most ``timeout``
    seconds; whether it held.  For a test about to assert what a frame
    shows (the screen, the key bar): the frame after a key or a cover
    lifting may come later than one pause on a loaded machine.  The test
    then asserts the same thing, with its own message if it never came."""
    waited = 0.0
    while not condition():
        if waited >= timeout:
            return False
        await pilot.pause(0.02)
        waited += 0.02
    return True


async def yes_if_asked(pilot: Pilot[Any], done: Callable[[], bool]) -> bool:
    """After a key that may ask first (a step ended with something left
    undone): until ``done()``, answering yes to the question if one comes.
    True when it asked."""
    app = pilot.app
    await wait_until(pilot, lambda: done() or isinstance(app.screen, ConfirmDialog))
    if done():
        return False
    await pilot.press("y")
    await wait_until(pilot, done)
    return True


async def asks_then_ends(
    pilot: Pilot[Any], session: Session, screen: Screen[Any], key: str = "n"
) -> str:
    """``key`` that ends a step with something left undone: it asks first;
    Esc ("Keep playing") goes back to ``screen`` with nothing played; ``key``
    again and Y play the one move.  The question it asked."""
    app = pilot.app
    before = len(session.actions)
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    question = cast(ConfirmDialog, app.screen).question
    await pilot.press("escape")
    await wait_until(pilot, lambda: app.screen is screen)
    assert len(session.actions) == before
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(app.screen, ConfirmDialog))
    await pilot.press("y")
    await wait_until(pilot, lambda: len(session.actions) == before + 1)
    return question


async def settle(pilot: Pilot[Any], timeout: float = 3.0) -> None:
    """Let the app run until its screen stops changing.  A fixed pause is
    not enough on a loaded machine: a layout that follows a scrollbar coming
    or going can land after it."""
    last = None
    waited = 0.0
    while waited < timeout:
        await pilot.pause(0.05)
        waited += 0.05
        shot = pilot.app.export_screenshot()
        if shot == last:
            return
        last = shot


async def play_keys(pilot: Pilot[Any], session: Session, *keys: str) -> None:
    """Press keys and wait for the action they take."""
    before = len(session.actions)
    await pilot.press(*keys)
    await wait_until(pilot, lambda: len(session.actions) > before)
    await pilot.pause()


# ----------------------------------------------------- the game's screen
async def screen_of(app: BoardgamesApp, pilot: Pilot[Any], kind: type[S]) -> S:
    """The screen of class ``kind``, once it is the top screen."""
    await wait_until(pilot, lambda: isinstance(app.screen, kind))
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


async def on_the_table(pilot: Pilot[Any], kind: type[Screen[Any]] | None = None) -> None:
    """Until the game screen (of class ``kind``, any game's by default) is
    on top and has drawn (a snapshot's ``run_before``)."""
    shown = kind or GameScreen
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, shown))
    await pilot.pause()
    await pilot.pause()


async def past_the_cover(pilot: Pilot[Any]) -> None:
    """Until the hand-off cover is up, then lift it with Enter and wait
    until it is gone (the cover must come: a test that calls this expects
    one)."""
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandoffScreen))
    await pilot.press("enter")
    await wait_until(pilot, lambda: not isinstance(pilot.app.screen, HandoffScreen))


async def lifted(app: BoardgamesApp, pilot: Pilot[Any], kind: type[S]) -> S:
    """The screen of class ``kind`` once it has drawn, the hand-off cover
    lifted with Enter first if one comes (games with hidden hands)."""
    await wait_until(pilot, lambda: isinstance(app.screen, kind | HandoffScreen))
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, kind))
    await pilot.pause()
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


async def leave_game(pilot: Pilot[Any]) -> None:
    """Esc on a game screen with nothing open, and Leave to the question it
    asks (every game screen asks before leaving for the menu)."""
    await pilot.press("escape")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmDialog))
    await pilot.press("y")


# ------------------------------------------------------ what is on screen
def messages(app: BoardgamesApp) -> str:
    """The app's notifications now, a line each."""
    return "\n".join(n.message for n in app.notes)


def screen_lines(app: Any, *, without: Sequence[Region] = ()) -> list[str]:
    """Every row the top screen draws now, as plain text; the cells of the
    regions ``without`` blanked.  (The one place the tests read Textual's
    compositor.)"""
    strips = app.screen._compositor.render_strips()
    return blanked([strip.text for strip in strips], without)


def blanked(lines: Sequence[str], regions: Sequence[Region]) -> list[str]:
    """``lines`` (a screen's rows) with the cells of ``regions`` blanked: a
    test that reads the screen whole and without a panel draws it once."""
    out = []
    for y, line in enumerate(lines):
        row = list(line)
        for region in regions:
            if region.y <= y < region.bottom:
                for x in range(region.x, min(region.right, len(row))):
                    row[x] = " "
        out.append("".join(row))
    return out


def screen_text(app: Any, *, without: Sequence[Region] = ()) -> str:
    """:func:`screen_lines` as one text, a line a row."""
    return "\n".join(screen_lines(app, without=without))


def footer_text(app: Any) -> str:
    """The key bar's rows of the top screen (one or two at the bottom),
    joined by a space."""
    from boardgames_tui.ui.widgets.keybar import KeyBar

    bars = [bar for bar in app.screen.query(KeyBar) if bar.display]
    rows = max([1, *(bar.size.height for bar in bars)])
    return " ".join(screen_lines(app)[-rows:])


def picture_text(app: Any) -> str:
    """Every line of the whole picture, modal screens over the table
    included, as plain text (from the screenshot SVG)."""
    svg = app.export_screenshot()
    rows: dict[str, list[tuple[float, str]]] = {}
    for match in re.finditer(
        r'<text[^>]*x="([0-9.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>([^<]*)</text>',
        svg,
    ):
        x, line, text = match.groups()
        rows.setdefault(line, []).append((float(x), html.unescape(text).replace("\xa0", " ")))
    return "\n".join(
        "".join(t for _, t in sorted(rows[k])) for k in sorted(rows, key=lambda k: int(k))
    )


def hint(screen: Screen[Any]) -> str:
    """The game screen's hint line."""
    return str(screen.query_one("#hint").render())


def plain(renderable: object) -> str:
    """A Rich renderable as plain text, 200 columns wide."""
    console = Console(width=200, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def widget_sizes(screen: Screen[Any]) -> dict[str, tuple[int, int]]:
    """The size of every widget with an id on ``screen``."""
    return {
        widget.id: (widget.region.width, widget.region.height)
        for widget in screen.query("*")
        if widget.id
    }


# ------------------------------------------------------------- positions
def played_by(session: Session, bots: Sequence[Bot], moves: int) -> Session:
    """``session`` after ``moves`` actions, each chosen by the bot of the
    seat to act (fewer if the game ends first)."""
    for _ in range(moves):
        seat = session.to_act
        if seat is None:
            break
        session.apply(bots[seat].choose(session.game, session.state))
    return session


# ------------------------------------------------------- the docs' scripts
#: The checkout's root.
ROOT = Path(__file__).resolve().parents[2]


def docs_script(name: str) -> ModuleType:
    """``docs/<name>``, loaded as the script it is (docs/ is no package)."""
    path = ROOT / "docs" / name
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
