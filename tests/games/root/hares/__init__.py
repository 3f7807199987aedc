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

__all__ = ["HARES", "OWLS", "Burrower", "Hares", "Owls", "base_factions", "extra_factions"]

#: The factions the tests that count seats and draws were written for.
BASE: tuple[str, ...] = ("marquise", "eyrie", "duchy")


@contextmanager
def base_factions() -> Iterator[None]:
    """Only the Marquise, the Eyrie and the Duchy registered for the length
    of a test (a test that counts seats or draws from the registry): every
    other faction package stands aside and comes back in its place in each
    registry's order."""
    from boardgames_tui.games.root.faction import BY_KEY, FACTIONS
    from boardgames_tui.games.root.model import PLAYER_CLASSES
    from boardgames_tui.games.root.options import FACTION_KEYS

    others = [f for f in FACTIONS.values() if f.key not in BASE]
    registries: list[dict[object, object]] = [FACTIONS, BY_KEY, FACTION_KEYS, PLAYER_CLASSES]  # type: ignore[list-item]
    orders = [list(r) for r in registries]
    for f in others:
        unregister(f.number)
    try:
        yield
    finally:
        for f in others:
            register(f)
        for registry, order in zip(registries, orders, strict=True):
            entries = {k: registry.pop(k) for k in order if k in registry}
            entries.update(registry)
            registry.clear()
            registry.update(entries)


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
