"""Every key Root's hint line or action list offers works where the focus
is (issue 45, item 10): pressed with the Woodland focused, as after a
hand-off, each acts (a move made, a question or a choice opened, a move
begun), never "Not possible".

- At 120x40 the action list beside the map numbers the legal actions: the
  digits take them with the map focused, in a decision on the map too.
- The Eyrie's hint while adding to the Decree offers a card's digit and then
  its column, R M B U: the column dialog takes those letters.
- Over positions of every faction at 80x24 and 120x40, every key the hint
  names (Enter, N, M, T, R M B U, the digits) and every letter the footer
  shows is pressed and acts.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.faction import FACTIONS
from boardgames_tui.games.root.factions.eyrie.actions import AddToDecree
from boardgames_tui.games.root.model import RootState
from boardgames_tui.ui.root.dialogs import CardsDialog, ChoiceDialog
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.widgets import WoodlandView
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen
from tests.ui.helpers import wait_until

from .helpers import screen_of, state_of

AppFactory = Callable[..., BoardgamesApp]
SIZES = [(80, 24), (120, 40)]

#: Tables that between them seat all six factions.
TABLES = ("marquise,duchy", "eyrie,alliance", "vagabond,corvids")


def session_after(factions: str, seed: int, moves: int) -> Session:
    names = ["Ana", "Ben", "Cleo", "Dan"][: len(factions.split(","))]
    session = Session.new(
        "root",
        [Seat(name=n) for n in names],
        {"factions": factions, "seating": "chosen"},
        seed=seed,
        autosave=False,
    )
    bots = [RootBot(seed=seed + i) for i in range(len(names))]
    for _ in range(moves):
        seat = session.to_act
        if seat is None:
            break
        session.apply(bots[seat].choose(session.game, session.state))
    return session


def first_where(factions: str, seed: int, wanted: Callable[[RootState], bool]) -> int:
    """How many bot moves into the game ``wanted`` first holds."""
    session = session_after(factions, seed, 0)
    bots = [RootBot(seed=seed + i) for i in range(len(session.seats))]
    for count in range(400):
        if wanted(state_of(session)):
            return count
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.state))
    raise AssertionError("never reached")


async def at_the_woodland(app: BoardgamesApp, pilot: Pilot[Any]) -> RootScreen:
    """The screen after the hand-off, the Woodland focused."""
    # (a loaded machine may take its time to draw the first frame)
    for _ in range(300):
        if isinstance(app.screen, RootScreen | HandoffScreen):
            break
        await pilot.pause(0.1)
    assert isinstance(app.screen, RootScreen | HandoffScreen), app.screen_stack
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
    screen = await screen_of(app, pilot)
    await wait_until(pilot, lambda: screen.live and app.screen is screen, 30)
    assert isinstance(app.focused, WoodlandView), app.focused
    return screen


# --------------------------------------------------------- the digits
async def test_digits_take_the_numbered_list_with_the_map_focused(
    new_app: AppFactory,
) -> None:
    """The keep's corner (a decision on the map) at 120x40: the list beside
    the map numbers the corners; 2 takes the second with the map focused."""
    session = session_after("marquise,duchy", 1, 0)
    app = new_app(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await at_the_woodland(app, pilot)
        listed = screen.picker.actions
        assert len(listed) >= 2 and screen.check_action("take", ("choose", 2))
        await pilot.press("2")
        await wait_until(pilot, lambda: len(session.actions) == 1)
        assert session.actions == [listed[1]]


async def test_digits_at_80_columns_say_where_the_list_is(new_app: AppFactory) -> None:
    """At 80 columns the list is behind A: the digits are not offered on
    the map, and pressed they say why, taking nothing."""
    session = session_after("marquise,duchy", 1, 0)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_woodland(app, pilot)
        assert not screen.check_action("take", ("choose", 2))
        await pilot.press("2")
        await pilot.pause()
        assert session.actions == []
        await pilot.press("a", "2")
        await wait_until(pilot, lambda: len(session.actions) == 1)


# ------------------------------------------------ the Eyrie's columns
def adding_to_the_decree(state: RootState) -> bool:
    return bool(state.stack) and state.stack[-1].kind == "decree_card"


@pytest.mark.parametrize("letter", ["r", "m", "b", "u"])
async def test_the_column_dialog_takes_the_columns_letter(new_app: AppFactory, letter: str) -> None:
    count = first_where("eyrie,alliance", 1, adding_to_the_decree)
    session = session_after("eyrie,alliance", 1, count)
    app = new_app(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await at_the_woodland(app, pilot)
        assert "R M B U" in screen.hint_text()
        before = len(session.actions)
        await pilot.press("1")
        await wait_until(pilot, lambda: isinstance(app.screen, ChoiceDialog))
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog) and dialog.letters is not None
        offered = dialog.letters.keys
        if letter not in offered:
            pytest.skip(f"the first card may not go to the {letter.upper()} column")
        words = str(dialog.query_one("#choice-keys").render())
        assert letter.upper() in words.split(":")[0]
        await pilot.press(letter)
        await pilot.pause()
        if isinstance(app.screen, ConfirmDialog):  # (the card leaves the hand)
            await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) == before + 1)
        added = session.actions[-1]
        assert isinstance(added, AddToDecree)
        assert added.column == "rmbu".index(letter)


# --------------------------------------------- every key, every faction
def hint_keys(hint: str) -> list[str]:
    """The keys a hint line names: "Enter", letters ("N", "R M B U"), and
    digits ("1", "1-4": the first and the last)."""
    keys: list[str] = []
    for part in hint.split(" · "):
        label = part.removeprefix("Press ").split(":")[0].strip()
        if label == "Enter":
            keys.append("enter")
        elif re.fullmatch(r"[A-Z]( [A-Z])*", label):
            keys += [k.lower() for k in label.split()]
        elif re.fullmatch(r"\d", label):
            keys.append(label)
        elif m := re.fullmatch(r"(\d)-(\d)", label):
            keys += sorted({m.group(1), m.group(2)})
    return list(dict.fromkeys(keys))


def offered(screen: RootScreen) -> dict[str, bool]:
    """The keys of play offered now, each with whether it must act: the
    hint's and the list's numbers (when it is on screen) must; the footer's
    letters act at the cursor or say why not there."""
    keys = dict.fromkeys(hint_keys(screen.hint_text()), True)
    if not screen.picker_hidden and screen.picker.actions:
        keys["1"] = True
    for key, active in screen.active_bindings.items():
        binding = active.binding
        if binding.show and binding.action.startswith("take(") and len(key) == 1:
            keys.setdefault(key, False)
    return keys


def positions() -> list[tuple[str, int, int]]:
    """Positions of each table: each faction's first Daylight step the bots
    reach, and the first decision on the stack (an ambush, hits, a card
    to add), as (table, seed, moves)."""
    found: list[tuple[str, int, int]] = []
    for factions in TABLES:
        session = session_after(factions, 2, 0)
        bots = [RootBot(seed=2 + i) for i in range(len(session.seats))]
        seen: set[object] = set()
        for count in range(200):
            if session.is_over:
                break
            state = state_of(session)
            daylight = state.step in FACTIONS[state.turn].daylight_steps
            spot: object = "stack" if state.stack else (state.turn if daylight else None)
            if spot is not None and spot not in seen and state.setting_up < 0:
                seen.add(spot)
                found.append((factions, 2, count))
            seat = session.to_act
            assert seat is not None
            session.apply(bots[seat].choose(session.game, session.state))
    return found


def acted(app: BoardgamesApp, screen: RootScreen, moves: int, moving: int | None) -> bool:
    """The key did something: a move made, a question or a choice (or the
    cards) opened, a move begun or cancelled."""
    return (
        len(screen.session.actions) != moves
        or isinstance(app.screen, ChoiceDialog | ConfirmDialog | CardsDialog)
        or screen.moving_from != moving
    )


@pytest.mark.first(20)
@pytest.mark.parametrize("size", SIZES)
async def test_every_offered_key_acts_with_the_map_focused(
    new_app: AppFactory, size: tuple[int, int]
) -> None:
    tried: set[str] = set()
    for factions, seed, count in positions():
        done: set[str] = set()
        while True:
            session = session_after(factions, seed, count)
            app = new_app(session=session)
            async with app.run_test(size=size) as pilot:
                screen = await at_the_woodland(app, pilot)
                keys = offered(screen)
                todo = [k for k in keys if k not in done]
                if not todo:
                    break
                for key in todo:
                    done.add(key)
                    moves, moving = len(session.actions), screen.moving_from
                    hint, told = screen.hint_text(), len(app.told)
                    await pilot.press(key)
                    for _ in range(3):
                        await pilot.pause()
                    where = f"{factions} after {count} moves, {size}: {key!r} (hint {hint!r})"
                    said = [n.message for n in list(app.told)[told:]]
                    if keys[key]:
                        assert acted(app, screen, moves, moving), f"{where} did nothing: {said}"
                    else:
                        assert acted(app, screen, moves, moving) or said, f"{where}: nothing"
                    tried.add(key)
                    if len(session.actions) != moves:
                        break  # a move made: the next key on a fresh window
                    while app.screen is not screen:
                        await pilot.press("escape")
                        await pilot.pause()
                    if screen.moving_from is not None:
                        await pilot.press("escape")
                        await pilot.pause()
                else:
                    break
    # Enter, N and the digits at least were offered and pressed somewhere.
    assert {"enter", "n", "1"} <= tried, tried
