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
from boardgames_tui.engine.saves import SaveError, delete_save, list_saves
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
