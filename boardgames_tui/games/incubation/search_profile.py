"""How the search bots play Incubation (:class:`SearchProfile`): the tree
with the generic greedy rollout (it has no bot of its own); docs/bots.md
says how the rate was measured."""

from __future__ import annotations

from boardgames_tui.engine.bots.profile import SearchProfile

from .actions import IncubationAction
from .model import IncubationState


def turn_of(state: IncubationState) -> tuple[int, int, int]:
    """The turn: the round, the seat to act and how many seats are still
    to choose a starting egg."""
    return (state.round, state.current, len(state.starting_order))


PROFILE: SearchProfile[IncubationState, IncubationAction] = SearchProfile(
    #: A small dragon's VP is a clear lead.
    evaluate_scale=4.0,
    search_rate=550,
    turn_of=turn_of,
    #: A roll, then a few dice to place and a card or two.
    turn_decisions=3.0,
)
