"""The files a screen per seat keeps beside a save (``engine/seating.py``):
a lock file per seat (``.SAVE.seatN.lock``, held while a window sits there)
and the seats' links (``.SAVE.seats``).  The saves folder's lists ask which
seats sit now (:func:`seats_taken`); deleting a save takes these files along
(:func:`remove_seat_files`).  None of them is a save: the lists never show
them (they are not ``*.json``).
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Mapping
from pathlib import Path

from .lock import holder, seat_key

#: A seat's lock file beside a save: ``.SAVE.seatN.lock`` (``seat_key``).
_SEAT_LOCK = re.compile(r"\.(?P<save>.+)\.seat(?P<seat>[0-9]{1,3})\.lock")


#: The seat lock files of each save in a folder: ``{save name: {seat: file name}}``.
SeatFiles = Mapping[str, Mapping[int, str]]


def seat_files_by_save(names: Iterable[str]) -> dict[str, dict[int, str]]:
    """The seat lock files among a folder's ``names``, by the save they sit
    beside and their seat: one look at each name, however many saves (a
    listing then finds a save's seats by its name)."""
    found: dict[str, dict[int, str]] = {}
    for name in names:
        if not (name.startswith(".") and name.endswith(".lock")):
            continue
        match = _SEAT_LOCK.fullmatch(name)
        if match is not None:
            found.setdefault(match["save"], {})[int(match["seat"])] = name
    return found


def _seat_files(path: Path, seat_files: SeatFiles | None) -> Mapping[int, str]:
    """The seat lock files beside the save ``path``, by seat number."""
    if seat_files is None:
        seat_files = seat_files_by_save(_names(path.parent))
    return seat_files.get(path.name, {})


def seats_taken(path: Path, seat_files: SeatFiles | None = None) -> list[int]:
    """The seats of the save ``path`` sitting in windows of their own now
    (their seat locks held), in order.  (``seat_files``: the folder's, from
    :func:`seat_files_by_save`, when a listing has just read it: a save
    without seat lock files beside it costs nothing.)"""
    return sorted(
        seat for seat in _seat_files(path, seat_files) if holder(seat_key(path, seat)) is not None
    )


def _names(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as scan:
            return [entry.name for entry in scan]
    except OSError:
        return []


def remove_seat_files(path: Path) -> None:
    """The seats' links of a deleted save, its question to end the game by
    agreement (``agreement_table.py``), and its seat lock files that no
    window holds (one left by a window that crashed).  A seat lock a window
    took meanwhile is left alone; only regular files are removed."""
    from .agreement_table import question_path
    from .seating import tokens_path

    extras = [tokens_path(path), question_path(path)]
    extras += [
        path.with_name(name)
        for seat, name in _seat_files(path, None).items()
        if holder(seat_key(path, seat)) is None
    ]
    for extra in extras:
        try:
            if not stat.S_ISREG(os.lstat(extra).st_mode):
                continue
            os.unlink(extra)
        except OSError:
            continue
