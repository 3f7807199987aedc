"""Files in a saves folder that were made to break the program, not damaged
by accident: each is refused with one sentence that names the file (never
another exception, never a hang), and is left exactly as it was."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import Seat
from boardgames_tui.engine.printable import printable
from boardgames_tui.engine.savefile import SaveError, SaveFile, read_save
from boardgames_tui.engine.session import Session

#: A number of 5,000 digits, as JSON text (Python will not make it an int).
HUGE = "9" * 5000


def good_save(saves_dir: Path) -> tuple[Path, dict[str, Any]]:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben", bot="random")], seed=11, saves_dir=saves_dir
    )
    for _ in range(3):
        session.apply(session.legal_actions()[0])
    assert session.path is not None
    return session.path, json.loads(session.path.read_text())


def fingerprint(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def refused(path: Path, *fragments: str) -> str:
    """Loading ``path`` is refused with one sentence naming it; the file is
    left as it was."""
    before = fingerprint(path) if path.is_file() and not path.is_symlink() else None
    with pytest.raises(SaveError) as err:
        Session.load(path)
    message = str(err.value)
    assert "\n" not in message and message.endswith((".", ")")), message
    assert printable(path.name) in message, message
    for fragment in fragments:
        assert fragment in message, message
    if before is not None:
        assert fingerprint(path) == before, "a refused file must be left as it was"
    return message


def write_json(path: Path, data: Any) -> None:
    """``data`` as a save would be written, Python's own limits aside."""
    text = json.dumps(data, indent=1)
    path.write_text(text)


def with_huge_number(data: dict[str, Any], where: str) -> str:
    """The save's JSON text with a 5,000-digit integer at ``where``."""
    marker = 123456789123456789
    copy = json.loads(json.dumps(data))
    if where == "seed":
        copy["seed"] = marker
    elif where == "version":
        copy["version"] = marker
    elif where == "action":
        copy["actions"][0]["card"] = marker
    elif where == "state":
        copy["state"]["scores"][0] = marker
    elif where == "option":
        copy["options"]["plays"] = marker
    elif where == "extra":
        copy["extra"] = [marker]
    text = json.dumps(copy).replace(str(marker), HUGE)
    assert HUGE in text
    return text


# ------------------------------------------------------------- numbers
@pytest.mark.parametrize("where", ["seed", "version", "action", "state", "option", "extra"])
def test_a_number_of_thousands_of_digits_is_refused_naming_the_file(
    saves_dir: Path, where: str
) -> None:
    path, data = good_save(saves_dir)
    path.write_text(with_huge_number(data, where))
    refused(path, "thousands of digits")


