"""Crafting (Law 4.1) as functions over a :class:`RootState`: the crafting
pieces a faction may still activate this turn by suit, every way to pay for a
card, whether a card may be crafted now, and crafting it: an item scores, a
persistent effect stays in front of its owner, a Favor removes every enemy
piece in the clearings of its suit.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations_with_replacement

from boardgames_tui.engine.game import Event

from .actions import Craft
from .cards import (
    AmbushEffect,
    FavorEffect,
    ItemEffect,
)
from .clearings import the
from .events import CardCrafted, announce
from .faction import FACTIONS
from .hands import distinct, gain, take_from_hand
from .model import (
    RootState,
    card_of,
)
from .removal import flush, remove_enemy_pieces
from .woodland import SUITS


# ------------------------------------------------------------------ crafting
def crafting_pieces(state: RootState, number: int) -> Counter[str]:
    """Crafting pieces not yet activated this turn, by clearing suit: the
    faction's own count when it crafts otherwise, else its ``crafts_with``
    pieces on the map."""
    fac = FACTIONS[number]
    own = fac.crafting_pieces(state)
    if own is not None:
        return own
    out: Counter[str] = Counter()
    for suit, left in _counted_on_map(state, number, fac.crafts_with):
        out[suit] = left
    return out


def _counted_on_map(
    state: RootState, number: int, kinds: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """:func:`crafting_pieces` of a faction that crafts with pieces on the
    map, as (suit, count) pairs with a count above zero, in :data:`SUITS`'
    order."""
    # Counted in plain dicts (a Counter's counting is slower).
    have: dict[str, int] = {}
    places = state.clearings
    woodland = state.woodland
    suits = woodland.suits
    for n in woodland.numbers:
        c = places[n]
        k = 0
        if c.buildings:
            for b in c.buildings:
                if b in kinds:
                    k += 1
        if c.tokens:
            for t in c.tokens:
                if t in kinds:
                    k += 1
        if k:
            found = suits[n]
            have[found] = have.get(found, 0) + k
    used = state.player(number).used
    if used:
        for u in used:
            if u.startswith("craft:"):
                spent = u[6:]
                have[spent] = have.get(spent, 0) - 1
    return tuple([(suit, have[suit]) for suit in SUITS if have.get(suit, 0) > 0])


def craft_payments(
    state: RootState, number: int, card: int, have: Counter[str] | None = None
) -> list[tuple[str, ...]]:
    """Every way (by the suits of the pieces activated) to pay for a card;
    ``have`` is the faction's :func:`crafting_pieces` when already counted."""
    c = card_of(card)
    if not c.craftable:
        return []
    if have is None:
        have = crafting_pieces(state, number)
    return list(_payments(c.cost, tuple(sorted(have.items()))))


# Each way to pay a cost, by the crafting pieces at hand (by suit), worked
# out once: a payment depends on nothing else.  Bounded by the deck's few
# costs and the pieces a faction may have, not by the games played.
@cache
def _payments(
    cost: tuple[str, ...], counted: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, ...], ...]:
    have = Counter(dict(counted))
    need: Counter[str] = Counter(cost)
    anys = need.pop("any", 0)
    if any(have[s] < k for s, k in need.items()):
        return ()
    left = have - Counter(dict(need))
    fixed = tuple(s for s, k in sorted(need.items()) for _ in range(k))
    out: list[tuple[str, ...]] = []
    for extra in combinations_with_replacement(SUITS, anys):
        if all(left[s] >= k for s, k in Counter(extra).items()):
            out.append(tuple(sorted(fixed + extra)))
    return tuple(sorted(set(out)))


def can_craft(state: RootState, number: int, card: int) -> bool:
    return _may_craft(state, number, card) and bool(craft_payments(state, number, card))


def _may_craft(state: RootState, number: int, card: int) -> bool:
    """Whether a card may be crafted now, its cost aside: an item still in
    the supply, no ambush, no second copy of a persistent effect."""
    kind, item = _craft_kind(card)
    if kind == _ITEM:
        return state.items.get(item, 0) > 0
    if kind == _NEVER:
        return False
    if kind == _ONCE:
        return not any(card_of(o).id == item for o in state.player(number).crafted)
    return True


_ITEM, _NEVER, _ONCE, _ANY = range(4)


# What :func:`_may_craft` asks of a card, by its number: an item (and which),
# an ambush (never), a persistent effect (by its design, one copy at most)
# or anything else; worked out once per card (bounded by the deck).
@cache
def _craft_kind(card: int) -> tuple[int, str]:
    c = card_of(card)
    match c.effect:
        case ItemEffect():
            return _ITEM, c.effect.item
        case AmbushEffect():
            return _NEVER, ""
        case FavorEffect():
            return _ANY, ""
        case _:
            return (_ONCE, c.id) if c.persistent else (_ANY, "")


def craft(state: RootState, number: int, card: int, using: tuple[str, ...]) -> list[Event]:
    player = state.player(number)
    take_from_hand(player, card)
    player.used.extend(f"craft:{s}" for s in using)
    c = card_of(card)
    events = [Event(text=f"{the(number, 'crafts', start=True)} {c.name}.")]
    e = c.effect
    if isinstance(e, ItemEffect):
        state.items[e.item] -= 1
        player.items.append(e.item)
        state.discard.append(card)
        events += gain(state, number, FACTIONS[number].item_vp(state, e.vp), "crafting")
    elif isinstance(e, FavorEffect):
        state.discard.append(card)
        events += favor(state, number, e.suit)
    else:
        player.crafted.append(card)
    if state.over:
        return events
    return events + announce(state, CardCrafted(faction=number, card=card))


def craft_options(state: RootState, number: int) -> list[Craft]:
    """Every card in hand a faction may craft now, with each way to pay."""
    out: list[Craft] = []
    # The crafting pieces, counted once (sorted by suit); None until needed.
    counted: tuple[tuple[str, int], ...] | None = None
    for c in distinct(state.player(number).hand):
        if card_of(c).craftable and _may_craft(state, number, c):
            if counted is None:
                counted = _counted(state, number)
            found = _CRAFTS.get((c, counted))
            if found is None:
                found = _CRAFTS[c, counted] = [
                    _craft(c, u) for u in _payments(card_of(c).cost, counted)
                ]
            out += found
    return out


def _counted(state: RootState, number: int) -> tuple[tuple[str, int], ...]:
    """:func:`crafting_pieces` as (suit, count) pairs sorted by suit, made
    without the Counter where the pieces are on the map."""
    fac = FACTIONS[number]
    own = fac.crafting_pieces(state)
    if own is not None:
        return tuple(sorted(own.items()))
    return tuple(sorted(_counted_on_map(state, number, fac.crafts_with)))


# Each craft offered, by card and payment, made once (an action is a frozen
# value every listing may share); bounded by the deck and its costs.
@cache
def _craft(card: int, using: tuple[str, ...]) -> Craft:
    return Craft(card=card, using=using)


#: The crafts of a card by the crafting pieces to pay with (by suit), each
#: list made once (a payment depends on nothing else; an action is a frozen
#: value every listing may share).
_CRAFTS: dict[tuple[int, tuple[tuple[str, int], ...]], list[Craft]] = {}


def favor(state: RootState, number: int, suit: str) -> list[Event]:
    """Remove every enemy piece in every clearing of the suit."""
    events: list[Event] = []
    for n in state.woodland.of_suit(suit):
        events += remove_enemy_pieces(state, number, n)
        if state.over:
            return events
    return events + flush(state)
