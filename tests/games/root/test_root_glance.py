"""A bot's look at a Root position (``RootGame.glance``, issue 49): the
view, equal to it field by field at every seat of every table, but sharing
with the state what every seat sees instead of copying it.  Making it
changes nothing of the state, and a bot choosing through it leaves the
state as it was and chooses as it would from the view (the loops:
``tests/engine/glance_checks.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import HIDDEN
from tests.engine.glance_checks import glances_are_views, rule_bot_sees_as_from_view
from tests.games.root.tables import table

TABLES = (
    "marquise,eyrie",
    "duchy,alliance",
    "marquise,eyrie,duchy,vagabond",
    "corvids,alliance,vagabond",
)


@pytest.mark.parametrize("factions", TABLES)
def test_the_glance_is_the_view_and_changes_nothing(factions: str) -> None:
    state = table(factions, seed=11)

    def hides_the_others_and_the_draw_pile(glance: Any, seat: int) -> None:
        others = [p for i, p in enumerate(glance.players) if i != seat]
        assert all(p is not state.players[i] for i, p in enumerate(glance.players) if i != seat)
        assert all(c == HIDDEN for c in glance.draw_pile)
        assert others

    assert glances_are_views(GAME, state, hides_the_others_and_the_draw_pile) > 20


@pytest.mark.parametrize("factions", TABLES)
def test_the_rule_bot_chooses_through_the_glance_as_through_the_view(factions: str) -> None:
    state = table(factions, seed=4)
    assert rule_bot_sees_as_from_view(GAME, state, RootBot, 300) > 0
