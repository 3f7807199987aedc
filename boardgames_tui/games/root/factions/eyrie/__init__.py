"""The Eyrie Dynasties (Law 7), a faction package: their number and state
(``state.py``), their actions and decisions (``actions.py``,
``decisions.py``), the Decree's rules (``decree.py``), the faction the
shared rules ask, its handlers and subscriptions (``faction.py``), their
rule bot's plan (``bot.py``).  Importing the package registers them."""

from __future__ import annotations

from ...faction import register
from .faction import EyrieFaction
from .state import DECREE_COLUMNS, EYRIE, LEADERS, VIZIER, Eyrie, me

EYRIE_FACTION = register(EyrieFaction())

__all__ = [
    "DECREE_COLUMNS",
    "EYRIE",
    "EYRIE_FACTION",
    "LEADERS",
    "VIZIER",
    "Eyrie",
    "EyrieFaction",
    "me",
]
