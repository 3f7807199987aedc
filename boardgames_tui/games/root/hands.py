"""Cards and points as functions over a :class:`RootState`: taking a card from
a hand, the deck and its reshuffle, the discard pile (and the dominance cards
that go beside the map instead, Law 3.3.3), scoring and losing points (30
wins at once), and the persistent effects a faction has crafted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final, cast

from boardgames_tui.engine.game import Event

from .cards import (
    DominanceEffect,
    deck,
)
from .clearings import plural, the
from .events import CardDiscarded, announce, subscribed
from .model import (
    HIDDEN,
    WIN_VP,
    Player,
    RootState,
    card_of,
)


# ----------------------------------------------------------- cards, hands
def take_from_hand(player: Player, card: int) -> None:
    player.hand.remove(card)
    if card in player.known:
        player.known.remove(card)
    if player.seen_by:
        for seen in player.seen_by.values():
            if card in seen:
                seen.remove(card)


#: Each card's design, by card number.
_DESIGNS: Final[tuple[str, ...]] = tuple(c.id for c in deck())


#: A card's design by number, as a function (for ``map``).
_DESIGN_OF: Final = _DESIGNS.__getitem__


def distinct(cards: Iterable[int]) -> list[int]:
    """One card of each design (two copies of a card are the same choice).
    Worked out afresh: a hand is a few cards, and a memo by hand kept a
    tuple for every hand of every game for the collector to go through.
    Most hands hold no two copies: then the hand itself, found without a
    step per card."""
    kind = cards.__class__
    # (A list or a tuple by class: ``isinstance`` of a union asks more.)
    if kind is not list and kind is not tuple:
        cards = list(cards)
    cards = cast("list[int] | tuple[int, ...]", cards)
    if HIDDEN not in cards and len(set(map(_DESIGN_OF, cards))) == len(cards):
        return list(cards)
    seen: set[str] = set()
    out: list[int] = []
    designs = _DESIGNS
    for c in cards:
        key = designs[c] if c != HIDDEN else "hidden"
        if key not in seen:
            seen.add(key)
            out.append(c)
    return out


#: Each card's kind (``Card.kind``), by card number.
_KINDS: Final[tuple[str, ...]] = tuple(c.kind for c in deck())

DOMINANCE_CARDS: Final[frozenset[int]] = frozenset(
    i for i, c in enumerate(deck()) if isinstance(c.effect, DominanceEffect)
)


def is_dominance(card: int) -> bool:
    return card in DOMINANCE_CARDS


def to_discard(state: RootState, card: int) -> None:
    """A spent or discarded card goes to the discard pile; a dominance card
    goes beside the map, available (Law 3.3.3)."""
    if is_dominance(card):
        state.available.append(card)
    else:
        state.discard.append(card)


def draw(state: RootState, number: int, n: int) -> list[Event]:
    """Draw ``n`` cards, shuffling the discard pile into a new deck when the
    deck runs out (and drawing fewer when both are empty)."""
    player = state.player(number)
    got = 0
    for _ in range(n):
        if not state.draw_pile:
            if not state.discard:
                break
            state.draw_pile = state.discard
            state.discard = []
            state.rng.shuffle(state.draw_pile)
        player.hand.append(state.draw_pile.pop())
        got += 1
    if not got:
        return [
            Event(
                text=f"{the(number, 'draws', start=True)} nothing: the deck and discard pile are empty."
            )
        ]
    word = "card" if got == 1 else "cards"
    return [
        Event(
            text=lambda: f"{the(number, 'draws', start=True)} {got} {word}.",
            seat=state.seat(number),
            reveals=True,
        )
    ]


def discard_from_hand(state: RootState, number: int, card: int) -> list[Event]:
    """A card leaves a hand for the discard pile (a dominance card: beside the
    map), announced (``CardDiscarded``)."""
    take_from_hand(state.player(number), card)
    to_discard(state, card)
    if not subscribed(CardDiscarded):
        return []
    return announce(state, CardDiscarded(faction=number, card=card))


def gain(state: RootState, number: int, vp: int, source: str) -> list[Event]:
    """Score ``vp`` points; reaching 30 wins the game at once.  A player who
    activated a dominance card scores nothing (Law 3.3.1)."""
    if vp <= 0 or state.over:
        return []
    player = state.player(number)
    if player.dominance != HIDDEN:
        return []
    player.vp += vp
    player.points[source] = player.points.get(source, 0) + vp
    total = player.vp
    events = [
        Event(
            text=lambda: (
                f"{the(number, 'scores', start=True)} {plural(vp, 'point')} ({source}): "
                f"{plural(total, 'point')} in all."
            )
        )
    ]
    if player.vp >= WIN_VP:
        state.winner = number
        state.stack.clear()
        state.battle = None
        state.step = "over"
        events.append(Event(text=f"{the(number, 'reaches', start=True)} {WIN_VP} points and wins!"))
    return events


def lose(state: RootState, number: int, vp: int, source: str) -> list[Event]:
    """Lose points (a faction's own rule may cost points), never below 0: the
    score track starts at 0 (ruling R-LOSE).  A player who activated a dominance card
    has no marker on the track to move (Law 3.3.1): nothing is lost."""
    player = state.player(number)
    n = min(vp, player.vp)
    if n <= 0 or state.over or player.dominance != HIDDEN:
        return []
    player.vp -= n
    player.points[source] = player.points.get(source, 0) - n
    return [
        Event(
            text=f"{the(number, 'loses', start=True)} {plural(n, 'point')} ({source}): "
            f"{plural(player.vp, 'point')} in all."
        )
    ]


def has_effect(player: Player, kind: str) -> bool:
    crafted = player.crafted
    if not crafted:
        return False
    kinds = _KINDS
    return kind in [kinds[c] for c in crafted]


def crafted_card(player: Player, kind: str) -> int:
    for c in player.crafted:
        if card_of(c).kind == kind:
            return c
    raise KeyError(kind)


def discard_crafted(state: RootState, number: int, kind: str) -> int:
    player = state.player(number)
    c = crafted_card(player, kind)
    player.crafted.remove(c)
    state.discard.append(c)
    return c
