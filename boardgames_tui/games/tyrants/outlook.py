"""What a Tyrants position is worth beyond the VP it already holds: the
search bots' evaluation (``search_profile.search_evaluate``), and the tail
it shares with ``TyrantsGame.evaluate`` (:func:`lead`).

A deck-building game is won by the cards bought early and by the sites held
for many turns; VP alone make ending a turn early, buying a card for its VP
or promoting the deck's best card look as good as playing on.  So each seat
is also credited, for every round the game still has to run, with what its
deck yields in a turn (five cards of its average worth), the promotions
its deck should bring in a turn (five cards' share of cards that promote)
and the control markers it holds.  The weights were fitted to the final
margins of the rule bot's games against itself
(``benchmarks/tyrants_evaluate.py``), for each market on its own games: a
market with less room for promotions leaves each term less to tell
(:func:`weights_for`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from .cards import HAND_SIZE, card, load_cards, promotes
from .model import TyrantsState, scores

#: Rounds a 2-player game of the rule bot against itself lasts, about (16
#: to 26: it ends when a barracks runs out).
GAME_ROUNDS = 22
#: VP for each point a deck yields in a turn (five cards' worth), for each
#: round still to come.
YIELD_WEIGHT = 0.65
#: VP for each card that promotes among the five a turn draws (on average),
#: for each round still to come: a promotion turns a card's deck VP into its
#: larger inner-circle VP.  Without it a card that promotes was worth its
#: cost alone, and the search's inner circle fell far behind the rule
#: bot's (``benchmarks/tyrants_evaluate.py`` measures it; the figures are in
#: docs/bots.md, "Cards that promote, in ``search_evaluate``").
PROMOTE_WEIGHT = 1.15
#: VP for each control marker held, for each round still to come.
MARKER_WEIGHT = 1.0


@dataclass(frozen=True)
class Weights:
    """VP for each point of a term, for each round still to come."""

    deck_yield: float
    promotions: float
    markers: float


#: The weights fitted on Drow and Dragons (the base market), and used for
#: every market not fitted on its own.
BASE_WEIGHTS = Weights(YIELD_WEIGHT, PROMOTE_WEIGHT, MARKER_WEIGHT)
#: The weights fitted on a market's own rule-bot games, relative to VP
#: (``benchmarks/tyrants_evaluate.py --half-decks ... --fit``; the figures
#: are in docs/bots.md, "With the Aberrations and the Undead").
MARKET_WEIGHTS: dict[frozenset[str], Weights] = {
    frozenset(("aberrations", "undead")): Weights(0.46, 0.64, 0.79),
}


def weights_for(half_decks: Iterable[str]) -> Weights:
    """The weights for the market of ``half_decks`` (in either order): its
    own fit, or the base market's where it has none."""
    return MARKET_WEIGHTS.get(frozenset(half_decks), BASE_WEIGHTS)


@cache
def card_yield(card_id: str) -> float:
    """What one card brings when it is played, in power or influence: 1 for
    a Noble or a Soldier, nothing for an Insane Outcast, and for a market
    card a half plus 0.6 of its cost (the game prices cards by what they do:
    a Priestess of Lolth, 2 influence, costs 2; a House Guard, 2 power, 3)."""
    if card_id in ("noble", "soldier"):
        return 1.0
    c = card(card_id)
    if c.inner_circle_vp is None:
        return 0.0
    return 0.5 + 0.6 * (c.cost or 0)


def rounds_left(state: TyrantsState) -> float:
    """About how many rounds are still to come, at least one while the game
    goes on.  Read off the round, not the barracks: counted by the troops
    left, every troop deployed would shorten the game and cost the seat with
    the better deck, and the search would stop deploying."""
    if state.phase == "over":
        return 0.0
    return max(1.0, GAME_ROUNDS - state.round)


def deck_yield(state: TyrantsState, seat: int) -> float:
    """What a turn's hand of ``seat``'s cards yields, on average: five times
    the mean worth of every card it owns (deck, hand, discard, played)."""
    return _hand_yield(state.players[seat].owned())


def promote_rate(state: TyrantsState, seat: int) -> float:
    """How many cards that promote a turn's hand of ``seat``'s cards holds,
    on average: five times their share of every card it owns."""
    return _hand_promotions(state.players[seat].owned())


@cache
def _yields() -> dict[str, float]:
    """:func:`card_yield` of every card, by id."""
    return {c.id: card_yield(c.id) for c in load_cards().all_cards()}


@cache
def _promoters() -> dict[str, int]:
    """1 for every card that promotes (``cards.promotes``), else 0, by id."""
    return {c.id: int(promotes(c.id)) for c in load_cards().all_cards()}


def _hand_yield(owned: list[str]) -> float:
    if not owned:
        return 0.0
    # Summed in the order of ``owned``, as one card at a time would be.
    return HAND_SIZE * sum(map(_yields().__getitem__, owned)) / len(owned)


def _hand_promotions(owned: list[str]) -> float:
    if not owned:
        return 0.0
    return HAND_SIZE * sum(map(_promoters().__getitem__, owned)) / len(owned)


def outlooks(state: TyrantsState, weights: Weights | None = None) -> list[float]:
    """Every seat's VP now plus what its deck and markers should still bring,
    by ``weights`` (by default the market's: :func:`weights_for`)."""
    w = weights_for(state.half_decks) if weights is None else weights
    totals = [float(v) for v in scores(state)]
    left = rounds_left(state)
    if left <= 0:
        return totals
    held = [0] * len(totals)
    for holder in state.markers.values():
        if holder is not None:
            held[holder] += 1
    result = []
    for seat, total in enumerate(totals):
        # One list of the seat's cards for both deck terms (a hot path: the
        # search scores every playout by it).
        owned = state.players[seat].owned()
        per_round = (
            w.deck_yield * _hand_yield(owned)
            + w.promotions * _hand_promotions(owned)
            + w.markers * held[seat]
        )
        result.append(total + left * per_round)
    return result


def lead(state: TyrantsState, seat: int, totals: list[float]) -> float:
    """``seat``'s total, with half a point for each unspent power and
    influence and a quarter for each card in hand on its own turn, less the
    best other total (the tail of both evaluations).  ``totals`` is changed."""
    if state.phase != "over":
        p = state.players[seat]
        if state.current == seat:
            totals[seat] += 0.5 * (p.power + p.influence) + 0.25 * p.hand_size()
    others = [t for s, t in enumerate(totals) if s != seat]
    return totals[seat] - (max(others) if others else 0.0)
