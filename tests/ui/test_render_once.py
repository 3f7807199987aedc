"""A move draws each part of a game's screen once (issue 49).

On every game's screen (Underwing 4 players, Incubation 2, Tyrants 4, Root
3 and 4), some way into a seeded game, moves are made as a player without
the direct keys makes them (A opens the action list, Enter plays its first
action), and each is counted (``render_count.RenderCount``): the frames it
wrote, and for every part the frames it was painted in and the times its
drawing was built.  Any part of the game's own painted in a second frame,
or a board (a part of the board column with the board's cursor: a map, the
grounds and the Field, the market, the Woodland) built a second time for
one move fails the test, naming the part and the counts of every part.
Where a table has reached more (``Table.frames``, ``Table.built_once``:
Tyrants, Root and Underwing), a move drawn in more frames than that, or any
part of the game's built twice, fails it too; and where a table lays out
nothing in a plain move (``Table.no_layout``: Underwing), a move that asked
for a layout while no part of the screen took another size or was shown or
hidden fails it.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from textual._compositor import Compositor
from textual.widget import Widget

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.kit.cursor import BoardCursor
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.handoff import HandoffScreen, PauseScreen
from boardgames_tui.ui.widgets.keybar import KeyBar
from tests.ui.helpers import wait_until
from tests.ui.render_count import RenderCount, part_name

NAMES = ("Ana", "Ben", "Cy", "Dee")


@dataclass(frozen=True)
class Table:
    game: str
    players: int
    options: tuple[tuple[str, str], ...] = ()
    #: Moves played by seeded random bots before the screen opens.
    into: int = 60
    #: The bounds this table has reached beyond the rule every table keeps:
    #: the most frames a move is drawn in, and every part of the game's
    #: (not only a board) built at most once for a move.
    frames: int | None = None
    built_once: bool = False
    #: No layout asked for in a move that gives no part another size.
    no_layout: bool = False
    #: What the case is about, where a game has several.
    about: str = ""

    def __str__(self) -> str:
        factions = dict(self.options).get("factions", "")
        name = f"{self.game}-{self.players}p" + (f"-{factions}" if factions else "")
        return f"{name}-{self.about}" if self.about else name


TABLES = [
    # (Underwing's hint keeps its two lines and its action list its
    # scrollbar's column: a move that sizes nothing anew, and shows no other
    # panel, lays nothing out, and draws the grounds once.)
    Table("underwing", 4, frames=1, built_once=True, no_layout=True),
    # (Handlers assigned in turn: every move hands the decision to the next
    # person, so the list closes and the board takes the focus back; at
    # 80x24, a crowded table, the board comes back in the list's place.
    # The hint and the key bar name Tab's next part as the move's layout
    # shows it: they were drawn again in a second frame.)
    Table("underwing", 4, into=6, frames=1, built_once=True, no_layout=True, about="assign"),
    Table("incubation", 2, frames=1, built_once=True, no_layout=True),
    # (Tyrants' detail, asked by the move, the focus and the cursor, made once.)
    Table("tyrants", 4, frames=1, built_once=True),
    # (Root's action list keeps its scrollbar's column, and no part sized
    # by the layout asks for a layout of its own: a move that gives the list
    # or the boards another height is laid out, and drawn, once.)
    Table("root", 3, (("factions", "marquise,eyrie,duchy"), ("seating", "chosen")), frames=1),
    Table(
        "root",
        4,
        (("factions", "marquise,eyrie,vagabond,alliance"), ("seating", "chosen")),
        frames=1,
    ),
]

#: Moves counted per table and size.
MOVES = 5


def played(table: Table) -> Session:
    seats = [Seat(name=name) for name in NAMES[: table.players]]
    session = Session.new(table.game, seats, dict(table.options), seed=5, autosave=False)
    bots = [get_bot("random", seed=i, game=session.game) for i in range(table.players)]
    while not session.is_over and len(session.actions) < table.into:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat), session.legal_actions()))
    return session


def game_parts(screen: GameScreen) -> set[str]:
    """The parts a game draws of its own: every widget of the board column
    and the side column but the kit's list, log and scrollbars."""
    parts: set[str] = set()
    for column in (screen.BOARD_ID, screen.SIDE_ID):
        found = screen.part(f"#{column}", Widget)
        if found is None:
            continue
        for widget in found.walk_children(Widget):
            if widget.id in ("actions", "log") or "ScrollBar" in type(widget).__name__:
                continue
            parts.add(part_name(widget))
    return parts


