"""The map keeps the room its layout is drawn and tested for, whatever the
table (issue 52): the factions' places off the map share the one line under
it, side by side, so no faction mix takes a row from the boxes (a line each
took one each: at 80x24 a second place off the map left the boxes 11 rows,
where the paths cross on Autumn and the Lake).

Of the factions in the package only the Duchy has a place off the map (the
Burrow; the Vagabond's places are the forests, on the map), so a table of
them has one at most; the Warrens, written here and registered through the
public registration, have two, and sit at the table beside the Duchy.  The
rooms are read from the screen itself at 80x24 and 120x40, and the layout
drawn there is checked as :mod:`.test_map_drawing` checks its rooms."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from typing import Any, ClassVar

import pytest
from rich.text import Text

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.faction import FACTIONS, register, unregister
from boardgames_tui.games.root.factions.duchy import BURROW
from boardgames_tui.games.root.woodland import MAPS, woodland
from boardgames_tui.ui.root.faction_ui import FactionScreen, register_screen, unregister_screen
from boardgames_tui.ui.root.screen import RootScreen
from boardgames_tui.ui.root.widgets import WoodlandView, below, forest_places, map_layout, step
from tests.games.root.hares import Hares
from tests.ui.helpers import lifted, screen_text

from .helpers import state_of
from .test_map_drawing import ROOMS_80, ROOMS_120, drawn_clean

WARRENS = 93
#: The Warrens' two dens, off the map (numbers no map and no faction uses).
DENS = (25, 26)


class Warrens(Hares):
    """The Hares with two dens off the map (they play as the Hares do)."""

    number = WARRENS
    key = "warrens"
    name = "Test Warrens"
    short = "Warrens"
    letter = "J"
    mark = "W"
    colour = "#c0a060"
    ruler_word = "warrens"
    off_map = DENS
    daylight_steps = ("warren_hop",)
    setup_steps = ("warren_corner",)
    step_done: ClassVar[dict[str, str]] = {"warren_hop": "Stop hopping"}
    step_prompts: ClassVar[dict[str, str]] = {"warren_hop": "Hop: move, battle or recruit."}


class WarrensScreen(FactionScreen):
    key = "warrens"

    def place_line(self, drawing: Any, board: Any, place: int) -> Text | None:
        return Text(f"{'▶' if board.cursor == place else ' '} Den {place}: the Warrens' own")


@contextmanager
def warrens() -> Iterator[None]:
    """The Warrens and their screen part registered for the length of a test."""
    register(Warrens())
    register_screen(WarrensScreen())
    try:
        yield
    finally:
        unregister_screen(WARRENS)
        unregister(WARRENS)


# ------------------------------------------------------------ the layout
@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("size", [ROOMS_80[0], ROOMS_120[0]], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_places_off_the_map_share_the_line_under_it(map_id: str, size: tuple[int, int]) -> None:
    """Two to four places off the map: the boxes where they are with one
    (the layout tested at every room), the places side by side on the last
    line, each found by the mouse in its share of it and by the arrows
    across it (up to the map, down from the map's lowest clearings)."""
    board = woodland(map_id)
    width, height = size
    one = map_layout(board, width, height, (BURROW,))
    for places in ((BURROW, *DENS[:1]), (BURROW, *DENS), (BURROW, *DENS, 27)):
        layout = map_layout(board, width, height, places)
        assert (layout.box_w, layout.box_h, layout.boxes) == (one.box_w, one.box_h, one.boxes)
        assert layout.below_y == height - 1
        found = [layout.box_at(x, height - 1) for x in range(width)]
        assert [p for i, p in enumerate(found) if i == 0 or p != found[i - 1]] == list(places)
        assert min(found.count(p) for p in places) >= width // len(places)
        for i, place in enumerate(places):
            left = step(board, place, "left", places)
            right = step(board, place, "right", places)
            assert left == (places[i - 1] if i else None), (place, left)
            assert right == (places[i + 1] if i + 1 < len(places) else None), (place, right)
            assert step(board, place, "up", places) in board.numbers
            assert step(board, place, "down", places) is None
        lowest = max(board.clearings, key=lambda c: c.position[1]).number
        assert step(board, lowest, "down", places) in places


def test_no_table_takes_a_row_from_the_map() -> None:
    """Every table of two to four of the package's factions, and of them
    with the Warrens, on every map: its places off the map (none, the
    Burrow, the Warrens' two dens, or all three) leave the boxes where they
    are at the smallest room the screen gives at 80x24."""
    width, height = ROOMS_80[0]
    tested = {m: map_layout(woodland(m), width, height, (BURROW,)).boxes for m in MAPS}
    counts: set[int] = set()
    with warrens():
        keys = [f.key for f in FACTIONS.values()]
        for seats in (2, 3, 4):
            for mix in combinations(keys, seats):
                for map_id in MAPS:
                    names = [Seat(name=f"P{i}") for i in range(seats)]
                    options = {"factions": ",".join(mix), "map": map_id}
                    state = GAME.setup(names, options, 1)
                    places = below(state)
                    counts.add(len(places))
                    layout = map_layout(state.woodland, width, height, places, forest_places(state))
                    assert layout.boxes == tested[map_id], (mix, map_id)
                    assert layout.below == places
    assert counts == {0, 1, 2, 3}


# ------------------------------------------------------------ the screen
def table(factions: str, map_id: str) -> Session:
    """A table of the ``factions`` on ``map_id``, its setup played by the
    first choice each time."""
    count = len(factions.split(","))
    seats = [Seat(name=n) for n in ("Ana", "Ben", "Cy", "Di")[:count]]
    options = {"factions": factions, "map": map_id, "seating": "chosen"}
    session = Session.new("root", seats, options, seed=2, autosave=False)
    while state_of(session).setting_up >= 0:
        session.apply(session.legal_actions()[0])
    return session


@pytest.mark.parametrize(
    ("size", "factions", "map_id"),
    [
        ((80, 24), "duchy,warrens", "autumn"),
        ((80, 24), "marquise,duchy,warrens", "lake"),
        ((80, 24), "alliance,vagabond,duchy,warrens", "mountain"),
        ((120, 40), "eyrie,duchy,warrens", "winter"),
    ],
    ids=["80x24-two", "80x24-three", "80x24-four", "120x40-three"],
)
async def test_the_screen_gives_the_map_a_room_it_is_drawn_clean_in(
    new_app: Any, size: tuple[int, int], factions: str, map_id: str
) -> None:
    """At the table, the map's drawing is the layout for the room the
    screen gives it, with the Burrow and the Warrens' dens on its last
    line; that layout is clean (every check of :mod:`.test_map_drawing`),
    the boxes where the rooms tested there have them; a click on a den
    puts the cursor there."""
    with warrens():
        session = table(factions, map_id)
        app = new_app(session=session)
        async with app.run_test(size=size) as pilot:
            screen = await lifted(app, pilot, RootScreen)
            await pilot.pause()
            view = screen.query_one("#woodland", WoodlandView)
            drawn = view.drawn
            assert drawn is not None
            state = screen.shown_state()
            assert (drawn.width, drawn.height) == tuple(view.content_size)
            assert drawn.below == below(state) == (BURROW, *DENS)
            drawn_clean(state.woodland, drawn)
            tested = map_layout(state.woodland, drawn.width, drawn.height, (BURROW,))
            assert drawn.boxes == tested.boxes
            rooms = ROOMS_80 if size == (80, 24) else ROOMS_120
            assert (drawn.width, drawn.height) in rooms
            row = screen_text(app).splitlines()
            assert any("Burrow" in line and "Den 25" in line and "Den 26" in line for line in row)
            x = (drawn.span(2)[0] + drawn.span(2)[1]) // 2
            await pilot.click(view, offset=(x, drawn.below_y))
            await pilot.pause()
            assert screen.cursor == DENS[1]


async def test_a_prompt_on_three_lines_leaves_the_map_its_room(new_app: Any) -> None:
    """At 80x24 the Eyrie's Decree with six cards to do in one column puts
    the prompt on three lines (the tallest it gets): the map keeps 13 rows,
    the smallest room its layout is drawn clean in (with 12 it drew
    Autumn's paths Hill-Creek and Quarry-Beach along one row), and the
    layout drawn there is clean; the text under the map gives up a row."""
    from boardgames_tui.games.root.factions.eyrie import EYRIE
    from boardgames_tui.games.root.factions.marquise import CATS
    from boardgames_tui.ui.widgets.keybar import KeyBar
    from tests.games.root.eyrie_helpers import blank, decree, resolve_now
    from tests.games.root.tables import put

    from .test_eyrie_screen import session_for

    state = blank(leader="despot")
    put(state, 1, EYRIE, 3, "roost")
    put(state, 7, CATS, 2)
    fox = ("anvil", "root-tea", "tax-collector", "favor-of-the-foxes", "foxfolk-steel")
    decree(state, 0, *(f"fox-{card}" for card in (*fox, "stand-and-deliver")))
    resolve_now(state)
    app = new_app(session=session_for(state))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lifted(app, pilot, RootScreen)
        await pilot.pause()
        assert screen.query_one("#prompt").size.height == 3
        assert screen.query_one(KeyBar).size.height == 2
        view = screen.query_one("#woodland", WoodlandView)
        drawn = view.drawn
        assert drawn is not None
        assert (drawn.width, drawn.height) == tuple(view.content_size) == ROOMS_80[0]
        drawn_clean(state.woodland, drawn)
