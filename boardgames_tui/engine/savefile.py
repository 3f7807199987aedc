"""The save file: its format, and writing and reading one.

A save is JSON: a format name and version, the game id, seats, options, seed,
the action log, a snapshot of the state, and when it was created and last
played.  Reading validates its structure and refuses every way a file can be
wrong with one sentence (:class:`SaveError`), never touching the file; the
replay from the seed and the comparison with the snapshot are
:meth:`Session.load`'s.  The saves folder (listing, the newest save,
deleting) is :mod:`boardgames_tui.engine.saves`, above the session.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import socket
import stat
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    ValidationError,
)

from .data import to_json
from .game import Seat
from .paths import file_kind
from .printable import printable

FORMAT = "boardgames-tui-save"
#: 2: the state snapshot no longer holds the setup's ``opening`` events (the
#: session keeps them in its log); version 1 files are migrated on reading.
VERSION = 2
#: Larger files are refused unread: a real save is a few hundred kilobytes.
MAX_BYTES = 16 * 1024 * 1024
#: Reading a save builds a Python object for every list and object in its
#: JSON, so their number, not the file's size, is what reading can cost:
#: a file of millions of ``{}`` takes gigabytes.  A long game holds about
#: one per move (Underwing, six seats, 9,000 moves: 10,000), a save at
#: :data:`MAX_BYTES` about 300,000; a file with more is refused unparsed.
MAX_CONTAINERS = 500_000
#: No game seats more (a file's seats are checked one by one).
MAX_SEATS = 32
#: A seat's name is a person's name (the setup screen takes 24 characters,
#: ``new --players`` this many): a longer one was not written here, and
#: every log line naming the seat would copy it.
MAX_NAME = 100

#: This machine, as named in temporary files' names (letters, digits, - only).
HOST_TAG = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname())[:64] or "host"
#: A temporary file a writer's name says nothing about (an older version's,
#: or another machine's whose process cannot be asked) goes once this old.
STALE_TEMP_SECONDS = 3600.0
TEMP_NAME = re.compile(r"^\..+\.(?P<host>[A-Za-z0-9-]+)-(?P<pid>[0-9]{1,10})\.[^.]+\.tmp$")


class SaveError(Exception):
    """A save that cannot be written or loaded.  The message is one clear sentence."""


#: The earliest moment a save's file may say it was made or played: the
#: Unix epoch (a computer without a clock battery starts there, so a game
#: played on one still loads).  And how far ahead of this computer's clock
#: it may be: another computer's clock may run ahead, but not by a year.
EARLIEST = datetime(1970, 1, 1, tzinfo=UTC)
FUTURE_SLACK = timedelta(days=366)
#: A save's progress line is a few words; a longer one was not written here.
MAX_PROGRESS = 1000


def _moment(value: object) -> object:
    """A save's date and time as its file holds it: ISO 8601 text with its
    offset from UTC (as saves are written), between :data:`EARLIEST` and a
    year after now.  A datetime passes as it is: the session builds its save
    from this computer's clock, and a save is written whatever the clock says."""
    if isinstance(value, datetime):
        return value
    if not isinstance(value, str):
        raise ValueError("is not a date and time written as text")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise ValueError("is not a date and time that exists") from None
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError("has no time zone, so it could be any moment")
    if moment < EARLIEST:
        raise ValueError("is before any save was made")
    if moment > now() + FUTURE_SLACK:
        raise ValueError("is in the future")
    return moment


#: A moment of a save (strict: ISO text with an offset, in a sensible range).
Moment = Annotated[datetime, BeforeValidator(_moment)]


