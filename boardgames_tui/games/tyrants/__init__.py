"""Tyrants of the Underdark (2-4 players, hidden hands): the board, the cards
and their effect vocabulary, the options, and the rules engine."""

from __future__ import annotations

from .game import TyrantsGame

GAME = TyrantsGame()

__all__ = ["GAME", "TyrantsGame"]
