"""Root, on the Woodland's maps, with its factions as packages.

The components are data: :mod:`.woodland` (the maps and pure map helpers),
:mod:`.cards` (the 54-card deck and its effect vocabulary) and :mod:`.items`
(the item supply).  The rules: :mod:`.model` (the state), :mod:`.options`
(who plays what, on which map), :mod:`.core` (the Woodland's rules: rule,
moving, battle, crafting), :mod:`.events` (what a faction may react to),
:mod:`.faction` (what a faction is to the shared rules, and the registry),
:mod:`.flow` (the turn and the decisions) and :mod:`.game` (the Game
contract).  Each faction is a package under :mod:`.factions`, registered by
the one line there that imports it.
"""

from __future__ import annotations

from . import factions as _factions  # noqa: F401 - registers every faction
from .game import RootGame

GAME = RootGame()

__all__ = ["GAME", "RootGame"]