def _seats(value: object) -> object:
    """Seats checked strictly, as the program writes them: each a name and
    the bot playing it (or null), nothing else.  Seats pass as they are."""
    if not isinstance(value, list):
        return value  # the list's own check says what is wrong
    if len(value) > MAX_SEATS:
        raise ValueError(f"holds {len(value)} seats; no game has more than {MAX_SEATS}")
    seats: list[object] = []
    for number, item in enumerate(value, start=1):
        if isinstance(item, Seat):
            seats.append(item)
            continue
        if not isinstance(item, dict):
            raise ValueError(f"seat {number} is not a seat")
        if set(item) - {"name", "bot"}:
            raise ValueError(f"seat {number} has something a save does not hold")
        name, bot = item.get("name"), item.get("bot")
        if not isinstance(name, str):
            raise ValueError(f"seat {number} has no name")
        if len(name) > MAX_NAME:
            raise ValueError(
                f"seat {number}'s name is {len(name):,} characters long; "
                f"a name is at most {MAX_NAME}"
            )
        if bot is not None and not isinstance(bot, str):
            raise ValueError(f"seat {number}'s bot is not a bot's name")
        seats.append(Seat(name=name, bot=bot))
    return seats


def _moves(value: object) -> object:
    """The action log: a list of JSON objects, checked without a copy (a
    hostile file's millions of moves are looked at once each, and the first
    that is not an object stops the look).  Each move's own check is the
    game's, one at a time as the game is replayed (``Session.load``)."""
    if not isinstance(value, list):
        raise ValueError("is not a list of moves")
    for number, item in enumerate(value, start=1):
        if not isinstance(item, dict):
            raise ValueError(f"move {number} is not a move")
    return value


def _json_object(value: object) -> object:
    """A part of the save that is a JSON object (the options, the state's
    snapshot), kept as read: the game checks what is inside."""
    if not isinstance(value, dict):
        raise ValueError("is not a JSON object")
    return value


class SaveFile(BaseModel):
    """A save file's content.  Strict where a file enters the program: no
    key the program does not write, no value of another type (``"2"`` or
    ``true`` is not the version 2), dates with their time zone.  The parts
    a game checks (its options, moves and state) are kept as read, never
    copied element by element."""

    model_config = ConfigDict(strict=True, extra="forbid")

    format: str
    version: int
    game: str
    seats: Annotated[list[Seat], BeforeValidator(_seats)] = Field(min_length=1)
    options: Annotated[dict[str, Any], PlainValidator(_json_object)]
    seed: int
    actions: Annotated[list[dict[str, Any]], PlainValidator(_moves)]
    state: Annotated[dict[str, Any], PlainValidator(_json_object)]
    created: Moment
    updated: Moment
    progress: str = Field(default="", max_length=MAX_PROGRESS)
    finished: bool = False
    #: The moves (their numbers in ``actions``, from 0) a person took on the
    #: search's advice: the log marks them.
    advised: list[Annotated[int, Field(ge=0)]] = Field(default_factory=list)
    #: Whether this table is offered the search's advice (``?``).
    advice: bool = True


def now() -> datetime:
    return datetime.now(UTC)


def stamp(created: datetime) -> datetime:
    """When a game made at ``created`` is written now: this computer's
    clock, never before ``created`` (a clock set back meanwhile would write
    a save that reading refuses, played before it was made)."""
    return max(now(), created)


def new_save_path(saves_dir: Path, game_id: str, when: datetime | None = None) -> Path:
    """A file name no other game will have: game, time and a random tag."""
    when = when or now()
    stamp = when.strftime("%Y%m%d-%H%M%S")
    safe = re.sub(r"[^a-z0-9_-]", "", game_id.lower()) or "game"
    while True:
        path = saves_dir / f"{safe}-{stamp}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


def temp_prefix(path: Path) -> str:
    """The start of a temporary file's name while ``path`` is written: the
    writer's host and process id are in it, so that a listing can tell the
    files a dead process left (:func:`remove_stale_temps`) from a live one's."""
    return f".{path.name}.{HOST_TAG}-{os.getpid()}."


