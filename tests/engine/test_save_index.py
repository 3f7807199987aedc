"""The save lists' index: a listing replays only new or changed saves, the
index is never believed over a file, a damaged index is made again; and the
temporary files a killed writer left go at the next listing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from boardgames_tui.engine import savefile
from boardgames_tui.engine import saves as saves_module
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import write_atomic
from boardgames_tui.engine.saves import list_saves
from boardgames_tui.engine.session import Session

ROOT = Path(__file__).resolve().parents[2]
INDEX = ".saves-index"


def played(saves_dir: Path, seed: int, moves: int = 3) -> Path:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=seed)
    for _ in range(moves):
        session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path


def count_loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """Every replay a listing makes (``Session.load``), by path."""
    loaded: list[Path] = []
    real = Session.load.__func__  # type: ignore[attr-defined]

    def counting(cls: type[Session], path: Path) -> Session:
        loaded.append(path)
        return real(cls, path)  # type: ignore[no-any-return]

    monkeypatch.setattr(Session, "load", classmethod(counting))
    return loaded


def forget_in_memory() -> None:
    """As a new process would start: nothing remembered in this one."""
    getattr(saves_module, "_checked", {}).clear()


def test_a_second_listing_replays_only_new_or_changed_saves(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = [played(saves_dir, seed) for seed in (1, 2, 3)]
    loaded = count_loads(monkeypatch)
    assert all(info.ok for info in list_saves(saves_dir))
    assert sorted(loaded) == sorted(paths)
    loaded.clear()
    forget_in_memory()
    assert all(info.ok for info in list_saves(saves_dir))
    assert loaded == []  # the index knew them all
    # A new save and a changed one are replayed; the others are not.
    fourth = played(saves_dir, 4)
    session = Session.load(paths[0])
    session.apply(session.legal_actions()[0])
    loaded.clear()
    forget_in_memory()
    infos = list_saves(saves_dir)
    assert len(infos) == 4 and all(info.ok for info in infos)
    assert sorted(loaded) == sorted([fourth, paths[0]])


def test_the_index_is_never_believed_over_the_file(saves_dir: Path) -> None:
    """A file changed under the same size and modification time (a hand
    edit with its time put back) is still checked again: its hash differs."""
    path = played(saves_dir, 1)
    (info,) = list_saves(saves_dir)
    assert info.ok
    seen = path.stat()
    data = json.loads(path.read_text())
    scores = data["state"]["scores"]
    scores[0] = 9 if scores[0] != 9 else 8  # the same length, a different game
    text = json.dumps(data, indent=1)
    original = path.read_text()
    text = text + " " * (len(original) - len(text))
    assert len(text) == len(original)
    path.write_text(text)
    os.utime(path, ns=(seen.st_atime_ns, seen.st_mtime_ns))
    assert path.stat().st_size == seen.st_size and path.stat().st_mtime_ns == seen.st_mtime_ns
    (info,) = list_saves(saves_dir)
    assert not info.ok and info.error is not None and "does not match" in info.error


def index_lines(index: Path) -> tuple[dict[str, object], list[str]]:
    """The index file's first line (read) and its entries' lines (as text)."""
    text = index.read_text()
    assert text.endswith("\n")
    first, *entries = text[:-1].split("\n")
    return json.loads(first), entries


def listed(index: Path) -> list[str]:
    head, entries = index_lines(index)
    listing = head["listing"]
    assert isinstance(listing, list) and len(listing) == len(entries)
    return [row[0] for row in listing]


def test_the_index_is_kept_beside_the_saves_and_made_again_if_damaged(saves_dir: Path) -> None:
    played(saves_dir, 1)
    list_saves(saves_dir)
    index = saves_dir / INDEX
    head, entries = index_lines(index)
    assert head["format"] == "boardgames-tui-save-index" and len(listed(index)) == 1
    assert json.loads(entries[0])["replayed"] is True
    good = index.read_text()
    damages = (
        b"{",
        b"\xff\xfe",
        b"[]",
        b'{"format": "boardgames-tui-save-index"}',
        good.encode()[:-1],  # the last line's end lost: a write cut short
        good.replace("\n", "\n\n", 1).encode(),  # a line too many
        good.replace('"version":2', '"version":1').encode(),  # an older program's
    )
    for damage in damages:
        index.write_bytes(damage)
        (info,) = list_saves(saves_dir)
        assert info.ok
        assert index.read_text() == good
    # An entry that is not one of ours is dropped, not believed.
    for entry in ('{"size":"big"}', "{", "[]"):
        index.write_text(good.split("\n")[0] + "\n" + entry + "\n")
        (info,) = list_saves(saves_dir)
        assert info.ok and index.read_text() == good
    # A save that went is forgotten.
    for path in saves_dir.glob("*.json"):
        path.unlink()
    assert list_saves(saves_dir) == []
    assert listed(index) == []


def test_the_quick_list_is_in_the_order_the_games_were_played(saves_dir: Path) -> None:
    """The list's order is the index's (when each game was last played, as
    its save says), not the files' times, and a quick row's entry is read
    from the index only when it is shown."""
    paths = [played(saves_dir, seed) for seed in (1, 2, 3)]
    list_saves(saves_dir)
    index = saves_dir / INDEX
    # The files' times now say the opposite of the games' order.
    for age, path in enumerate(paths):
        os.utime(path, ns=(1_000_000_000 * (age + 1),) * 2)
    list_saves(saves_dir)  # the index learns the new times (not the order)
    rows = saves_module.quick_rows(saves_dir)
    assert [row.path for row in rows] == paths[::-1]
    assert all(row.replayed for row in rows)
    # A damaged entry shows its save as to be checked, the others as known.
    head, entries = index_lines(index)
    middle = listed(index).index(paths[1].name)
    entries[middle] = "{"
    index.write_text("\n".join([json.dumps(head), *entries]) + "\n")
    infos = {info.path: info for info in saves_module.quick_list(saves_dir)}
    assert infos[paths[1]].pending
    assert not infos[paths[0]].pending and not infos[paths[2]].pending
    assert infos[paths[0]].seats == ["Ana", "Ben"]


def test_something_else_at_the_index_path_changes_nothing(saves_dir: Path, tmp_path: Path) -> None:
    played(saves_dir, 1)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    index = saves_dir / INDEX
    index.symlink_to(victim)
    (info,) = list_saves(saves_dir)
    assert info.ok and victim.read_text() == "precious\n"
    index.unlink()
    os.mkfifo(index)  # never waited on (a reader of a FIFO blocks)
    (info,) = list_saves(saves_dir)
    assert info.ok


def test_quick_rows_list_at_once_and_mark_unchecked_saves(saves_dir: Path) -> None:
    first = played(saves_dir, 1)
    quick = saves_module.quick_list(saves_dir)
    assert [(i.path, i.pending) for i in quick] == [(first, True)]
    list_saves(saves_dir)
    (info,) = saves_module.quick_list(saves_dir)
    assert info.ok and not info.pending and info.seats == ["Ana", "Ben"]
    second = played(saves_dir, 2)
    infos = saves_module.quick_list(saves_dir)
    assert {i.path: i.pending for i in infos} == {first: False, second: True}


# ------------------------------------------------------- temporary files
def test_write_atomic_names_its_writer_in_the_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    names: list[str] = []
    real = os.replace

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        names.append(Path(src).name)
        real(src, dst)

    monkeypatch.setattr(saves_module.os, "replace", replace)
    write_atomic(tmp_path / "game.json", "{}")
    (name,) = names
    assert name.startswith(".game.json.") and name.endswith(".tmp")
    assert f"-{os.getpid()}." in name


KILLED_WRITER = """
import sys, time
from pathlib import Path
from boardgames_tui.engine.savefile import temp_prefix
target = Path(sys.argv[1])
temp = target.with_name(temp_prefix(target) + "abc123.tmp")
temp.write_text("half a save")
print(temp, flush=True)
time.sleep(60)
"""


def test_a_killed_writers_temporary_file_goes_at_the_next_listing(saves_dir: Path) -> None:
    kept = played(saves_dir, 1)
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(saves_dir / "game.json")],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert writer.stdout is not None
    temp = Path(writer.stdout.readline().strip())
    writer.stdout.close()
    assert temp.exists()
    # While its writer lives, a listing leaves it alone.
    list_saves(saves_dir)
    assert temp.exists()
    os.kill(writer.pid, signal.SIGKILL)
    writer.wait(10)
    (info,) = list_saves(saves_dir)
    assert info.path == kept and info.ok
    assert not temp.exists()


def test_temporary_files_without_a_live_writer_of_ours_go_once_old(saves_dir: Path) -> None:
    mine = saves_dir / (savefile.temp_prefix(saves_dir / "a.json") + "xyz.tmp")
    other_host = saves_dir / ".b.json.elsewhere-12345.abc.tmp"
    older_kind = saves_dir / ".c.json.k3j4h5.tmp"
    for path in (mine, other_host, older_kind):
        path.write_text("partial")
    list_saves(saves_dir)
    assert mine.exists() and other_host.exists() and older_kind.exists()
    hours_ago = time.time() - 2 * 3600
    for path in (other_host, older_kind):
        os.utime(path, (hours_ago, hours_ago))
    list_saves(saves_dir)
    assert mine.exists()  # this process is writing it
    assert not other_host.exists() and not older_kind.exists()


def test_the_lists_name_each_seats_side_and_bot(saves_dir: Path) -> None:
    """Root's seats say which faction each name plays (from the save's
    options), with the bot that plays a seat; other games name the players."""
    session = Session.new(
        "root", [Seat(name="Ana"), Seat(name="Ben", bot="root")], {}, seed=1, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    (info,) = list_saves(saves_dir)
    assert info.seats == ["Ana (Duchy)", "Ben (Marquise, root bot)"]
    other = Session.new(
        "root",
        [Seat(name="Cy"), Seat(name="Di")],
        {"marquise_seat": 0},
        seed=2,
        saves_dir=saves_dir,
    )
    other.apply(other.legal_actions()[0])
    seats = {tuple(i.seats) for i in list_saves(saves_dir)}
    assert ("Cy (Marquise)", "Di (Duchy)") in seats
    played_tally = Session.new(
        "sevens", [Seat(name="Ed"), Seat(name="Flo", bot="random")], seed=3, saves_dir=saves_dir
    )
    played_tally.apply(played_tally.legal_actions()[0])
    assert ("Ed", "Flo (random bot)") in {tuple(i.seats) for i in list_saves(saves_dir)}
