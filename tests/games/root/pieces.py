"""The factions' states and pieces by name, for the tests: each faction's
state (its package's ``me``) and a clearing's warriors and tokens of the
Marquise and the Duchy."""

from __future__ import annotations

from boardgames_tui.games.root.factions.alliance import me as alliance_of
from boardgames_tui.games.root.factions.corvids import me as corvids_of
from boardgames_tui.games.root.factions.duchy import DUCHY, Duchy
from boardgames_tui.games.root.factions.duchy import me as duchy_of
from boardgames_tui.games.root.factions.eyrie import me as eyrie_of
from boardgames_tui.games.root.factions.marquise import CATS, Marquise
from boardgames_tui.games.root.factions.marquise import me as marquise_of
from boardgames_tui.games.root.factions.vagabond import me as vagabond_of
from boardgames_tui.games.root.model import Clearing
from boardgames_tui.games.root.woodland import autumn

#: The Autumn map's clearings, by number (the map of every test's game).
CLEARINGS = autumn().numbers

__all__ = [
    "CLEARINGS",
    "Duchy",
    "Marquise",
    "alliance_of",
    "cats_in",
    "corvids_of",
    "duchy_of",
    "eyrie_of",
    "keep_in",
    "marquise_of",
    "moles_in",
    "tunnel_in",
    "vagabond_of",
    "wood_in",
]


def cats_in(c: Clearing) -> int:
    """Marquise warriors."""
    return c.warriors.get(CATS, 0)


def moles_in(c: Clearing) -> int:
    """Duchy warriors."""
    return c.warriors.get(DUCHY, 0)


def wood_in(c: Clearing) -> int:
    return c.count("wood")


def keep_in(c: Clearing) -> bool:
    return "keep" in c.tokens


def tunnel_in(c: Clearing) -> bool:
    return "tunnel" in c.tokens