def board_parts(screen: GameScreen) -> set[str]:
    """The boards: the parts of the board column with a cursor of the
    board's (Tyrants' map, Underwing's grounds and Field, Incubation's
    market, Root's Woodland)."""
    column = screen.part(f"#{screen.BOARD_ID}", Widget)
    assert column is not None
    return {
        part_name(widget)
        for widget in column.walk_children(Widget)
        if isinstance(widget, BoardCursor) or widget.id == "grounds"
    }


def table_of(count: RenderCount) -> str:
    names = sorted(set(count.painted) | set(count.built))
    rows = [f"{n}: painted {count.painted[n]}, built {count.built[n]}" for n in names]
    return f"{count.frames} frames\n" + "\n".join(rows)


async def moves_counted(
    app: BoardgamesApp,
    pilot: Any,
    moves: int,
    check: Callable[[GameScreen, RenderCount], None],
    before: Callable[[GameScreen], None] | None = None,
    after: Callable[[GameScreen, RenderCount], None] | None = None,
) -> int:
    """Make ``moves`` moves from the action list, ``check``-ing the count of
    each (``before``: a look at the screen just before each move's key;
    ``after``: after every move, one that hands the table over too); a
    hand-off met on the way is lifted, a question a move asks first answered
    yes (neither counted)."""
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen | HandoffScreen))
    screen: GameScreen | None = None
    count: RenderCount | None = None
    made = 0
    for _ in range(moves * 4):
        if made >= moves:
            break
        if isinstance(app.screen, HandoffScreen | PauseScreen):
            # (The pause between an answer in another's turn and one's own
            # turn, Root's, is lifted as the cover is.)
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
            continue
        if isinstance(app.screen, ConfirmDialog):
            # (A move that asks first, Root's card spent from the hand or
            # step ended with work left: answered yes, as a person would.
            # It is drawn as the question closes, the whole screen again:
            # not counted, as a hand-off's move is not.)
            await pilot.press("y")
            await wait_until(pilot, lambda: not isinstance(app.screen, ConfirmDialog))
            continue
        top = app.screen
        assert isinstance(top, GameScreen), f"{type(top).__name__} over the game"
        if count is None or top is not screen:
            screen, count = top, RenderCount(app, top)
            await count.quiet(pilot)
        if screen.panels.open != "picker":
            await pilot.press("a")
        if screen.picker.highlighted != 0:
            await pilot.press("home")  # (a list may come with nothing highlighted)
        await count.quiet(pilot)
        length = len(screen.session.actions)
        if before is not None:
            before(screen)
        count.reset()
        await pilot.press("enter")
        await count.quiet(pilot)
        if len(screen.session.actions) == length:
            continue
        made += 1
        if after is not None:
            after(screen, count)
        if not isinstance(app.screen, HandoffScreen):
            # (A move that hands the table over is drawn when the cover
            # lifts: behind the cover nothing of it is on screen.)
            check(screen, count)
    return made


def sizes_of(screen: GameScreen) -> dict[str, tuple[int, int, bool]]:
    """Every part's size on screen and whether it shows (a panel opened in
    another's place), by its name (with its place in the tree, for parts of
    one name)."""
    return {
        f"{part_name(widget)}@{n}": (*widget.outer_size, widget.display)
        for n, widget in enumerate(screen.walk_children(Widget, with_self=True))
    }


