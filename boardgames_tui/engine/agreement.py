"""An end by agreement: the table stops a game nobody can finish.

A game that offers it answers two questions of the Game contract:
``agreement(state, seat)``, the action by which ``seat`` proposes now to
end the game (None when it may not), and ``bots_agree(state)``, whether
its bots accept such a proposal here (a game's own test of a position
where play has stopped for good).  The proposal is carried out as an
action, so a save records it and replays it.  Everything here names no
game.

- A person proposes from the command palette; each other person at the
  table is asked (the screen's part), and each bot answers
  :func:`declining`.
- A bot proposes when every seat is a bot and its game's bots agree
  (:func:`bot_proposal`, asked by ``Bot.choose`` before anything else), so
  simulations, the arena and the soak end such a game by the same rule.
- The game then ends with no winner, the seats ranked by points, ties
  sharing a rank (:func:`agreed_outcome`).
"""

from __future__ import annotations

from typing import Any, Final

from .game import Action, Game, GameState, Outcome, SeatResult

#: How the log and the result screen begin the end by agreement.
AGREED: Final = "The table agreed to end the game"


def bot_proposal(game: Game[Any, Any], state: GameState) -> Action | None:
    """The proposal a bot to act makes now: when every seat is a bot and
    the game's bots agree to end it here, the game's agreement action for
    that seat; else None (at once, for a game that never agrees)."""
    if not game.bots_agree(state):
        return None
    if not all(seat.is_bot for seat in state.seats):
        return None
    seat = game.to_act(state)
    if seat is None:
        return None
    proposal: Action | None = game.agreement(state, seat)
    return proposal


def declining(game: Game[Any, Any], state: GameState, proposer: int) -> list[int]:
    """The bot seats, other than ``proposer``, that decline a proposal to
    end the game now: all of them unless the game's bots agree here."""
    if game.bots_agree(state):
        return []
    return [i for i, seat in enumerate(state.seats) if seat.is_bot and i != proposer]


def agreed_outcome(results: list[SeatResult]) -> Outcome:
    """The outcome of a game ended by agreement: no winner; the seats
    ranked by their points, best first (in seat order among equals), each
    ranked one below those with more points (ties share a rank)."""
    ranking = [r.seat for r in sorted(results, key=lambda r: (-r.score, r.seat))]
    for r in results:
        r.rank = 1 + sum(1 for other in results if other.score > r.score)
    by_seat = {r.seat: r for r in results}
    ranked = ", ".join(f"{by_seat[s].rank}. {by_seat[s].name} {by_seat[s].score}" for s in ranking)
    summary = f"{AGREED}: no one wins; ranked by points: {ranked}."
    return Outcome(results=results, ranking=ranking, winners=[], summary=summary, agreed=True)
