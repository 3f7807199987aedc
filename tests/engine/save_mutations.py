"""Save files mutated every way a hand, a broken disk or a hostile neighbour
could: numbers of every size, every field given every type, dates, unicode,
truncation, deep nesting, keys added and removed, bytes flipped.

The mutations draw their choices from a :class:`Chooser`: the test suite
hands them Hypothesis's draws (so a failure shrinks to a small case), the
long run in ``benchmarks/save_fuzz.py`` a seeded ``random.Random`` (fast).
:func:`check_whole_path` then runs one file through ``saves``, ``load`` and
``continue`` as the command line does, in process, and says what went wrong.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from boardgames_tui import cli
from boardgames_tui.engine.printable import printable

T = TypeVar("T")


class Chooser(Protocol):
    def choice(self, options: Sequence[T]) -> T: ...

    def integer(self, low: int, high: int) -> int: ...


class RandomChooser:
    """Choices from a seeded ``random.Random``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)


# ---------------------------------------------------------------- pieces
#: Digits counts around every limit: 64-bit, float range, Python's 4,300.
DIGITS = (1, 2, 10, 18, 19, 20, 39, 64, 309, 400, 4299, 4300, 4301, 5000, 40_000)
NUMBER_FORMS = (
    "0", "-0", "1.0", "0.1", "-1", "1e2", "1E+2", "1e308", "1e400", "-1e400", "1e-400",
    "NaN", "Infinity", "-Infinity", "01", "+1", ".5", "1.", "0x10", "1_000", "٣",
)  # fmt: skip
VALUES = (
    "null", "true", "false", '""', '"x"', '"2"', "[]", "{}", "[1, 2]", '{"a": 1}',
    '[null]', '[{}]', '{"kind": "pass"}', '{"name": "A"}', '[{"name": "A", "bot": null}]',
)  # fmt: skip
DATES = (
    "0001-01-01T00:00:00", "0001-01-01T00:00:00Z", "0001-01-01T00:00:00+23:59",
    "9999-12-31T23:59:59Z", "9999-12-31T23:59:59.999999-23:59", "2026-11-30T18:58:49",
    "2026-11-30", "2026-02-30T00:00:00Z", "2026-11-30T24:00:00Z", "2026-11-30T23:59:60Z",
    "2026-11-30T18:58:49+24:00", "2026-11-30T18:58:49+23:59", "2026-W48-1T10:00Z",
    "20261130T185849Z", "2026-11-30 18:58:49Z", "2026-11-30T18:58:49.1234567Z",
    "２０２６-11-30T18:58:49Z", "1970-01-01T00:00:00Z", "1999-12-31T23:59:59Z",
    "2000-01-01T00:00:00Z", "2100-01-01T00:00:00Z", "", "now", "2026-11-30T18:58:49Z\\u0000",
)  # fmt: skip
#: Pieces of strings, as JSON text: escapes (valid and not), raw controls
#: (which JSON forbids), lone and paired surrogates, bidi, wide characters.
STRING_PIECES = (
    "\\u001b[2J", "\\u001b]0;owned\\u0007", "\\u009b31m", "\\u0000", "\\n", "\\r", "\\t",
    "\x1b", "\x00", "\x07", "\u202e", "\u2028", "\\u202e", "\\ud800", "\\udfff\\ud800",
    "\\ud83d\\ude00", "😀", "\u200d", "e\u0301", "李", "\ufeff", "\\uffff", "\\x41", "\\u12",
    "\\", '\\"', "[/]", "[bold]", "%s", "{}", "../../etc/passwd",
)  # fmt: skip
#: Whole-file damage to the bytes.
BAD_BYTES = (b"\xff", b"\xc3", b"\xc0\xaf", b"\xed\xa0\x80", b"\x00", b"\xef\xbb\xbf", b"\x80")

