"""The arena: seats rotate, runs are deterministic per seed (with any number
of workers), the figures are summed right and printed with their intervals,
and bad arguments give a sentence.  No test asserts a bot's win rate."""

from __future__ import annotations

import pytest

from boardgames_tui.cli import main
from boardgames_tui.engine import arena
from boardgames_tui.engine.arena import ArenaSpec, GameRecord, SeatRecord, seat_bots, wilson
from boardgames_tui.engine.game import Outcome, SeatResult


def test_the_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert low == pytest.approx(0.6042, abs=1e-3)
    assert high == pytest.approx(0.7810, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)
    low, high = wilson(5, 10)
    assert low == pytest.approx(1 - high)
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_so_every_bot_plays_every_seat() -> None:
    two = ArenaSpec(game_id="underwing", bots=("hard", "greedy"), games=4)
    assert [seat_bots(two, i) for i in range(2)] == [["hard", "greedy"], ["greedy", "hard"]]
    four = ArenaSpec(game_id="underwing", bots=("hard", "greedy", "greedy", "greedy"), games=4)
    seats_of_hard = {seat_bots(four, i).index("hard") for i in range(4)}
    assert seats_of_hard == {0, 1, 2, 3}


def scores(records: list[GameRecord]) -> list[list[tuple[str, int, float, int]]]:
    """What a run decided, without its timings."""
    return [[(s.bot, s.score, s.win, s.playouts) for s in r.seats] for r in records]


def test_a_run_is_the_same_for_the_same_seed_with_any_number_of_workers() -> None:
    spec = ArenaSpec(
        game_id="underwing",
        bots=("normal", "greedy"),
        games=2,
        seed=3,
        options={"rounds": 1},
        budget_scale=0.05,
    )
    alone = arena.run(spec, workers=1)
    again = arena.run(spec, workers=1)
    shared = arena.run(spec, workers=2)
    assert scores(alone) == scores(again) == scores(shared)
    assert [r.seed for r in alone] == [3, 4]
    cap = round(105 * 0.05)  # normal: 0.3 s at Underwing's 350 playouts/s, scaled
    for record in alone:
        search = next(s for s in record.seats if s.bot == "normal")
        assert 0 < search.playouts <= cap * search.moves
        # The record keeps the rules' outcome, which its seats' figures are.
        outcome = record.outcome
        assert [r.score for r in sorted(outcome.results, key=lambda r: r.seat)] == [
            s.score for s in record.seats
        ]
        assert [i for i, s in enumerate(record.seats) if s.win] == sorted(outcome.winners)
        assert outcome.summary


def test_the_summary_counts_shared_wins_and_copies() -> None:
    spec = ArenaSpec(game_id="underwing", bots=("hard", "greedy", "greedy"), games=2)

    def seat(bot: str, score: int, win: float) -> SeatRecord:
        return SeatRecord(bot=bot, score=score, win=win, moves=10, seconds=1.0, playouts=0)

    def record(index: int, seats: list[SeatRecord]) -> GameRecord:
        results = [SeatResult(seat=i, name=f"P{i + 1}", score=s.score) for i, s in enumerate(seats)]
        winners = [i for i, s in enumerate(seats) if s.win]
        ranking = sorted(range(len(seats)), key=lambda i: -seats[i].score)
        outcome = Outcome(results=results, ranking=ranking, winners=winners)
        return GameRecord(index=index, seed=index, actions=9, seats=seats, outcome=outcome)

    records = [
        record(0, [seat("hard", 30, 0.5), seat("greedy", 30, 0.5), seat("greedy", 10, 0)]),
        record(1, [seat("greedy", 5, 0), seat("greedy", 9, 0), seat("hard", 20, 1.0)]),
    ]
    hard, greedy = arena.summarize(spec, records)
    assert (hard.bot, hard.games, hard.wins, hard.copies) == ("hard", 2, 1.5, 1)
    assert (greedy.games, greedy.wins, greedy.copies) == (2, 0.5, 2)
    assert hard.mean_score == 25.0 and greedy.mean_score == pytest.approx(54 / 4)
    assert hard.by_seat == {0: [1.0, 0.5], 2: [1.0, 1.0]}
    text = arena.report(spec, records, elapsed=3.0)
    assert "95% CI" in text and "hard" in text and "75.0%" in text and "parity" in text


def test_the_arena_command_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "incubation", "--bots", "greedy,random", "--games", "2", "--workers", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "game 1 (seed 0)" in out and "game 2 (seed 1)" in out
    assert "2 games of Incubation" in out and "greedy" in out and "random" in out


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["arena", "underwing", "--bots", "hard,nobody"], "no bot 'nobody'"),
        (["arena", "incubation", "--bots", "hard"], "2 to 5 players"),
        (["arena", "underwing", "--bots", "hard,,greedy"], "separated by commas"),
        (["arena", "underwing", "--bots", "hard", "--games", "0"], "at least one game"),
        (["arena", "underwing", "--bots", "hard", "--workers", "0"], "--workers"),
        (["arena", "underwing", "--bots", "hard", "--budget", "0"], "above zero"),
        (["arena", "underwing", "--bots", "hard", "--option", "rounds=99"], "rounds"),
        (["arena", "nogame", "--bots", "hard"], "no game called"),
    ],
)
def test_bad_arena_arguments_say_why(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert says in capsys.readouterr().err
