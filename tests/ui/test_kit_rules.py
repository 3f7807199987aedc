"""What the stylesheet's rules read (``ui/kit/rules.py``), and what it spares
(issue 49: focus moves and panels that change nothing visible restyle
nothing): a panel's class restyles only the parts the rules reading it
style, at the screen's other classes; a board part taking the focus is
restyled only when a rule reads its focus."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.css.parse import parse_selectors
from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.kit.rules import compound_may_match, compounds, focus_restyles
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen
from boardgames_tui.ui.widgets.game_log import GameLog
from tests.ui.helpers import wait_for, wait_until

SCREEN = {"UnderwingScreen", "GameScreen", "Screen"}


def parts(selector: str) -> list[list[str]]:
    """The compounds of ``selector`` as their simple selectors' css."""
    (selectors,) = parse_selectors(selector)
    return [[s.css for s in compound] for compound in compounds(selectors.selectors)]


def may_match(selector: str, toggled: set[str], others: set[str]) -> list[bool]:
    (selectors,) = parse_selectors(selector)
    return [
        compound_may_match(c, toggled, frozenset(others), SCREEN, None)
        for c in compounds(selectors.selectors)
    ]


def test_a_selector_is_read_compound_by_compound() -> None:
    assert parts("UnderwingScreen.-narrow.-show-picker #actions") == [
        ["UnderwingScreen", ".-narrow", ".-show-picker"],
        ["#actions"],
    ]
    assert parts("#log:focus") == [["#log:focus"]]


def test_a_class_toggled_matters_only_with_the_others_the_rule_names() -> None:
    rule = "UnderwingScreen.-narrow.-show-picker #actions"
    # Wide: the rule needs -narrow, which the screen has not.
    assert may_match(rule, {"-show-picker"}, {"-wide"}) == [False, False]
    assert may_match(rule, {"-show-picker"}, {"-narrow"}) == [True, False]
    # Another screen's rule, or a rule that does not read the class.
    assert may_match("TyrantsScreen.-show-picker #cards", {"-show-picker"}, set()) == [
        False,
        False,
    ]
    assert may_match("UnderwingScreen.-narrow #side", {"-show-picker"}, {"-narrow"}) == [
        False,
        False,
    ]


async def game_screen(app: BoardgamesApp, pilot: Pilot[BoardgamesApp]) -> GameScreen:
    """The game's screen, a hand-off that covers it at the start lifted."""
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen | HandoffScreen))
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def session_of(game: str, players: int) -> Session:
    seats = [Seat(name=name) for name in ("Ana", "Ben", "Cy", "Dee")[:players]]
    return Session.new(game, seats, seed=3, autosave=False)


@pytest.mark.parametrize(
    ("game", "players", "size", "restyled"),
    [
        # Every panel shows at once: the list's class styles nothing.
        ("underwing", 4, (120, 40), ()),
        # The list, in the side, lies over the board (which the class does
        # not style: it stays laid out beneath) and takes the players'
        # place: the side and those parts.
        ("underwing", 4, (80, 24), ("actions", "mats-scroll", "side")),
        # The list takes the cards' place at every width: those two only.
        ("tyrants", 4, (120, 40), ("actions", "cards")),
    ],
    ids=["underwing-wide", "underwing-crowded", "tyrants"],
)
async def test_opening_the_list_restyles_what_the_rules_reading_it_style(
    game: str,
    players: int,
    size: tuple[int, int],
    restyled: tuple[str, ...] | None,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
) -> None:
    app = new_app(session=session_of(game, players))
    async with app.run_test(size=size) as pilot:
        screen = await game_screen(app, pilot)
        assert screen.panels._restyled_by({"-show-picker"}) == restyled
        # And the list does show, and go, as the stylesheet says.
        await pilot.press("a")
        # (laid out in the frame after the key: waited for)
        await wait_for(pilot, lambda: screen.picker.display and screen.picker.region.area > 0)
        assert screen.picker.display and screen.picker.region.area > 0
        await pilot.press("escape")
        await pilot.pause()
        assert screen.panels.open is None


async def test_a_part_is_restyled_by_its_focus_only_where_a_rule_reads_it(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path
) -> None:
    app = new_app(session=session_of("tyrants", 4))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await game_screen(app, pilot)
        # Tyrants' map shows its focus as its cursor; the log by its border.
        assert not focus_restyles(screen.query_one("#map"))
        assert focus_restyles(screen.query_one("#log", GameLog))
