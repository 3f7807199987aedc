"""A bot's look at a Tyrants position (``TyrantsGame.glance``, issue 49):
the view, equal to it field by field at every seat of every table, but
sharing with the state what every seat sees (the board, the market, the
seats' reaches) instead of copying it.  Making it changes nothing of the
state, and the rule bot choosing through it leaves the state as it was and
chooses as it would from the view (the loops: ``tests/engine/glance_checks.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.bots import TyrantsBot
from boardgames_tui.games.tyrants.model import Reach, TyrantsState
from tests.engine.glance_checks import glances_are_views, rule_bot_sees_as_from_view
from tests.games.tyrants.helpers import seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_glance_is_the_view_and_changes_nothing(players: int) -> None:
    state = GAME.setup(seats(players), None, 11)

    def shares_the_board_hides_the_hands(glance: Any, seat: int) -> None:
        assert glance.troops is state.troops
        assert all(
            not p.hand and not p.deck and p is not state.players[i]
            for i, p in enumerate(glance.players)
            if i != seat
        )

    assert glances_are_views(GAME, state, shares_the_board_hides_the_hands) > 20


def reaches_are_the_boards(state: TyrantsState) -> None:
    """The reaches the bot worked out through the glance are the board's."""
    for who, kept in state.reaches.items():
        fresh = Reach(state, who)
        assert (kept.troops, kept.spies, kept.near, kept.spaces) == (
            fresh.troops,
            fresh.spies,
            fresh.near,
            fresh.spaces,
        )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rule_bot_chooses_through_the_glance_as_through_the_view(players: int) -> None:
    state = GAME.setup(seats(players), None, 4)
    chosen = rule_bot_sees_as_from_view(GAME, state, TyrantsBot, 400, reaches_are_the_boards)
    assert chosen > 50