def test_a_huge_float_is_a_wrong_type_not_a_crash(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    text = json.dumps(data).replace(f'"seed": {data["seed"]}', '"seed": 1e400')
    path.write_text(text)
    refused(path, "damaged", "seed")


def test_deep_nesting_inside_a_field_is_refused(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    for depth in (500, 5_000, 200_000):
        text = json.dumps(data).replace(
            '"state": {', '"state": {"deep": ' + "[" * depth + "]" * depth + ", ", 1
        )
        path.write_text(text)
        refused(path)


# --------------------------------------------------------------- dates
@pytest.mark.parametrize(
    ("field", "value", "said"),
    [
        ("updated", "0001-01-01T00:00:00", "time zone"),
        ("created", "2026-11-30T18:58:49.939079", "time zone"),
        ("updated", "2026-11-30", "time zone"),
        ("updated", "0001-01-01T00:00:00Z", "before any save"),
        ("updated", "1969-12-31T23:59:59+00:00", "before any save"),
        ("updated", "9999-12-31T23:59:59Z", "in the future"),
        ("created", "3026-01-01T00:00:00+01:00", "in the future"),
        ("updated", "2026-02-30T12:00:00Z", "not a date and time that exists"),
        ("updated", "2026-11-30T25:00:00Z", "not a date and time that exists"),
        ("updated", "yesterday", "not a date and time that exists"),
        ("updated", 1764528000, "written as text"),
        ("updated", None, "written as text"),
    ],
)
def test_dates_without_a_zone_impossible_or_far_off_are_refused(
    saves_dir: Path, field: str, value: Any, said: str
) -> None:
    path, data = good_save(saves_dir)
    data[field] = value
    write_json(path, data)
    refused(path, "damaged", field, said)


def test_dates_as_other_programs_write_them_are_read(saves_dir: Path) -> None:
    """Any offset, with or without fractions of a second, ``Z`` or ``+00:00``."""
    path, data = good_save(saves_dir)
    data["created"] = "2026-11-30T18:00:00+00:00"
    for value in (
        "2026-11-30T18:58:49Z",
        "2026-11-30T19:58:49.5+01:00",
        "2026-11-30T18:58:49+00:00",
    ):
        data["updated"] = value
        write_json(path, data)
        loaded = Session.load(path)
        assert loaded.updated is not None and loaded.updated.utcoffset() is not None
        loaded.updated.astimezone()


# --------------------------------------------------------- strict types
@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(version="2"), "version"),
        (lambda d: d.update(version=True), "version"),
        (lambda d: d.update(version=2.0), "version"),
        (lambda d: d.update(seed=True), "seed"),
        (lambda d: d.update(seed="11"), "seed"),
        (lambda d: d.update(seed=11.0), "seed"),
        (lambda d: d.update(finished="no"), "finished"),
        (lambda d: d.update(finished=0), "finished"),
        (lambda d: d.update(progress=7), "progress"),
        (lambda d: d.update(progress="x" * 5000), "progress"),
        (lambda d: d.update(game=["sevens"]), "game"),
        (lambda d: d.update(notes="hello"), "notes: a save does not hold this"),
        (lambda d: d["seats"][0].update(colour="red"), "seat 1 has something a save does not hold"),
        (lambda d: d["seats"].__setitem__(1, "Ben"), "seat 2 is not a seat"),
        (lambda d: d["seats"][0].update(name=5), "seat 1 has no name"),
        (lambda d: d["seats"][1].update(bot=True), "seat 2's bot"),
        (lambda d: d.update(seats={"name": "Ana"}), "seats"),
        (lambda d: d.update(actions={"0": {"kind": "pass"}}), "actions"),
        (lambda d: d.update(state=[]), "state"),
        (lambda d: d.update(options=None), "options"),
    ],
)
def test_other_types_and_unknown_keys_are_refused(
    saves_dir: Path, change: Callable[[dict[str, Any]], None], said: str
) -> None:
    path, data = good_save(saves_dir)
    change(data)
    write_json(path, data)
    refused(path, "damaged", said)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d["state"].update(cheat=1), "state.cheat"),
        (lambda d: d["actions"][1].update(cheat=1), "actions.1.cheat"),
        (lambda d: d["state"].update(deep=[[[[[]]]]]), "state.deep"),
        (lambda d: d["state"].update({"k" * 500: 1}), "state.kkk"),
    ],
)
def test_unknown_keys_inside_the_game_are_refused(
    saves_dir: Path, change: Callable[[dict[str, Any]], None], said: str
) -> None:
    """The game's own validation ignores keys it does not know; the file
    would lose them at its next save, so it is refused."""
    path, data = good_save(saves_dir)
    change(data)
    write_json(path, data)
    message = refused(path, "damaged", said, "a save does not hold this")
    assert len(message) < 200, message


