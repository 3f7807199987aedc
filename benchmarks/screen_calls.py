"""Function calls a move, a steady judge of the screens beside the bare
app: the moves ``screen_keys.py`` makes (A, Home, Enter, 300 moves into
the same seeded games, the same tables and sizes), made in process with
Textual's Pilot, headless, and counted rather than timed.

Per timed Enter, the Python function calls (cProfile's count of every call
of a Python function) from the key until the move's first frame is
composed (the app's ``App._display`` with a picture: a frame Textual
writes; headless, Textual skips turning it into the terminal's sequences,
so this script does that too, as a terminal's frame would), and after it until the app has been still for ``QUIET`` seconds
(no frame: the save after the frame, the collector's held pass, a
hand-off's cover): "to the first frame" and "after it".  Calls made by
the event loop's own machinery (``asyncio``, ``selectors``) and by this
script's waiting are not counted, nor the builtins they call: how many
turns the loop takes while a timer runs out depends on the clock, the
app's calls do not.  The builtins' calls (functions written in C) are
counted beside, the same way.  Beside them, the CPU time (process time) of other
moves made without the counter (it slows the work some 2-3 times): the
moves alternate, one counted, one timed.  The same for a bare Textual
app's Enter (``bare_app.py``: a Static updated) at the same size in the
same run.  Each line gives the median over the moves and their range.

Steadiness: the game, its moves and the list's order are the same in
every run (seeded bots, the first action of the list); the collector is
run before each timed key (``gc.collect``), so the passes a key sets off
start from the same counts; the process runs with ``PYTHONHASHSEED=0``
(it starts itself again with it), so sets and dicts of strings iterate
alike.  What still varies: Textual's timers (the screen's update timer,
the 1/60 s a frame waits for, lands at a point of the work the clock
decides) and a collection's finalizers.  How far two runs of the same
tree agree: benchmarks/README.md.

    [PYTHONPATH=TREE] uv run python benchmarks/screen_calls.py [--moves N] [--warm N]
        [--into N] [--only GAME] [--sizes 120x40,80x24] [--each]

``PYTHONPATH=TREE`` measures the screens of another checkout (another
worktree, main's), named with its commit on the first line.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType
from typing import Any

from bare_app import BareApp
from common import report
from screen_keys import SIZES, TABLES, WARM, played
from textual import events
from textual.app import App
from textual.pilot import Pilot

import boardgames_tui
from boardgames_tui.app import BoardgamesApp
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.screens.dialogs import ConfirmDialog
from boardgames_tui.ui.screens.handoff import HandoffScreen

#: Seconds without a frame after which the app is taken to be still.
QUIET = 0.15
#: Seconds waited after an untimed key once the pilot has seen the
#: screen's messages through (for its frame).
SETTLE = 0.05
#: Seconds a key may go on drawing before the row is given up.
LIMIT = 10.0
#: Source files whose functions are the event loop's machinery or this
#: script's own waiting: not counted (nor the builtins they call).
MACHINERY = (
    os.sep + "asyncio" + os.sep,
    os.sep + "selectors.py",
    os.sep + "screen_calls.py",
)


def machinery(code: CodeType) -> bool:
    return any(part in code.co_filename for part in MACHINERY)


def calls_in(profile: cProfile.Profile, skipped: Callable[[CodeType], bool] = machinery) -> int:
    """The Python function calls ``profile`` counted, leaving out those of
    functions ``skipped`` says are not the app's."""
    calls = 0
    for entry in profile.getstats():
        code = entry.code
        if isinstance(code, CodeType) and not skipped(code):
            calls += entry.callcount
    return calls


def builtins_in(profile: cProfile.Profile, skipped: Callable[[CodeType], bool] = machinery) -> int:
    """The calls of builtins (functions written in C) ``profile`` counted,
    leaving out those made by the functions ``skipped`` says are not the
    app's."""
    calls = 0
    for entry in profile.getstats():
        code = entry.code
        if isinstance(code, str):
            calls += entry.callcount
        elif skipped(code):
            calls -= sum(sub.callcount for sub in entry.calls or () if isinstance(sub.code, str))
    return calls


