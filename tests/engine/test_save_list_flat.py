"""The save list stays flat in the number of saves (issue 49): a listing
reads the folder once, and finds each save's seat lock files through a map
by the save's name, never by running the pattern over every file name for
every save (which made a thousand saves cost a million matches)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import Seat, seat_files
from boardgames_tui.engine.saves import latest_save, list_saves, quick_rows
from boardgames_tui.engine.seating import claim_seats
from boardgames_tui.engine.session import Session

SAVES = 60


def folder_of_saves(saves_dir: Path) -> Path:
    """``SAVES`` saves, each a copy of one short game; one of them with a
    seat taken, others with stale seat lock files beside them."""
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=4, saves_dir=saves_dir
    )
    session.apply(session.legal_actions()[0])
    assert session.path is not None
    data = json.loads(session.path.read_text())
    for number in range(SAVES - 1):
        data["seed"] = number  # a copy of its own (it does not replay: listed damaged)
        (saves_dir / f"copy-{number:03}.json").write_text(json.dumps(data))
    for number in range(0, SAVES - 1, 3):
        (saves_dir / f".copy-{number:03}.json.seat1.lock").write_text("")
    return session.path


class Counting:
    """A compiled pattern that counts its ``fullmatch`` calls."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.calls = 0

    def fullmatch(self, text: str) -> re.Match[str] | None:
        self.calls += 1
        return self.pattern.fullmatch(text)


@pytest.fixture
def scans(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The folders ``os.scandir`` read, in order."""
    read: list[str] = []
    real = os.scandir

    def counting(path: Any = ".") -> Any:
        read.append(str(path))
        return real(path)

    monkeypatch.setattr(os, "scandir", counting)
    return read


@pytest.mark.parametrize(
    "listing",
    [
        lambda folder: list_saves(folder, replay=False),
        lambda folder: list_saves(folder),
        quick_rows,
        lambda folder: latest_save(folder, unfinished=True),
    ],
    ids=["list_saves", "list_saves replayed", "quick_rows", "latest_save"],
)
def test_a_listing_reads_the_folder_once_and_matches_each_name_once(
    saves_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    scans: list[str],
    listing: Callable[[Path], object],
) -> None:
    good = folder_of_saves(saves_dir)
    claim = claim_seats(good, Session.load(good).seats, (1,))
    try:
        list_saves(saves_dir)  # the index made, as a second listing finds it
        counting = Counting(seat_files._SEAT_LOCK)
        monkeypatch.setattr(seat_files, "_SEAT_LOCK", counting)
        scans.clear()
        listing(saves_dir)
        names = len(os.listdir(saves_dir))
    finally:
        claim.release()
    assert [s for s in scans if Path(s) == saves_dir] == [str(saves_dir)], scans
    assert counting.calls <= names, f"{counting.calls} matches for {names} names"


def test_the_seats_found_through_the_map_are_the_seats_taken(saves_dir: Path) -> None:
    good = folder_of_saves(saves_dir)
    claim = claim_seats(good, Session.load(good).seats, (1,))
    try:
        rows = {row.name: row.seated for row in quick_rows(saves_dir)}
        infos = {info.path.name: info for info in list_saves(saves_dir, replay=False)}
    finally:
        claim.release()
    assert rows[good.name] == [1] and infos[good.name].seated == [1]
    stale = [name for name in rows if name != good.name]
    assert all(rows[name] == [] and infos[name].seated == [] for name in stale)
    assert seat_files.seat_files_by_save(os.listdir(saves_dir))["copy-000.json"] == {
        1: ".copy-000.json.seat1.lock"
    }
