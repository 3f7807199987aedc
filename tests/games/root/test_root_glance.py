"""A bot's look at a Root position (``RootGame.glance``, issue 49): the
view, equal to it field by field at every seat of every table, but sharing
with the state what every seat sees instead of copying it.  Making it
changes nothing of the state, and a bot choosing through it leaves the
state as it was and chooses as it would from the view."""

from __future__ import annotations

import pytest

from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.data import clone
from boardgames_tui.games.root import GAME
from boardgames_tui.games.root.bots import RootBot
from boardgames_tui.games.root.model import HIDDEN
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
    bot = get_bot("random", seed=5)
    seen = 0
    for step in range(600):
        if GAME.is_over(state):
            break
        if step % 7 == 0:
            before = clone(state)
            for seat in range(len(state.players)):
                glance = GAME.glance(state, seat)
                assert glance == GAME.view(state, seat)
                others = [p for i, p in enumerate(glance.players) if i != seat]
                assert all(
                    p is not state.players[i] for i, p in enumerate(glance.players) if i != seat
                )
                assert all(c == HIDDEN for c in glance.draw_pile)
                assert others
                seen += 1
            assert state == before
        legal = GAME.legal_actions(state)
        GAME.apply(state, bot.choose(GAME, state, legal), legal)
    assert seen > 20


@pytest.mark.parametrize("factions", TABLES)
def test_the_rule_bot_chooses_through_the_glance_as_through_the_view(factions: str) -> None:
    state = table(factions, seed=4)
    bot = RootBot(seed=2)
    for _ in range(300):
        if GAME.is_over(state):
            break
        seat = GAME.to_act(state)
        assert seat is not None
        legal = GAME.legal_actions(state)
        if len(legal) > 1:
            before = clone(state)
            from_view = RootBot(seed=9).pick(GAME, GAME.view(state, seat), legal)
            through = RootBot(seed=9).choose(GAME, state, legal)
            assert through == from_view
            assert state == before
        GAME.apply(state, bot.choose(GAME, state, legal), legal)
