"""Saves written before issue 9's rulings (R-TRADE, R-COMBINATION,
R-DRAW-ORDER) still load and replay: their trade offers carry no proposer,
some placements put several crystals at once, and the option ``trade_offers``
bounded everybody.  The two files were written by the engine as it was just
before those rulings (a whole 3-player game with a bot, and one stopped in
the middle)."""

from __future__ import annotations

import shutil
from pathlib import Path

from boardgames_tui.engine.session import Session
from boardgames_tui.games.underwing.model import UnderwingState

from .helpers import check

DATA = Path(__file__).with_name("data")


def load(name: str, tmp_path: Path) -> Session:
    path = tmp_path / name
    shutil.copy(DATA / name, path)
    before = path.read_bytes()
    session = Session.load(path)
    assert path.read_bytes() == before
    return session


def test_a_finished_game_from_before_the_rulings_loads(tmp_path: Path) -> None:
    session = load("save-before-issue-9.json", tmp_path)
    kinds = {a.kind for a in session.actions}
    assert {"offer_trade", "trade_answer", "place"} <= kinds
    assert any(a.kind == "place" and len(a.crystals) > 1 for a in session.actions)  # type: ignore[attr-defined]
    assert session.is_over
    assert session.outcome().results


def test_a_game_from_before_the_rulings_loads_and_plays_on(tmp_path: Path) -> None:
    session = load("save-before-issue-9-mid-game.json", tmp_path)
    assert not session.is_over
    for _ in range(60):
        if session.is_over:
            break
        if session.bot_to_act:
            session.play_bot()
        else:
            session.apply(session.legal_actions()[0])
        state = session.state
        assert isinstance(state, UnderwingState)
        check(state)
    saved = session.save(tmp_path / "again.json")
    assert Session.load(saved).state == session.state
