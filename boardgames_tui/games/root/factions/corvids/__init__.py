"""The Corvid Conspiracy (Law 13), a faction package: their number and state
(``state.py``), their actions and decisions (``actions.py``,
``decisions.py``), their plots (``plots.py``), setup and turn
(``rules.py``), the faction the shared rules ask, its handlers and
subscription (``faction.py``), their rule bot's plan and the other bots'
Exposure guesses (``bot.py``).  Importing the package registers them."""

from __future__ import annotations

from ...faction import register
from .faction import CorvidsFaction
from .state import COPIES, CORVIDS, FACE_DOWN, PLOTS, UNKNOWN, Corvids, face_up, me, plot_at

CORVIDS_FACTION = register(CorvidsFaction())

__all__ = [
    "COPIES",
    "CORVIDS",
    "CORVIDS_FACTION",
    "FACE_DOWN",
    "PLOTS",
    "UNKNOWN",
    "Corvids",
    "CorvidsFaction",
    "face_up",
    "me",
    "plot_at",
]
