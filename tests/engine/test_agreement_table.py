"""The question to end a game by agreement at a screen per seat, kept
beside the save (``engine/agreement_table.py``; docs/rules/root.md,
R-AGREE, "At a screen per seat")."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from boardgames_tui.engine.agreement_table import (
    answer,
    ask,
    clear,
    question_path,
    read_question,
    withdraw,
)
from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.seat_files import remove_seat_files

SEATS = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random"), Seat(name="Dee")]
WHEN = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)


def test_a_question_is_answered_seat_by_seat_until_all_accept(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    asked = ask(save, 1, 12, WHEN, [2])
    assert read_question(save) == asked
    assert asked.answer_of(2) is True  # the bot's, given at once
    assert asked.waiting(SEATS) == [3, 0]  # in turn order from the proposer
    assert asked.stands_at(12, WHEN) and not asked.stands_at(13, WHEN)
    assert not asked.stands_at(12, WHEN.replace(second=6))
    after = answer(save, asked.ident, 3, True)
    assert after is not None and after.waiting(SEATS) == [0] and not after.agreed(SEATS)
    # An answer given twice counts once, as first given.
    again = answer(save, asked.ident, 3, False)
    assert again is not None and again.answer_of(3) is True
    done = answer(save, asked.ident, 0, True)
    assert done is not None and done.agreed(SEATS) and read_question(save) == done
    clear(save)
    assert read_question(save) is None and not question_path(save).exists()


def test_one_refusal_settles_it_and_later_answers_are_not_written(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    asked = ask(save, 0, 3, WHEN, [])
    refused = answer(save, asked.ident, 1, False)
    assert refused is not None and refused.refused_by == 1 and refused.settled
    assert not refused.agreed(SEATS)
    assert answer(save, asked.ident, 3, True) is None
    assert withdraw(save, asked.ident) is None
    assert read_question(save) == refused


def test_a_withdrawn_or_replaced_question_takes_no_answer(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    first = ask(save, 0, 3, WHEN, [])
    withdrawn = withdraw(save, first.ident)
    assert withdrawn is not None and withdrawn.withdrawn and not withdrawn.agreed(SEATS)
    assert answer(save, first.ident, 1, True) is None
    second = ask(save, 0, 3, WHEN, [])
    assert second.ident != first.ident
    assert answer(save, first.ident, 1, True) is None  # the old one's answer
    assert answer(save, second.ident, 1, True) is not None


def test_a_damaged_or_foreign_file_asks_nothing(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    path = question_path(save)
    assert path.name == ".game.json.agree"
    for text in ("", "{", "[]", '{"ident": "x"}', '{"ident": 1, "proposer": "a"}'):
        path.write_text(text)
        assert read_question(save) is None
    path.unlink()
    path.mkdir()
    assert read_question(save) is None


def test_deleting_the_save_takes_its_question_along(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    save.write_text("{}")
    ask(save, 0, 3, WHEN, [])
    remove_seat_files(save)
    assert not question_path(save).exists()
