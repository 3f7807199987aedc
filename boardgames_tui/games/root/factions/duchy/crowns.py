"""The Underground Duchy's ministers and crowns: swaying a minister by
revealing matching cards (Law 12.5.3) and the crown it scores, the revealed
cards going back in Evening (12.6.1), and the Price of Failure (12.2.3): the
card discarded at random and the minister of highest rank that returns.

A part of the Duchy's rules; ``faction.py`` is the faction the shared rules ask.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Final

from boardgames_tui.engine.game import Action, Event

from ... import core
from ...model import CARD_SUITS, HIDDEN, RootState, card_of
from .actions import Reveal, Sway
from .assembly import on_map
from .board import Rank, duchy
from .decisions import FailureChoice, Swaying
from .state import DUCHY, Duchy, me


# --------------------------------------------------------------------- Sway
def sway_capacity(state: RootState) -> dict[str, int]:
    """Suited clearings with a Duchy piece, by suit: each lets one matching
    card be revealed (counted in a plain dict: a Counter counts slower)."""
    have: dict[str, int] = {}
    suits = state.woodland.suits
    places = state.clearings
    for n in state.woodland.numbers:
        # A warrior there answers at once; else ``has_pieces`` looks further.
        if DUCHY in places[n].warriors or core.has_pieces(state, DUCHY, n):
            suit = suits[n]
            have[suit] = have.get(suit, 0) + 1
    return have


def most_revealable(cards: list[int], capacity: Mapping[str, int]) -> int:
    """The most of these cards that can be revealed at once, each matching a
    different clearing (birds match any)."""
    suits: dict[str, int] = {}
    suit_of = CARD_SUITS
    for c in cards:
        if c != HIDDEN:
            suit = suit_of[c]
            suits[suit] = suits.get(suit, 0) + 1
    birds = suits.pop("bird", 0)
    return min(
        sum(capacity.values()),
        sum(min(k, capacity.get(s, 0)) for s, k in suits.items()) + birds,
    )


def revealable(cards: list[int], capacity: Mapping[str, int]) -> bool:
    return most_revealable(cards, capacity) == len(cards)


def sway_options(state: RootState) -> list[Action]:
    d = me(state)
    cap = sway_capacity(state)
    best = most_revealable(d.hand, cap)
    facts, crowns = _board_facts()
    # :func:`crowns_left` of every rank, counted in one pass.
    left = dict(crowns)
    for m in d.swayed:
        left[facts[m][1]] -= 1
    for rank in d.retired:
        if rank in left:
            left[rank] -= 1
    return [
        _sway(m)
        for m in sorted(d.unswayed, key=lambda m: facts[m][0])
        if left[facts[m][1]] > 0 and best >= facts[m][2]
    ]


@cache
def _board_facts() -> tuple[dict[str, tuple[int, str, int]], dict[str, int]]:
    """Read once from the Duchy's board: each minister's number, rank and
    cards to sway it, by name; and the crowns of each rank when none is
    taken."""
    board = duchy()
    facts: dict[str, tuple[int, str, int]] = {
        m.name: (m.number, m.rank, board.cards_to_sway(m)) for m in board.ministers
    }
    crowns: dict[str, int] = {r.rank: len(r.crowns) for r in board.ranks}
    return facts, crowns


def start_sway(state: RootState, minister: str) -> list[Event]:
    state.stack.append(Swaying(faction=DUCHY, minister=minister))
    return [Event(text=f"The Duchy sets out to sway the {minister}.")]


def reveal_options(state: RootState, pending: Swaying) -> list[Reveal]:
    """The cards the Duchy may reveal next toward the sway: each matches a
    clearing with the cards chosen so far, and the rest of the hand can
    still make up what the minister needs.  Worked out afresh (a memo by
    hand and cards chosen was almost never found again, and what it kept
    cost the collector more than it saved)."""
    board = duchy()
    need = board.cards_to_sway(board.minister(pending.minister))
    cap = sway_capacity(state)
    chosen = list(pending.revealed)
    hand = me(state).hand
    out: list[Reveal] = []
    for c in core.distinct(hand):
        with_c = [*chosen, c]
        if not revealable(with_c, cap):
            continue
        rest = list(hand)
        rest.remove(c)
        if most_revealable(with_c + rest, cap) >= need:
            out.append(_reveal(c))
    return out


# Each sway and each reveal offered is made once (an action is a frozen
# value every listing may share); the caches stay bounded by the ministers
# and the deck.
@cache
def _sway(minister: str) -> Sway:
    return Sway(minister=minister)


@cache
def _reveal(card: int) -> Reveal:
    return Reveal(card=card)


def reveal(state: RootState, pending: Swaying, card: int) -> list[Event]:
    """Reveal a card toward the sway; with the last one, sway the minister
    and score the crown space it uncovers (12.5.3)."""
    board = duchy()
    d = me(state)
    minister = board.minister(pending.minister)
    core.take_from_hand(d, card)
    d.revealed.append(card)
    revealed = (*pending.revealed, card)
    events = [Event(text=f"The Duchy reveals {core.card_name(card)}.", reveals=True)]
    if len(revealed) < board.cards_to_sway(minister):
        state.stack[-1] = replace(pending, revealed=revealed)
        return events
    state.stack.pop()
    vp = board.sway_vp(minister.rank, crowns_left(state, minister.rank))
    d.unswayed.remove(minister.name)
    d.swayed.append(minister.name)
    events.append(
        Event(text=f"The Duchy sways the {minister.name} and places a {minister.rank}'s crown.")
    )
    return events + core.gain(state, DUCHY, vp, "swaying ministers")


# ------------------------------------------------------------------- Evening
def kept_when_revealed(card: int) -> bool:
    """Whether a card revealed this turn comes back to the hand in Evening
    (12.6.1: "Discard any bird cards you revealed this turn, then return all
    other cards you revealed this turn to your hand")."""
    return card_of(card).suit != "bird"


def revealed_fate(card: int) -> str:
    """What happens to a card once revealed, in the words of a choice that
    reveals it (issue 45: a bird revealed for a sway was lost unwarned)."""
    if kept_when_revealed(card):
        return "it comes back to the hand in Evening"
    return "a bird revealed is discarded in Evening, not returned"


def return_revealed(state: RootState) -> list[Event]:
    """12.6.1: revealed bird cards are discarded, the rest go back to hand
    (where the Marquise has seen them)."""
    d = me(state)
    if not d.revealed:
        return []
    birds = [c for c in d.revealed if not kept_when_revealed(c)]
    rest = [c for c in d.revealed if kept_when_revealed(c)]
    for c in birds:
        core.to_discard(state, c)
    d.hand.extend(rest)
    d.known.extend(rest)
    d.revealed.clear()
    return [
        Event(
            text=f"The Duchy discards {len(birds)} revealed bird card{'s' if len(birds) != 1 else ''} "
            f"and takes {len(rest)} revealed card{'s' if len(rest) != 1 else ''} back."
        )
    ]


def evening_draws(state: RootState) -> int:
    return duchy().evening_draws(on_map(state))


# ------------------------------------------------------- Price of Failure
RANK_ORDER: Final[dict[str, int]] = {"squire": 0, "noble": 1, "lord": 2}


def crowns_left(state: RootState, rank: Rank) -> int:
    """Crowns of a rank still on the Duchy's board."""
    board = duchy()
    swayed = sum(1 for m in me(state).swayed if board.minister(m).rank == rank)
    retired = me(state).retired.count(rank)
    return len(board.rank(rank).crowns) - swayed - retired


def highest_swayed(d: Duchy) -> list[str]:
    if not d.swayed:
        return []
    board = duchy()
    top = max(RANK_ORDER[board.minister(m).rank] for m in d.swayed)
    return [m for m in d.swayed if RANK_ORDER[board.minister(m).rank] == top]


def price_of_failure(state: RootState) -> list[Event]:
    """12.2.3: a random card from the Duchy's hand is discarded, then the
    swayed minister of highest rank returns (the Duchy choosing among equals)
    and its crown leaves the game.  Runs the automatic part; pushes the choice."""
    d = me(state)
    events = [Event(text="The Duchy's buildings were removed: the Price of Failure.")]
    if d.hand:
        card = d.hand[state.rng.randbelow(len(d.hand))]
        discarded = core.discard_from_hand(state, DUCHY, card)
        events.append(
            Event(text=f"The Duchy discards {core.card_name(card)} at random.", reveals=True)
        )
        events += discarded
    top = highest_swayed(d)
    if len(top) == 1:
        events += return_minister(state, top[0])
    elif top:
        state.stack.append(FailureChoice(faction=DUCHY, ministers=tuple(top)))
    return events


def return_minister(state: RootState, minister: str) -> list[Event]:
    d = me(state)
    rank = duchy().minister(minister).rank
    d.swayed.remove(minister)
    d.unswayed.append(minister)
    d.retired.append(rank)
    return [
        Event(
            text=f"The {minister} returns to the unswayed ministers; a {rank}'s crown leaves the game."
        )
    ]
