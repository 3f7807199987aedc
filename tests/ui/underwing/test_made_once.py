"""A move makes again only the parts of Underwing's board that read
differently (issue 49: "rebuilt instead of updated").

Moves are made as a player without the direct keys makes them (A, Home,
Enter), some way into a seeded game at four players, and each is watched:

- the players' mats: a mat (or its summary) is made only for a player
  whose mat reads differently after the move, and once (each was made
  again on every move, and again for every look at the panel's lines: the
  move's and the repaint's, four or five mats each time, for the one or
  two that changed);
- the Field and the bag: their picture is made only when what it reads
  changed (it was made on every move, and compared with the one on
  screen to find it the same).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.underwing.mats import PlayerMats
from boardgames_tui.ui.underwing.table import CardDetail, FieldRing, SupplyLine
from tests.ui.render_count import RenderCount
from tests.ui.test_render_once import Table, moves_counted, played

MOVES = 8


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("into", [30, 6], ids=["place", "assign"])
async def test_a_move_makes_again_only_the_parts_that_read_differently(
    size: tuple[int, int],
    into: int,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    made: Counter[str] = Counter()
    made_seats: list[tuple[int, object]] = []
    mat, brief = PlayerMats._mat, PlayerMats._brief

    def counted_mat(mats: PlayerMats, seat: int) -> Any:
        made_seats.append((seat, "mat"))
        return mat(mats, seat)

    def counted_brief(mats: PlayerMats, seat: int, size: int) -> Any:
        made_seats.append((seat, size))
        return brief(mats, seat, size)

    monkeypatch.setattr(PlayerMats, "_mat", counted_mat)
    monkeypatch.setattr(PlayerMats, "_brief", counted_brief)
    for part in (FieldRing, SupplyLine):
        picture = part.picture_lines  # (their lines, made one by one: the picture joins them)

        def counted_picture(widget: Any, _picture: Any = picture) -> Any:
            made[type(widget).__name__] += 1
            return _picture(widget)

        monkeypatch.setattr(part, "picture_lines", counted_picture)

    app = new_app(session=played(Table("underwing", 4, into=into)))
    failures: list[str] = []
    #: What each part read before the move (the mats: each player's, in full).
    read: dict[str, object] = {}

    def reads_now(screen: GameScreen) -> dict[str, object]:
        mats = screen.query_one(PlayerMats)
        seats = range(len(screen.session.seats))
        now: dict[str, object] = {
            f"mat {seat}": mats._seat_reads(seat, "mat") if mats.board else None for seat in seats
        }
        for part in (FieldRing, SupplyLine):
            now[part.__name__] = screen.query_one(part).reads()
        return now

    def before(screen: GameScreen) -> None:
        read.clear()
        read.update(reads_now(screen))
        made.clear()
        made_seats.clear()

    def check(screen: GameScreen, count: RenderCount) -> None:
        after = reads_now(screen)
        changed = {name for name, value in after.items() if read.get(name) != value}
        move = len(screen.session.actions)
        for part in (FieldRing, SupplyLine):
            name = part.__name__
            if name not in changed and made[name]:
                failures.append(f"move {move}: {name} made {made[name]} times, reading the same")
        if screen.query_one(PlayerMats).on_screen:
            again = Counter(made_seats)
            for (seat, kind), times in again.items():
                if f"mat {seat}" not in changed or times > 1:
                    failures.append(
                        f"move {move}: player {seat}'s mat ({kind}) made {times} times "
                        f"(changed: {sorted(changed)})"
                    )

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, before)
    assert done == MOVES, f"only {done} moves made"
    assert not failures, "made again for nothing:\n" + "\n".join(failures)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("into", [30, 6], ids=["place", "assign"])
async def test_a_move_makes_the_card_detail_once(
    size: tuple[int, int],
    into: int,
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The words on the card at the cursor: made by the move's redraw and
    painted as made (at 80 columns the list closing between them gave the
    detail another size, which its words do not read, and they were made
    again for the paint)."""
    made: list[int] = []
    picture = CardDetail.picture

    def counted(widget: CardDetail) -> Any:
        made.append(1)
        return picture(widget)

    monkeypatch.setattr(CardDetail, "picture", counted)
    app = new_app(session=played(Table("underwing", 4, into=into)))
    failures: list[str] = []

    def check(screen: GameScreen, count: RenderCount) -> None:
        if len(made) > 1:
            failures.append(f"move {len(screen.session.actions)}: made {len(made)} times")

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, lambda screen: made.clear())
    assert done == MOVES, f"only {done} moves made"
    assert not failures, "the card detail made again:\n" + "\n".join(failures)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_mat_shown_summed_up_is_not_made_in_full(
    size: tuple[int, int],
    new_app: Callable[..., BoardgamesApp],
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The panel sums up the other players' mats when every mat in full
    does not fit: it counts their lines without making them (each was made
    in full first, to be counted, then summed up), and counts them right."""
    made_full: list[int] = []
    mat = PlayerMats._mat

    def counted_mat(mats: PlayerMats, seat: int) -> Any:
        made_full.append(seat)
        return mat(mats, seat)

    monkeypatch.setattr(PlayerMats, "_mat", counted_mat)
    app = new_app(session=played(Table("underwing", 4, into=30)))
    failures: list[str] = []
    summed = 0

    def check(screen: GameScreen, count: RenderCount) -> None:
        nonlocal summed
        mats = screen.query_one(PlayerMats)
        assert mats.board is not None
        move = len(screen.session.actions)
        state = mats.board.state
        others = sorted({seat for seat in made_full if seat != mats.board.to_act})
        full = [len(mat(mats, seat)) for seat in range(state.n)]  # (not counted)
        if [mats._mat_height(seat) for seat in range(state.n)] != full:
            failures.append(f"move {move}: mats counted wrong")
        if mats.room and sum(full) + state.n - 1 > mats.room:
            summed += 1
            if others:
                failures.append(f"move {move}: summed-up mats {others} made in full")
        made_full.clear()

    async with app.run_test(size=size) as pilot:
        done = await moves_counted(app, pilot, MOVES, check, lambda screen: made_full.clear())
    assert done == MOVES, f"only {done} moves made"
    assert not failures, "\n".join(failures)
    assert summed, "no move showed the mats summed up"