class LayoutsAsked:
    """The layouts the parts of a screen ask for (``refresh(layout=True)``,
    which every change of a size or of what sizes a part goes through),
    each by the part's name, since the last :meth:`reset`."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self._watched: set[int] = set()

    def watch(self, screen: GameScreen) -> None:
        for widget in screen.walk_children(Widget, with_self=True):
            if id(widget) in self._watched:
                continue
            self._watched.add(id(widget))
            refresh = widget.refresh

            def counted(
                *regions: Any, _refresh: Any = refresh, _name: str = part_name(widget), **kw: Any
            ) -> Any:
                if kw.get("layout"):
                    self.asked.append(_name)
                return _refresh(*regions, **kw)

            widget.refresh = counted  # type: ignore[method-assign]

    def reset(self) -> None:
        self.asked.clear()


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("table", TABLES, ids=str)
async def test_a_move_draws_each_part_once(
    table: Table,
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
) -> None:
    session = played(table)
    app = new_app(session=session)
    failures: list[str] = []
    #: Every part's size before each move's key, and the layouts asked since.
    sizes_were: list[dict[str, tuple[int, int, bool]]] = []
    layouts = LayoutsAsked()

    def look(screen: GameScreen) -> None:
        sizes_were.append(sizes_of(screen))
        layouts.watch(screen)
        layouts.reset()

    def check(screen: GameScreen, count: RenderCount) -> None:
        ours, boards = game_parts(screen), board_parts(screen)
        built = ours if table.built_once else boards
        twice = sorted(
            name
            for name in ours
            if count.painted[name] > 1 or (name in built and count.built[name] > 1)
        )
        frames = table.frames is not None and count.frames > table.frames
        if twice or frames:
            failures.append(f"move {len(screen.session.actions)}: {twice}\n{table_of(count)}")
        if table.no_layout and layouts.asked and sizes_of(screen) == sizes_were[-1]:
            failures.append(
                f"move {len(screen.session.actions)}: a layout asked for by "
                f"{sorted(set(layouts.asked))}, and no part took another size or showed"
            )

    async with app.run_test(size=size) as pilot:
        made = await moves_counted(app, pilot, MOVES, check, look)
    assert made == MOVES, f"only {made} moves made"
    assert not failures, "drawn more than once in a move:\n" + "\n\n".join(failures)


# ------------------------------------------------------ Root's leftovers
def root_table(players: int) -> Table:
    """Root with the Eyrie at the table (two seats: the Marquise and the
    Eyrie; three: and the Duchy), some way into a seeded game."""
    factions = {2: "marquise,eyrie", 3: "marquise,eyrie,duchy"}[players]
    return Table("root", players, (("factions", factions), ("seating", "chosen")))


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 3])
async def test_opening_roots_list_paints_it_once(
    players: int, size: tuple[int, int], new_app: Callable[..., BoardgamesApp], saves_dir: Path
) -> None:
    """A opens the action list with the focus in it at once: the list, the
    hint and the keys are each painted once (the focus, taken a frame
    later, restyled the list and painted it again)."""
    app = new_app(session=played(root_table(players)))
    opened = 0
    async with app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen | HandoffScreen))
        for _ in range(12):
            if opened >= 3:
                break
            top = app.screen
            if isinstance(top, HandoffScreen | PauseScreen | ConfirmDialog):
                await pilot.press("y" if isinstance(top, ConfirmDialog) else "enter")
                await wait_until(pilot, lambda top=top: app.screen is not top)
                continue
            screen = app.screen
            assert isinstance(screen, GameScreen)
            count = RenderCount(app, screen)
            if screen.panels.open == "picker":
                await pilot.press("escape")
            await count.quiet(pilot)
            count.reset()
            await pilot.press("a")
            await count.quiet(pilot)
            assert screen.panels.open == "picker" and screen.focused is screen.picker
            hint = part_name(screen.query_one("#hint"))
            picker = part_name(screen.picker)
            shown = {n: count.painted[n] for n in (picker, hint, "KeyBar")}
            assert shown == dict.fromkeys(shown, 1), table_of(count)
            opened += 1
            await pilot.press("home", "enter")  # (a move: the next list is another)
            await count.quiet(pilot)
    assert opened == 3


async def test_a_two_seat_root_move_that_moves_the_prompt_draws_the_map_once(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path
) -> None:
    """At two seats (80x24) a move's prompt may take another height, and the
    map under it another room: the map is drawn once, for that room, and
    every part of the move is painted in its first frame (the map was
    drawn for the old room, then again in a frame of its own)."""
    app = new_app(session=played(root_table(2)))
    failures: list[str] = []
    prompt_was: list[int] = []
    moved_prompt: list[int] = []

    def prompt_height(screen: GameScreen) -> int:
        prompt = screen.part("#prompt", Widget)
        return 0 if prompt is None else prompt.outer_size.height

    def check(screen: GameScreen, count: RenderCount) -> None:
        if prompt_height(screen) != prompt_was[-1]:
            moved_prompt.append(len(screen.session.actions))
        ours = game_parts(screen)
        later = sorted(set().union(*count.in_frames[1:]) & ours)
        if count.painted["WoodlandView#woodland"] > 1 or count.built["WoodlandView#woodland"] > 1:
            later.append("the map twice")
        if later:
            failures.append(f"move {len(screen.session.actions)}: {later}\n{table_of(count)}")

    async with app.run_test(size=(80, 24)) as pilot:
        made = await moves_counted(
            app, pilot, 12, check, lambda screen: prompt_was.append(prompt_height(screen))
        )
    assert made == 12, f"only {made} moves made"
    assert moved_prompt, "no counted move changed the prompt's height: the case is not met"
    assert not failures, "\n\n".join(failures)


class NestedLayouts:
    """Layouts begun while another runs: a part that asks its size while the
    layout measures it (its region is not known yet) has the whole screen
    laid out again, inside that layout."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.running = 0
        self.nested: list[str] = []
        arrange = Compositor._arrange_root

        def counted(compositor: Compositor, *args: Any, **kwargs: Any) -> Any:
            if self.running:
                frames = traceback.extract_stack(limit=30)
                ours = [
                    f"{Path(f.filename).name}:{f.name}"
                    for f in frames
                    if "boardgames_tui" in f.filename
                ]
                self.nested.append(" < ".join(reversed(ours[-6:])))
            self.running += 1
            try:
                return arrange(compositor, *args, **kwargs)
            finally:
                self.running -= 1

        monkeypatch.setattr(Compositor, "_arrange_root", counted)


