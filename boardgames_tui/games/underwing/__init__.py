"""Underlings of Underwing: the multiplayer rules engine (2-6 players).

The layout follows the rulebook: :mod:`.colours` (colour theory),
:mod:`.cards` (the dragon deck and its effect vocabulary), :mod:`.model` (the
state), :mod:`.actions`, :mod:`.rules` (the four phases), :mod:`.effects`
(hatching and every effect kind), :mod:`.score` (the end).
"""

from __future__ import annotations

from .game import UnderwingGame

GAME = UnderwingGame()

__all__ = ["GAME", "UnderwingGame"]
