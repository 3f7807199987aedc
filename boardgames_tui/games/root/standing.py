"""A faction's standing for the search (``Faction.standing``, read by
``RootGame.evaluate``) by the parts most factions' are fitted to."""

from __future__ import annotations

from collections.abc import Mapping

from .clearings import ruled
from .model import RootState


def board_standing(
    state: RootState, number: int, weights: Mapping[str, float], token: str
) -> float:
    """A faction's standing by its ``weights`` of victory points, clearings
    ruled, cards in hand, warriors on the map, its tokens of one kind on the
    map and persistent cards crafted."""
    player = state.player(number)
    w = weights
    warriors = tokens = 0
    for c in state.clearings:
        warriors += c.warriors.get(number, 0)
        tokens += c.tokens.count(token)
    return (
        w["vp"] * player.vp
        + w["ruled"] * len(ruled(state, number))
        + w["hand"] * len(player.hand)
        + w["warriors"] * warriors
        + w["tokens"] * tokens
        + w["crafted"] * len(player.crafted)
    )
