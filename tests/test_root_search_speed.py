"""``benchmarks/root_search_speed.py``: the search's playouts counted over
a rule-bot game's positions in a fresh process, and a tree that is not a
checkout refused with its name."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
if str(BENCHMARKS) not in sys.path:
    sys.path.insert(0, str(BENCHMARKS))

import root_search_speed as speed  # noqa: E402
from common import ROOT  # noqa: E402


def test_a_measurement_counts_the_searches_of_a_whole_game() -> None:
    found = speed.measure(ROOT, "alliance,corvids", games=1, every=40, first=0)
    assert found["searches"] >= 1
    # Every search runs at least one playout, and the game is played to its
    # end by the rule bots (far more actions than searches).
    assert found["playouts"] >= found["searches"]
    assert found["actions"] >= 40 * found["searches"]
    assert found["seconds"] > 0
    again = speed.measure(ROOT, "alliance,corvids", games=1, every=40, first=0)
    assert (again["searches"], again["playouts"], again["actions"]) == (
        found["searches"],
        found["playouts"],
        found["actions"],
    )


def test_a_tree_that_is_not_a_checkout_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", ["root_search_speed.py", "--tree", f"abc1234={tmp_path}"])
    with pytest.raises(SystemExit):
        speed.main()
    assert f"abc1234={tmp_path}" in capsys.readouterr().err


def test_every_above_the_choices_measures_the_games_alone() -> None:
    found = speed.measure(ROOT, "corvids,marquise", games=1, every=10**6, first=0)
    assert (found["searches"], found["playouts"], found["seconds"]) == (0, 0, 0)
    assert found["actions"] > 0
    assert found["windows"] >= 1  # seed 0 offers the Marquise Exposure windows
    assert speed.ratio(1.0, 0.0) == "-"
    assert speed.ratio(3.0, 2.0) == "1.50"
