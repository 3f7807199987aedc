"""Save files: every way a file can be wrong is refused with one sentence, and
the file is left exactly as it was."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import Seat, paths
from boardgames_tui.engine import saves as saves_module
from boardgames_tui.engine.save_folder import delete_save
from boardgames_tui.engine.savefile import MAX_BYTES, SaveError, new_save_path, write_atomic
from boardgames_tui.engine.saves import latest_save, list_saves
from boardgames_tui.engine.session import Session


def played(saves_dir: Path, moves: int = 4, seed: int = 11) -> Session:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=seed, saves_dir=saves_dir
    )
    for _ in range(moves):
        actions = session.legal_actions()
        plays = [a for a in actions if a.kind == "play"]
        session.apply(plays[0] if plays else actions[0])
    return session


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def good_save(saves_dir: Path) -> tuple[Path, dict[str, Any]]:
    session = played(saves_dir)
    assert session.path is not None
    return session.path, json.loads(session.path.read_text())


def refused(path: Path, *fragments: str) -> str:
    before = digest(path) if path.is_file() else None
    with pytest.raises(SaveError) as err:
        Session.load(path)
    message = str(err.value)
    assert "\n" not in message and message.endswith((".", ")"))
    for fragment in fragments:
        assert fragment in message, message
    if before is not None:
        assert digest(path) == before, "a refused file must be left as it was"
    return message


def test_round_trip(saves_dir: Path) -> None:
    session = played(saves_dir)
    assert session.path is not None and session.path.parent == saves_dir
    loaded = Session.load(session.path)
    assert loaded.state == session.state
    assert loaded.actions == session.actions
    assert loaded.seed == session.seed and loaded.seats == session.seats


def test_save_file_contents(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    assert data["format"] == "boardgames-tui-save" and data["version"] == 2
    assert "opening" not in data["state"], "the snapshot never carries the opening log"
    assert data["game"] == "sevens"
    assert {"seats", "options", "seed", "actions", "state", "created", "updated"} <= set(data)
    assert len(data["actions"]) == 4


OLD_SAVES = Path(__file__).parent / "old_saves"


@pytest.mark.parametrize("name", ["underwing-v1.json", "incubation-v1.json"])
def test_version_1_saves_still_load(name: str, tmp_path: Path) -> None:
    """Saves written before the state became plain dataclasses (format 1, whose
    snapshot carried the opening events) load, replay and keep their log."""
    path = tmp_path / name
    path.write_bytes((OLD_SAVES / name).read_bytes())
    before = digest(path)
    session = Session.load(path)
    assert len(session.actions) > 0 and len(session.log) >= len(session.actions)
    assert digest(path) == before, "loading never rewrites the file"
    session.save()
    data = json.loads(path.read_text())
    assert data["version"] == 2 and "opening" not in data["state"]
    assert Session.load(path).state == session.state


@pytest.mark.parametrize("name", ["root-v2.json", "root-v2-no-first.json"])
def test_root_saves_from_when_the_marquise_always_started_replay_as_played(
    name: str, tmp_path: Path
) -> None:
    """Root saves written while the Marquise always took the first turn and
    the attacker always used battle effects first (docs/rules/root.md,
    R-FIRST and R-BATTLE-CARDS) replay as they were played: a save whose
    options name no first player is read as the Marquise starting.  The file
    ends at the attacker's battle effects with the defender holding one too,
    where the new choice (the defender first) is now offered."""
    from boardgames_tui.games.root.actions import DefenderFirst

    path = tmp_path / name
    path.write_bytes((OLD_SAVES / name).read_bytes())
    before = digest(path)
    session = Session.load(path)
    assert len(session.actions) == 259
    assert session.options.model_dump()["first"] == "marquise"
    assert any("Turn 1: the Marquise de Cat's Birdsong" in e.text for e in session.log)
    assert DefenderFirst() in session.legal_actions()
    assert digest(path) == before, "loading never rewrites the file"
    session.save()
    assert json.loads(path.read_text())["options"]["first"] == "marquise"
    assert Session.load(path).state == session.state


def test_not_json(saves_dir: Path) -> None:
    path = saves_dir / "x.json"
    path.write_text("hello, this is not json")
    refused(path, "not valid JSON")


def test_truncated(saves_dir: Path) -> None:
    path, _ = good_save(saves_dir)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    refused(path, "cut short")


def test_empty(saves_dir: Path) -> None:
    path = saves_dir / "empty.json"
    path.write_text("")
    refused(path, "empty")


def test_binary(saves_dir: Path) -> None:
    path = saves_dir / "bin.json"
    path.write_bytes(bytes(range(256)))
    refused(path, "not a text file")


def test_not_ours(saves_dir: Path) -> None:
    path = saves_dir / "other.json"
    path.write_text(json.dumps({"name": "package", "version": "1.0"}))
    refused(path, "not a boardgames-tui save")
    path.write_text("[1, 2, 3]")
    refused(path, "not a boardgames-tui save")


def test_wrong_types(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["seed"] = "eleven"
    path.write_text(json.dumps(data))
    refused(path, "damaged", "seed")


def test_missing_field(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    del data["actions"]
    path.write_text(json.dumps(data))
    refused(path, "damaged", "actions")


def test_unknown_game(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["game"] = "chess"
    path.write_text(json.dumps(data))
    refused(path, "does not know", "chess")


def test_newer_version(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["version"] = 99
    path.write_text(json.dumps(data))
    refused(path, "newer version")


def test_snapshot_disagrees_with_replay(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["state"]["scores"][0] += 50
    path.write_text(json.dumps(data))
    refused(path, "does not match")


def test_move_that_is_not_allowed(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["actions"][0] = {"kind": "play", "card": 99}
    path.write_text(json.dumps(data))
    refused(path, "move 1", "not allowed")


def test_move_that_is_not_a_move(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["actions"][1] = {"kind": "teleport"}
    path.write_text(json.dumps(data))
    refused(path, "move 2", "is not a move of")


def test_the_first_bad_move_is_named(saves_dir: Path) -> None:
    """The log is validated in one pass; the message names the first move
    that is not one, whatever follows it."""
    path, data = good_save(saves_dir)
    data["actions"][2] = {"kind": "play"}
    data["actions"][3] = {"kind": "teleport"}
    path.write_text(json.dumps(data))
    refused(path, "move 3 is not a move of")


def test_bad_options(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["options"]["plays"] = 500
    path.write_text(json.dumps(data))
    refused(path, "settings")


def test_bad_seats(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["seats"] = [data["seats"][0]]
    path.write_text(json.dumps(data))
    refused(path, "settings")


def test_snapshot_of_wrong_shape(saves_dir: Path) -> None:
    path, data = good_save(saves_dir)
    data["state"] = {"nothing": True}
    path.write_text(json.dumps(data))
    refused(path, "snapshot")


def test_enormous(saves_dir: Path) -> None:
    path = saves_dir / "huge.json"
    with path.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)
    refused(path, "too large")


def test_deeply_nested(saves_dir: Path) -> None:
    path = saves_dir / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    refused(path)


def test_unreadable(saves_dir: Path) -> None:
    path = saves_dir / "folder.json"
    path.mkdir()
    refused(path, "is a folder, not a save file")


def test_missing(saves_dir: Path) -> None:
    refused(saves_dir / "nope.json", "does not exist")


def test_interrupted_write_leaves_old_save_whole(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(saves_dir, moves=2)
    assert session.path is not None
    before = session.path.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves_module.os, "replace", crash)
    with pytest.raises(SaveError, match="No space left"):
        session.save()
    monkeypatch.undo()
    assert session.path.read_bytes() == before
    assert [p.name for p in saves_dir.iterdir()] == [session.path.name], "no temp file left"
    Session.load(session.path)


def test_write_atomic_replaces_whole(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "file.json"
    write_atomic(path, "one")
    write_atomic(path, "two")
    assert path.read_text() == "two"
    assert os.listdir(path.parent) == ["file.json"]


def test_two_games_never_share_a_file(saves_dir: Path) -> None:
    paths = {new_save_path(saves_dir, "sevens") for _ in range(50)}
    assert len(paths) == 50
    a = played(saves_dir, seed=1)
    b = played(saves_dir, seed=2)
    assert a.path != b.path
    assert len(list(saves_dir.glob("*.json"))) == 2


def test_list_saves_marks_damaged_and_sorts_by_last_played(saves_dir: Path) -> None:
    first = played(saves_dir, seed=1)
    second = played(saves_dir, moves=5, seed=2)
    broken = saves_dir / "broken.json"
    broken.write_text("{")
    infos = list_saves(saves_dir)
    assert len(infos) == 3
    damaged = [i for i in infos if not i.ok]
    assert [i.path for i in damaged] == [broken] and damaged[0].error
    good = [i for i in infos if i.ok]
    assert good[0].title == "Sevens (test game)"
    assert good[0].seats == ["Ana", "Ben"]
    assert {i.path for i in good} == {first.path, second.path}
    latest = latest_save(saves_dir)
    assert latest is not None and latest.ok


def test_list_saves_of_missing_folder(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "none") == []
    assert latest_save(tmp_path / "none") is None


def test_delete(saves_dir: Path) -> None:
    session = played(saves_dir)
    assert session.path is not None
    delete_save(session.path)
    assert not session.path.exists()
    delete_save(session.path)  # already gone: nothing to do


def test_default_folder_follows_environment(saves_dir: Path) -> None:
    assert paths.default_saves_dir() == saves_dir
    session = Session.new("sevens", [Seat(name="A"), Seat(name="B")], seed=1)
    assert session.path is not None and session.path.parent == saves_dir


def test_latest_unfinished_skips_games_that_are_over(saves_dir: Path) -> None:
    from boardgames_tui.engine.saves import save_info

    unfinished = played(saves_dir, seed=1)
    over = Session.new(
        "sevens", [Seat(name="A", bot="random"), Seat(name="B", bot="random")], seed=3
    )
    while not over.is_over:
        over.play_bot()
    assert over.path is not None and save_info(over.path).finished
    latest = latest_save(saves_dir)
    assert latest is not None and latest.path == over.path
    resumable = latest_save(saves_dir, unfinished=True)
    assert resumable is not None and resumable.path == unfinished.path


def hand_edit(path: Path) -> None:
    """Change the snapshot the way a hand edit would: still a well-formed
    save, but replaying its moves gives a different game."""
    data = json.loads(path.read_text())
    data["state"]["scores"][0] += 50
    path.write_text(json.dumps(data))


def test_the_save_list_makes_the_checks_load_makes(saves_dir: Path) -> None:
    path, _ = good_save(saves_dir)
    original = path.read_bytes()
    assert [i.ok for i in list_saves(saves_dir)] == [True]
    hand_edit(path)
    message = refused(path, "does not match")
    infos = list_saves(saves_dir)
    assert [(i.path, i.ok, i.error) for i in infos] == [(path, False, message)]
    assert latest_save(saves_dir) is None
    # Put back as it was: checked again, since the file changed.
    path.write_bytes(original)
    assert [i.ok for i in list_saves(saves_dir)] == [True]
    assert digest(path) == hashlib.sha256(original).hexdigest()


def test_the_latest_unfinished_save_replays_only_the_candidates(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The menu asks for this at start: finished games are never replayed, a
    newer hand-edited game is skipped, and the search stops at the first
    unfinished game that loads."""
    older = played(saves_dir, seed=1)
    newer = played(saves_dir, seed=2)
    over = Session.new(
        "sevens", [Seat(name="A", bot="random"), Seat(name="B", bot="random")], seed=3
    )
    while not over.is_over:
        over.play_bot()
    assert older.path and newer.path and over.path
    hand_edit(newer.path)
    replayed: list[Path] = []
    real = saves_module.replay_error

    def counting(path: Path) -> str | None:
        replayed.append(path)
        return real(path)

    monkeypatch.setattr(saves_module, "replay_error", counting)
    found = latest_save(saves_dir, unfinished=True)
    assert found is not None and found.path == older.path
    assert over.path not in replayed
    assert set(replayed) == {newer.path, older.path}
