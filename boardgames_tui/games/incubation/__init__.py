"""Incubation (2-5 players, open information): hatch dragons from eggs fed with
water and fire, sell them for the Market's treasures, claim objectives."""

from __future__ import annotations

from .game import IncubationGame

GAME = IncubationGame()

__all__ = ["GAME", "IncubationGame"]
