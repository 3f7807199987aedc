"""The title names the step in words, never by an internal id (issue 45.12:
``Root · duchy_corner ·`` during a three-player setup): through the whole
setup of every mix of the three factions and the first turns."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.root.look import step_words, title_text

from .helpers import state_of

MIXES = ["marquise,duchy,eyrie", "duchy,eyrie", "marquise,duchy", "eyrie,duchy,marquise"]


@pytest.mark.parametrize("factions", MIXES)
def test_no_step_id_in_the_title(factions: str) -> None:
    names = ["Ana", "Ben", "Cy"][: len(factions.split(","))]
    session = Session.new(
        "root",
        [Seat(name=n) for n in names],
        {"factions": factions, "seating": "chosen"},
        seed=2,
        autosave=False,
    )
    seen = set()
    for _ in range(60):
        state = state_of(session)
        words = step_words(state)
        seen.add(state.step)
        assert "_" not in words, (state.step, words)  # an id, not words
        if session.is_over:
            break
        session.apply(session.legal_actions()[0])
    assert "duchy_corner" in seen or len(names) < 3  # (where the defect was)


def test_the_wide_title_fits_four_players() -> None:
    """At 120 columns four players' names and scores do not fit beside the
    step: the names give way first (the score panel has them), then the
    score; the step is never cut (issue 45.13)."""
    names = ["Anastasia", "Benedict", "Cleopatra", "Dominique"]
    session = Session.new(
        "root",
        [Seat(name=n) for n in names],
        {"factions": "marquise,eyrie,alliance,corvids", "seating": "chosen"},
        seed=2,
        autosave=False,
    )
    for _ in range(30):
        session.apply(session.legal_actions()[0])
    state = state_of(session)
    whole = title_text(state, names, narrow=False)
    assert "(Anastasia)" in whole and len(whole) > 116
    fitted = title_text(state, names, narrow=False, width=116)
    assert len(fitted) <= 116 and step_words(state) in fitted
    assert "Anastasia" not in fitted and fitted.endswith(" of 30") and "Corvids " in fitted
    assert title_text(state, names, narrow=False, width=40) == fitted.rsplit(" · ", 1)[0]
