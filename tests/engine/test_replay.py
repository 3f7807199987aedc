"""Replaying a save read-only (``engine/replay.py``): every position, reached
forward and back, is the game a fresh replay of that many actions gives;
the save is never written nor locked, even while another window holds it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import IllegalAction, Seat
from boardgames_tui.engine.lock import lock_path
from boardgames_tui.engine.replay import EVERY_HAND, KEEP_EVERY, NO_HAND, Replay, turn_key
from boardgames_tui.engine.savefile import SaveError
from boardgames_tui.engine.session import Session, UndoError
from tests.engine.lockholder import Holder

#: A game of each, played by its rule bot (or greedy), up to this many actions.
GAMES = [
    ("underwing", "underwing"),
    ("incubation", "greedy"),
    ("tyrants", "tyrants"),
    ("root", "root"),
]
CAP = 140


def played_save(folder: Path, game_id: str, bot: str, cap: int = CAP, seed: int = 5) -> Path:
    session = Session.new(game_id, [Seat(name="Ana"), Seat(name="Ben")], seed=seed, autosave=False)
    bots = [get_bot(bot, seed=i, game=session.game) for i in range(2)]
    while not session.is_over and len(session.actions) < cap:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat), session.legal_actions()))
    return session.save(folder / f"{game_id}.json")


@pytest.mark.parametrize(("game_id", "bot"), GAMES)
def test_every_position_forward_and_back_equals_a_fresh_replay(
    tmp_path: Path, game_id: str, bot: str
) -> None:
    path = played_save(tmp_path, game_id, bot)
    replay = Replay.open(path)
    saved = Session.load(path)
    assert replay.length == len(saved.actions) > KEEP_EVERY * 2
    fresh = Session(saved.game, saved.seats, saved.options, saved.seed)
    game = saved.game
    expected = []
    for count in range(replay.length + 1):
        if count:
            fresh.apply(saved.actions[count - 1])
        expected.append((game.dump_state(fresh.state), [e.text for e in fresh.log]))
    # Forward one action at a time, back one at a time, and jumping about.
    order = [*range(replay.length + 1), *range(replay.length, -1, -1)]
    order += [replay.length // 2, 3, replay.length, 0, KEEP_EVERY + 1, KEEP_EVERY - 1]
    for count in order:
        position = replay.at(count)
        state, log = expected[count]
        assert game.dump_state(position.state) == state, count
        assert [e.text for e in position.log] == log, count
        assert len(position.actions) == count
        assert position.path is None
    assert replay.at(replay.length).is_over == saved.is_over


@pytest.mark.parametrize(("game_id", "bot"), GAMES)
def test_turns_begin_where_the_games_turn_changes(tmp_path: Path, game_id: str, bot: str) -> None:
    replay = Replay.open(played_save(tmp_path, game_id, bot))
    keys = [turn_key(replay.game, replay.state_at(n)) for n in range(replay.length + 1)]
    starts = [0] + [n for n in range(1, len(keys)) if keys[n] != keys[n - 1]]
    assert replay.turn_starts() == starts
    assert 2 < len(starts) < replay.length
    second = starts[1]
    assert replay.next_turn(0) == second
    assert replay.next_turn(second - 1) == second
    assert replay.previous_turn(second + 1) == second
    assert replay.previous_turn(second) == 0
    assert replay.next_turn(starts[-1]) == replay.length


def test_a_replay_position_refuses_every_change(tmp_path: Path) -> None:
    replay = Replay.open(played_save(tmp_path, "incubation", "greedy", cap=30))
    position = replay.at(10)
    before = position.game.dump_state(position.state)
    with pytest.raises(IllegalAction, match="replay"):
        position.apply(position.legal_actions()[0])
    with pytest.raises(UndoError, match="replay"):
        position.undo()
    with pytest.raises(SaveError, match="replay"):
        position.save(tmp_path / "elsewhere.json")
    assert position.game.dump_state(position.state) == before
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_replay_shows_a_hand_only_once_the_game_is_over(tmp_path: Path) -> None:
    """Issue 45: a replay cannot know who is looking, and an unfinished game
    may be going on in another window: with hidden hands, until the game is
    over, only what the whole table saw (asking for a seat's view, or every
    hand, is refused; a position's session gives the table's view whichever
    seat is asked for).  Once it is over, every hand, any seat's or none."""
    for game_id in ("tyrants", "root"):
        unfinished = Replay.open(played_save(tmp_path, game_id, game_id, cap=40))
        assert not unfinished.finished
        assert unfinished.views() == [NO_HAND]
        for shown in (EVERY_HAND, 0, 1):
            with pytest.raises(ValueError, match="finished"):
                unfinished.at(5, shown=shown)
        position = unfinished.at(5)
        game = position.game
        public = game.dump_state(game.view(position.state, None))
        assert game.dump_state(position.view(0)) == public
        assert game.dump_state(position.view(1)) == public
        assert game.dump_state(game.view(position.state, 0)) != public  # a hand hides there
    # An open game: the one view, everything.
    open_game = Replay.open(played_save(tmp_path, "incubation", "greedy", cap=20))
    assert open_game.views() == [NO_HAND]
    seen = open_game.at(3)
    assert seen.view(0) is seen.state and seen.view(1) is seen.state
    finished = Replay.open(played_save(tmp_path, "tyrants", "tyrants", cap=10_000, seed=6))
    assert finished.finished
    assert finished.views() == [EVERY_HAND, 0, 1, NO_HAND]
    opened = finished.at(5, shown=EVERY_HAND)
    assert opened.view(0) is opened.state and opened.view(1) is opened.state
    anas = finished.at(5, shown=0)
    game = anas.game
    assert game.dump_state(anas.view(0)) == game.dump_state(game.view(anas.state, 0))
    assert game.dump_state(anas.view(1)) == game.dump_state(game.view(anas.state, None))


