"""A seat's link is its key (issue 46 items 9 and 10): ``find_seat`` opens
a seat only for its whole token, never for a prefix of it, the token with a
character more, or another seat's token; and the tokens are made once and
kept, so that a phone's link still works after the server restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.seating import find_seat, seat_tokens, tokens_path
from boardgames_tui.engine.session import Session
from boardgames_tui.serve_seats import seat_links

SEATS = [Seat(name="Ana"), Seat(name="Ben"), Seat(name="Cy", bot="random")]


@pytest.fixture
def save(tmp_path: Path) -> Path:
    session = Session.new("tyrants", SEATS, seed=3, saves_dir=tmp_path / "saves")
    assert session.path is not None
    return session.path


def test_only_a_seats_whole_token_finds_it(save: Path) -> None:
    tokens = seat_tokens(save, SEATS)
    assert set(tokens) == {"Ana", "Ben"}  # a bot's seat has no link
    folder = save.parent
    ana, ben = tokens["Ana"], tokens["Ben"]
    assert find_seat(folder, ana) == (save, "Ana")
    assert find_seat(folder, ben) == (save, "Ben")
    for wrong in (
        "",
        ana[:-1],  # all but its last character
        ana[: len(ana) // 2],
        ana[:1],
        ana + "x",  # one guessed character more
        ana + ana[-1],
        " " + ana,
        ana.upper() if ana.upper() != ana else ana.lower(),
        ben[:-1],
    ):
        assert find_seat(folder, wrong) is None, repr(wrong)


def test_another_seats_token_opens_that_seat_only(save: Path) -> None:
    tokens = seat_tokens(save, SEATS)
    found = find_seat(save.parent, tokens["Ben"])
    assert found is not None and found[1] == "Ben"  # never Ana's seat, hand and all


def test_another_games_token_finds_nothing_here(save: Path, tmp_path: Path) -> None:
    other = Session.new("tyrants", SEATS, seed=4, saves_dir=tmp_path / "elsewhere")
    assert other.path is not None
    theirs = seat_tokens(other.path, SEATS)
    seat_tokens(save, SEATS)
    for token in theirs.values():
        assert find_seat(save.parent, token) is None
        assert find_seat(other.path.parent, token) is not None


def test_seat_tokens_are_the_same_every_time_they_are_asked(save: Path) -> None:
    first = seat_tokens(save, SEATS)
    assert seat_tokens(save, SEATS) == first
    assert seat_tokens(save, list(reversed(SEATS))) == first
    # The file beside the save is not written again, and only its owner reads it.
    written = tokens_path(save).stat()
    seat_tokens(save, SEATS)
    assert tokens_path(save).stat().st_mtime_ns == written.st_mtime_ns
    assert written.st_mode & 0o077 == 0


def test_a_restarted_server_prints_the_same_links(save: Path) -> None:
    """Each start of ``serve --table`` asks for the links again: a phone
    that kept its link sits at its seat after a restart."""
    base = "http://192.0.2.7:8000"
    before = seat_links(base, [save])
    after = seat_links(base, [save])
    assert [link.url for link in before] == [link.url for link in after]
    assert len({link.url for link in before}) == 2
