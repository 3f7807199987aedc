"""The loops the games' glance tests share (issue 49: a bot looks at a
position through ``Game.glance``, the view without the copy of what every
seat sees): a random game in which every few steps each seat's glance is
its view and leaves the state as it was, and a game in which a rule bot
choosing through the glance chooses as from the view, the state untouched.
Each game's test adds what it shares with the state and what it hides."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_tui.engine.bots import Bot, get_bot
from boardgames_tui.engine.data import clone
from boardgames_tui.engine.game import Game


def glances_are_views(
    game: Game[Any, Any], state: Any, check: Callable[[Any, int], None], steps: int = 600
) -> int:
    """Play ``state`` on with a random bot; every seventh step, each seat's
    glance equals its view and passes ``check`` (the glance and the seat),
    and making them changed nothing.  The glances looked at."""
    bot = get_bot("random", seed=5)
    seen = 0
    for step in range(steps):
        if game.is_over(state):
            break
        if step % 7 == 0:
            before = clone(state)
            for seat in range(len(state.players)):
                glance = game.glance(state, seat)
                assert glance == game.view(state, seat)
                check(glance, seat)
                seen += 1
            assert state == before
        legal = game.legal_actions(state)
        game.apply(state, bot.choose(game, state, legal), legal)
    return seen


def rule_bot_sees_as_from_view(
    game: Game[Any, Any],
    state: Any,
    rule_bot: Callable[[int], Bot],
    steps: int,
    after: Callable[[Any], None] | None = None,
) -> int:
    """Play ``state`` on with ``rule_bot`` (made by seed); at every step
    with a choice, a fresh rule bot choosing through the glance
    (``choose``) picks what one picking from the view does, and leaves the
    state as it was; ``after`` looks at the state after each action.  The
    choices compared."""
    bot = rule_bot(2)
    chosen = 0
    for _ in range(steps):
        if game.is_over(state):
            break
        seat = game.to_act(state)
        assert seat is not None
        legal = game.legal_actions(state)
        if len(legal) > 1:
            before = clone(state)
            from_view = rule_bot(9).pick(game, game.view(state, seat), legal)
            through = rule_bot(9).choose(game, state, legal)
            assert through == from_view
            assert state == before
            chosen += 1
        game.apply(state, bot.choose(game, state, legal), legal)
        if after is not None:
            after(state)
    return chosen
