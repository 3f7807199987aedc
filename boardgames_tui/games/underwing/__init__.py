"""Underlings of Underwing: the rules engine, for 2-6 players and for one
player against the Wild Forces (solo).

The layout follows the rulebook: :mod:`.colours` (colour theory),
:mod:`.cards` (the dragon deck and its effect vocabulary), :mod:`.model` (the
state), :mod:`.actions`, :mod:`.rules` (the four phases), :mod:`.effects`
(hatching and every effect kind), :mod:`.solo` (the Wild Forces),
:mod:`.score` (the end and the solo titles).
"""

from __future__ import annotations

from .game import UnderwingGame

GAME = UnderwingGame()

__all__ = ["GAME", "UnderwingGame"]
