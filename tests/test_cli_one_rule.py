"""One rule for every command that takes a save (issue 46 items 2-4, issue 45
item 14): ``load``, ``replay``, ``sit``, ``review`` and ``serve --table`` find a save by
its name in the saves folder, refuse a symbolic link, a FIFO, a socket or a
folder in the same words, and exit with status 2 and their usage for any
refused save; ``saves`` names every ``*.json`` that is not a save file in
one sentence instead of leaving it out."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import cli
from boardgames_tui.cli import main
from boardgames_tui.engine import Seat
from boardgames_tui.engine.session import Session

#: Every command that takes a save, with what it needs after the save.
COMMANDS: dict[str, list[str]] = {
    "load": [],
    "replay": [],
    "sit": ["--seat", "Ana"],
    "serve": [],
    "review": [],
}


def argv(command: str, save: str, folder: Path) -> list[str]:
    if command == "serve":
        return ["--saves", str(folder), "serve", "--port", "1", "--table", save]
    return ["--saves", str(folder), command, save, *COMMANDS[command]]


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What the app would have been opened on, one entry per run."""
    runs: list[dict[str, Any]] = []

    def record(saves: Path | None, session: Any = None, replay: Any = None, seated: Any = None):
        runs.append({"session": session, "replay": replay, "seated": seated})
        return 0

    monkeypatch.setattr(cli, "_run_app", record)
    return runs


def good_save(folder: Path) -> Path:
    session = Session.new("sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=folder)
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path


def run(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str]:
    """``main(args)`` in a thread, failing rather than hanging on a FIFO."""
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(main(args)), daemon=True)
    thread.start()
    thread.join(20)
    assert not thread.is_alive(), f"{args} hung"
    assert result, f"{args} raised"
    return result[0], capsys.readouterr().err


# ------------------------------------------------------------ by its name
@pytest.mark.parametrize("command", ["load", "replay", "sit"])
@pytest.mark.parametrize("spelled", ["name", "name without .json"])
def test_every_command_finds_a_save_by_its_name_in_the_saves_folder(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    opened: list[dict[str, Any]],
    command: str,
    spelled: str,
) -> None:
    folder = tmp_path / "saves"
    save = good_save(folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)  # the name is not a path from here
    name = save.name if spelled == "name" else save.name.removesuffix(".json")
    status, err = run(capsys, argv(command, name, folder))
    assert status == 0, err
    [shown] = opened
    if command == "replay":
        assert shown["replay"] is not None and shown["replay"].length == 1
    else:
        assert shown["session"] is not None and shown["session"].path == save
    if command == "sit":
        assert shown["seated"].save_path == save and shown["seated"].seats == (0,)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_name_that_is_nowhere_is_one_sentence_with_the_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    status, err = run(capsys, argv(command, "nothing.json", tmp_path))
    assert status == 2
    assert err.startswith(f"usage: boardgames-tui {command}")
    assert err.strip().splitlines()[-1] == (
        f"boardgames-tui: error: there is no save nothing.json (nor in {tmp_path}); "
        "`boardgames-tui saves` lists them"
    )


# ----------------------------------------------------------- not a file
@contextlib.contextmanager
def not_a_file(folder: Path, kind: str) -> Iterator[tuple[Path, str]]:
    """``folder/KIND.json`` made as something that is not a save file, and
    the sentence every command refuses it with."""
    good = good_save(folder)
    path = folder / f"{kind}.json"
    listener = None
    if kind == "link":
        path.symlink_to(good)
        said = f"{path.name} is a symbolic link, not a save file; load the file it points to."
    elif kind == "fifo":
        os.mkfifo(path)
        said = f"{path.name} is a named pipe (FIFO), not a save file."
    elif kind == "folder":
        path.mkdir()
        said = f"{path.name} is a folder, not a save file."
    else:
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        here = Path.cwd()
        os.chdir(folder)  # a socket's path is short
        try:
            listener.bind(path.name)
        finally:
            os.chdir(here)
        said = f"{path.name} is a socket, not a save file."
    before = good.read_bytes(), good.stat().st_mtime_ns
    try:
        yield path, said
    finally:
        if kind == "fifo":
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        if listener is not None:
            listener.close()
    assert (good.read_bytes(), good.stat().st_mtime_ns) == before, "the save behind was changed"


KINDS = ["link", "fifo", "folder", "socket"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("command", list(COMMANDS))
@pytest.mark.parametrize("spelled", ["path", "name"])
def test_every_command_refuses_what_is_not_a_save_file_in_the_same_words(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    opened: list[dict[str, Any]],
    kind: str,
    command: str,
    spelled: str,
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    with not_a_file(folder, kind) as (path, said):
        given = str(path) if spelled == "path" else path.name
        status, err = run(capsys, argv(command, given, folder))
    assert status == 2, err
    assert err.startswith(f"usage: boardgames-tui {command}")
    assert err.strip().splitlines()[-1] == f"boardgames-tui: error: {said}"
    assert opened == [] and "Traceback" not in err


@pytest.mark.parametrize("command", ["load", "replay", "sit", "review"])
@pytest.mark.parametrize("damage", ["{not json", '{"format": "boardgames-tui-save"}'])
def test_a_damaged_save_exits_with_status_2_and_the_usage_from_every_command(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    opened: list[dict[str, Any]],
    command: str,
    damage: str,
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(damage)
    status, err = run(capsys, argv(command, str(bad), tmp_path))
    assert status == 2
    lines = err.strip().splitlines()
    assert lines[0].startswith(f"usage: boardgames-tui {command}")
    assert lines[-1].startswith("boardgames-tui: error: bad.json ")
    assert opened == [] and bad.read_text() == damage


def test_load_help_and_usage_name_the_save_and_say_what_it_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["load", "--help"])
    out = capsys.readouterr().out
    assert "usage: boardgames-tui load" in out and "SAVE" in out
    assert "Resume a saved game" in out and "its name in the saves folder" in out


# ---------------------------------------------------------------- lists
def test_saves_names_every_json_that_is_not_a_save_file_in_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    with contextlib.ExitStack() as stack:
        said = dict(stack.enter_context(not_a_file(folder, kind)) for kind in KINDS)
        (folder / "nowhere.json").symlink_to(folder / "missing")
        said[folder / "nowhere.json"] = (
            "nowhere.json is a symbolic link, not a save file; load the file it points to."
        )
        status = main(["--saves", str(folder), "saves"])
        out = capsys.readouterr().out
    assert status == 0
    lines = out.splitlines()
    for path, sentence in said.items():
        assert f"{path.name}  DAMAGED: {sentence}" in lines, out
    fine = [line for line in lines if "DAMAGED" not in line]
    assert len(fine) == len(KINDS)  # each good save behind them, listed once


def test_continue_says_why_it_passes_over_what_is_not_a_save_file(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    opened: list[dict[str, Any]],
) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.chdir(tmp_path)
    with not_a_file(folder, "fifo") as (path, said):
        os.utime(path, (2e9, 2e9), follow_symlinks=False)  # the newest entry
        status, err = run(capsys, ["--saves", str(folder), "continue"])
    assert status == 0
    assert f"boardgames-tui: skipping {said}" in err
    [shown] = opened
    assert shown["session"] is not None