def write_atomic(path: Path, text: str, *, sync: bool = True) -> None:
    """Write so that a crash leaves either the old file or the new one, whole
    (with ``sync``, the default, on the disk before this returns)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=temp_prefix(path), suffix=".tmp", dir=path.parent)
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    if not sync:
        return
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def write_save(path: Path, text: str) -> None:
    """Write a save's text (``Session.save_text``) atomically, or raise SaveError."""
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise SaveError(f"Could not write {path}: {exc.strerror or exc}.") from None


#: How a save file is opened: never waiting (a FIFO named like a save would
#: block the open until something wrote to it), never through a symbolic
#: link (a save is written back in place of the link, so a linked file would
#: quietly part from it), never handed to a child process.
_OPEN_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_NOCTTY", 0)
)


def _too_large(name: str, size: int) -> SaveError:
    return SaveError(
        f"{name} is {size // (1024 * 1024)} MB, too large to be a save (limit {MAX_BYTES // (1024 * 1024)} MB)."
    )


def not_a_file(name: str, mode: int) -> SaveError | None:
    """Why what is at a save's path (its ``lstat`` mode) is not a save file,
    in one sentence; None for a regular file.  Every command, list and
    screen refuses a symbolic link, a folder, a FIFO, a socket or a device
    in these words (through :func:`check_save_file`)."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISLNK(mode):
        return SaveError(f"{name} is a symbolic link, not a save file; load the file it points to.")
    return SaveError(f"{name} is {file_kind(mode)}, not a save file.")


def check_save_file(path: Path) -> None:
    """Refuse, in one sentence naming it, what at ``path`` is not a save
    file to open: nothing there, a symbolic link (never followed: a save is
    written back in place of the link), a folder, a FIFO, a socket, a
    device.  Raises SaveError; the file is not opened."""
    name = printable(path.name)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        raise SaveError(f"{name} does not exist.") from None
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    refusal = not_a_file(name, mode)
    if refusal is not None:
        raise refusal


def _open_refusal(path: Path, name: str, exc: OSError) -> SaveError:
    """Why a save file could not be opened, in one sentence."""
    try:
        check_save_file(path)
    except SaveError as refusal:
        return refusal
    return SaveError(f"{name} cannot be read: {exc.strerror or exc}.")


#: A file as it was read: device, inode, size, modification and change times.
FileKey = tuple[int, int, int, int, int]
#: The last save read whole and found well-formed, under its file as it was
#: then; used once by the next read of the same unchanged file.  A listing
#: checks a save's fields and then replays it (``Session.load`` reads it
#: again), and ``continue`` lists the saves and then loads one: a save of
#: the largest size is parsed once, not twice.
_last_read: tuple[FileKey, SaveFile] | None = None


def _read_bytes(path: Path, name: str) -> tuple[bytes, FileKey] | SaveFile:
    """The bytes of a save file and its key: opened without waiting or
    following a link, checked to be a regular file, and never more than
    :data:`MAX_BYTES` read.  The save itself when it was the last one read
    and is unchanged (nothing is read then)."""
    global _last_read
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except OSError as exc:
        raise _open_refusal(path, name, exc) from None
    try:
        opened = os.fstat(fd)
        refusal = not_a_file(name, opened.st_mode)
        if refusal is not None:
            raise refusal
        if opened.st_size > MAX_BYTES:
            raise _too_large(name, opened.st_size)
        key = (opened.st_dev, opened.st_ino, opened.st_size, opened.st_mtime_ns, opened.st_ctime_ns)
        last = _last_read
        if last is not None and last[0] == key:
            _last_read = None
            return last[1]
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_BYTES:  # a file still growing is cut off here
            chunk = os.read(fd, min(1 << 20, MAX_BYTES + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > MAX_BYTES:
            raise _too_large(name, total)
        return b"".join(chunks), key
    except OSError as exc:
        raise SaveError(f"{name} cannot be read: {exc.strerror or exc}.") from None
    finally:
        os.close(fd)


def place(where: str) -> str:
    """A place in a save ("state.players.0.junk") as a message shows it:
    escaped, and cut short if a made-up key is long."""
    if len(where) > 60:
        where = where[:57] + "..."
    return printable(where)


def _validation_refusal(name: str, exc: ValidationError) -> SaveError:
    """The first thing wrong in a save's fields, in one sentence."""
    first = exc.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"]) or "the file"
    if first["type"] == "value_error":
        reason = str(first.get("ctx", {}).get("error", first["msg"]))
    elif first["type"] == "extra_forbidden":
        reason = "a save does not hold this"
    else:
        reason = first["msg"].lower()
    return SaveError(f"{name} is damaged: {place(where)}: {printable(reason)}.")