@dataclass
class Sample:
    """One key: calls to its first frame and after it, or CPU seconds to
    its first frame and after it (a key is counted or timed, not both)."""

    first: float
    after: float
    frames: int
    #: Builtins' calls to the first frame and after it (a counted key).
    builtins: tuple[int, int] = (0, 0)

    @property
    def whole(self) -> float:
        return self.first + self.after


@dataclass
class Window:
    """What happens from a key until the app is still: frames written, and
    either the calls (two profilers, switched at the first frame) or the
    CPU time at the key, at the first frame and at the end."""

    counted: bool
    framed: asyncio.Event
    frames: int = 0
    marks: list[float] = field(default_factory=list)
    profiles: tuple[cProfile.Profile, cProfile.Profile] = field(
        default_factory=lambda: (cProfile.Profile(), cProfile.Profile())
    )

    def start(self) -> None:
        gc.collect()
        if self.counted:
            self.profiles[0].enable()
        self.marks.append(time.process_time())

    def frame(self) -> None:
        """A frame was written (called inside Textual's ``_display``)."""
        self.frames += 1
        if self.frames == 1:
            self.framed.set()
            self.marks.append(time.process_time())
            if self.counted:
                self.profiles[0].disable()
                self.profiles[1].enable()

    def stop(self) -> Sample:
        if self.counted:
            for profile in self.profiles:
                profile.disable()
        self.marks.append(time.process_time())
        if self.counted:
            first, after = (float(calls_in(p)) for p in self.profiles)
            c_first, c_after = (builtins_in(p) for p in self.profiles)
            return Sample(first, after, self.frames, (c_first, c_after))
        start, framed, end = self.marks
        return Sample(framed - start, end - framed, self.frames)


class Frames:
    """Textual's frames seen while a window is open: ``App._display`` with
    something to write is wrapped for the span of the ``with``.  Headless,
    Textual does not turn a frame into the terminal's sequences; here it
    does (and throws them away), as a terminal's frame would, so a frame
    counts what a terminal's costs but its write."""

    def __init__(self) -> None:
        #: The window open now, and the last one closed.
        self.window: Window | None = None
        self.last: Window | None = None

    @contextmanager
    def watched(self) -> Iterator[Frames]:
        display = App._display

        def _display(app: App[Any], screen: Any, renderable: Any) -> None:
            window = self.window
            if window is not None and renderable is not None and not app._batch_count:
                encode = getattr(renderable, "render_segments", None)
                if app.is_headless and encode is not None:
                    encode(app.console)
                window.frame()
            display(app, screen, renderable)

        App._display = _display  # type: ignore[method-assign]
        try:
            yield self
        finally:
            App._display = display  # type: ignore[method-assign]


async def timed_key(app: App[Any], frames: Frames, counted: bool, key: str = "enter") -> Sample:
    """``key`` sent to ``app`` as the terminal would (not through the
    pilot, whose waiting goes through every widget), and the app watched
    until a frame came and then none for ``QUIET`` seconds."""
    driver = app._driver
    assert driver is not None
    window = Window(counted, framed=asyncio.Event())
    frames.window = window
    event = events.Key(key, "\r" if key == "enter" else None)
    event.set_sender(app)
    window.start()
    driver.send_message(event)
    try:
        await asyncio.wait_for(window.framed.wait(), LIMIT)
    except TimeoutError:
        pass  # no frame: the key changed nothing seen (the window ends now)
    else:
        began = time.perf_counter()
        seen = -1
        while seen != window.frames:  # until QUIET seconds pass without a frame
            seen = window.frames
            await asyncio.sleep(QUIET)
            if time.perf_counter() - began > LIMIT:
                raise RuntimeError(f"still drawing {LIMIT} s after {key}")
    frames.window = None
    frames.last = window
    return window.stop()


