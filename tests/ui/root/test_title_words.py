"""The title names the step in words, never by an internal id (issue 45.12:
``Root · duchy_corner ·`` during a three-player setup): through the whole
setup of every mix of the three factions and the first turns."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.session import Session
from boardgames_tui.ui.root.look import step_words

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
