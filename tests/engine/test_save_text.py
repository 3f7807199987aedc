"""A move's save made from kept parts (engine/save_text.py): the text written
is byte for byte the whole save serialised afresh, for every game, after
moves, undos, moves made again, loading, and a window's write and follow;
the kept parts never go stale, and a move's save dumps only that move."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine import registry
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.save_text import KeptMoves, action_text, assemble
from boardgames_tui.engine.savefile import read_save
from boardgames_tui.engine.seating import follow, version_of, write_checked
from boardgames_tui.engine.session import Session, UndoError
from tests.ui.tally import GAME as TALLY

#: Every game at a table, with names a save must escape.
TABLES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("underwing", ["Ana", 'B"en', "Cy\\", "Dí"], {}),
    ("incubation", ["Ana", "Bén"], {}),
    ("tyrants", ["Ana", "Ben", "Cy"], {}),
    ("root", ["Ana", "Ben", "Cy"], {"factions": "marquise,eyrie,duchy", "seating": "chosen"}),
    ("sevens", ["Ana", "Ben"], {}),
    ("tally", ["Ana", "Ben"], {"rounds": 8}),
]


@pytest.fixture(autouse=True)
def tally_game() -> Iterator[None]:
    registry.register(TALLY)
    yield
    registry.unregister(TALLY.id)


def fresh(session: Session) -> str:
    """The save's text with every action dumped again."""
    return session.to_save().model_dump_json(indent=1)


def same(session: Session) -> None:
    assert session.save_text() == fresh(session)


def new(game: str, names: list[str], options: dict[str, Any], **kw: Any) -> Session:
    seats = [Seat(name=name) for name in names]
    return Session.new(game, seats, options or None, seed=13, **kw)


def step(session: Session, pick: int) -> None:
    legal = session.legal_actions()
    session.apply(legal[pick % len(legal)])


@pytest.mark.parametrize(("game", "names", "options"), TABLES, ids=[t[0] for t in TABLES])
def test_the_file_written_is_the_whole_save_serialised(
    game: str, names: list[str], options: dict[str, Any], tmp_path: Path
) -> None:
    session = new(game, names, options, saves_dir=tmp_path, autosave=False)
    path = tmp_path / "game.json"
    same(session)  # no action yet: the empty log as pydantic writes it
    bot = get_bot("random", seed=3, game=session.game)
    undone = redone = 0
    while not session.is_over and len(session.actions) < 160:
        action = bot.choose(session.game, session.state, session.legal_actions())
        session.apply(action)
        if len(session.actions) % 7 == 0:
            same(session)
        if (len(session.actions) % 11 == 0 or not undone) and session.can_undo():
            gone = session.actions[-session.undo_plan().count :]
            session.undo()
            undone += 1
            same(session)
            for again in gone:  # the same moves made again
                if session.is_over or again not in session.legal_actions():
                    break
                session.apply(again)
                redone += 1
            same(session)
    # Sevens passes the game to the other hand at every move: no undo.
    assert game == "sevens" or (undone and redone), "the game should have offered undos"
    session.save(path)
    assert path.read_bytes() == fresh(session).encode("utf-8")
    loaded = Session.load(path)
    assert loaded.save_text() == path.read_text(encoding="utf-8") == fresh(loaded)
    for pick in range(12):
        if loaded.is_over:
            break
        step(loaded, pick)
        same(loaded)


