"""One game, a window per seat: sitting at seats, writing moves, following.

A game may be open in several windows at once, each *sitting* at one or more
of its seats (``boardgames-tui sit SAVE --seat Ben``, or a seat's link from
``serve``).  The save stays the single source of truth:

- **Sitting.**  A window claims its seats (:func:`claim_seats`): a ``flock``
  on a hidden file per seat beside the save (``.SAVE.seat2.lock``), dropped
  by the kernel when the window's process ends in any way.  A seat sits in
  one window at a time; a window that closed or crashed leaves its seat free
  to sit at again.
- **Writing.**  A window writes the moves its seats made (and, if it moves
  the bots, the bots' moves) with :func:`write_checked`: it takes the save's
  own lock (``engine/lock.py``) only for the write, reads the save, and
  writes only if the save is still as the window last read or wrote it
  (:class:`Version`: how many moves, and when it was last written).  If
  another window wrote in between, nothing is written (:class:`SaveMoved`),
  and the window reads the game again: the other window's move stands, the
  loser's is not made, and the loser is told.  Two windows never both write.
- **Following.**  Every window looks at the save a few times a second and
  plays the moves the others wrote into its own copy of the game
  (:func:`follow`): only the new moves when the save extends what the window
  holds, the whole save read again after an undo elsewhere.
- **The bots** move in exactly one window: the open window sitting at the
  lowest-numbered seat (:func:`moves_bots`).  When it closes, the window at
  the next seat takes over at its next look.

Nothing here knows a game, and nothing imports Textual.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .game import Seat
from .lock import Holder, SaveLock, holder, seat_key
from .savefile import SaveError, SaveFile, read_save, stamp, write_save
from .session import Session

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)

#: How long a window waits for the save's lock when another window is writing
#: (a write takes a few milliseconds), before saying the game is held.
WRITE_WAIT_SECONDS = 0.5


class SeatError(Exception):
    """A seat cannot be sat at (unknown, a bot's, taken).  One sentence."""


class SaveMoved(Exception):
    """The save changed since this window last read it: nothing was written."""


class SaveHeld(Exception):
    """Another window holds the save's lock (a window playing every seat):
    nothing was written.  The message says so in one sentence."""


@dataclass(frozen=True)
class Version:
    """Where a save stands: how many moves it holds and when it was written
    (a write stamps the time, so an undo followed by a move is told apart)."""

    count: int
    updated: datetime


def version_of(session: Session) -> Version:
    """The version a window's session stands at."""
    return Version(len(session.actions), session.updated)


def save_version(save: SaveFile) -> Version:
    return Version(len(save.actions), save.updated)


def find_seats(seats: Sequence[Seat], names: Sequence[str]) -> tuple[int, ...]:
    """The seat numbers of ``names`` (as typed; matched without regard to
    case when not exact), in the order of the table.  Raises SeatError for a
    name that is not a seat, or that a bot plays."""
    if not names:
        raise SeatError("Name a seat to sit at (--seat NAME).")
    every = ", ".join(seat.name for seat in seats)
    found: list[int] = []
    for name in names:
        wanted = name.strip()
        exact = [i for i, seat in enumerate(seats) if seat.name == wanted]
        loose = [i for i, seat in enumerate(seats) if seat.name.casefold() == wanted.casefold()]
        matches = exact or loose
        if len(matches) != 1:
            raise SeatError(f"{wanted!r} is not a seat of this game (seats: {every}).")
        seat = matches[0]
        if seats[seat].is_bot:
            raise SeatError(
                f"{seats[seat].name} is played by a bot; sit at a person's seat (seats: {every})."
            )
        if seat not in found:
            found.append(seat)
    return tuple(sorted(found))


def _seat_lock(save_path: Path, seat: int) -> SaveLock:
    """The lock of one seat of a save: ``.SAVE.seatN.lock`` beside it."""
    return SaveLock(seat_key(save_path, seat))


def seat_holder(save_path: Path, seat: int) -> Holder | None:
    """Who sits at ``seat`` of the save now (a window's process), or None."""
    return holder(seat_key(save_path, seat))


def watching(save_path: Path) -> SeatClaim:
    """A window at none of the save's seats: it shows the table (no hand),
    follows the seats' windows and never writes."""
    return SeatClaim(save_path, (), [])


class SeatClaim:
    """The seats one window sits at, held until :meth:`release` (or the
    process ends)."""

    def __init__(self, save_path: Path, seats: tuple[int, ...], locks: list[SaveLock]) -> None:
        self.save_path = save_path
        self.seats = seats
        self._locks = locks

    def release(self) -> None:
        for lock in self._locks:
            lock.release()
        self._locks = []


def claim_seats(
    save_path: Path, seat_list: Sequence[Seat], seats: tuple[int, ...], *, wait: float = 0.0
) -> SeatClaim:
    """Sit at ``seats`` of the save at ``save_path``; raises SeatError when
    one of them sits in another window already (nothing is held then).
    ``wait``: seconds to wait for a window that is closing (a phone's page
    opened again while its last window still ends) before refusing."""
    deadline = time.monotonic() + wait
    while True:
        try:
            return _claim(save_path, seat_list, seats)
        except _Taken as exc:
            if time.monotonic() >= deadline:
                raise SeatError(str(exc)) from None
            time.sleep(0.1)


class _Taken(SeatError):
    """A seat sits in another window."""


def _claim(save_path: Path, seat_list: Sequence[Seat], seats: tuple[int, ...]) -> SeatClaim:
    taken: list[SaveLock] = []
    for seat in seats:
        lock = _seat_lock(save_path, seat)
        if lock.acquire():
            taken.append(lock)
            continue
        for held in taken:
            held.release()
        if lock.problem is not None:
            raise SeatError(lock.problem)
        who = lock.holder()
        where = f" ({who.describe()})" if who is not None else ""
        raise _Taken(
            f"{seat_list[seat].name} already sits in another window{where}; "
            "close that window to sit there here."
        )
    return SeatClaim(save_path, seats, taken)


def moves_bots(save_path: Path, seat_list: Sequence[Seat], sitting: frozenset[int]) -> bool:
    """Whether the window sitting at ``sitting`` moves the bots: no open
    window sits at a person's seat numbered lower than its own lowest."""
    if not sitting:
        return False  # a window watching the table moves nobody
    lowest = min(sitting)
    return not any(
        not seat_list[seat].is_bot and seat_holder(save_path, seat) is not None
        for seat in range(lowest)
        if seat not in sitting
    )


#: A file's identity, size and time (``disk_key``).
DiskKey = tuple[int, int, int]


def disk_key(path: Path) -> DiskKey | None:
    """The save file's identity and size and time, to see cheaply that it
    changed (an atomic write makes a new file): None when it is missing."""
    try:
        seen = os.stat(path)
    except OSError:
        return None
    return (seen.st_ino, seen.st_size, seen.st_mtime_ns)


def _take(path: Path, wait: float) -> SaveLock:
    lock = SaveLock(path)
    deadline = time.monotonic() + wait
    while not lock.acquire():
        if lock.problem is not None:
            raise SaveHeld(lock.problem)
        if time.monotonic() >= deadline:
            who = lock.holder()
            where = f" ({who.describe()})" if who is not None else ""
            raise SaveHeld(
                f"This game is open in a window that plays every seat{where}: "
                "moves are made there, and this window follows them."
            )
        time.sleep(0.01)
    return lock


def write_checked(
    session: Session,
    path: Path,
    since: Version,
    change: Callable[[], object] | None = None,
    *,
    wait: float = WRITE_WAIT_SECONDS,
    after: Callable[[], object] | None = None,
    unchanged: DiskKey | None = None,
) -> Version:
    """Write ``session`` to the save at ``path`` if the save still stands at
    ``since`` (as this window last read or wrote it), holding the save's lock
    only for the look and the write; ``change()`` (an undo) is done under the
    lock, after the look; ``after()`` right after the write, the lock still
    held (to note the file written, before any other window can replace
    it).  Returns the version written.

    ``unchanged``: the save's :func:`disk_key` when it stood at ``since``
    (taken before the read that gave ``since``, or right after this
    window's write), if known.  A save found with that key is the same file
    (a write makes a new one): it is not read again to see that it still
    stands at ``since`` (a move's write reads the file's stat, not the
    whole save).

    Raises SaveMoved when another window wrote since (nothing is written,
    ``change`` is not done), SaveHeld when a window playing every seat holds
    the game, SaveError when the file cannot be read or written."""
    lock = _take(path, wait)
    try:
        if unchanged is None or disk_key(path) != unchanged:
            disk = read_save(path)
            if save_version(disk) != since:
                raise SaveMoved(
                    "The game moved on in another window before this move was written: "
                    "it was not made, and the table shows the game as it is now."
                )
        if change is not None:
            change()
        session.updated = stamp(session.created)
        write_save(path, session.save_text())
        if after is not None:
            after()
        return version_of(session)
    finally:
        lock.release()


def follow(
    session: Session, path: Path, since: Version, *, in_place: bool = True
) -> tuple[Session, Version] | None:
    """The game as the save at ``path`` holds it now, if it moved on since
    ``since``: ``session`` with the new moves played (the save extends it),
    else the save read whole (an undo elsewhere).  None when nothing changed.
    The session returned has no save path (a window writes through
    :func:`write_checked`).  ``in_place=False``: never change ``session``
    (a bot may be reading it in a thread): the save is read whole.  Raises
    SaveError for a save that cannot be read."""
    disk = read_save(path)
    version = save_version(disk)
    if version == since:
        return None
    held = len(session.actions)
    if in_place and len(disk.actions) >= held and disk.actions[:held] == session.saved_moves():
        try:
            game = session.game
            session.follow([game.parse_action(a) for a in disk.actions[held:]], disk.updated)
        except Exception:  # a move that does not replay: read the file whole
            pass
        else:
            return session, version
    fresh = Session.load(path)
    fresh.path = None
    return fresh, version_of(fresh)


# ------------------------------------------------------------ seat links
#: A seat's link is a key: ``serve`` opens the seat's window to whoever
#: brings its token, and to nobody else.  The tokens of a save's seats are
#: kept beside it (``.SAVE.seats``, readable by its owner only), made once
#: and kept, so that a phone's link still works after the server restarts.
TOKENS_SUFFIX = ".seats"


def tokens_path(save_path: Path) -> Path:
    return save_path.with_name(f".{save_path.name}{TOKENS_SUFFIX}")


def _read_tokens(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def seat_tokens(save_path: Path, seats: Sequence[Seat]) -> dict[str, str]:
    """Each person's seat of the save and the secret of its link, by the
    seat's name: those already made, and new ones for the rest (written
    beside the save, readable by its owner only).  Raises SaveError when
    they cannot be written."""
    path = tokens_path(save_path)
    known = _read_tokens(path)
    tokens = {seat.name: known.get(seat.name) or "" for seat in seats if not seat.is_bot}
    if all(tokens.values()):
        return tokens
    for name, token in tokens.items():
        if not token:
            tokens[name] = secrets.token_urlsafe(24)
    temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(tokens, out)
        os.replace(temp, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise SaveError(
            f"The seats' links of {save_path.name} cannot be kept beside it: {exc.strerror or exc}."
        ) from None
    return tokens


def find_seat(folder: Path, token: str) -> tuple[Path, str] | None:
    """The save and the seat's name whose link carries ``token``, among the
    saves of ``folder``; None for a token that is no seat's (every secret
    compared in constant time)."""
    found: tuple[Path, str] | None = None
    wanted = token.encode("utf-8")
    try:
        entries = list(folder.iterdir())
    except OSError:
        return None
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(TOKENS_SUFFIX)):
            continue
        save = folder / name[1 : -len(TOKENS_SUFFIX)]
        for seat, secret in _read_tokens(entry).items():
            if hmac.compare_digest(secret.encode("utf-8"), wanted) and save.is_file():
                found = (save, seat)
    return found
