"""``Game.lookahead_values``: what a bot looking one action ahead compares.
Whatever a game does to find them quicker, the numbers are exactly those
of the plain definition (each action on a full copy, its generator set from
the luck given or kept, then ``evaluate``), and the position is left as it
was."""

from __future__ import annotations

from typing import Any

import pytest

from boardgames_tui.engine import Game, GameState, Seat, registry
from boardgames_tui.engine.bots import get_bot
from boardgames_tui.engine.game import Action


def plain_values(
    game: Game[Any, Any], state: GameState, seat: int, actions: list[Action], luck: int | None
) -> list[float]:
    """The contract's own definition (``Game.lookahead_values`` as the base
    class has it), whatever the game overrides it with."""
    return Game.lookahead_values(game, state, seat, actions, luck)


def bits(values: list[float]) -> list[str]:
    return [value.hex() for value in values]


@pytest.mark.parametrize("game_id", ["sevens", "underwing", "incubation", "tyrants", "root"])
def test_lookahead_values_are_the_plain_ones_and_leave_the_position(game_id: str) -> None:
    game: Game[Any, Any] = registry.get_game(game_id)
    checked = 0
    for seed in range(40):
        if checked >= 300:
            break
        players = min(max(game.min_players, 2 + seed % 2), game.max_players)
        seats = [Seat(name=f"P{i + 1}", bot="random") for i in range(players)]
        state = game.setup(seats, None, seed)
        bot = get_bot("random", seed=seed)
        while not game.is_over(state) and checked < 300:
            seat = game.to_act(state)
            assert seat is not None
            legal = game.legal_actions(state)
            before = game.dump_state(state)
            for luck in (checked, None):  # a bot's own luck, or the position's generator
                found = game.lookahead_values(state, seat, legal, luck)
                assert game.dump_state(state) == before
                assert bits(found) == bits(plain_values(game, state, seat, legal, luck))
            checked += 1
            game.apply(state, bot.choose(game, state))
    assert checked > 100
