"""Two small factions written for the tests, to sit a third and a fourth
player at the table beside the real ones: the Hares and the Owls.  Each is
a faction package as a real one is (its state, its faction, its reactions)
and is registered through the public registration only
(``games/root/faction.py``'s ``register``), for the length of a test
(:func:`extra_factions`); writing them touched no shared file.

- Setup: choose a corner that is not another player's starting corner,
  diagonally opposite one if possible (as the Eyrie and the Duchy do), and put
  3 warriors there.
- Daylight ("hop"): up to two actions, each a craft, a move, a battle, or
  recruiting a warrior in the starting corner.
- Evening: draw 1.  They score only by removing pieces.
- The Owls bend the common rules where the Eyrie does: they break ties
  where they have a piece (Lords of the Forest), score 1 point for any item
  they craft (Disdain for Trade), deal an extra hit as attacker (the
  Commander) and, subscribed to the shared events, score 1 more after a
  battle in which they removed a building or token (the Despot).  They
  craft with a building of their own, the nest, placed by hand in tests.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from boardgames_tui.games.root.faction import register, unregister

from .faction import Hares, Owls
from .state import HARES, OWLS, Burrower

__all__ = ["HARES", "OWLS", "Burrower", "Hares", "Owls", "extra_factions"]


@contextmanager
def extra_factions() -> Iterator[None]:
    """The Hares and the Owls registered for the length of a test."""
    register(Hares())
    register(Owls())
    try:
        yield
    finally:
        unregister(HARES)
        unregister(OWLS)
