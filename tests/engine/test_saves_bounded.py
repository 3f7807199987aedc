"""Reading a save costs what a save costs, whatever a file holds (issue 46,
items 1 and 5): a file under the size limit made of millions of small bad
items is refused before they are built, the first bad move stops the load,
and metadata a hand edited (a game said to be finished that is not, dates in
the wrong order, a key written twice) is refused as damaged."""

from __future__ import annotations

import contextlib
import json
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import Seat, savefile
from boardgames_tui.engine import game as game_module
from boardgames_tui.engine.savefile import SaveError, read_save
from boardgames_tui.engine.saves import latest_save, list_saves
from boardgames_tui.engine.session import Session


def played(saves_dir: Path, moves: int = 4) -> Session:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=11, saves_dir=saves_dir
    )
    for _ in range(moves):
        actions = session.legal_actions()
        plays = [a for a in actions if a.kind == "play"]
        session.apply(plays[0] if plays else actions[0])
    return session


def save_data(saves_dir: Path, moves: int = 4) -> tuple[Path, dict[str, Any]]:
    session = played(saves_dir, moves)
    assert session.path is not None
    return session.path, json.loads(session.path.read_text())


def with_moves(data: dict[str, Any], moves: str) -> str:
    """The save's JSON with its ``actions`` list's text replaced by ``moves``."""
    copy = dict(data, actions="@moves@")
    return json.dumps(copy).replace('"@moves@"', moves)


def refused(path: Path, *fragments: str) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        Session.load(path)
    message = str(err.value)
    assert "\n" not in message and path.name in message, message
    for fragment in fragments:
        assert fragment in message, message
    assert path.read_bytes() == before
    return message


def peak_bytes(work: Callable[[], object]) -> int:
    """The most memory Python held at once while ``work`` ran."""
    tracemalloc.start()
    try:
        with contextlib.suppress(SaveError):
            work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# --------------------------------------------------------- bounded reading
