"""Root: the Underground Duchy against the Marquise de Cat on the Autumn map.

The components are data: :mod:`.woodland` (the map and pure map helpers),
:mod:`.cards` (the 54-card deck and its effect vocabulary) and :mod:`.tracks`
(the factions' boards, the ministers and the item supply).  The rules:
:mod:`.model` (the state), :mod:`.core` (the Woodland's rules: rule, moving,
battle, crafting), :mod:`.factions` (the Marquise and the Duchy), :mod:`.flow`
(the turn and the decisions) and :mod:`.game` (the Game contract).
"""

from __future__ import annotations

from .game import RootGame

GAME = RootGame()

__all__ = ["GAME", "RootGame"]
