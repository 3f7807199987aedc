"""A save's review kept beside it, so that it is worked out once.

The review of ``NAME.json`` is kept in ``.NAME.json.review`` in the same
folder: hidden, and not a ``*.json``, like the save's lock
(``.NAME.json.lock``) and its seats' files (``.NAME.json.seats``,
``.NAME.json.seatN.lock``): the saves folder's listings read every
``*.json`` as a save and never see it.  It holds the program's stamp (its
version and a fingerprint of its engine and rules code,
``save_index.program_stamp``), the save's content hash, the budget the
review was made with, and the review.  It is used only while all of them
still match: a save played on (or edited), another version of the program,
another budget, or a damaged, foreign or oversized file is simply reviewed
again.  It is written atomically (a temporary file renamed over it); a
folder that cannot be written keeps no review, and the review is still
shown.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .registry import UnknownGame, get_game
from .replay import Replay
from .review import ReviewBudget, Reviewer
from .review_model import Review
from .save_index import fingerprint, program_stamp
from .savefile import MAX_BYTES, write_atomic

FORMAT = "boardgames-tui-review"
VERSION = 1
#: A review file larger than this is not read (a long game's is a few
#: dozen kilobytes).
MAX_REVIEW_BYTES = 4 * 1024 * 1024

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


class ReviewFile(BaseModel):
    """The file beside a save."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["boardgames-tui-review"]
    version: int
    program: str
    save: str
    budget: str
    review: Review


def review_path(save: Path) -> Path:
    """Where the review of the save at ``save`` is kept."""
    return save.with_name(f".{save.name}.review")


def save_hash(save: Path) -> str | None:
    """The save file's content hash (None: it cannot be read as a file)."""
    found = fingerprint(save, MAX_BYTES)
    return None if found is None else found.sha256


def _read(path: Path) -> bytes | None:
    """The file's bytes, if it is a regular file of a sane size (never
    through a link, never waiting on a FIFO)."""
    try:
        fd = os.open(path, _FLAGS)
    except OSError:
        return None
    try:
        seen = os.fstat(fd)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size > MAX_REVIEW_BYTES:
            return None
        chunks: list[bytes] = []
        while chunk := os.read(fd, 1 << 20):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def cached(
    save: Path, *, bots: bool = False, budget: ReviewBudget | None = None, digest: str | None = None
) -> Review | None:
    """The review kept beside ``save``, if it still matches the save, this
    program and ``budget``, and judged the seats asked for (the people's,
    and with ``bots`` the bots' too); else None.  Nothing is replayed."""
    digest = digest or save_hash(save)
    raw = _read(review_path(save))
    if digest is None or raw is None:
        return None
    try:
        kept = ReviewFile.model_validate_json(raw)
        game = get_game(kept.review.game)
    except (ValidationError, ValueError, UnknownGame):
        return None
    key = (budget or ReviewBudget()).key(game)
    if (kept.version, kept.program, kept.save, kept.budget) != (
        VERSION,
        program_stamp(),
        digest,
        key,
    ):
        return None
    review = kept.review
    seats = {s.seat for s in review.seats if bots or s.bot is None}
    if not seats <= {s.seat for s in review.seats if s.reviewed}:
        return None
    return review.only(seats)


def store(save: Path, review: Review, budget: str, digest: str) -> bool:
    """Keep ``review`` beside ``save``; False when the folder would not
    take it (the review stands all the same)."""
    kept = ReviewFile(
        format=FORMAT,
        version=VERSION,
        program=program_stamp(),
        save=digest,
        budget=budget,
        review=review,
    )
    try:
        write_atomic(review_path(save), kept.model_dump_json(), sync=False)
    except OSError:
        return False
    return True


def remove(save: Path) -> None:
    """Remove the review kept beside ``save`` (the save is deleted): a
    regular file only, never what a link there points to."""
    kept = review_path(save)
    with contextlib.suppress(OSError):
        if stat.S_ISREG(os.lstat(kept).st_mode):
            kept.unlink()


def review_save(
    save: Path,
    *,
    bots: bool = False,
    budget: ReviewBudget | None = None,
    progress: Callable[[int, int], None] | None = None,
    cancelled: Callable[[], bool] | None = None,
    curve: Callable[[Reviewer], None] | None = None,
    replay: Replay | None = None,
) -> Review:
    """The review of the save at ``save``: the kept one when it still
    matches, else worked out (``Replay.open`` checks the save as loading
    does: a damaged one raises ``SaveError``; an unfinished game raises
    ``ReviewError``) and kept.  ``curve(reviewer)`` is told once the curve
    is ready, before the moves are judged; ``replay``: the save already
    opened (``Replay.open(save)``)."""
    budget = budget or ReviewBudget()
    digest = save_hash(save)
    if digest is not None:
        found = cached(save, bots=bots, budget=budget, digest=digest)
        if found is not None:
            return found
    replay = replay or Replay.open(save)
    key = budget.key(replay.game)
    reviewer = Reviewer(replay, bots=bots, budget=budget, cancelled=cancelled)
    if curve is not None:
        curve(reviewer)
    review = reviewer.run(progress)
    if digest is not None and digest == save_hash(save):
        store(save, review, key, digest)
    return review


__all__ = ["ReviewFile", "cached", "remove", "review_path", "review_save", "save_hash", "store"]
