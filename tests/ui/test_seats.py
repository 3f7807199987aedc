"""A screen per seat: two windows on one save, each sitting at a seat,
move in turn and follow each other; the window of the seat not to move
waits; a refused write loses nothing and says why; a closed window sits
again where the game stands; undo takes back only the window's own moves;
the window at the lowest seat moves the bots."""

from __future__ import annotations

import contextlib
import fcntl
import os
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine import lock as lock_module
from boardgames_tui.engine import seating
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.savefile import read_save
from boardgames_tui.engine.seating import seat_holder, version_of, write_checked
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.game import GameScreen
from boardgames_tui.ui.screens.help import HelpScreen
from boardgames_tui.ui.screens.menu import MainMenuScreen
from boardgames_tui.ui.screens.seats import SeatMode
from boardgames_tui.ui.widgets import ActionPicker
from tests.engine.lockholder import Holder
from tests.ui.helpers import leave_game, wait_until

from .seats import FOLLOW_WAIT, in_step, windows

pytestmark = pytest.mark.skipif(not lock_module.ENFORCED, reason="no fcntl here")


def new_save(saves_dir: Path, bot: bool = False) -> Path:
    seats = [Seat(name="Ana"), Seat(name="Ben")]
    if bot:
        seats.append(Seat(name="Cy", bot="random"))
    session = Session.new(
        "tally", seats, {"rounds": 3, "draws": False}, seed=5, saves_dir=saves_dir
    )
    assert session.path is not None
    return session.path


async def test_two_windows_move_in_turn_and_follow_each_other(saves_dir: Path) -> None:
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        assert "Ana's screen" in ana.screen.title_shown()
        # Ana is to move: Ben's window waits and offers nothing.
        assert ana.screen.can_act and not ben.screen.can_act
        assert ben.screen.prompt_text() == "Waiting for Ana…"
        assert ben.screen.legal() == []
        for turn in range(6):
            mover, other = (ana, ben) if turn % 2 == 0 else (ben, ana)
            assert mover.screen.can_act and not other.screen.can_act
            await mover.pilot.press("1")
            count = turn + 1
            await in_step([ana, ben], count)
            assert len(read_save(save).actions) == count
        await wait_until(ana.pilot, lambda: ana.session.is_over)
        assert Session.load(save).is_over


async def test_a_window_never_moves_for_another_seat(saves_dir: Path) -> None:
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        picker = ben.screen.query_one("#actions", ActionPicker)
        assert not picker.actions
        await ben.pilot.press("1", "enter")
        await ben.pilot.pause(0.3)
        assert ben.session.actions == [] and read_save(save).actions == []


async def test_a_write_refused_loses_nothing_and_says_why(saves_dir: Path) -> None:
    """Ana's window moves while the save changed under it (another writer
    got there first): nothing of hers is written, the other move stands,
    her window shows the game as saved and tells her."""
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"]) as (ana,):
        screen = ana.screen
        screen.mode.seats._timer.pause()  # the change is not seen before the move
        other = Session.load(save)
        other.path = None
        since = version_of(other)
        other.apply(other.legal_actions()[2])  # "add 3"
        write_checked(other, save, since)
        written = save.read_bytes()
        await ana.pilot.press("1")  # "add 1", from the position before
        await wait_until(ana.pilot, lambda: "moved on in another window" in ana.messages())
        assert save.read_bytes() == written
        await wait_until(ana.pilot, lambda: ana.session.actions == other.actions)
        assert "it was not made" in ana.messages()


