"""The review of a finished game (``engine/review.py``): for each game a
seeded game is played and reviewed with a small counted budget; one point
per turn per seat, judged from the seat's own view (a position that
differs only in what the seat cannot see gives the same point); the
turning points are moves the seat made, the search's move was legal there,
and the loss is the figures' difference; a bot's seat only when asked; an
unfinished game never; the same save, the same review; and the review kept
beside the save (a hidden file the saves folder never lists)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from boardgames_tui.engine import review_cache
from boardgames_tui.engine.game import Game, GameState, copy_state
from boardgames_tui.engine.replay import Replay
from boardgames_tui.engine.review import (
    ReviewBudget,
    ReviewCancelled,
    Reviewer,
    ReviewError,
    review,
    seed_of,
    standing,
)
from boardgames_tui.engine.review_cache import cached, review_path, review_save
from boardgames_tui.engine.review_model import Review
from boardgames_tui.engine.review_text import point_lines, review_text
from boardgames_tui.engine.rng import Rng
from boardgames_tui.engine.save_folder import delete_save
from boardgames_tui.engine.saves import list_saves, quick_rows
from tests.engine.review_games import GAMES, finished_save, play

#: A small counted budget: the tests look at what the review says, not how
#: well the search plays.
BUDGET = ReviewBudget(playouts=8, curve_samples=2)


@cache
def reviewed(game_id: str, folder: Path) -> tuple[Path, Replay, Review]:
    """A finished seeded game of ``game_id``, its replay and its review
    (Ana's moves judged; Ben is a bot), made once per test module."""
    path = finished_save(game_id, folder)
    replay = Replay.open(path)
    return path, replay, review(replay, budget=BUDGET)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("reviews")


@pytest.mark.parametrize("game_id", GAMES)
def test_one_point_per_turn_per_seat(game_id: str, folder: Path) -> None:
    _, replay, result = reviewed(game_id, folder)
    turns = [t for t in replay.turn_starts() if t < replay.length]
    assert result.turns == len(turns) > 1
    assert result.turn_ends == [*turns[1:], replay.length]
    assert len(result.seats) == len(replay.source.seats)
    for seat in result.seats:
        assert len(seat.curve) == result.turns
    if result.kind == "chance":
        assert all(0.0 <= v <= 1.0 for s in result.seats for v in s.curve)
    if result.kind == "chance":
        # The last point is the finished game: a win, a share or a loss.
        winners = replay.game.outcome(replay.state_at(replay.length)).winners
        for seat in result.seats:
            won = 1.0 / len(winners) if seat.seat in winners else 0.0
            assert seat.curve[-1] == pytest.approx(won)


def unseen_changed(game: Game[Any, Any], state: GameState, seat: int, luck: int) -> GameState:
    """``state`` with what ``seat`` cannot see dealt again: another full
    state consistent with the seat's view (other hands, face-down decks)."""
    return game.determinize(game.view(state, seat), seat, Rng.from_seed(luck))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_point_reads_only_what_the_seat_saw(game_id: str, folder: Path) -> None:
    _, replay, result = reviewed(game_id, folder)
    game = replay.game
    seed = replay.source.seed
    for turn in (0, result.turns // 2, result.turns - 2):
        end = result.turn_ends[turn]
        state = replay.state_at(end)
        for seat in range(len(result.seats)):
            point = result.seats[seat].curve[turn]
            here = standing(game, state, seat, seed_of(seed, end, seat), BUDGET.curve_samples)
            assert here == pytest.approx(point)
            for luck in (11, 12):
                other = unseen_changed(game, state, seat, luck)
                # Something the seat cannot see differs (a hand, a deck's
                # order, the luck to come), and the point does not.
                assert other != state
                again = standing(game, other, seat, seed_of(seed, end, seat), BUDGET.curve_samples)
                assert again == pytest.approx(point)


@pytest.mark.parametrize("game_id", GAMES)
def test_turning_points_are_the_seats_own_moves(game_id: str, folder: Path) -> None:
    _, replay, result = reviewed(game_id, folder)
    game = replay.game
    actions = replay.source.actions
    found = 0
    assert [s.reviewed for s in result.seats] == [True, False]
    for seat in result.seats:
        assert seat.judged >= seat.agreed >= 0
        assert len(seat.turning_points) <= 3
        losses = [p.loss for p in seat.turning_points]
        assert losses == sorted(losses, reverse=True)
        for point in seat.turning_points:
            found += 1
            state = replay.state_at(point.index)
            view = game.view(state, seat.seat)
            made = actions[point.index]
            # The move that seat made there, in the game's words.
            assert game.to_act(state) == seat.seat
            assert game.actor(state, made) == seat.seat
            assert game.parse_action(point.made_move) == made
            assert point.made == game.describe(view, made)
            # The search's move was legal there, and another move.
            preferred = game.parse_action(point.preferred_move)
            assert preferred in game.legal_actions(view)
            assert game.actor(view, preferred) == seat.seat
            assert preferred != made and point.preferred == game.describe(view, preferred)
            # What it lost is the difference, beyond the samples' luck.
            assert point.loss == point.preferred_value - point.made_value
            assert point.loss > point.error >= 0.0
            assert point.samples >= 4
            assert result.turn_of(point.index) == point.turn
            assert len(point_lines(result, point)) == 3
    assert found, "a game of an easy bot's moves has at least one turning point"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_same_save_gives_the_same_review(game_id: str, folder: Path) -> None:
    path, _, first = reviewed(game_id, folder)
    again = review(Replay.open(path), budget=BUDGET)
    assert again == first
    text = review_text(again)
    assert text.startswith(f"Review of {again.title}: {again.turns} turns")
    assert "Ana:" in text and "Ben:" in text


def test_a_bots_seat_is_judged_only_when_asked(tmp_path: Path) -> None:
    path = finished_save("root", tmp_path)
    replay = Replay.open(path)
    people = Reviewer(replay, budget=BUDGET)
    every = Reviewer(replay, bots=True, budget=BUDGET)
    assert {d.seat for d in people.decisions} == {0}
    assert {d.seat for d in every.decisions} == {0, 1}
    result = people.run()
    ana, ben = result.seats
    assert ana.reviewed and ana.judged == people.total
    assert not ben.reviewed and ben.judged == 0 and not ben.turning_points
    # Ben's curve is drawn all the same.
    assert len(ben.curve) == result.turns
    assert "Ben: a bot (root), not judged" in review_text(result)


def test_an_unfinished_game_is_never_reviewed(tmp_path: Path) -> None:
    session = play("tyrants", tmp_path, moves=40)
    assert session.path is not None and not session.is_over
    with pytest.raises(ReviewError, match="not finished"):
        Reviewer(Replay.open(session.path), budget=BUDGET)
    with pytest.raises(ReviewError, match="not finished"):
        review_save(session.path, budget=BUDGET)
    assert not review_path(session.path).exists()


def test_progress_and_cancelling(tmp_path: Path) -> None:
    path = finished_save("root", tmp_path)
    replay = Replay.open(path)
    told: list[tuple[int, int]] = []
    reviewer = Reviewer(replay, budget=BUDGET)
    reviewer.run(progress=lambda done, total: told.append((done, total)))
    total = reviewer.total
    assert told == [(n, total) for n in range(total + 1)]
    asked = [0]

    def stop_at_third() -> bool:
        asked[0] += 1
        return asked[0] > 3

    with pytest.raises(ReviewCancelled):
        Reviewer(replay, budget=BUDGET, cancelled=stop_at_third).run()
    with pytest.raises(ReviewCancelled):
        review_save(path, budget=BUDGET, cancelled=lambda: True)
    assert not review_path(path).exists()


def test_the_review_is_kept_beside_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = finished_save("root", tmp_path)
    first = review_save(path, budget=BUDGET)
    kept = review_path(path)
    assert kept.name == f".{path.name}.review" and kept.exists()
    assert json.loads(kept.read_text())["format"] == "boardgames-tui-review"
    # Read back, nothing worked out again.
    monkeypatch.setattr(review_cache, "Replay", None)
    assert review_save(path, budget=BUDGET) == first
    # Another budget, a bots' review: not the kept one.
    assert cached(path, budget=ReviewBudget(playouts=9, curve_samples=2)) is None
    assert cached(path, bots=True, budget=BUDGET) is None
    monkeypatch.undo()
    # A review of every seat serves the people's too.
    every = review_save(path, bots=True, budget=BUDGET)
    assert every.seats[1].reviewed
    people = cached(path, budget=BUDGET)
    assert people is not None and not people.seats[1].reviewed
    assert people.seats[0] == first.seats[0]
    # Another version of the program: worked out again.
    monkeypatch.setattr(review_cache, "program_stamp", lambda: "another version")
    assert cached(path, bots=True, budget=BUDGET) is None
    monkeypatch.undo()
    # The save changed: worked out again.
    data = json.loads(path.read_text())
    data["updated"] = "2020-01-01T00:00:00Z"
    path.write_text(json.dumps(data))
    assert cached(path, bots=True, budget=BUDGET) is None


@pytest.mark.parametrize(
    "content", ["{", "[]", '{"format": "boardgames-tui-review", "version": 1}', "\x00" * 10]
)
def test_a_damaged_review_file_is_worked_out_again(tmp_path: Path, content: str) -> None:
    path = finished_save("root", tmp_path)
    review_path(path).write_text(content)
    assert cached(path, budget=BUDGET) is None
    result = review_save(path, budget=BUDGET)
    assert cached(path, budget=BUDGET) == result


def test_the_saves_folder_never_lists_a_review(tmp_path: Path) -> None:
    path = finished_save("root", tmp_path)
    review_save(path, budget=BUDGET)
    assert review_path(path).exists()
    listed = list_saves(tmp_path)
    assert [info.path.name for info in listed] == [path.name]
    assert all(info.ok for info in listed)
    assert [row.path.name for row in quick_rows(tmp_path)] == [path.name]


def test_deleting_a_save_deletes_its_review(tmp_path: Path) -> None:
    path = finished_save("root", tmp_path)
    review_save(path, budget=BUDGET)
    assert review_path(path).exists()
    delete_save(path)
    assert not path.exists() and not review_path(path).exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_review_file_that_is_not_a_file_is_passed_over(tmp_path: Path) -> None:
    path = finished_save("root", tmp_path)
    review_path(path).mkdir()
    result = review_save(path, budget=BUDGET)  # kept nowhere: the place is taken
    assert review_path(path).is_dir()
    assert result.seats[0].reviewed


def test_a_turning_point_needs_a_loss_beyond_the_samples_luck(folder: Path) -> None:
    _, replay, _ = reviewed("root", folder)
    reviewer = Reviewer(replay, budget=BUDGET)
    for decision in reviewer.decisions[:12]:
        judgement = reviewer.judge(decision)
        point = judgement.point
        if judgement.agreed:
            assert point is None
        if point is not None:
            assert point.loss > point.error
        assert copy_state(decision.state) == decision.state