def test_a_file_of_millions_of_empty_moves_is_refused_before_it_is_parsed(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Five million ``{}`` fit in 16 MB and would each become a Python
    object (gigabytes): their number is refused from the bytes."""
    path, data = save_data(saves_dir)
    count = savefile.MAX_CONTAINERS + 1
    path.write_text(with_moves(data, "[" + ",".join(["{}"] * count) + "]"))
    assert path.stat().st_size < savefile.MAX_BYTES

    def no_parse(*args: object, **kwargs: object) -> object:
        raise AssertionError("the file was parsed")

    monkeypatch.setattr(savefile.json, "loads", no_parse)
    message = refused(path, "lists and objects", f"{savefile.MAX_CONTAINERS:,}")
    assert f"{count:,}" in message or "500,0" in message


def test_the_first_move_that_is_not_a_move_stops_the_load(saves_dir: Path) -> None:
    """Below the count of lists and objects, a log of 200,000 empty moves
    costs about what parsing its JSON costs: nothing is built per bad move
    (a validation of the whole log kept an error for each)."""
    path, data = save_data(saves_dir)
    text = with_moves(data, "[" + ",".join(["{}"] * 200_000) + "]")
    path.write_text(text)
    parsing = peak_bytes(lambda: json.loads(text))
    loading = peak_bytes(lambda: Session.load(path))
    refused(path, "move 1 is not a move of Sevens")
    assert loading < 2 * parsing, (loading, parsing)


def test_the_first_move_that_does_not_replay_stops_the_load(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A log of 100,000 well-formed moves whose second is not allowed: the
    moves after it are never read into the game's actions."""
    path, data = save_data(saves_dir, moves=1)
    first = json.dumps(data["actions"][0])
    path.write_text(with_moves(data, "[" + ",".join([first] * 100_000) + "]"))
    validated = []
    real = game_module.from_json

    def counting(tp: Any, value: Any) -> Any:
        validated.append(len(value) if isinstance(value, list) else 1)
        return real(tp, value)

    monkeypatch.setattr(game_module, "from_json", counting)
    refused(path, "move 2 is not allowed")
    assert sum(validated) <= 2, f"{sum(validated)} moves were read into actions"


def test_seats_beyond_any_game_are_refused_one_by_one_unbuilt(saves_dir: Path) -> None:
    path, data = save_data(saves_dir)
    data["seats"] = [{"name": f"P{i}", "bot": None} for i in range(100_000)]
    path.write_text(json.dumps(data))
    refused(path, "damaged", "seats", "no game has more than")


def test_a_valid_save_still_loads_with_the_checks_in_place(saves_dir: Path) -> None:
    path, _ = save_data(saves_dir, moves=6)
    session = Session.load(path)
    assert len(session.actions) == 6
    assert read_save(path).actions == json.loads(path.read_text())["actions"]


# -------------------------------------------------- hand-edited metadata
def test_a_game_said_to_be_finished_that_its_moves_do_not_finish_is_damaged(
    saves_dir: Path,
) -> None:
    path, data = save_data(saves_dir)
    data["finished"] = True
    path.write_text(json.dumps(data, indent=1))
    refused(path, "damaged", "says the game is finished", "its moves say otherwise")
    # The lists say so too, and Continue does not pass over it as finished.
    [info] = list_saves(saves_dir)
    assert not info.ok and "says the game is finished" in (info.error or "")
    assert latest_save(saves_dir, unfinished=True) is None


def test_a_finished_game_said_to_be_unfinished_is_damaged(saves_dir: Path) -> None:
    session = played(saves_dir, moves=0)
    while not session.is_over:
        session.apply(session.legal_actions()[0])
    assert session.path is not None
    data = json.loads(session.path.read_text())
    assert data["finished"] is True
    Session.load(session.path)
    data["finished"] = False
    session.path.write_text(json.dumps(data, indent=1))
    refused(session.path, "damaged", "says the game is not finished")


def test_a_game_last_played_before_it_was_made_is_damaged(saves_dir: Path) -> None:
    path, data = save_data(saves_dir)
    data["created"], data["updated"] = "2026-11-30T19:00:00+00:00", "2026-11-30T18:00:00+00:00"
    path.write_text(json.dumps(data, indent=1))
    refused(path, "damaged", "updated", "earlier than created")
    # The same moment written in two time zones is no contradiction.
    data["updated"] = "2026-11-30T20:00:00+01:00"
    path.write_text(json.dumps(data, indent=1))
    Session.load(path)


def test_a_clock_set_back_during_a_game_still_writes_a_save_that_loads(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import timedelta

    session = played(saves_dir, moves=1)
    assert session.path is not None
    earlier = session.created - timedelta(hours=2)
    monkeypatch.setattr(savefile, "now", lambda: earlier)
    session.apply(session.legal_actions()[0])
    assert Session.load(session.path).updated >= session.created


@pytest.mark.parametrize(
    ("twice", "key"),
    [
        ('"game": "sevens", "game": "sevens"', "game"),
        ('"finished": true, "finished": false', "finished"),
    ],
)
def test_a_key_written_twice_is_damaged(saves_dir: Path, twice: str, key: str) -> None:
    path, data = save_data(saves_dir)
    data.pop(key)
    text = json.dumps(data)
    path.write_text("{" + twice + ", " + text[1:])
    refused(path, "damaged", f'the key "{key}" is written twice')


def test_a_key_written_twice_deep_inside_is_damaged(saves_dir: Path) -> None:
    path, data = save_data(saves_dir)
    move = json.dumps(data["actions"][0])
    doubled = move[:-1] + ', "kind": ' + json.dumps(data["actions"][0]["kind"]) + "}"
    text = json.dumps(data).replace(move, doubled, 1)
    assert text != json.dumps(data)
    path.write_text(text)
    refused(path, "damaged", 'the key "kind" is written twice')


def test_a_name_longer_than_a_person_writes_is_refused(saves_dir: Path) -> None:
    """A seat's name is copied into log lines: a 15 MB one took gigabytes."""
    path, data = save_data(saves_dir)
    data["seats"][0]["name"] = "A" * (savefile.MAX_NAME + 1)
    path.write_text(json.dumps(data))
    refused(path, "damaged", "seat 1's name is 101 characters long")


def test_new_refuses_a_name_no_save_would_hold(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardgames_tui.cli import main

    assert main(["new", "sevens", "--players", "Ana," + "B" * 101]) == 2
    assert "a player's name is at most 100 characters" in capsys.readouterr().err
    assert list(saves_dir.iterdir()) == []


@pytest.mark.parametrize("command", ["saves", "continue"])
def test_a_command_parses_a_save_once(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    """``saves`` checks a save's fields and then replays it; ``continue``
    lists the saves, then loads the newest: either parses the file once (a
    save of the largest size takes seconds to parse)."""
    path, _ = save_data(saves_dir)
    parsed: list[int] = []
    real = savefile.json.loads

    def counting(text: Any, **kwargs: Any) -> Any:
        parsed.append(len(text))
        return real(text, **kwargs)

    monkeypatch.setattr(savefile.json, "loads", counting)
    if command == "saves":
        [info] = list_saves(saves_dir)
        assert info.ok
    else:
        [info] = list_saves(saves_dir, replay=False)
        Session.load(info.path)
    assert len(parsed) == 1
    # A file changed since is read again.
    path.write_text(path.read_text() + " ")
    Session.load(path)
    assert len(parsed) == 2