class GameRow:
    """A game loaded in a headless app, a move made the way screen_keys
    makes it: A, Home, then the timed Enter."""

    def __init__(self, app: BoardgamesApp, pilot: Pilot[Any], session: Session) -> None:
        self.app = app
        self.pilot = pilot
        self.session = session
        self.asked = 0

    async def still(self) -> None:
        """Until the app has nothing left to do after an untimed key."""
        await self.pilot.pause()
        await asyncio.sleep(SETTLE)

    async def lift_cover(self) -> None:
        if isinstance(self.app.screen, HandoffScreen):
            await self.pilot.press("enter")
            await self.still()

    async def move(self, frames: Frames, counted: bool, tries: int = 6) -> Sample:
        for _ in range(tries):
            await self.pilot.press("a")
            await self.still()
            await self.pilot.press("home")
            await self.still()
            made = len(self.session.actions)
            sample = await timed_key(self.app, frames, counted)
            if len(self.session.actions) > made:
                await self.still()
                await self.lift_cover()
                return sample
            # No move: as screen_keys (A closed a list left open, Enter
            # lifted a cover, or the move asks first: answered Y).
            if isinstance(self.app.screen, ConfirmDialog):
                await self.pilot.press("y")
                await self.still()
                if len(self.session.actions) > made:
                    self.asked += 1
                await self.lift_cover()
        raise RuntimeError(f"no Enter made a move in {tries} tries")


@dataclass
class Row:
    """A row's samples: the counted keys and the timed keys."""

    counted: list[Sample] = field(default_factory=list)
    timed: list[Sample] = field(default_factory=list)
    #: Moves that asked first and were answered Y (their Enter not kept).
    asked: int = 0


async def game_row(save: Path, size: tuple[int, int], warm: int, moves: int) -> Row:
    """``warm`` untimed moves, then ``moves`` counted and ``moves`` timed,
    in turns (counted first)."""
    row = Row()
    session = Session.load(save)
    app = BoardgamesApp(session=session)
    with Frames().watched() as frames:
        async with app.run_test(size=size) as pilot:
            game = GameRow(app, pilot, session)
            await game.still()
            await game.lift_cover()
            for _ in range(warm):
                await game.move(frames, counted=False)
            for _ in range(moves):
                row.counted.append(await game.move(frames, counted=True))
                row.timed.append(await game.move(frames, counted=False))
            row.asked = game.asked
    return row


async def bare_row(size: tuple[int, int], warm: int, presses: int) -> Row:
    """The bare app's Enter, as :func:`game_row`'s moves."""
    row = Row()
    app = BareApp()
    with Frames().watched() as frames:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await asyncio.sleep(QUIET)
            for _ in range(warm):
                await timed_key(app, frames, counted=False)
            for _ in range(presses):
                row.counted.append(await timed_key(app, frames, counted=True))
                row.timed.append(await timed_key(app, frames, counted=False))
    return row


def spread(values: list[float]) -> tuple[float, float, float]:
    return statistics.median(values), min(values), max(values)


def ranged(values: list[float], scale: float = 1.0, digits: int = 0) -> str:
    """Median (min-max) of ``values`` times ``scale``."""
    median, low, high = spread([v * scale for v in values])
    return f"{median:,.{digits}f} ({low:,.{digits}f}-{high:,.{digits}f})"


def calls_words(samples: list[Sample]) -> str:
    """Median calls (with their range) to the first frame and after it,
    and the builtins' calls to the first frame."""
    return (
        f"to the first frame {ranged([s.first for s in samples])}, "
        f"after it {ranged([s.after for s in samples])}; "
        f"builtins' to the first frame {ranged([float(s.builtins[0]) for s in samples])}"
    )


def cpu_words(samples: list[Sample]) -> str:
    """Median CPU ms (with their range) to the first frame and to still."""
    return (
        f"CPU ms to the first frame {ranged([s.first for s in samples], 1000, 1)}, "
        f"to still {ranged([s.whole for s in samples], 1000, 1)}"
    )


def shown(sample: Sample, counted: bool) -> str:
    """One key in short: calls (or CPU ms) to the first frame + after it, frames."""
    if counted:
        return f"{sample.first:,.0f}+{sample.after:,.0f}/{sample.frames}"
    return f"{sample.first * 1000:.1f}+{sample.after * 1000:.1f}ms/{sample.frames}"