SENTINEL = "\ue000mutation\ue000"


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON tree, the root excepted."""
    found: list[tuple[Any, ...]] = []
    if isinstance(data, dict):
        items: Iterator[tuple[Any, Any]] = iter(data.items())
    elif isinstance(data, list):
        items = iter(enumerate(data))
    else:
        items = iter(())
    for key, value in items:
        found.append((*prefix, key))
        found.extend(paths(value, (*prefix, key)))
    return found


def _node(data: Any, place: tuple[Any, ...]) -> Any:
    for key in place:
        data = data[key]
    return data


def _spliced(data: Any, place: tuple[Any, ...], fragment: str) -> str:
    """The JSON of ``data`` with the raw text ``fragment`` at ``place``
    (valid JSON or not)."""
    copy = json.loads(json.dumps(data))
    _node(copy, place[:-1])[place[-1]] = SENTINEL
    return json.dumps(copy, indent=1, ensure_ascii=False).replace(f'"{SENTINEL}"', fragment, 1)


def _number(choose: Chooser) -> str:
    if choose.integer(0, 2) == 0:
        return choose.choice(NUMBER_FORMS)
    digits = choose.choice(DIGITS)
    text = "9" * digits if choose.integer(0, 1) else "1" + "0" * (digits - 1)
    return ("-" if choose.integer(0, 3) == 0 else "") + text


def _string(choose: Chooser) -> str:
    pieces = [choose.choice(STRING_PIECES) for _ in range(choose.integer(1, 4))]
    if choose.integer(0, 9) == 0:
        pieces.append("x" * choose.choice((1000, 100_000)))
    return '"' + "Ana" + "".join(pieces) + '"'


def _nested(choose: Chooser) -> str:
    depth = choose.choice((2, 30, 200, 900, 3000, 100_000))
    kind = choose.integer(0, 2)
    if kind == 0:
        return "[" * depth + "]" * depth
    if kind == 1:
        return '{"a": ' * depth + "1" + "}" * depth
    return "[" * depth + "]" * (depth - 1)  # one short


def _value(choose: Chooser) -> str:
    kind = choose.integer(0, 3)
    if kind == 0:
        return choose.choice(VALUES)
    if kind == 1:
        return _number(choose)
    if kind == 2:
        return _string(choose)
    return '"' + choose.choice(DATES) + '"'


@dataclass
class Mutation:
    """A mutated save: what was done, and the bytes."""

    what: str
    data: bytes


def mutate(original: dict[str, Any], choose: Chooser) -> Mutation:
    """One mutation of a save's content, chosen by ``choose``."""
    text = json.dumps(original, indent=1, ensure_ascii=False)
    raw = text.encode("utf-8")
    places = paths(original)
    kind = choose.choice(
        ("number", "value", "date", "string", "nesting", "key", "drop", "truncate", "bytes")
    )
    if kind == "number":
        numbers = [p for p in places if isinstance(_node(original, p), int | float)]
        place = choose.choice(numbers or places)
        fragment = _number(choose)
        return Mutation(
            f"number {fragment[:12]}... ({len(fragment)}) at {place}",
            _spliced(original, place, fragment).encode(),
        )
    if kind == "value":
        tops = [(key,) for key in original]
        place = choose.choice(tops + places)
        fragment = _value(choose)
        return Mutation(
            f"value {fragment[:30]!r} at {place}", _spliced(original, place, fragment).encode()
        )
    if kind == "date":
        place = (choose.choice(("created", "updated")),)
        date = choose.choice(DATES)
        return Mutation(
            f"date {date!r} at {place}", _spliced(original, place, f'"{date}"').encode()
        )
    if kind == "string":
        strings = [p for p in places if isinstance(_node(original, p), str)]
        place = choose.choice(strings or places)
        fragment = _string(choose)
        return Mutation(
            f"string {fragment[:40]!r} at {place}", _spliced(original, place, fragment).encode()
        )
    if kind == "nesting":
        place = choose.choice(places)
        fragment = _nested(choose)
        return Mutation(
            f"nesting {len(fragment)} at {place}", _spliced(original, place, fragment).encode()
        )
    if kind == "key":
        dicts = [()] + [p for p in places if isinstance(_node(original, p), dict)]
        place = choose.choice(dicts)
        copy = json.loads(json.dumps(original))
        key = choose.choice(("extra", "version", "seed", "", "\x1b[2J", "kind", "name"))
        _node(copy, place)[SENTINEL] = SENTINEL
        fragment = _value(choose)
        body = json.dumps(copy, ensure_ascii=False).replace(
            f'"{SENTINEL}": "{SENTINEL}"', json.dumps(key) + ": " + fragment, 1
        )
        return Mutation(f"key {key!r}={fragment[:20]!r} in {place}", body.encode())
    if kind == "drop":
        place = choose.choice(places)
        copy = json.loads(json.dumps(original))
        del _node(copy, place[:-1])[place[-1]]
        return Mutation(f"drop {place}", json.dumps(copy).encode())
    if kind == "truncate":
        cut = choose.integer(0, len(raw) - 1)
        return Mutation(f"truncated at {cut}", raw[:cut])
    # bytes: flip, insert or delete at a random offset
    at = choose.integer(0, len(raw) - 1)
    how = choose.integer(0, 2)
    if how == 0:
        bad = choose.choice(BAD_BYTES)
        return Mutation(f"bytes {bad!r} at {at}", raw[:at] + bad + raw[at:])
    if how == 1:
        return Mutation(
            f"byte {at} flipped",
            raw[:at] + bytes([raw[at] ^ (1 << choose.integer(0, 7))]) + raw[at + 1 :],
        )
    return Mutation(f"byte {at} deleted", raw[:at] + raw[at + 1 :])


