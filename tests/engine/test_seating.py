"""A game at several windows (engine/seating.py): seats named and claimed,
writes checked against the save, two writers never both writing, following
the save, and which window moves the bots."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import pytest

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine import registry
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.save_folder import delete_save
from boardgames_tui.engine.savefile import SaveError, read_save
from boardgames_tui.engine.saves import list_saves, quick_rows
from boardgames_tui.engine.seat_files import seats_taken
from boardgames_tui.engine.seating import (
    SaveMoved,
    SeatError,
    Version,
    claim_seats,
    find_seats,
    follow,
    moves_bots,
    seat_holder,
    seat_tokens,
    tokens_path,
    version_of,
    write_checked,
)
from boardgames_tui.engine.session import Session
from tests.ui.tally import GAME as TALLY

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")

SEATS = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random")]


@pytest.fixture(autouse=True)
def tally_game() -> object:
    registry.register(TALLY)
    yield
    registry.unregister(TALLY.id)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    session = Session.new("tally", SEATS, {"rounds": 4}, seed=3, saves_dir=tmp_path)
    assert session.path is not None
    return session.path


def loaded(path: Path) -> Session:
    session = Session.load(path)
    session.path = None  # a seated window's session never writes by itself
    return session


def test_seats_are_found_by_name_and_bad_names_are_one_sentence() -> None:
    assert find_seats(SEATS, ["ben", "Ana"]) == (0, 1)
    with pytest.raises(
        SeatError, match=r"'Dee' is not a seat of this game \(seats: Ana, Ben, Cy\)"
    ):
        find_seats(SEATS, ["Dee"])
    with pytest.raises(SeatError, match="Cy is played by a bot"):
        find_seats(SEATS, ["Cy"])


def test_a_seat_sits_in_one_window_at_a_time(save: Path) -> None:
    first = claim_seats(save, SEATS, (1,))
    with pytest.raises(SeatError, match="Ben already sits in another window"):
        claim_seats(save, SEATS, (0, 1))
    # Refused whole: Ana's seat was not kept by the refused claim.
    assert seat_holder(save, 0) is None
    first.release()
    again = claim_seats(save, SEATS, (0, 1))
    again.release()


def test_sitting_waits_a_moment_for_a_window_that_is_closing(save: Path) -> None:
    closing = claim_seats(save, SEATS, (1,))
    timer = threading.Timer(0.3, closing.release)
    timer.start()
    try:
        claim_seats(save, SEATS, (1,), wait=5.0).release()
    finally:
        timer.join()
    held = claim_seats(save, SEATS, (1,))
    try:
        with pytest.raises(SeatError, match="already sits"):
            claim_seats(save, SEATS, (1,), wait=0.2)
    finally:
        held.release()


def test_a_seat_of_a_killed_window_can_be_sat_at_again(save: Path) -> None:
    """The window's process dies (kill -9): its seat is free at once."""
    code = (
        "import sys; from pathlib import Path;"
        "from boardgames_tui.engine.game import Seat;"
        "from boardgames_tui.engine.seating import claim_seats;"
        "c = claim_seats(Path(sys.argv[1]), [Seat(name='Ana'), Seat(name='Ben')], (0,));"
        "print('SAT', flush=True); sys.stdin.read()"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", code, str(save)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "SAT"
        with pytest.raises(SeatError, match=f"process {child.pid}"):
            claim_seats(save, SEATS, (0,))
    finally:
        child.kill()
        child.wait()
    claim_seats(save, SEATS, (0,)).release()


def test_a_write_is_refused_when_the_save_moved_since(save: Path) -> None:
    ana, ben = loaded(save), loaded(save)
    since = version_of(ana)
    ana.apply(ana.legal_actions()[0])
    written = write_checked(ana, save, since)
    assert written == version_of(ana) and len(read_save(save).actions) == 1
    # Ben's window read the save before Ana's move: its write is refused,
    # and the save keeps Ana's move.
    ben.apply(ben.legal_actions()[-1])
    before = save.read_bytes()
    with pytest.raises(SaveMoved, match="moved on in another window"):
        write_checked(ben, save, since)
    assert save.read_bytes() == before


def test_two_windows_writing_at_once_never_both_write(save: Path) -> None:
    """Two writers start together from the same position, over and over:
    exactly one writes each time, and the save holds that one's move."""
    for _ in range(10):
        windows = [loaded(save), loaded(save)]
        since = version_of(windows[0])
        for number, session in enumerate(windows):
            legal = session.legal_actions()
            session.apply(legal[number % len(legal)])
        outcomes: list[object] = [None, None]
        start = threading.Barrier(2)
        threads = [
            threading.Thread(target=_write, args=(start, windows[i], save, since, outcomes, i))
            for i in range(2)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        won = [i for i, outcome in enumerate(outcomes) if not isinstance(outcome, SaveMoved)]
        assert len(won) == 1, outcomes
        winner = windows[won[0]]
        disk = read_save(save)
        assert disk.actions == [winner.game.dump_action(a) for a in winner.actions]
        if Session.load(save).is_over:
            break


def _write(
    start: threading.Barrier,
    session: Session,
    save: Path,
    since: Version,
    outcomes: list[object],
    index: int,
) -> None:
    start.wait()
    try:
        outcomes[index] = write_checked(session, save, since)
    except SaveMoved as exc:
        outcomes[index] = exc


def test_following_plays_the_new_moves_and_reads_an_undo_whole(save: Path) -> None:
    ana, ben = loaded(save), loaded(save)
    since = version_of(ben)
    assert follow(ben, save, since) is None  # nothing new
    ana_since = version_of(ana)
    ana.apply(ana.legal_actions()[0])
    ana_since = write_checked(ana, save, ana_since)
    followed = follow(ben, save, since)
    assert followed is not None
    same, since = followed
    assert same is ben and ben.actions == ana.actions and since == ana_since
    # An undo in Ana's window: Ben's window reads the save whole.
    plan = ana.undo_plan()
    ana_since = write_checked(ana, save, ana_since, lambda: ana.undo(plan))
    followed = follow(ben, save, since)
    assert followed is not None
    fresh, since = followed
    assert fresh is not ben and fresh.actions == [] and fresh.path is None


def test_the_window_at_the_lowest_open_seat_moves_the_bots(save: Path) -> None:
    ben = claim_seats(save, SEATS, (1,))
    # Ana's seat is empty: Ben's window moves the bots.
    assert moves_bots(save, SEATS, frozenset({1}))
    ana = claim_seats(save, SEATS, (0,))
    assert moves_bots(save, SEATS, frozenset({0}))
    assert not moves_bots(save, SEATS, frozenset({1}))
    ana.release()  # Ana's window closes: Ben's takes the bots over
    assert moves_bots(save, SEATS, frozenset({1}))
    ben.release()


def test_following_can_leave_the_session_untouched(save: Path) -> None:
    """While a bot reads the session in a thread, the save is read whole
    into a new session rather than played into the old one."""
    ana, ben = loaded(save), loaded(save)
    since = version_of(ben)
    ana.apply(ana.legal_actions()[0])
    write_checked(ana, save, version_of(loaded(save)))
    followed = follow(ben, save, since, in_place=False)
    assert followed is not None
    fresh, _ = followed
    assert fresh is not ben and ben.actions == [] and fresh.actions == ana.actions


def test_the_lists_name_the_seats_taken_and_delete_cleans_up(save: Path) -> None:
    """``list_saves`` and ``quick_rows`` say which seats sit in windows now;
    a deletion is refused while one does, and then takes the seats' links
    and the lock files nobody holds along, leaving the folder clean."""
    session = Session.load(save)
    seat_tokens(save, session.seats)
    (save.parent / f".{save.name}.seat1.lock").write_text("")  # left by a crash
    assert seats_taken(save) == []
    held = claim_seats(save, session.seats, (0,))
    try:
        (info,) = list_saves(save.parent)
        assert info.seated == [0] and info.seated_names() == ["Ana"]
        (row,) = quick_rows(save.parent)
        assert row.seated == [0] and row.info().seated == [0]
        with pytest.raises(SaveError, match="open at a seat in windows of their own"):
            delete_save(save)
        assert save.is_file() and tokens_path(save).is_file()
    finally:
        held.release()
    (info,) = list_saves(save.parent)
    assert info.seated == []
    delete_save(save)
    left = [p.name for p in save.parent.iterdir() if save.name in p.name]
    assert left == []
    assert list_saves(save.parent) == []


def test_a_stale_write_at_the_same_move_count_is_refused(save: Path) -> None:
    """Issue 46 item 8: both windows read the save after Ana's first move;
    Ana's window undoes it and plays another (the same count of moves);
    Ben's window then writes with the version it read.  The count alone
    matches, the time written does not: Ben's write is refused and Ana's
    move kept."""
    ana, ben = loaded(save), loaded(save)
    since = version_of(ana)
    first, *others = ana.legal_actions()
    ana.apply(first)
    ana_since = write_checked(ana, save, since)
    followed = follow(ben, save, since)
    assert followed is not None
    ben, ben_since = followed
    assert ben_since == ana_since and len(ben.actions) == 1
    # Ana takes her move back and makes another: one move again.
    plan = ana.undo_plan()
    ana_since = write_checked(ana, save, ana_since, lambda: ana.undo(plan))
    ana.apply(others[0])
    ana_since = write_checked(ana, save, ana_since)
    assert ana_since.count == ben_since.count and ana_since != ben_since
    kept = save.read_bytes()
    # Ben's window, still at the first version, moves and writes.
    ben.apply(ben.legal_actions()[0])
    with pytest.raises(SaveMoved, match="moved on in another window"):
        write_checked(ben, save, ben_since)
    assert save.read_bytes() == kept
    assert read_save(save).actions == [ana.game.dump_action(a) for a in ana.actions]
