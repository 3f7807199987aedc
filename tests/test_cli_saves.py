"""`saves`, `load` and `continue` on a saves folder holding files made to
break them: each bad file is one line naming it, printed with its control
characters escaped; nothing crashes, hangs or changes a file.  In process,
with the app replaced by a recorder (as tests/test_cli.py does)."""

from __future__ import annotations

import contextlib
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import cli
from boardgames_tui.cli import main
from boardgames_tui.engine import Seat
from boardgames_tui.engine.save_index import INDEX_NAME
from boardgames_tui.engine.session import Session

HUGE = "9" * 5000


def good_save(saves_dir: Path, seed: int = 3, names: tuple[str, str] = ("Ana", "Ben")) -> Path:
    session = Session.new(
        "sevens", [Seat(name=names[0]), Seat(name=names[1])], seed=seed, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path


def made_from_a_good_save(saves_dir: Path, seed: int) -> dict[str, Any]:
    """A good save's content (the file itself is removed)."""
    source = good_save(saves_dir, seed=seed)
    data: dict[str, Any] = json.loads(source.read_text())
    source.unlink()
    return data


def huge_number_save(saves_dir: Path, name: str = "huge.json") -> Path:
    data = made_from_a_good_save(saves_dir, 99)
    path = saves_dir / name
    path.write_text(json.dumps(data).replace(f'"seed": {data["seed"]}', f'"seed": {HUGE}'))
    return path


def naive_date_save(saves_dir: Path, name: str = "naive.json") -> Path:
    data = made_from_a_good_save(saves_dir, 98)
    data["updated"] = "0001-01-01T00:00:00"
    path = saves_dir / name
    path.write_text(json.dumps(data))
    return path


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.name: (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.iterdir()
        # The saves, not the index of checked saves the listing keeps beside them.
        if p.is_file() and not p.is_symlink() and p.name != INDEX_NAME
    }


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[Session | None]:
    """The sessions the app would have been opened on."""
    sessions: list[Session | None] = []

    def record(saves: Path | None, session: Session | None = None) -> int:
        sessions.append(session)
        return 0

    monkeypatch.setattr(cli, "_run_app", record)
    return sessions


def test_saves_lists_a_file_with_a_huge_number_as_damaged(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = good_save(saves_dir)
    huge = huge_number_save(saves_dir)
    before = snapshot(saves_dir)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    lines = {line.split("  ")[0]: line for line in out.splitlines()}
    assert "DAMAGED: huge.json holds a number thousands of digits long" in lines[huge.name]
    assert "Sevens (test game)" in lines[good.name]
    assert snapshot(saves_dir) == before


def test_load_of_a_huge_number_is_one_sentence(
    saves_dir: Path, capsys: pytest.CaptureFixture[str], opened: list[Session | None]
) -> None:
    huge = huge_number_save(saves_dir)
    before = snapshot(saves_dir)
    assert main(["load", str(huge)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: boardgames-tui load") and err.count("\n") == 2
    assert "huge.json" in err and "Traceback" not in err
    assert opened == [] and snapshot(saves_dir) == before


def test_saves_lists_a_naive_date_as_damaged(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    naive = naive_date_save(saves_dir)
    assert main(["saves"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith(naive.name))
    assert "DAMAGED" in line and "updated" in line and "time zone" in line


def test_continue_skips_bad_newest_files_and_resumes_a_good_one(
    saves_dir: Path, capsys: pytest.CaptureFixture[str], opened: list[Session | None]
) -> None:
    good = good_save(saves_dir)
    bad = [huge_number_save(saves_dir), naive_date_save(saves_dir)]
    for path in bad:  # newer than the good save by their files' times
        os.utime(path, (os.path.getmtime(good) + 60,) * 2)
    before = snapshot(saves_dir)
    assert main(["continue"]) == 0
    assert [s.path for s in opened if s is not None] == [good]
    err = capsys.readouterr().err
    for path in bad:
        assert f"skipping {path.name}" in err
    assert snapshot(saves_dir) == before


def test_saves_prints_names_with_escapes_escaped(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good_save(saves_dir, names=("\x1b[2JAna", "Ben\x1b]0;owned\x07"))
    (saves_dir / "\x1b[31mred.json").write_text("{")
    (saves_dir / "right\u202enosj.json").write_text("[]")
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\x1b[2JAna, Ben\\x1b]0;owned\\x07" in out
    assert "\\x1b[31mred.json  DAMAGED: \\x1b[31mred.json is cut short" in out
    assert "right\\u202enosj.json  DAMAGED" in out


@pytest.mark.skipif(os.uname().sysname == "Darwin", reason="macOS refuses undecodable names")
def test_saves_prints_an_undecodable_file_name(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A name that is not UTF-8 (Python holds its bytes as lone surrogates)
    is printed escaped: a terminal could not be sent it raw."""
    fd = os.open(os.fsencode(saves_dir) + b"/bad\xff.json", os.O_WRONLY | os.O_CREAT, 0o644)
    os.write(fd, b"{")
    os.close(fd)
    assert main(["saves"]) == 0
    out = capsys.readouterr().out
    out.encode("utf-8")  # nothing a terminal cannot be sent
    assert "bad\\udcff.json  DAMAGED" in out


def test_load_names_escaped_in_its_refusal(
    saves_dir: Path, capsys: pytest.CaptureFixture[str], opened: list[Session | None]
) -> None:
    path = saves_dir / "\x1b]0;owned\x07.json"
    path.write_text("{}")
    assert main(["load", str(path)]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b]0;owned\\x07.json is not a boardgames-tui save." in err


def run_briefly(argv: list[str], seconds: float = 10) -> int:
    """``main(argv)``, failing the test (not hanging it) past ``seconds``."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(main(argv)), daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{argv} hung"
    assert result, f"{argv} raised"
    code: int = result[0]
    return code


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_load_of_a_fifo_is_refused_at_once(
    saves_dir: Path, capsys: pytest.CaptureFixture[str], opened: list[Session | None]
) -> None:
    fifo = saves_dir / "pipe.json"
    os.mkfifo(fifo)
    try:
        assert run_briefly(["load", str(fifo)]) == 2
    finally:  # let a reader stuck on the FIFO go
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    err = capsys.readouterr().err
    assert "pipe.json is a named pipe (FIFO), not a save file." in err
    assert opened == []
