"""``benchmarks/bot_turns.py``'s account of what ended a level's turns: a
turn is counted as ended by the turn's clock when a search was cut short by
its time or a decision was left unsearched once the turn's seconds were
spent, and as within it otherwise (the playout caps the arena plays)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import bot_turns  # noqa: E402

from boardgames_tui.engine.bots import ismcts  # noqa: E402
from boardgames_tui.engine.bots.levels import HardBot  # noqa: E402
from boardgames_tui.engine.registry import get_game  # noqa: E402


class _Clock:
    """A clock that moves ``step`` seconds at every reading."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now


def _with_clock(monkeypatch: pytest.MonkeyPatch, step: float) -> None:
    clock = _Clock(step)
    monkeypatch.setattr(ismcts, "time", clock)
    monkeypatch.setattr(bot_turns, "clock", clock.perf_counter)


def test_turns_the_clock_ends_are_counted_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    """A minute at every reading: every turn with a choice to search runs
    into the turn's clock, and the summary says so."""
    _with_clock(monkeypatch, 60.0)
    turns = bot_turns.turn_times("incubation", 2, "greedy", 1, "hard", 3)
    assert len(turns) == 3
    assert all(turn.clock_stops > 0 for turn in turns), turns
    times = [turn.seconds for turn in turns]
    summary = bot_turns.slowest_ends(
        "incubation", 2, "hard", turns, bot_turns.percentile(times, 0.95)
    )
    slow = sum(1 for t in times if t >= bot_turns.percentile(times, 0.95))
    assert f"its {slow} slowest turns: {slow} ended by the turn's clock, 0 within it" in summary


def test_turns_within_the_clock_run_the_arenas_caps(monkeypatch: pytest.MonkeyPatch) -> None:
    """A clock that hardly moves: no turn is ended by it, and each runs no
    more playouts than the turn's cap."""
    _with_clock(monkeypatch, 1e-9)
    turns = bot_turns.turn_times("tyrants", 2, "tyrants", 1, "hard", 2)
    assert len(turns) == 2
    assert all(turn.clock_stops == 0 for turn in turns), turns
    assert any(turn.playouts > 0 for turn in turns)
    turn_cap = HardBot.BUDGET.turn_cap(get_game("tyrants"), 2)
    assert turn_cap is not None
    assert all(turn.playouts <= turn_cap for turn in turns), turns
    summary = bot_turns.slowest_ends(
        "tyrants", 2, "hard", turns, bot_turns.percentile([t.seconds for t in turns], 0.95)
    )
    assert "0 ended by the turn's clock" in summary
    assert f"(the turn's cap {turn_cap})" in summary
