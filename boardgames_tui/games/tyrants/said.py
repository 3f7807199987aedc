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

from boardgames_tui.engine.game import Event

from . import board as bd
from .cards import card

#: The events made so far, by their kind and what their words are made of.
KEPT: dict[tuple[object, ...], Event] = {}
#: Most kept (a few thousand are met in a game).
_MOST = 1 << 15


def keep(key: tuple[object, ...], event: Event) -> Event:
    """``event``, kept under ``key`` (all of them dropped when too many)."""
    if len(KEPT) >= _MOST:
        KEPT.clear()
    KEPT[key] = event
    return event


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def plays(who: str, card_id: str, seat: int) -> Event:
    key = ("plays", who, card_id, seat)
    found = KEPT.get(key)
    if found is None:
        found = keep(key, Event(text=f"{who} plays {card(card_id).name}.", seat=seat))
    return found


def gains(who: str, amount: int, what: str, seat: int) -> Event:
    """``amount`` power or influence (``what``) gained."""
    key = ("gains", who, amount, what, seat)
    found = KEPT.get(key)
    if found is None:
        found = keep(key, Event(text=f"{who} gains {amount} {what}.", seat=seat))
    return found


def draws(who: str, count: int, seat: int) -> Event:
    key = ("draws", who, count, seat)
    found = KEPT.get(key)
    if found is None:
        text = f"{who} draws {plural(count, 'card')}."
        found = keep(key, Event(text=text, seat=seat, reveals=True))
    return found


def shuffles(who: str, seat: int) -> Event:
    """A discard pile shuffled into a new deck."""
    key = ("shuffles", who, seat)
    found = KEPT.get(key)
    if found is None:
        text = f"{who} shuffles their discard pile into a new deck."
        found = keep(key, Event(text=text, seat=seat))
    return found


def turn_starts(number: int, who: str, seat: int) -> Event:
    key = ("turn", number, who, seat)
    found = KEPT.get(key)
    if found is None:
        found = keep(key, Event(text=f"Round {number}: {who}'s turn.", seat=seat))
    return found


def turn_ends(who: str, seat: int) -> Event:
    key = ("ends", who, seat)
    found = KEPT.get(key)
    if found is None:
        found = keep(key, Event(text=f"{who} ends the turn.", seat=seat))
    return found


def recruits(who: str, card_id: str, seat: int) -> Event:
    key = ("recruits", who, card_id, seat)
    found = KEPT.get(key)
    if found is None:
        c = card(card_id)
        text = f"{who} recruits {c.name} for {c.cost} influence."
        found = keep(key, Event(text=text, seat=seat))
    return found


def turned(card_id: str) -> Event:
    """A card turned from the market deck into the market."""
    key = ("turned", card_id)
    found = KEPT.get(key)
    if found is None:
        text = f"{card(card_id).name} is turned into the market."
        found = keep(key, Event(text=text, reveals=True))
    return found


def marker_paid(who: str, gain: int, site: str, seat: int) -> Event:
    """A control marker's influence at the start of its holder's turn (or
    when taken during it)."""
    key = ("marker", who, gain, site, seat)
    found = KEPT.get(key)
    if found is None:
        text = f"{who} gains {gain} influence from the {bd.site(site).name} marker."
        found = keep(key, Event(text=text, seat=seat))
    return found