_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def _has_lone_surrogates(raw: bytes, data: Any) -> bool:
    """Whether the JSON wrote half a character (``"\\ud800"``): Python keeps
    it, but no file or terminal can be given it, so the first save or print
    would fail.  Only a file that escapes a surrogate at all is looked into."""
    if _SURROGATE_ESCAPE.search(raw) is None:
        return False
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def read_save(path: Path) -> SaveFile:
    """Read and validate a save's structure (not its replay).  Raises
    SaveError, whose one sentence names the file, for every way a file can
    fail: nothing in a file, however made, escapes as another exception."""
    name = printable(path.name)
    try:
        return _read_save(path, name)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(f"{name} is nested too deeply to be a save.") from None
    except MemoryError:
        raise SaveError(f"{name} is too large to be read as a save.") from None
    except Exception as exc:  # whatever else a made-up file can do
        raise SaveError(f"{name} cannot be read as a save ({type(exc).__name__}).") from None


class _KeyTwice(ValueError):
    """A JSON object naming a key twice (``json`` would keep the last)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object as read, refusing a key written twice: which of the
    two the program believed would be an accident of the parser."""
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return found


def _read_save(path: Path, name: str) -> SaveFile:
    global _last_read
    found = _read_bytes(path, name)
    if isinstance(found, SaveFile):
        return found
    raw, key = found
    save = _parse(raw, name)
    _last_read = (key, save)
    return save


def _parse(raw: bytes, name: str) -> SaveFile:
    """A save's bytes checked and made a :class:`SaveFile` (see read_save)."""
    if not raw.strip():
        raise SaveError(f"{name} is empty.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{name} is not a text file, so not a save.") from None
    # Counted before anything is built (a bracket inside a string counts
    # too: no save comes near the limit, so that costs nothing).
    containers = raw.count(b"{") + raw.count(b"[")
    if containers > MAX_CONTAINERS:
        raise SaveError(
            f"{name} holds {containers:,} lists and objects; "
            f"no save holds more than {MAX_CONTAINERS:,}."
        )
    try:
        data = json.loads(text, object_pairs_hook=_object)
    except _KeyTwice as exc:
        raise SaveError(
            f'{name} is damaged: the key "{place(exc.key)}" is written twice in one object.'
        ) from None
    except json.JSONDecodeError as exc:
        # The text ends where a value was still to come, or inside a string
        # (a string with no closing quote runs to the end of the text).
        if exc.pos >= len(text.rstrip()) - 1 or exc.msg.startswith("Unterminated string"):
            raise SaveError(f"{name} is cut short (truncated JSON).") from None
        raise SaveError(
            f"{name} is not valid JSON (line {exc.lineno}, column {exc.colno})."
        ) from None
    except ValueError:
        # json turns a number into an int, and Python refuses to read one of
        # more than 4,300 digits: no save has such a number.
        raise SaveError(f"{name} holds a number thousands of digits long; no save does.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{name} is not a boardgames-tui save.")
    if _has_lone_surrogates(raw, data):
        raise SaveError(f"{name} is damaged: it holds half of a character (a lone \\u escape).")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > VERSION:
        raise SaveError(
            f"{name} was saved by a newer version of boardgames-tui (save format {version}; this one reads {VERSION})."
        )
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        raise _validation_refusal(name, exc) from None
    if save.version < 1:
        raise SaveError(f"{name} has an unknown save format version ({save.version}).")
    if save.updated < save.created:
        raise SaveError(
            f"{name} is damaged: updated: is earlier than created "
            "(a game is played after it is made)."
        )
    return migrate(save)


