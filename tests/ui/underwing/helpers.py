"""Sessions and small helpers for the Underwing screen tests: new and
hand-built sessions, the seeded mid-game position (the snapshots' and the
README picture's), and the cursor driven to a place with the arrows."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from textual.pilot import Pilot

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.model import UnderwingState
from boardgames_tui.ui.underwing.screen import UnderwingScreen
from tests.ui import helpers

#: The seeded mid-game position: Ana and Ben, this many actions into a game
#: of seeded random players who do not trade (round 12, Ana placing
#: elements, two wild dragons, an egg claimed, eggs part-filled, handlers on
#: the Field, a dragon hatched).
SEED = 14
MOVES = 124


def new_session(
    names: tuple[str, ...] = ("Ana", "Ben"),
    seed: int = 3,
    saves_dir: Path | None = None,
    bots: dict[str, str] | None = None,
    **options: Any,
) -> Session:
    bots = bots or {}
    return Session.new(
        "underwing",
        [Seat(name=name, bot=bots.get(name)) for name in names],
        options or None,
        seed=seed,
        saves_dir=saves_dir,
        autosave=saves_dir is not None,
    )


def mid_game(
    seed: int = SEED,
    moves: int = MOVES,
    names: tuple[str, ...] = ("Ana", "Ben"),
    saves_dir: Path | None = None,
) -> Session:
    """A session ``moves`` actions into a game played by seeded random bots
    (saved in ``saves_dir`` when given, else not saved at all)."""
    session = new_session(names, seed, saves_dir)
    bots = [get_bot("random", seed * 7 + i) for i in range(len(names))]
    for _ in range(moves):
        seat = session.to_act
        if seat is None:
            break
        # People may open trades at any time (ruling R-TRADE); these players
        # keep to their own moves, so the game gets somewhere.
        legal = [a for a in session.legal_actions() if a.kind != "offer_trade"]
        session.apply(bots[seat].rng.choice(legal))
    return session


def session_at(state: UnderwingState) -> Session:
    """A session (not saved) showing a hand-built position."""
    session = Session.new("underwing", list(state.seats), seed=0, autosave=False)
    session.state = state
    return session


def state_of(session: Session) -> UnderwingState:
    return cast(UnderwingState, session.state)


async def screen_of(app: BoardgamesApp, pilot: Pilot[Any]) -> UnderwingScreen:
    return await helpers.screen_of(app, pilot, UnderwingScreen)


async def on_the_table(pilot: Pilot[Any]) -> None:
    await helpers.on_the_table(pilot, UnderwingScreen)


async def point(pilot: Pilot[Any], screen: UnderwingScreen, slot: int, item: int = -1) -> None:
    """Move the grid's cursor to ``slot`` (``item`` -1: the card itself, else
    that element space) with the arrow keys, as a player would."""
    from boardgames_tui.ui.underwing.grounds import GroundsView

    grid = screen.query_one(GroundsView)
    for _ in range(5):
        if grid.has_focus:
            break
        await pilot.press("tab")
        await pilot.pause()
    assert grid.has_focus
    cols = state_of(screen.session).cols
    for _ in range(100):
        if (grid.slot, grid.item) == (slot, item):
            return
        row, col = divmod(grid.slot, cols)
        to_row, to_col = divmod(slot, cols)
        assert grid.grid is not None
        per = grid.grid.per_line
        if row != to_row:
            key = "down" if row < to_row else "up"
        elif col != to_col:
            key = "right" if col < to_col else "left"
        elif item == -1:
            key = "up"
        elif grid.item == -1:
            key = "down"
        elif grid.item // per != item // per:
            key = "down" if grid.item // per < item // per else "up"
        else:
            key = "right" if grid.item < item else "left"
        await pilot.press(key)
    raise AssertionError(f"the cursor did not reach slot {slot}, item {item}")


async def point_field(pilot: Pilot[Any], screen: UnderwingScreen, space: str) -> None:
    """Move the Field's cursor to ``space`` with Tab and the arrows."""
    from boardgames_tui.ui.underwing.table import FieldRing

    ring = screen.query_one(FieldRing)
    for _ in range(5):
        if ring.has_focus:
            break
        await pilot.press("tab")
        await pilot.pause()
    assert ring.has_focus
    top, bottom = FieldRing.TOP, FieldRing.BOTTOM
    for _ in range(20):
        if ring.space == space:
            return
        here = (0, top.index(ring.space)) if ring.space in top else (1, bottom.index(ring.space))
        there = (0, top.index(space)) if space in top else (1, bottom.index(space))  # type: ignore[arg-type]
        if here[0] != there[0]:
            key = "down" if here[0] < there[0] else "up"
        else:
            key = "right" if here[1] < there[1] else "left"
        await pilot.press(key)
    raise AssertionError(f"the Field cursor did not reach {space}")
