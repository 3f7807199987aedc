"""One game open in one window: the save's lock, with a second process as
the other window; a lock left by a killed process is taken over."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from boardgames_tui import cli
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import SaveLock, holder, lock_path
from boardgames_tui.engine.save_folder import delete_save
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.saves import list_saves
from boardgames_tui.engine.session import Session
from tests.engine.lockholder import Holder

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")


@pytest.fixture
def save(saves_dir: Path) -> Path:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=4)
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path


@pytest.fixture
def other(save: Path) -> Iterator[Holder]:
    held = Holder(save)
    assert held.first == "LOCKED"
    yield held
    held.close()


def test_one_lock_per_save_in_one_process(save: Path) -> None:
    first, second = SaveLock(save), SaveLock(save)
    assert first.acquire() and first.held
    assert holder(save) is not None  # held through another lock object
    assert not second.acquire() and not second.held
    first.release()
    assert not lock_path(save).exists()  # no file left behind
    assert holder(save) is None
    assert second.acquire()
    second.release()


def test_another_process_holds_the_game(save: Path, other: Holder) -> None:
    mine = SaveLock(save)
    assert not mine.acquire()
    held = mine.holder()
    assert held is not None and held.pid == other.pid
    assert held.describe() == f"process {other.pid}"
    # The other window lets go: the game is free.
    assert other.send("release") == "RELEASED"
    assert holder(save) is None
    assert mine.acquire()
    # Now the other process cannot take it.
    again = Holder(save)
    try:
        assert again.first == "BUSY"
    finally:
        again.close()
    mine.release()


def test_a_killed_window_leaves_no_stuck_lock(save: Path, other: Holder) -> None:
    assert lock_path(save).exists() and holder(save) is not None
    os.kill(other.pid, signal.SIGKILL)
    other.process.wait(10)
    # The dead process's lock file is still there, but nobody holds it.
    assert lock_path(save).exists()
    assert holder(save) is None
    mine = SaveLock(save)
    assert mine.acquire()
    assert holder(save) is not None
    mine.release()


def test_the_lists_mark_an_open_game_and_delete_refuses_it(
    save: Path, saves_dir: Path, other: Holder, capsys: pytest.CaptureFixture[str]
) -> None:
    (info,) = list_saves(saves_dir)
    assert info.ok and info.open_elsewhere == f"process {other.pid}"
    assert cli.main(["saves"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(f"(open in another window: process {other.pid})")
    with pytest.raises(SaveError, match="open in another window"):
        delete_save(save)
    assert save.exists()
    other.send("release")
    (info,) = list_saves(saves_dir)
    assert info.open_elsewhere == ""
    delete_save(save)
    assert not save.exists()


def test_the_other_window_writes_moves(save: Path, other: Holder) -> None:
    assert other.send("move") == "MOVED 2"
    assert len(Session.load(save).actions) == 2


def test_without_fcntl_nobody_is_kept_out(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lock_module, "fcntl", None)
    first, second = SaveLock(save), SaveLock(save)
    assert first.acquire() and second.acquire()
    assert holder(save) is None
    first.release()
    second.release()


def test_a_folder_where_no_lock_file_can_be_made(save: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder = save.parent
    folder.chmod(0o555)
    try:
        mine = SaveLock(save)
        assert mine.acquire()  # the save itself will say it cannot be written
        mine.release()
    finally:
        folder.chmod(0o755)


def test_the_lock_module_imports_without_fcntl() -> None:
    code = (
        "import sys; sys.modules['fcntl'] = None\n"
        "from boardgames_tui.engine import lock\n"
        "assert not lock.ENFORCED\n"
        "from pathlib import Path\n"
        "l = lock.SaveLock(Path('x.json')); assert l.acquire()\n"
        "print('ok')"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip() == "ok", done.stderr


# ------------------------------------------------ a hostile lock path
class Hung(Exception):
    """Not an OSError, so that no ``except OSError`` swallows it."""


@pytest.fixture
def no_hang() -> Iterator[None]:
    """Whatever runs inside is stopped after 10 s (a FIFO opened for reading
    blocks until a writer comes): a hang fails the test instead of the suite."""

    def stop(signum: int, frame: object) -> None:
        raise Hung("hung on the lock path")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, 10)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_a_fifo_at_the_lock_path_hangs_nothing(
    save: Path, saves_dir: Path, no_hang: None, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkfifo(lock_path(save))
    assert holder(save) is None
    (info,) = list_saves(saves_dir)
    assert info.ok and info.open_elsewhere == ""
    assert cli.main(["saves"]) == 0
    assert save.name in capsys.readouterr().out
    mine = SaveLock(save)
    assert not mine.acquire()
    assert mine.problem == (
        f"{save.name} cannot be locked: its lock file {lock_path(save).name} is a named pipe "
        "(FIFO), which this program never opens as a lock (remove it to play the game here)."
    )
    mine.release()
    assert lock_path(save).exists()  # not ours to remove


def test_a_symlink_at_the_lock_path_is_never_written_through(
    save: Path, saves_dir: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    lock_path(save).symlink_to(victim)
    assert holder(save) is None
    (info,) = list_saves(saves_dir)
    assert info.ok
    mine = SaveLock(save)
    assert not mine.acquire()
    assert mine.problem is not None and "is a symbolic link" in mine.problem
    assert lock_module.lock_problem(save) == mine.problem
    mine.release()
    assert victim.read_text() == "precious\n"
    assert lock_path(save).is_symlink()


def test_a_folder_at_the_lock_path_cannot_lock(save: Path) -> None:
    lock_path(save).mkdir()
    mine = SaveLock(save)
    assert not mine.acquire()
    assert mine.problem is not None and "is a folder" in mine.problem
    assert holder(save) is None


def test_a_left_lock_file_is_replaced_never_truncated(save: Path, tmp_path: Path) -> None:
    """A lock file nobody holds (left by a crash, or a hard link to another
    file planted there) is taken by making a new file: the old one's
    contents are never changed."""
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    os.link(victim, lock_path(save))
    mine = SaveLock(save)
    assert mine.acquire()
    assert victim.read_text() == "precious\n"
    assert not lock_path(save).samefile(victim)
    held = holder(save)
    assert held is not None and held.pid == os.getpid()
    mine.release()
    assert victim.read_text() == "precious\n"
    assert not lock_path(save).exists()


# ----------------------------------------- a lock file deleted or replaced
def test_a_deleted_lock_file_does_not_hand_the_game_over(save: Path, other: Holder) -> None:
    watcher = SaveLock(save)
    assert not watcher.acquire()  # sees the other window's lock file held
    lock_path(save).unlink()
    # The other window still plays: its lock is held, wherever its file went.
    assert not watcher.acquire()
    assert watcher.holder() is not None and watcher.holder().pid == other.pid  # type: ignore[union-attr]
    # The holder looks (as it does every second and before saving) and takes a new file.
    assert other.send("check") == "RETAKEN"
    assert lock_path(save).exists()
    held = holder(save)
    assert held is not None and held.pid == other.pid
    assert not watcher.acquire()
    assert other.send("check") == "KEPT"
    # Once it closes the game, the watcher takes it.
    assert other.send("release") == "RELEASED"
    assert watcher.acquire()
    watcher.release()


def test_a_replaced_lock_file_does_not_hand_the_game_over(save: Path, other: Holder) -> None:
    watcher = SaveLock(save)
    assert not watcher.acquire()
    # Replaced by a file nobody holds: the holder still plays.
    stand_in = save.with_name("stand-in")
    stand_in.write_text("")
    os.replace(stand_in, lock_path(save))
    assert not watcher.acquire()
    assert other.send("check") == "RETAKEN"
    assert not watcher.acquire()
    assert other.send("release") == "RELEASED"
    assert watcher.acquire()
    watcher.release()


def test_a_holder_killed_after_its_lock_file_went_hands_the_game_over(
    save: Path, other: Holder
) -> None:
    watcher = SaveLock(save)
    assert not watcher.acquire()
    lock_path(save).unlink()
    assert not watcher.acquire()
    os.kill(other.pid, signal.SIGKILL)
    other.process.wait(10)
    assert watcher.acquire()
    watcher.release()


def test_a_holder_whose_lock_was_taken_meanwhile_knows_it_lost_it(
    save: Path, other: Holder
) -> None:
    lock_path(save).unlink()
    newcomer = SaveLock(save)  # never saw the other window's lock
    assert newcomer.acquire()
    assert other.send("check") == "LOST"
    assert holder(save) is not None and holder(save).pid == os.getpid()  # type: ignore[union-attr]
    newcomer.release()


def test_the_holder_keeps_its_lock_through_a_symlink_planted_later(
    save: Path, tmp_path: Path
) -> None:
    mine = SaveLock(save)
    assert mine.acquire()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    lock_path(save).unlink()
    lock_path(save).symlink_to(victim)
    assert mine.check() is lock_module.LockState.UNSAFE
    assert mine.held and mine.problem is not None
    mine.release()
    assert victim.read_text() == "precious\n"
    assert lock_path(save).is_symlink()  # not ours: left alone
