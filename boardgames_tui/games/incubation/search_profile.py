"""How the search bots play Incubation (:class:`SearchProfile`): the tree
with the generic greedy rollout (it has no bot of its own); docs/bots.md
says how the rate was measured."""

from __future__ import annotations

from boardgames_tui.engine.bots.profile import SearchProfile

from .model import IncubationState
from .rules import IncubationAction

PROFILE: SearchProfile[IncubationState, IncubationAction] = SearchProfile(
    #: A small dragon's VP is a clear lead.
    evaluate_scale=4.0,
    search_rate=550,
)