def _stamp(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def test_replaying_writes_nothing_and_takes_no_lock(tmp_path: Path) -> None:
    path = played_save(tmp_path, "root", "root", cap=60)
    before = _stamp(path)
    files = sorted(os.listdir(tmp_path))
    replay = Replay.open(path)
    for count in (*range(replay.length + 1), 0):
        position = replay.at(count)
        position.save_now()
        with pytest.raises(IllegalAction):
            position.apply(replay.source.actions[0])
    replay.source.save_now()
    assert _stamp(path) == before
    assert sorted(os.listdir(tmp_path)) == files
    assert not lock_path(path).exists()


@pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")
def test_a_game_open_in_another_window_is_replayed_undisturbed(tmp_path: Path) -> None:
    path = played_save(tmp_path, "underwing", "underwing", cap=40)
    other = Holder(path)
    try:
        assert other.first == "LOCKED"
        lock_file = lock_path(path)
        held = _stamp(lock_file)
        before = _stamp(path)
        replay = Replay.open(path)
        replay.at(replay.length)
        replay.at(0)
        assert _stamp(path) == before
        assert _stamp(lock_file) == held
        # The other window keeps its game: it still holds the lock and moves.
        assert other.send("check") == "KEPT"
        assert other.send("move") == f"MOVED {replay.length + 1}"
    finally:
        other.close()


@pytest.mark.parametrize(
    "content", [b"", b"{not json", b'{"format": "boardgames-tui", "version": 1}']
)
def test_a_damaged_save_is_refused_as_loading_refuses_it(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "damaged.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as loading:
        Session.load(path)
    with pytest.raises(SaveError) as replaying:
        Replay.open(path)
    assert str(replaying.value) == str(loading.value)
    assert path.read_bytes() == content


def test_a_missing_save_is_refused_in_one_sentence(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="gone.json"):
        Replay.open(tmp_path / "gone.json")