# ------------------------------------------------------------ the path
def shown_badly(text: str) -> str | None:
    """A character that would act on a terminal (or could not be sent to
    one), or None: output may hold only printable text and newlines."""
    for char in text:
        if char == "\n" or char in "\u200c\u200d":
            continue
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return repr(char)
    return None


@dataclass
class Verdict:
    """What the whole path made of one file."""

    loaded: bool
    listed_ok: bool
    problems: list[str] = field(default_factory=list)


@contextlib.contextmanager
def _app_replaced(opened: list[object]) -> Iterator[None]:
    """``load`` and ``continue`` end by opening the app: record the session
    instead."""
    real = cli._run_app

    def record(saves: Path | None, session: object = None) -> int:
        opened.append(session)
        return 0

    cli._run_app = record
    try:
        yield
    finally:
        cli._run_app = real


def _run(argv: list[str]) -> tuple[int | None, str, str, BaseException | None]:
    out, err = io.StringIO(), io.StringIO()
    code: int | None = None
    error: BaseException | None = None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's own exits
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException as exc:  # a traceback the person would see
            error = exc
    return code, out.getvalue(), err.getvalue(), error


def fingerprint(path: Path) -> tuple[bytes, int] | None:
    try:
        return path.read_bytes(), os.stat(path).st_mtime_ns
    except OSError:
        return None


def check_whole_path(path: Path) -> Verdict:
    """``saves``, ``load`` and ``continue`` on ``path``, alone in its
    folder, as the command line runs them: each must end with its status,
    no exception, output that cannot act on a terminal, a refusal that
    names the file in one line, the same verdict from the list as from
    loading, and the file as it was."""
    folder = path.parent
    name = printable(path.name)
    before = fingerprint(path)
    problems: list[str] = []
    opened: list[object] = []

    def look(command: str, result: tuple[int | None, str, str, BaseException | None]) -> None:
        code, out, err, error = result
        if error is not None:
            problems.append(f"{command}: {type(error).__name__}: {str(error)[:200]}")
        for stream, text in (("stdout", out), ("stderr", err)):
            if (bad := shown_badly(text)) is not None:
                problems.append(f"{command}: {bad} printed raw to {stream}")
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                problems.append(f"{command}: {stream} cannot be written to a terminal")

    with _app_replaced(opened):
        listing = _run(["saves", "--saves", str(folder)])
        look("saves", listing)
        line = next((x for x in listing[1].splitlines() if x.startswith(name + "  ")), None)
        if listing[0] != 0 or line is None:
            problems.append(f"saves: status {listing[0]}, file not listed: {listing[1][:200]!r}")
        listed_ok = line is not None and not line.startswith(name + "  DAMAGED: ")

        loading = _run(["load", str(path)])
        look("load", loading)
        loaded = loading[0] == 0 and len(opened) == 1
        if loading[0] == 2:
            # A refused save: the command's usage, then one line naming the file.
            lines = loading[2].splitlines()
            if (
                len(lines) != 2
                or not lines[0].startswith("usage: boardgames-tui load")
                or name not in lines[1]
            ):
                problems.append(f"load: refusal not one line naming the file: {loading[2][:300]!r}")
        elif not loaded:
            problems.append(f"load: status {loading[0]}: {loading[2][:300]!r}")
        if loaded != listed_ok:
            problems.append(
                f"saves says {'fine' if listed_ok else 'damaged'}, load {'loads' if loaded else 'refuses'}"
            )

        opened.clear()
        going_on = _run(["continue", "--saves", str(folder)])
        look("continue", going_on)
        if going_on[0] not in (0, 2):
            problems.append(f"continue: status {going_on[0]}: {going_on[2][:300]!r}")
        if going_on[0] == 0 and not loaded:
            problems.append("continue resumed a file load refuses")
    if fingerprint(path) != before:
        problems.append("the file was changed")
    return Verdict(loaded=loaded, listed_ok=listed_ok, problems=problems)


def recorded_saves(folder: Path, games: Sequence[tuple[str, int, int]]) -> list[dict[str, Any]]:
    """The content of saves played by random bots, to mutate: one per
    (game, players, moves); their files are removed."""
    from boardgames_tui.engine.game import Seat
    from boardgames_tui.engine.session import Session

    found: list[dict[str, Any]] = []
    for game_id, players, moves in games:
        seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
        session = Session.new(game_id, seats, seed=9, saves_dir=folder)
        for _ in range(moves):
            if session.is_over:
                break
            session.play_bot()
        assert session.path is not None
        found.append(json.loads(session.path.read_text()))
        session.path.unlink()
    return found
