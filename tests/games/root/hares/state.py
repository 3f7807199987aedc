"""The test factions' numbers and state."""

from __future__ import annotations

from typing import Final

from boardgames_tui.engine.data import state_data
from boardgames_tui.games.root.model import Player

HARES: Final = 90
OWLS: Final = 91


@state_data
class Burrower(Player):
    corner: int = 0
    """The corner it started in."""
