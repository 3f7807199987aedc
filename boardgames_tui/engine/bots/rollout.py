"""The search bot's rollout policy: after the tree's new node, the player who
just moved finishes their turn the way a cheap greedy player would, so that
the position ``evaluate`` scores is the one the turn leads to, not the middle
of a chain of small choices.

A step looks at a few of the legal actions (all of them when there are few),
tries each on a copy of the position and keeps the one after which
the search's evaluation (the game's search profile's, :mod:`.profile`)
rates the mover best; now and then it plays a random one
instead, so that the rollouts do not all follow one line.  Every choice comes
from the search's own generator; the copies share the sample's generator, so
the actions of one step are compared on the same luck (the sample's, which
the bot drew itself: it learns nothing about the real game's dice).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..game import Action, Game, GameState, IllegalAction, copy_state
from ..rng import Rng
from .base import Bot
from .profile import profile_of, search_evaluate

#: Most actions one rollout step compares; beyond this it compares a sample.
ROLLOUT_SAMPLE = 3
#: How often a rollout step plays a random action instead of the best.
ROLLOUT_EPSILON = 0.1


def greedy_step(
    game: Game[Any, Any], state: GameState, seat: int, moves: list[Action], rng: Rng
) -> Action:
    """The action a quick greedy player picks for ``seat`` among ``moves``."""
    count = len(moves)
    if count == 1:
        return moves[0]
    if rng.random() < ROLLOUT_EPSILON:
        return moves[rng.randbelow(count)]
    if count > ROLLOUT_SAMPLE:
        moves = rng.sample(moves, ROLLOUT_SAMPLE)
    best = moves[0]
    best_value = float("-inf")
    perform, evaluate = game.perform, search_evaluate(game)
    for action in moves:
        trial = copy_state(state)
        try:
            perform(trial, action)
        except IllegalAction:
            continue
        value = evaluate(trial, seat)
        if value > best_value:
            best, best_value = action, value
    return best


def play_while(
    game: Game[Any, Any],
    state: GameState,
    limit: int,
    going: Callable[[GameState], bool],
    choose: Callable[[list[Action]], Action],
) -> int:
    """Play ``choose``'s actions while ``going(state)`` holds, the game is not
    over and fewer than ``limit`` have been played.  Returns how many."""
    steps = 0
    # The state is the playout's own: nothing but ``perform`` changes it.
    legal_actions, perform, is_over = game.next_actions, game.perform, game.is_over
    while steps < limit and not is_over(state) and going(state):
        moves = legal_actions(state)
        if not moves:
            break
        perform(state, choose(moves))
        steps += 1
    return steps


def finish_turn(
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    limit: int,
    rng: Rng,
    policy: Bot | None = None,
    epsilon: float = ROLLOUT_EPSILON,
) -> int:
    """Play ``seat``'s remaining actions in a row (at most ``limit``) with
    :func:`greedy_step`, or with the game's own ``policy`` bot when it has
    one (a random action one step in ten all the same, or as often as
    ``epsilon`` says); stop when another seat (or chance) is to act or the
    game is over.  In a game whose profile names the seat whose turn it is
    (``SearchProfile.turn_owner``), the turn goes on through another seat's
    decision in it (a forced discard), which that seat makes the same way,
    and stops when another seat's turn begins.  Returns how many actions
    were played."""
    to_act = game.to_act

    def choose(moves: list[Action]) -> Action:
        if policy is None:
            who = to_act(state)
            return greedy_step(game, state, seat if who is None else who, moves, rng)
        if len(moves) == 1:
            return moves[0]
        if epsilon and rng.random() < epsilon:
            return moves[rng.randbelow(len(moves))]
        return policy.pick(game, state, moves)

    owner = profile_of(game).turn_owner

    def going(s: GameState) -> bool:
        who = owner(s)
        return (to_act(s) if who is None else who) == seat

    return play_while(game, state, limit, going, choose)


def turn_seat(game: Game[Any, Any], state: GameState) -> int | None:
    """Whose turn ``state`` is in: the game's search profile's
    ``turn_owner``, else the seat to act."""
    owner = profile_of(game).turn_owner(state)
    return game.to_act(state) if owner is None else owner


def answer_turn(
    game: Game[Any, Any],
    state: GameState,
    seat: int,
    limit: int,
    rng: Rng,
    policy: Bot,
    epsilon: float = ROLLOUT_EPSILON,
) -> int:
    """After ``seat``'s turn, the next seat plays its whole turn with the
    game's own ``policy`` bot (cheap, and it plays well), so the position
    scored is the one ``seat`` would face next (with a ``turn_owner``, the
    decisions ``seat`` makes in that turn are the policy's too).  Returns
    the actions played."""
    if game.is_over(state):
        return 0
    answering = turn_seat(game, state)
    if answering is None or answering == seat:
        return 0
    return finish_turn(game, state, answering, limit, rng, policy, epsilon)


def finish_round(
    game: Game[Any, Any], state: GameState, start: int, limit: int, policy: Bot
) -> int:
    """Every seat plays on with the game's own ``policy`` bot until the
    game's round count (its search profile's ``playout_round``) moves on
    from ``start``, the game ends, or ``limit`` actions.  Returns the
    actions played."""
    round_of = profile_of(game).playout_round
    return play_while(
        game,
        state,
        limit,
        lambda s: round_of(s) == start,
        lambda moves: moves[0] if len(moves) == 1 else policy.pick(game, state, moves),
    )


def finish_game(game: Game[Any, Any], state: GameState, limit: int, policy: Bot) -> int:
    """The game's own ``policy`` bot plays every seat to the game's end (at
    most ``limit`` actions): the playout of a game of one seat, whose score
    at the end is what it is played for.  Returns the actions played."""
    return play_while(
        game,
        state,
        limit,
        lambda s: True,
        lambda moves: moves[0] if len(moves) == 1 else policy.pick(game, state, moves),
    )
