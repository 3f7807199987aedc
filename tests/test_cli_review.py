"""``boardgames-tui review SAVE``: the turning points as text, ``--plot``
the standings as a text plot, ``--bots`` the bots' seats too; a save that
does not load or a game not finished is one sentence with the usage (exit
status 2); the save is found as every command finds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui import cli
from boardgames_tui.engine import review_cache
from boardgames_tui.engine.review import ReviewBudget
from boardgames_tui.engine.review_cache import review_path
from boardgames_tui.review_plot import seat_tags, turn_ticks, value_ticks
from tests.engine.review_games import finished_save, play

BUDGET = ReviewBudget(playouts=8, curve_samples=2)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review_cache, "ReviewBudget", lambda: BUDGET)


def test_review_prints_the_turning_points(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = finished_save("root", saves_dir)
    # A bare name is found in the saves folder, as for load and replay.
    assert cli.main(["review", path.name]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Review of Root: ")
    assert "Ana: " in out and " moves judged; the search's own choice in " in out
    assert "Ben: a bot (root), not judged" in out
    assert "The search prefers: " in out and "Lost: " in out and "% of the chance to win" in out
    assert review_path(path).exists()
    assert cli.main(["review", str(path), "--bots"]) == 0
    assert "Ben: a bot" not in capsys.readouterr().out


def test_review_plot(saves_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = finished_save("incubation", saves_dir)
    assert cli.main(["review", str(path), "--plot"]) == 0
    out = capsys.readouterr().out
    plot = out[out.index("┌") :]
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    assert "A Ana" in plot and "B Ben" in plot
    assert "points ahead of the best other" in plot and "turn" in plot
    # Each line drawn with its seat's tag, colour or not.
    body = plot.splitlines()[1:-3]
    assert any("A" in line for line in body) and any("B" in line for line in body)


def test_review_refuses_an_unfinished_game(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    session = play("root", saves_dir, moves=10)
    assert session.path is not None
    assert cli.main(["review", str(session.path)]) == 2
    err = capsys.readouterr().err
    assert "usage: boardgames-tui review" in err
    assert "The game is not finished" in err
    assert not review_path(session.path).exists()


def test_review_refuses_a_missing_or_damaged_save(
    saves_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["review", "nothing-here.json"]) == 2
    assert "there is no save nothing-here.json" in capsys.readouterr().err
    damaged = saves_dir / "damaged.json"
    damaged.write_text("{not json")
    assert cli.main(["review", str(damaged)]) == 2
    err = capsys.readouterr().err
    assert "usage: boardgames-tui review" in err and "damaged.json" in err


def test_the_plots_labels() -> None:
    assert seat_tags(["Ana", "Ben"]) == ["A", "B"]
    assert seat_tags(["Ana", "anna", "Ben"]) == ["1", "2", "B"]
    assert turn_ticks(1, 80) == [1]
    assert turn_ticks(19, 78) == [1, 5, 9, 13, 17, 19]
    assert turn_ticks(104, 78)[0] == 1 and turn_ticks(104, 78)[-1] == 104
    assert value_ticks(0, 100) == [0, 25, 50, 75, 100]
    assert value_ticks(-134.2, 135.4) == [-100, -50, 0, 50, 100]
    assert value_ticks(3, 3) == [3]