async def test_a_move_written_reads_the_saves_stat_not_the_save(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A window that read (or wrote) the save last sees from the file's stat
    that it still stands there: its move is written without reading the
    whole save first; a save changed since is read, and the move refused."""
    save = new_save(saves_dir)
    reads: list[str] = []
    real = seating.read_save

    def counted(path: Path) -> Any:
        reads.append(sys._getframe(1).f_code.co_name)
        return real(path)

    monkeypatch.setattr(seating, "read_save", counted)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        for turn in range(4):
            mover = (ana, ben)[turn % 2]
            await mover.pilot.press("1")
            await in_step([ana, ben], turn + 1)
        # Ana's first write checked the save whole (nothing read yet by her
        # window); every later write by either window, its stat alone.
        assert reads.count("write_checked") == 1
        assert reads.count("follow") == 4
        ana.screen.mode.seats._timer.pause()  # the change is not seen before the move
        other = Session.load(save)
        other.path = None
        since = version_of(other)
        other.apply(other.legal_actions()[2])
        write_checked(other, save, since)
        written = save.read_bytes()
        await ana.pilot.press("1")
        await wait_until(ana.pilot, lambda: "moved on in another window" in ana.messages())
        assert save.read_bytes() == written


async def test_a_closed_window_sits_again_where_the_game_stands(saves_dir: Path) -> None:
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        await ana.pilot.press("1")
        await in_step([ana, ben], 1)
        await ben.pilot.press("2")
        await in_step([ana, ben], 2)
    # Both windows are gone; Ana and Ben sit again, in the other order.
    async with windows(saves_dir, save, ["Ben"], ["Ana"]) as (ben, ana):
        assert len(ana.session.actions) == 2 and ana.screen.can_act
        assert ben.screen.prompt_text() == "Waiting for Ana…"
        await ana.pilot.press("3")
        await in_step([ana, ben], 3)


async def test_undo_takes_back_only_the_windows_own_moves(saves_dir: Path) -> None:
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        await ana.pilot.press("1")
        await in_step([ana, ben], 1)
        # Ben has not moved yet: Ana takes her move back, in both windows.
        await ana.pilot.press("ctrl+z")
        await in_step([ana, ben], 0)
        assert read_save(save).actions == []
        assert ana.screen.can_act and not ben.screen.can_act
        await ana.pilot.press("2")
        await in_step([ana, ben], 1)
        await ben.pilot.press("3")
        await in_step([ana, ben], 2)
        # Ben has moved since: Ana's window may not take his move back...
        await ana.pilot.press("ctrl+z")
        await wait_until(ana.pilot, lambda: "Can't undo: Ben has moved since" in ana.messages())
        # ...nor Ben's window Ana's, once she has moved again.
        await ana.pilot.press("1")
        await in_step([ana, ben], 3)
        await ben.pilot.press("ctrl+z")
        await wait_until(ben.pilot, lambda: "Can't undo: Ana has moved since" in ben.messages())
        await ben.pilot.pause(FOLLOW_WAIT / 100)
        assert len(read_save(save).actions) == 3


async def test_the_window_at_the_lowest_seat_moves_the_bots(saves_dir: Path) -> None:
    save = new_save(saves_dir, bot=True)
    async with windows(saves_dir, save, ["Ben"], ["Ana"]) as (ben, ana):
        assert ana.screen.mode.seats.moves_bots() and not ben.screen.mode.seats.moves_bots()
        await ana.pilot.press("1")
        await in_step([ana, ben], 1)
        await ben.pilot.press("1")
        # Cy (the bot) moves from Ana's window; Ben's only follows.
        await in_step([ana, ben], 3)
        assert ana.screen.can_act


async def test_the_help_says_what_this_screen_is(saves_dir: Path) -> None:
    save = new_save(saves_dir, bot=True)
    async with windows(saves_dir, save, ["Ben"]) as (ben,):
        await ben.pilot.press("f1")
        await wait_until(ben.pilot, lambda: isinstance(ben.app.screen, HelpScreen))
        source = ben.app.screen.source
        assert "This window sits at **Ben**" in source
        assert "The bots are moved by this window" in source


async def test_a_window_killed_mid_game_sits_again_where_the_game_stands(
    saves_dir: Path,
) -> None:
    """Ana's window is a real ``sit`` process in a pseudo-terminal; Ben's
    moves while it runs; it is killed (kill -9); Ana sits again at once, at
    the game as it stands, and plays on."""
    session = Session.new(
        "tyrants", [Seat(name="Ana"), Seat(name="Ben")], seed=5, saves_dir=saves_dir
    )
    bots = [get_bot("greedy", 1), get_bot("greedy", 2)]
    while len(session.actions) < 12 or session.to_act != 1:
        seat = session.to_act
        assert seat is not None
        session.apply(bots[seat].choose(session.game, session.view(seat)))
    save = session.path
    assert save is not None
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "boardgames_tui", "--saves", str(saves_dir)]
        + ["sit", str(save), "--seat=Ana"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=dict(os.environ, TERM="xterm-256color"),
        start_new_session=True,
    )
    os.close(slave)
    drain = threading.Thread(target=_drain, args=(master,), daemon=True)
    drain.start()
    try:
        deadline = time.monotonic() + 60
        while seat_holder(save, 0) is None:
            assert process.poll() is None, "sit ended"
            assert time.monotonic() < deadline, "Ana's window never sat"
            time.sleep(0.1)
        async with windows(saves_dir, save, ["Ben"]) as (ben,):
            while ben.session.to_act == 1:
                before = len(ben.session.actions)
                action = bots[1].choose(ben.session.game, ben.session.view(1))
                if not ben.play(action):
                    await wait_until(ben.pilot, lambda: isinstance(ben.app.screen, ConfirmDialog))
                    await ben.pilot.press("y")
                await wait_until(ben.pilot, lambda b=before: len(ben.session.actions) > b)
                await wait_until(ben.pilot, lambda: not ben.screen.mode.seats.unwritten)
            process.kill()  # mid-game, Ana to move
            process.wait(10)
            assert seat_holder(save, 0) is None  # the seat is free at once
            count = len(read_save(save).actions)
            async with windows(saves_dir, save, ["Ana"]) as (ana,):
                assert len(ana.session.actions) == count
                assert ana.session.actions == ben.session.actions
                assert ana.screen.can_act and not ben.screen.can_act
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(10)
        os.close(master)


def _drain(master: int) -> None:
    """Read the window's output, as a terminal does, until it ends."""
    with contextlib.suppress(OSError):
        while os.read(master, 65536):
            pass


async def test_leaving_a_seat_closes_the_window_not_to_the_menu(saves_dir: Path) -> None:
    """Behind a seat's window there is no menu (it would open every save,
    hands and all): leaving the game ends the window."""
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"]) as (ana,):
        await ana.pilot.press("1")
        await wait_until(ana.pilot, lambda: not ana.screen.mode.seats.unwritten)
        await leave_game(ana.pilot)  # it asks first: "Leave Ana's seat …?"
        await wait_until(ana.pilot, lambda: ana.app.return_code == 0)
        assert not any(
            isinstance(s, MainMenuScreen) and s is ana.app.screen for s in [ana.app.screen]
        )
    assert len(read_save(save).actions) == 1
    assert seat_holder(save, 0) is None


async def test_a_crash_ends_the_seat_window_rather_than_open_the_menu(
    saves_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(BoardgamesApp, "strict", False)
    save = new_save(saves_dir)

    def broken(self: GameScreen) -> None:
        raise RuntimeError("the screen broke")

    ended = False
    # (A Pilot test raises the fatal error again when the app is over.)
    with pytest.raises(RuntimeError, match="the screen broke"):
        async with windows(saves_dir, save, ["Ana"]) as (ana,):
            await ana.pilot.press("1")
            await wait_until(ana.pilot, lambda: not ana.screen.mode.seats.unwritten)
            monkeypatch.setattr(SeatMode, "save", broken)
            await ana.pilot.press("ctrl+s")
            await wait_until(ana.pilot, lambda: ana.app.return_code == 1)
            assert "the game is saved" in ana.app.fatal_message
            assert not isinstance(ana.app.screen, MainMenuScreen)
            ended = True
    assert ended
    assert len(read_save(save).actions) == 1


async def test_a_game_open_on_one_screen_is_played_there_and_followed_here(
    saves_dir: Path,
) -> None:
    """Another process plays the game on one screen (it holds the save's
    lock): the seat's window says so, follows its moves, and a move of its
    own is not written (and it is told); once that window closes, it plays."""
    save = new_save(saves_dir)
    other = Holder(save)
    try:
        assert other.first == "LOCKED"
        async with windows(saves_dir, save, ["Ana"]) as (ana,):
            await wait_until(
                ana.pilot, lambda: "open in a window that plays every seat" in ana.messages()
            )
            assert f"process {other.pid}" in ana.messages()
            assert other.send("move") == "MOVED 1"
            assert other.send("move") == "MOVED 2"
            await in_step([ana], 2)
            assert ana.screen.can_act
            await ana.pilot.press("1")
            await wait_until(ana.pilot, lambda: "moves are made there" in ana.messages())
            await in_step([ana], 2)
            assert len(read_save(save).actions) == 2
            other.close()
            await ana.pilot.press("1")
            await wait_until(ana.pilot, lambda: len(read_save(save).actions) == 3)
    finally:
        other.close()


async def test_advice_is_only_for_the_seat_of_this_window(saves_dir: Path) -> None:
    """The advice reads the deciding seat's view: a window waiting for another
    seat must not offer it, or it would show that seat's choices here."""
    save = new_save(saves_dir)
    async with windows(saves_dir, save, ["Ana"], ["Ben"]) as (ana, ben):
        assert ana.screen.advice_refusal() is None
        refusal = ben.screen.advice_refusal()
        assert refusal is not None and "advice" in refusal.lower()
        await ben.pilot.press("question_mark")
        await ben.pilot.pause(0.2)
        assert not any(type(s).__name__.startswith("Advice") for s in ben.app.screen_stack)