def test_a_finished_game_and_its_replay(tmp_path: Path) -> None:
    session = new("incubation", ["Ana", "Ben"], {}, saves_dir=tmp_path)
    bot = get_bot("random", seed=4, game=session.game)
    while not session.is_over:
        session.apply(bot.choose(session.game, session.state, session.legal_actions()))
    assert session.path is not None
    assert session.path.read_bytes() == fresh(session).encode("utf-8")
    replay = Replay.open(session.path)
    for count in (0, 1, replay.length // 2, replay.length):
        position = replay.at(count)
        dumped = [session.game.dump_action(a) for a in session.actions[:count]]
        assert list(position.saved_moves()) == dumped
        same(position)


def counted(session: Session, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A list that counts the game's ``dump_action`` calls from now on."""
    calls = [0]
    dump = session.game.dump_action

    def counting(action: Any) -> Any:
        calls[0] += 1
        return dump(action)

    monkeypatch.setattr(session.game, "dump_action", counting)
    return calls


def test_a_moves_save_dumps_that_move_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = new("tally", ["Ana", "Ben"], {"rounds": 8, "draws": False}, saves_dir=tmp_path)
    for pick in range(6):
        step(session, pick)
    assert session.path is not None
    loaded = Session.load(session.path)
    calls = counted(loaded, monkeypatch)
    loaded.save()  # loading dumped every action already: kept
    assert calls == [0]
    for pick in range(4):
        step(loaded, pick)
    assert calls == [4]
    loaded.undo()
    assert calls == [4]
    step(loaded, 1)
    assert calls == [5]
    assert loaded.path is not None
    assert loaded.path.read_bytes() == Session.load(loaded.path).save_text().encode("utf-8")


class Plain:
    """A stand-in for a game: an action's JSON data is the action itself."""

    def dump_action(self, action: Any) -> Any:
        return {"kind": "n", "n": action[0]}


def test_kept_parts_follow_every_change_of_the_log() -> None:
    game, kept = Plain(), KeptMoves()

    def check(log: list[Any]) -> None:
        data = [game.dump_action(a) for a in log]
        assert list(kept.data(game, log)) == data
        assert list(kept.texts(game, log)) == [action_text(d) for d in data]

    log: list[Any] = [[i] for i in range(5)]  # each action a distinct object
    check(log)
    log.append([5])
    check(log)
    del log[3:]  # cut from the end
    check(log)
    log.append([9])  # cut then grown back to a longer log
    log.append([10])
    log.append([11])
    check(log)
    log.pop()  # the last action replaced by another, as long as before
    log.append([12])
    check(log)
    other = [*log[:2], [20], [21], [22], [23]]  # another list (an undo's replay)
    check(other)
    check(log)
    check([])


def test_assemble_puts_the_log_where_pydantic_would() -> None:
    head = '{\n "seed": 1,\n "actions": [],\n "state": {\n  "actions": []\n }\n}'
    assert assemble(head, []) == head
    made = assemble(head, [action_text({"kind": "a", "x": [1, 2]}), action_text({"kind": "b"})])
    assert made == (
        '{\n "seed": 1,\n "actions": [\n  {\n   "kind": "a",\n   "x": [\n    1,\n    2\n   ]\n'
        '  },\n  {\n   "kind": "b"\n  }\n ],\n "state": {\n  "actions": []\n }\n}'
    )
    with pytest.raises(ValueError):
        assemble('{\n "seed": 1\n}', ["{}"])


@pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")
def test_a_windows_write_and_follow(tmp_path: Path) -> None:
    seats = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random")]
    first = Session.new("tally", seats, {"rounds": 6, "draws": False}, seed=3, saves_dir=tmp_path)
    path = first.path
    assert path is not None
    ana, ben = Session.load(path), Session.load(path)
    ana.path = ben.path = None
    ana_since, ben_since = version_of(ana), version_of(ben)
    for turn in range(8):
        if ana.is_over:
            break
        if ana.bot_to_act:
            ana.play_bot()
        else:
            step(ana, turn)
        ana_since = write_checked(ana, path, ana_since)
        assert path.read_bytes() == fresh(ana).encode("utf-8")
        followed = follow(ben, path, ben_since)
        assert followed is not None
        assert followed[0] is ben  # followed in place, through the kept moves
        ben_since = followed[1]
        assert ben.saved_moves() == read_save(path).actions
        same(ben)
    plan = ana.undo_plan()
    ana_since = write_checked(ana, path, ana_since, lambda: ana.undo(plan))
    assert path.read_bytes() == fresh(ana).encode("utf-8")
    followed = follow(ben, path, ben_since)
    assert followed is not None and followed[0] is not ben
    same(followed[0])


#: One thing done to a session: a move (its pick among the legal
#: actions), an undo, a save written and read back, the save's text.
OPS = st.one_of(
    st.tuples(st.just("move"), st.integers(0, 40)),
    st.tuples(st.just("undo"), st.just(0)),
    st.tuples(st.just("reload"), st.just(0)),
    st.tuples(st.just("text"), st.just(0)),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    table=st.sampled_from([TABLES[0], TABLES[1], TABLES[5], TABLES[2]]),
    ops=st.lists(OPS, max_size=40),
)
def test_kept_parts_never_go_stale(
    table: tuple[str, list[str], dict[str, Any]], ops: list[tuple[str, int]]
) -> None:
    game, names, options = table
    with tempfile.TemporaryDirectory() as folder:
        session = new(game, names, options, saves_dir=Path(folder))
        for op, pick in ops:
            if op == "move" and not session.is_over:
                step(session, pick)
            elif op == "undo":
                with contextlib.suppress(UndoError):
                    session.undo()
            elif op == "reload":
                assert session.path is not None
                session = Session.load(session.path)
            same(session)
        assert session.path is not None
        assert session.path.read_bytes() == fresh(session).encode("utf-8")
