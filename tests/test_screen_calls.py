"""``benchmarks/screen_calls.py``'s counter: it counts each call of a
Python function once, leaves out the event loop's machinery, and a bare
app's Enter counted in a window sees the frame and the one action it runs
(no timing asserted: the benchmark itself is not run here)."""

from __future__ import annotations

import asyncio
import cProfile
import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import screen_calls  # noqa: E402
from bare_app import BareApp  # noqa: E402


def leaf() -> None:
    pass


def seven_leaves() -> None:
    for _ in range(7):
        leaf()
    len([1, 2])  # a builtin: not a Python function's call


def profiled(work: object) -> cProfile.Profile:
    profile = cProfile.Profile()
    profile.enable()
    work()  # type: ignore[operator]
    profile.disable()
    return profile


def test_each_call_of_a_python_function_is_counted_once() -> None:
    profile = profiled(seven_leaves)
    assert screen_calls.calls_in(profile) == 8  # seven_leaves and leaf 7 times
    assert screen_calls.calls_in(profile, lambda code: code.co_name == "leaf") == 1


def test_the_event_loops_machinery_is_left_out() -> None:
    spaces: dict[str, object] = {}
    loopish = "/usr/lib/python3/asyncio/fake_events.py"
    exec(compile("def turn(leaf):\n    leaf()\n", loopish, "exec"), spaces)  # noqa: S102
    turn = spaces["turn"]

    def three_turns() -> None:
        for _ in range(3):
            turn(leaf)  # type: ignore[operator]

    profile = profiled(three_turns)
    # three_turns once and leaf three times; the loop's ``turn`` not at all.
    assert screen_calls.calls_in(profile) == 4


def test_a_bare_apps_enter_is_one_action_and_a_frame() -> None:
    async def run() -> tuple[screen_calls.Sample, cProfile.Profile]:
        app = BareApp()
        with screen_calls.Frames().watched() as frames:
            async with app.run_test(size=(80, 24)) as pilot:
                await pilot.pause()
                await screen_calls.timed_key(app, frames, counted=False)  # a first, cold
                sample = await screen_calls.timed_key(app, frames, counted=True)
                assert app.count == 2
        assert frames.last is not None
        return sample, frames.last.profiles[0]

    sample, to_first_frame = asyncio.run(run())
    assert sample.frames >= 1
    assert sample.first > 0
    counts = {
        entry.code.co_name: entry.callcount
        for entry in to_first_frame.getstats()
        if not isinstance(entry.code, str)
    }
    assert counts["action_count"] == 1
    # Textual's _display is the window's own seam: restored once it is done.
    from textual.app import App

    assert App._display.__module__ == "textual.app"