@pytest.mark.parametrize("players", [2, 3])
async def test_roots_side_is_measured_without_a_layout_inside_the_layout(
    players: int,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At 80x24 the boards come back into view after each move (the list
    covered them): the side panel is drawn as the layout measures it, at
    the width it measures, the Eyrie's board in it too; no size is asked
    then (the Eyrie's board asked the panel's, and the panel its
    scroll's: each laid the screen out again inside the layout)."""
    layouts = NestedLayouts(monkeypatch)
    app = new_app(session=played(root_table(players)))
    async with app.run_test(size=(80, 24)) as pilot:
        made = await moves_counted(app, pilot, MOVES, lambda screen, count: None)
    assert made == MOVES
    assert not layouts.nested, "layouts inside a layout:\n" + "\n".join(layouts.nested)


async def test_a_key_bar_behind_a_cover_does_not_look_at_its_keys(
    new_app: Callable[..., BoardgamesApp], saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move that hands Root's table over (three people at it) covers the
    screen: its key bar, hidden, does not look at the keys then (a look
    asks every binding's check); it looks as the cover lifts, and reads the
    keys of the person handed the table."""
    app = new_app(session=played(root_table(3)))
    behind: list[str] = []
    covered: list[int] = []
    #: On from the first move counted (the game opens behind a cover).
    counting: list[bool] = []
    active = GameScreen.active_bindings

    def counted(screen: GameScreen) -> Any:
        if counting and app.screen is not screen:
            behind.append(type(app.screen).__name__)
        return active.fget(screen)  # type: ignore[attr-defined]

    monkeypatch.setattr(GameScreen, "active_bindings", property(counted))

    def after(screen: GameScreen, count: RenderCount) -> None:
        if isinstance(app.screen, HandoffScreen):
            covered.append(len(screen.session.actions))

    async with app.run_test(size=(120, 40)) as pilot:
        await moves_counted(
            app, pilot, 6, lambda screen, count: None, lambda screen: counting.append(True), after
        )
        counting.clear()
        if isinstance(app.screen, HandoffScreen):
            await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        game = app.screen
        assert isinstance(game, GameScreen)
        await pilot.pause()
        bar = game.query_one(KeyBar)
        assert bar._shown_keys(bar._active) == bar._shown_keys(game.active_bindings)
    assert covered, "no counted move handed the table over: the case is not met"
    assert not behind, f"the keys looked at behind {sorted(set(behind))}: {len(behind)} times"
