"""The log's most frequent events (a card played, power or influence
gained, cards drawn, a turn begun or ended, a deploy, a recruit), each made
once for its words and shared by every action that says them again.

An :class:`Event` is a value, never changed once made (its words are the
same whenever they are read), so one object serves every time the same
player plays the same card.  Made by its class, an event costs a call with
keywords and its words a closure; found here, a key and a lookup: every
simulated action says one to three of them, and most loops never read
them.  Each kind is keyed by what its words are made of and its seat.
"""

from __future__ import annotations

from functools import cache, lru_cache

from boardgames_tui.engine.game import Event

from . import board as bd
from .cards import card

#: Most kept of each kind (a few thousand are met in a game); the least
#: recently said go first.
_MOST = 1 << 13


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@lru_cache(maxsize=_MOST)
def plays(who: str, card_id: str, seat: int) -> Event:
    return Event(text=f"{who} plays {card(card_id).name}.", seat=seat)


@lru_cache(maxsize=_MOST)
def gains(who: str, amount: int, what: str, seat: int) -> Event:
    """``amount`` power or influence (``what``) gained."""
    return Event(text=f"{who} gains {amount} {what}.", seat=seat)


@lru_cache(maxsize=_MOST)
def draws(who: str, count: int, seat: int) -> Event:
    text = f"{who} draws {plural(count, 'card')}."
    return Event(text=text, seat=seat, reveals=True)


@lru_cache(maxsize=_MOST)
def shuffles(who: str, seat: int) -> Event:
    """A discard pile shuffled into a new deck."""
    text = f"{who} shuffles their discard pile into a new deck."
    return Event(text=text, seat=seat)


@lru_cache(maxsize=_MOST)
def turn_starts(number: int, who: str, seat: int) -> Event:
    return Event(text=f"Round {number}: {who}'s turn.", seat=seat)


@lru_cache(maxsize=_MOST)
def turn_ends(who: str, seat: int) -> Event:
    return Event(text=f"{who} ends the turn.", seat=seat)


@lru_cache(maxsize=_MOST)
def recruits(who: str, card_id: str, seat: int) -> Event:
    c = card(card_id)
    text = f"{who} recruits {c.name} for {c.cost} influence."
    return Event(text=text, seat=seat)


@lru_cache(maxsize=_MOST)
def turned(card_id: str) -> Event:
    """A card turned from the market deck into the market."""
    text = f"{card(card_id).name} is turned into the market."
    return Event(text=text, reveals=True)


@lru_cache(maxsize=_MOST)
def marker_paid(who: str, gain: int, site: str, seat: int) -> Event:
    """A control marker's influence at the start of its holder's turn (or
    when taken during it)."""
    text = f"{who} gains {gain} influence from the {bd.site(site).name} marker."
    return Event(text=text, seat=seat)


@lru_cache(maxsize=_MOST)
def deploys(who: str, space: str, seat: int) -> Event:
    """A troop deployed at ``space``."""
    return Event(text=f"{who} deploys a troop at {space_name(space)}.", seat=seat)


@cache
def _route_of() -> dict[str, tuple[str, str, int, int]]:
    """Each route space: the route's two ends, its place from the first end
    (from 1) and how many spaces the route has."""
    found: dict[str, tuple[str, str, int, int]] = {}
    for route in bd.routes():
        for place, space in enumerate(route.spaces, start=1):
            found[space] = (*route.ends, place, len(route.spaces))
    return found


def space_name(space: str) -> str:
    """A site's name, or a route space in words: "space 1 of the route from
    Mantol-Derith to Menzoberranzan" (counted from the first site named), or
    "the route between Gauntlgrym and Jhachalkhyn" when it has one space."""
    if bd.is_site(space):
        return bd.site(space).name
    a, b, place, length = _route_of()[space]
    if length == 1:
        return f"the route between {bd.site(a).name} and {bd.site(b).name}"
    return f"space {place} of the route from {bd.site(a).name} to {bd.site(b).name}"
