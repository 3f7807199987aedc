"""The Woodland Alliance (Law 8), a faction package: their number and state
(``state.py``), their actions and decisions (``actions.py``,
``decisions.py``), their rules (``rules.py``: the Supporters stack, bases,
sympathy, Outrage, Revolt, Spread Sympathy, Mobilize, Train, Recruit and
Organize), the faction the shared rules ask with its handlers and
subscriptions (``faction.py``), their rule bot's plan (``bot.py``).
Importing the package registers them."""

from __future__ import annotations

from ...faction import register
from .faction import AllianceFaction
from .state import (
    ALLIANCE,
    BASES,
    STACK_LIMIT,
    SYMPATHY,
    TRACK_COST,
    TRACK_VP,
    Alliance,
    me,
)

ALLIANCE_FACTION = register(AllianceFaction())

__all__ = [
    "ALLIANCE",
    "ALLIANCE_FACTION",
    "BASES",
    "STACK_LIMIT",
    "SYMPATHY",
    "TRACK_COST",
    "TRACK_VP",
    "Alliance",
    "AllianceFaction",
    "me",
]
