"""``boardgames-tui replay SAVE``: a save opens read-only in the app; a
missing or damaged file is one clear sentence and exit status 2, like
other wrong arguments, and the file is left as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from boardgames_tui import cli
from boardgames_tui.cli import main
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.lock import lock_path
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.session import Session


def test_replay_opens_the_save_read_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session = Session.new(
        "sevens", [Seat(name="Ana"), Seat(name="Ben")], seed=4, saves_dir=tmp_path
    )
    for _ in range(3):
        session.apply(session.legal_actions()[0])
    assert session.path is not None
    before = (session.path.read_bytes(), session.path.stat().st_mtime_ns)
    opened: list[Any] = []

    def run(saves: Path | None, session: Any = None, replay: Any = None) -> int:
        opened.append((session, replay))
        return 0

    monkeypatch.setattr(cli, "_run_app", run)
    assert main(["replay", str(session.path)]) == 0
    [(loaded, replay)] = opened
    assert loaded is None and isinstance(replay, Replay)
    assert replay.length == 3 and replay.source.path is None
    assert (session.path.read_bytes(), session.path.stat().st_mtime_ns) == before
    assert not lock_path(session.path).exists()


@pytest.mark.parametrize("content", [None, "{not json", ""])
def test_a_missing_or_damaged_save_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None
) -> None:
    path = tmp_path / "game.json"
    if content is not None:
        path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: boardgames-tui replay")
    last = err.strip().splitlines()[-1]
    assert last.startswith("boardgames-tui: error: game.json") and "Traceback" not in err
    if content is None:
        assert not path.exists()
    else:
        assert path.read_text() == content
