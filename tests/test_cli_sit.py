"""``boardgames-tui sit``: an unknown save, an unknown seat, a bot's seat or
a seat taken by another window is one sentence and exit status 2, before
any screen opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui import cli
from boardgames_tui.cli import main
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.seating import SeatClaim, claim_seats
from boardgames_tui.engine.session import Session


@pytest.fixture
def save(tmp_path: Path) -> Path:
    session = Session.new(
        "tyrants",
        [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random")],
        seed=3,
        saves_dir=tmp_path,
    )
    assert session.path is not None
    return session.path


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    return status, capsys.readouterr().err


def test_an_unknown_save_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = run(capsys, "--saves", str(tmp_path), "sit", "nothing.json", "--seat", "Ana")
    assert status == 2
    assert "error: there is no save nothing.json" in err and "Traceback" not in err


def test_unknown_bot_and_taken_seats_are_refused(
    save: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "SIT_WAIT", 0.2)
    folder = str(save.parent)
    status, err = run(capsys, "--saves", folder, "sit", save.name, "--seat", "Dee")
    assert status == 2
    assert "'Dee' is not a seat of this game (seats: Ana, Ben, Cy)." in err
    status, err = run(capsys, "--saves", folder, "sit", str(save), "--seat", "Cy")
    assert status == 2 and "Cy is played by a bot" in err
    held = claim_seats(save, Session.load(save).seats, (1,))
    try:
        status, err = run(capsys, "--saves", folder, "sit", str(save), "--seat", "ben")
        assert status == 2 and "Ben already sits in another window" in err
    finally:
        held.release()


def test_saves_load_and_continue_see_the_seats_taken(
    save: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While Ana sits in a window of her own, ``saves`` says so, and ``load``
    and ``continue`` open the game watching the table (a window at no seat,
    which never writes), not on one screen against her window."""
    opened: list[object] = []

    def run_app(
        saves: object, session: object = None, replay: object = None, seated: object = None
    ) -> int:
        opened.append(seated)
        return 0

    monkeypatch.setattr(cli, "_run_app", run_app)
    folder = str(save.parent)
    session = Session.load(save)
    session.apply(session.legal_actions()[0])  # unfinished, with a move
    assert main(["--saves", folder, "load", str(save)]) == 0
    assert main(["--saves", folder, "continue"]) == 0
    assert opened == [None, None]  # nobody sits: one screen, as ever
    held = claim_seats(save, session.seats, (0,))
    try:
        assert main(["--saves", folder, "saves"]) == 0
        assert "(open at 1 seat: Ana)" in capsys.readouterr().out
        assert main(["--saves", folder, "load", str(save)]) == 0
        assert main(["--saves", folder, "continue"]) == 0
    finally:
        held.release()
    watchers = opened[2:]
    assert len(watchers) == 2
    for claim in watchers:
        assert isinstance(claim, SeatClaim) and claim.seats == () and claim.save_path == save
