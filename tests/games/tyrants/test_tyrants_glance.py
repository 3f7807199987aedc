"""A bot's look at a Tyrants position (``TyrantsGame.glance``, issue 49):
the view, equal to it field by field at every seat of every table, but
sharing with the state what every seat sees (the board, the market, the
seats' reaches) instead of copying it.  Making it changes nothing of the
state, and the rule bot choosing through it leaves the state as it was and
chooses as it would from the view."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import clone
from boardgames_tui.games.tyrants import GAME
from boardgames_tui.games.tyrants.bots import TyrantsBot
from boardgames_tui.games.tyrants.model import Reach
from tests.games.tyrants.helpers import seats


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_glance_is_the_view_and_changes_nothing(players: int) -> None:
    state = GAME.setup(seats(players), None, 11)
    bot = get_bot("random", seed=5)
    seen = 0
    for step in range(600):
        if GAME.is_over(state):
            break
        if step % 7 == 0:
            before = clone(state)
            for seat in range(players):
                glance = GAME.glance(state, seat)
                assert glance == GAME.view(state, seat)
                assert glance.troops is state.troops
                assert all(
                    not p.hand and not p.deck and p is not state.players[i]
                    for i, p in enumerate(glance.players)
                    if i != seat
                )
                seen += 1
            assert state == before
        legal = GAME.legal_actions(state)
        GAME.apply(state, bot.choose(GAME, state, legal), legal)
    assert seen > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rule_bot_chooses_through_the_glance_as_through_the_view(players: int) -> None:
    state = GAME.setup(seats(players), None, 4)
    bot = TyrantsBot(seed=2)
    chosen = 0
    for _ in range(400):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        if len(legal) > 1:
            before = clone(state)
            from_view = TyrantsBot(seed=9).pick(GAME, GAME.view(state, seat), legal)
            through = TyrantsBot(seed=9).choose(GAME, state, legal)
            assert through == from_view
            assert state == before
            chosen += 1
        GAME.apply(state, bot.choose(GAME, state, legal), legal)
        # The reaches the bot worked out through the glance are the board's.
        for who, kept in state.reaches.items():
            fresh = Reach(state, who)
            assert (kept.troops, kept.near, kept.spaces) == (fresh.troops, fresh.near, fresh.spaces)
    assert chosen > 50
