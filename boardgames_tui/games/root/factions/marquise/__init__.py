"""The Marquise de Cat (Law 6), a faction package: her number and state
(``state.py``), her board (``board.py``, from ``assets/root/marquise.json``),
her actions and decisions (``actions.py``, ``decisions.py``), her rules and
their handlers (``rules.py``), the faction the shared rules ask and her
subscriptions (``faction.py``), her rule bot's plan (``bot.py``).  Importing
the package registers her."""

from __future__ import annotations

from ...faction import register
from .faction import MarquiseFaction
from .state import CATS, KEEP_CORNERS, Marquise, keep_worth, me

MARQUISE = register(MarquiseFaction())

__all__ = ["CATS", "KEEP_CORNERS", "MARQUISE", "Marquise", "MarquiseFaction", "keep_worth", "me"]