@dataclass(frozen=True)
class Figures:
    """A row's medians, for the closing table."""

    name: str
    first: float
    after: float
    cpu_first: float
    cpu_whole: float
    bare: float
    bare_cpu: float

    @classmethod
    def of(cls, name: str, game: Row, bare: Row) -> Figures:
        def median(values: list[float]) -> float:
            return statistics.median(values)

        return cls(
            name,
            median([s.first for s in game.counted]),
            median([s.after for s in game.counted]),
            median([s.first for s in game.timed]) * 1000,
            median([s.whole for s in game.timed]) * 1000,
            median([s.whole for s in bare.counted]),
            median([s.first for s in bare.timed]) * 1000,
        )


def line(what: str, game: Row, bare: Row) -> None:
    calls = statistics.median(s.whole for s in game.counted)
    bare_calls = statistics.median(s.whole for s in bare.counted)
    report(
        what,
        calls / 1000,
        f"k Python calls a move, {calls / bare_calls:.1f}x the bare app's "
        f"({calls_words(game.counted)}; {cpu_words(game.timed)})",
        f"bare Textual app {bare_calls / 1000:.2f}k ({calls_words(bare.counted)}; "
        f"{cpu_words(bare.timed)})",
    )


def table(rows: list[Figures]) -> None:
    """The run's medians in one table (calls in thousands, CPU in ms)."""
    print(
        "\n| Row | k calls to the first frame | k after it | CPU ms to the first frame "
        "| CPU ms to still | bare k calls | bare CPU ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r.name} | {r.first / 1000:.2f} | {r.after / 1000:.2f} | {r.cpu_first:.1f} "
            f"| {r.cpu_whole:.1f} | {r.bare / 1000:.2f} | {r.bare_cpu:.1f} |"
        )


def measured() -> str:
    """The tree whose package is measured (``PYTHONPATH=TREE`` measures
    another checkout's screens with this script), and its commit."""
    tree = Path(boardgames_tui.__file__).resolve().parent.parent
    head = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    changed = subprocess.run(
        ["git", "-C", str(tree), "status", "--porcelain", "--", "boardgames_tui"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    return f"{tree} at {head or 'no commit'}" + (" with changes" if changed else "")


def hash_seeded() -> None:
    """Run again with ``PYTHONHASHSEED=0`` (and animations off: the figure
    is the redraw, not the spinner's glide) unless already so."""
    if os.environ.get("PYTHONHASHSEED") != "0" or os.environ.get("TEXTUAL_ANIMATIONS") != "none":
        env = dict(os.environ, PYTHONHASHSEED="0", TEXTUAL_ANIMATIONS="none")
        os.execve(sys.executable, [sys.executable, *sys.argv], env)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=10, help="counted moves (and as many timed)")
    parser.add_argument("--warm", type=int, default=WARM, help="untimed moves first")
    parser.add_argument("--each", action="store_true", help="print every key too")
    parser.add_argument("--into", type=int, default=300, help="moves into the game")
    parser.add_argument("--only", default="", help="games to measure, comma-separated")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES))
    args = parser.parse_args()
    hash_seeded()
    only = set(filter(None, args.only.split(",")))
    sizes = [(int(w), int(h)) for w, h in (s.split("x") for s in args.sizes.split(","))]
    print(f"screens of {measured()}", flush=True)
    rows: list[Figures] = []
    with tempfile.TemporaryDirectory() as saves:
        os.environ["BOARDGAMES_TUI_SAVES"] = saves
        for each in TABLES:
            if only and each.game not in only:
                continue
            room = 2 * (args.warm + 2 * args.moves) + 20
            for width, height in sizes:
                save = played(Path(saves), each, args.into, room)
                into = int(save.stem.rsplit("-", 1)[1])
                bare = asyncio.run(bare_row((width, height), args.warm, args.moves))
                game = asyncio.run(game_row(save, (width, height), args.warm, args.moves))
                if args.each:
                    print("  counted: " + "; ".join(shown(s, True) for s in game.counted))
                    print("  timed: " + "; ".join(shown(s, False) for s in game.timed))
                what = (
                    f"calls a move, {each.name}, {into} moves in, at {width}x{height} "
                    f"({args.moves} counted, {args.moves} timed, after {args.warm} untimed"
                    + (f"; {game.asked} asked first, answered Y" if game.asked else "")
                    + ")"
                )
                line(what, game, bare)
                rows.append(Figures.of(f"{each.name} {width}x{height}", game, bare))
    table(rows)


if __name__ == "__main__":
    main()