def read_move(game: Any, data: dict[str, Any], name: str, number: int) -> Any:
    """Move ``number`` of a save (its JSON ``data``) as ``game`` reads it
    (``Game.parse_action``); a SaveError naming the move when it is not one.
    A log is read a move at a time as it is replayed, so the first bad move
    stops the load: a file of millions of bad moves costs no more than its
    first."""
    try:
        return game.parse_action(data)
    except ValidationError:
        raise SaveError(
            f"{name} is damaged: move {number} is not a move of {game.title}."
        ) from None


def check_replayed(
    name: str, game: Any, save: SaveFile, state: Any, actions: list[Any], is_over: bool
) -> list[dict[str, Any]]:
    """Refuse (SaveError) a save that its replay contradicts: a snapshot
    unlike ``state`` (what its ``actions`` replay to), a key the program
    does not write, a ``finished`` the game denies.  Returns the actions'
    JSON data as the program writes it (``Game.dump_action`` each), made
    here to look for unknown keys: the session keeps it for its saves."""
    try:
        saved = game.saved_state(save.state)
        snapshot = game.dump_state(game.load_state(saved))
    except ValidationError:
        raise SaveError(f"{name} is damaged: its snapshot of the game is not valid.") from None
    replayed = game.dump_state(state)
    if snapshot != replayed:
        raise SaveError(
            f"{name} does not match its own moves: replaying them gives a different game (was it edited?)."
        )
    # Keys no game writes pass validation (it ignores them) and would be
    # lost at the next save: a file holding one is refused.  (Keys a file
    # lacks are fields added since it was written, with their defaults.)
    # A file equal to what the program writes has none: looked for only
    # when it differs.
    extra = None
    if saved != replayed:
        extra = unknown_key(saved, replayed, "state")
    written: list[dict[str, Any]] = []
    if extra is None:
        written = to_json(actions, list[game.action_type])
        if save.actions != written:
            extra = unknown_key(save.actions, written, "actions")
    if extra is not None:
        raise SaveError(f"{name} is damaged: {place(extra)}: a save does not hold this.")
    check_finished(name, save, is_over)
    return written


def check_finished(name: str, save: SaveFile, is_over: bool) -> None:
    """Refuse a save whose ``finished`` the replayed game contradicts (a
    hand-edited one: ``continue`` would pass over an unfinished game)."""
    if save.finished != is_over:
        said = "finished" if save.finished else "not finished"
        raise SaveError(
            f"{name} is damaged: it says the game is {said}, and its moves say otherwise."
        )


def unknown_key(written: Any, expected: Any, where: str) -> str | None:
    """Where ``written`` (a save's JSON) has a key that ``expected`` (the same
    part as the program writes it now) lacks, as "state.players.0.junk"; None
    when it has none.  Keys ``written`` lacks are not looked for."""
    if isinstance(written, dict) and isinstance(expected, dict):
        for key, value in written.items():
            if key not in expected:
                return f"{where}.{key}"
            found = unknown_key(value, expected[key], f"{where}.{key}")
            if found is not None:
                return found
    elif isinstance(written, list) and isinstance(expected, list):
        for index, (value, other) in enumerate(zip(written, expected, strict=False)):
            found = unknown_key(value, other, f"{where}.{index}")
            if found is not None:
                return found
    return None


def migrate(save: SaveFile) -> SaveFile:
    """A save of an older format version brought up to this one."""
    if save.version == 1:
        # Version 1 snapshots carried setup's opening events in the state.
        state = {k: v for k, v in save.state.items() if k != "opening"}
        save = save.model_copy(update={"version": 2, "state": state})
    return save