def test_an_unknown_key_named_with_escapes_is_shown_escaped(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["\x1b]0;owned\x07"] = 1
    write_json(path, data)
    message = refused(path, "a save does not hold this")
    assert "\x1b" not in message and "\\x1b]0;owned\\x07" in message


def test_a_lone_surrogate_is_refused(saves_dir: Path) -> None:
    """Half a character would load, then break the next save and any print."""
    path, data = good_save(saves_dir)
    text = json.dumps(data).replace('"Ana"', '"An\\ud800a"')
    path.write_text(text)
    refused(path, "half of a character")
    # A whole character written as two escapes is a name like any other.
    path.write_text(json.dumps(data).replace('"Ana"', '"An\\ud83d\\ude00a"'))
    assert Session.load(path).seats[0].name == "An\U0001f600a"


def test_the_files_the_program_writes_pass_the_strict_model(saves_dir: Path) -> None:
    path, _ = good_save(saves_dir)
    save = read_save(path)
    assert isinstance(save, SaveFile) and save.seats[1] == Seat(name="Ben", bot="random")
    assert save.updated.tzinfo is not None
    assert Session.load(path).seats == [Seat(name="Ana"), Seat(name="Ben", bot="random")]


# ---------------------------------------------------------- file types
@contextlib.contextmanager
def no_hang(work: Callable[[], object], seconds: float = 10) -> Iterator[list[BaseException]]:
    """Run ``work`` in a thread; fail (rather than hang the suite) if it
    has not returned within ``seconds``."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            work()
        except BaseException as exc:
            errors.append(exc)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    hung = thread.is_alive()
    yield errors
    assert not hung, "reading the file hung"


def unblock(fifo: Path) -> None:
    """Let a reader stuck opening ``fifo`` go (only a broken reader is)."""
    with contextlib.suppress(OSError):
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_save_is_refused_at_once(saves_dir: Path) -> None:
    fifo = saves_dir / "trap.json"
    os.mkfifo(fifo)
    messages: list[str] = []

    def load() -> None:
        messages.append(refused(fifo, "named pipe", "not a save file"))

    try:
        with no_hang(load) as errors:
            pass
    finally:
        unblock(fifo)
    assert not errors and messages, errors
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_socket_named_like_a_save_is_refused(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(saves_dir)  # a socket's path is short
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind("plug.json")
        refused(saves_dir / "plug.json", "socket", "not a save file")
    finally:
        server.close()


def test_a_symbolic_link_is_refused_not_followed(saves_dir: Path) -> None:
    path, _ = good_save(saves_dir)
    link = saves_dir / "link.json"
    link.symlink_to(path)
    refused(link, "symbolic link")
    assert Session.load(path).actions, "the file itself still loads"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_link_to_a_fifo_does_not_hang(saves_dir: Path) -> None:
    fifo = saves_dir.parent / "pipe"
    os.mkfifo(fifo)
    link = saves_dir / "pipe.json"
    link.symlink_to(fifo)
    try:
        with no_hang(lambda: refused(link, "symbolic link")) as errors:
            pass
    finally:
        unblock(fifo)
    assert not errors, errors


def test_a_link_to_a_device_is_refused(saves_dir: Path) -> None:
    link = saves_dir / "zero.json"
    link.symlink_to("/dev/zero")
    with no_hang(lambda: refused(link, "symbolic link")) as errors:
        pass
    assert not errors, errors


def test_a_folder_is_refused(saves_dir: Path) -> None:
    folder = saves_dir / "folder.json"
    folder.mkdir()
    refused(folder, "is a folder, not a save file")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_refused(saves_dir: Path) -> None:
    path, _ = good_save(saves_dir)
    path.chmod(0)
    try:
        refused(path, "cannot be read", "ermission denied")
    finally:
        path.chmod(0o644)


def test_a_huge_file_is_refused_unread(saves_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_tui.engine import savefile as saves_module

    path = saves_dir / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(saves_module.MAX_BYTES + 1)
    read: list[int] = []
    real = os.read

    def counting(fd: int, size: int) -> bytes:
        read.append(size)
        return real(fd, size)

    monkeypatch.setattr(os, "read", counting)
    refused(path, "too large")
    assert read == [], "a file over the limit is refused before it is read"


def test_a_file_growing_while_read_is_cut_off(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The size checked before reading may have grown: reading stops past
    the limit all the same."""
    from boardgames_tui.engine import savefile as saves_module

    monkeypatch.setattr(saves_module, "MAX_BYTES", 1000)
    path = saves_dir / "growing.json"
    path.write_bytes(b" " * 10)
    real_fstat = os.fstat

    def small(fd: int) -> os.stat_result:
        found = real_fstat(fd)
        with path.open("ab") as handle:  # grows after the size was taken
            handle.write(b" " * 5000)
        return found

    monkeypatch.setattr(os, "fstat", small)
    with pytest.raises(SaveError, match="growing.json is 0 MB, too large"):
        read_save(path)


def test_a_file_name_with_escapes_is_named_escaped(saves_dir: Path) -> None:
    path = saves_dir / "\x1b[2Jclear.json"
    path.write_text("{")
    message = refused(path, "cut short")
    assert "\x1b" not in message and "\\x1b[2Jclear.json" in message


# ------------------------------------------------------------ printable
@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("Ana", "Ana"),
        ("Zoë Ñandú 李", "Zoë Ñandú 李"),
        ("a\x1b[2Jb", "a\\x1b[2Jb"),
        ("\x1b]0;title\x07", "\\x1b]0;title\\x07"),
        ("line\nbreak\r", "line\\x0abreak\\x0d"),
        ("tab\there", "tab\\x09here"),
        ("\x9bc", "\\x9bc"),
        ("evil\u202etxt.json", "evil\\u202etxt.json"),
        ("sep\u2028x", "sep\\u2028x"),
        ("bad\udcffbyte", "bad\\udcffbyte"),
        ("👩\u200d👩\u200d👧", "👩\u200d👩\u200d👧"),
        ("no\u00a0break", "no\u00a0break"),
    ],
)
def test_printable_escapes_what_would_act_on_a_terminal(raw: str, shown: str) -> None:
    assert printable(raw) == shown
    printable(raw).encode("utf-8")


def test_a_game_played_on_a_computer_whose_clock_starts_at_1970_saves_and_loads(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A computer without a clock battery may start at the Unix epoch: its
    games are saved (the save is built from the clock, never refused) and
    load, then and once the clock is right again."""
    from datetime import UTC, datetime

    from boardgames_tui.engine import savefile as saves_module
    from boardgames_tui.engine import session as session_module

    def epoch() -> datetime:
        return datetime(1970, 1, 1, 0, 5, tzinfo=UTC)

    with monkeypatch.context() as clock:
        clock.setattr(saves_module, "now", epoch)
        clock.setattr(session_module, "now", epoch)
        path, data = good_save(saves_dir)
        assert data["updated"].startswith("1970-01-01T00:05")
        assert Session.load(path).updated == epoch()
    assert Session.load(path).updated == epoch()
