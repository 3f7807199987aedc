"""The Vagabond (Law 9), a faction package: his number and state
(``state.py``), his board (``board.py``: characters, quests, the
Relationships chart), his items (``satchel.py``), his actions and decisions
(``actions.py``, ``decisions.py``), his rules (``rules.py``) and
relationships (``relations.py``), the faction the shared rules ask, its
handlers and subscriptions (``faction.py``), his rule bot's plan
(``bot.py``).  Importing the package registers him."""

from __future__ import annotations

from ...faction import register
from .faction import VagabondFaction
from .state import ALLIED, FOREST_BASE, HOSTILE, INDIFFERENT, PAWN, VAGABOND, Vagabond, me

VAGABOND_FACTION = register(VagabondFaction())

__all__ = [
    "ALLIED",
    "FOREST_BASE",
    "HOSTILE",
    "INDIFFERENT",
    "PAWN",
    "VAGABOND",
    "VAGABOND_FACTION",
    "Vagabond",
    "VagabondFaction",
    "me",
]
