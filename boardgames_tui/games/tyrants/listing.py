"""The main phase's list of actions (:func:`main_actions`) by parts,
each listed once for what it depends on and kept: the cards to play for the
hand, the recruits for the influence, the market and the piles, and each
seat's actions on the board (deploys, assassinations, spies to return) on
its reach until a piece moves.  Every simulated action lists the main
phase, and most of these parts are the same as at the step before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from . import actions as a
from . import targets
from .actions import offer
from .cards import HALF_DECKS, card, card_costs, market_deck, supply_piles
from .model import TyrantsState, reach
from .target_options import devoured_top

#: Basic actions of the main phase: "assassinate ... spending three power",
#: "deploy a troop by spending one power", "return an enemy spy by spending
#: three power".
DEPLOY_COST = 1
ASSASSINATE_COST = 3
RETURN_SPY_COST = 3
#: The end of the turn, offered at every main-phase step.
END_TURN = offer(a.EndTurn)


class _Deploys(dict[str, a.TyrantsAction]):
    """Each space's deploy (``offer``'s, looked up by the space alone, and
    made when first asked for)."""

    def __missing__(self, space: str) -> a.TyrantsAction:
        found = self[space] = offer(a.Deploy, space)
        return found


_DEPLOYS = _Deploys()
#: What :func:`offers` gives: those paid for by each influence met, and
#: every card on offer with its cost.
_Entry = tuple[dict[int, tuple[a.TyrantsAction, ...]], tuple[tuple[int, a.TyrantsAction], ...]]
#: The market and the piles last listed for (copies) and their entry of
#: :func:`offers`: the market changes a few times a turn, so most
#: listings find it here by comparing the two, without a key to hash.
_LAST: list[Any] = [None, None, None]
#: Most hands and offers kept (a few thousand are met in a game).
_KEPT = 1 << 15
#: :func:`plays` by the hand's cards in their order (:func:`main_actions`).
_HANDS: dict[tuple[str, ...], tuple[a.TyrantsAction, ...]] = {}


def main_actions(state: TyrantsState) -> list[a.TyrantsAction]:
    """The main phase, "in any order": play a card, deploy, assassinate,
    return an enemy spy, recruit; or end the turn.  Each part is listed
    once for what it depends on and kept: the cards to play for the hand,
    the targets on the board for the board (on the seat's reach, until a
    troop or spy moves), the cards to recruit for the market, the piles and
    the influence.  The parts kept are looked up here first (every
    simulated action lists the main phase)."""
    seat = state.current
    p = state.players[seat]
    hand = tuple(p.hand)
    # The hand's plays by the hand as it lies (a tuple is made and looked up
    # in a plain dict for less than a set is made and a bounded cache read).
    kept = _HANDS.get(hand)
    if kept is None:
        if len(_HANDS) >= _KEPT:
            _HANDS.clear()
        kept = _HANDS[hand] = plays(frozenset(hand))
    found: list[a.TyrantsAction] = [*kept]
    power = p.power
    if power >= DEPLOY_COST:
        # Both cost more than a deploy.
        part = DEPLOYS if p.troops > 0 else 0
        if power >= ASSASSINATE_COST:
            part |= ASSASSINATIONS
        if power >= RETURN_SPY_COST:
            part |= SPY_RETURNS
        found += board_part(state, seat, part)
    influence = p.influence
    if influence >= (_CHEAPEST[0] if _CHEAPEST else cheapest()):
        last = _LAST
        if state.market == last[0] and state.piles == last[1]:
            paid = last[2][0].get(influence)
            found += recruits(state, influence) if paid is None else paid
        else:
            found += recruits(state, influence)
    if state.devoured_open:
        top = devoured_top(state)
        if top is not None and (card(top).cost or 0) <= influence:
            found.append(offer(a.RecruitDevoured, top))
    found.append(END_TURN)
    return found


@lru_cache(maxsize=_KEPT)
def plays(hand: frozenset[str]) -> tuple[a.TyrantsAction, ...]:
    """A card of the hand (its cards, each once) to play, sorted."""
    return tuple(offer(a.PlayCard, c) for c in sorted(hand))


def recruits(state: TyrantsState, influence: int) -> tuple[a.TyrantsAction, ...]:
    """The cards to recruit with ``influence``, as :func:`recruitable` lists
    them: every card the market and the piles offer is listed once for them
    (with its cost, :func:`offers`), and those ``influence`` pays for are
    kept by it."""
    if influence < (_CHEAPEST[0] if _CHEAPEST else cheapest()):
        return ()
    last = _LAST
    market, piles = state.market, state.piles
    entry: _Entry
    if market == last[0] and piles == last[1]:
        entry = last[2]
    else:
        # Keyed by the piles that are not empty: a card recruited from a
        # pile (a third of the recruits) leaves the same cards on offer.
        entry = offers(tuple(market), tuple([c for c, left in piles.items() if left > 0]))
        last[:] = (list(market), dict(piles), entry)
    paid, every_offer = entry
    found = paid.get(influence)
    if found is None:
        found = paid[influence] = tuple([act for cost, act in every_offer if cost <= influence])
    return found


class _Offers(dict[str, tuple[int, a.TyrantsAction]]):
    """Each card's recruit with its cost (``offer``'s, made when first
    asked for)."""

    def __missing__(self, card_id: str) -> tuple[int, a.TyrantsAction]:
        found = self[card_id] = (card_costs()[card_id], offer(a.Recruit, card_id))
        return found


_OFFERS = _Offers()


@lru_cache(maxsize=_KEPT)
def offers(market: tuple[str, ...], piles: tuple[str, ...]) -> _Entry:
    """The cards on offer with the ``market`` and the ``piles`` that are not
    empty, each with its cost, in :func:`recruitable`'s order (the market's
    cards sorted, then the piles' sorted; never an Insane Outcast, ruling
    R-OUTCAST-PILE), and (filled by :func:`recruits`) those paid for by each
    influence met."""
    every = [_OFFERS[c] for c in sorted(set(market))]
    every += [_OFFERS[c] for c in sorted(piles) if not card(c).back_to_supply]
    return {}, tuple(every)


#: :func:`cheapest`, once worked out (read at every main-phase listing).
_CHEAPEST: list[int] = []


def cheapest() -> int:
    """The lowest cost of a card that may be recruited (a market card, or a
    pile's that is not an Insane Outcast): with less influence there is none."""
    if not _CHEAPEST:
        piles = [c for c in supply_piles(HALF_DECKS) if not c.back_to_supply]
        every = [card(c) for c in market_deck(HALF_DECKS)] + piles
        _CHEAPEST.append(min(c.cost or 0 for c in every))
    return _CHEAPEST[0]


class BoardActions:
    """The main phase's actions on the board for one seat, each listed when
    first asked and kept on the seat's reach (which every troop or spy
    moved clears, ``ops``), and the board's part of the list for each
    power and barracks met (:func:`board_part`)."""

    __slots__ = ("_assassinations", "_deploys", "_spy_returns", "parts")

    def __init__(self) -> None:
        self._deploys: list[a.TyrantsAction] | None = None
        self._assassinations: list[a.TyrantsAction] | None = None
        self._spy_returns: list[a.TyrantsAction] | None = None
        #: :func:`board_part`'s lists, by its ``part``.
        self.parts: dict[int, list[a.TyrantsAction]] = {}

    def deploys(self, state: TyrantsState, seat: int) -> list[a.TyrantsAction]:
        found = self._deploys
        if found is None:
            spaces = targets.deploy_targets(state, seat)
            found = self._deploys = list(map(_DEPLOYS.__getitem__, spaces))
        return found

    def assassinations(self, state: TyrantsState, seat: int) -> list[a.TyrantsAction]:
        found = self._assassinations
        if found is None:
            spaces = targets.where(state, seat, "presence", None)
            found = self._assassinations = [
                offer(a.Assassinate, s, c) for s, c in targets.enemy_troops(state, seat, spaces)
            ]
        return found

    def spy_returns(self, state: TyrantsState, seat: int) -> list[a.TyrantsAction]:
        found = self._spy_returns
        if found is None:
            spaces = targets.where(state, seat, "presence", None)
            found = self._spy_returns = [
                offer(a.ReturnSpy, s, o) for s, o in targets.enemy_spies(state, seat, spaces)
            ]
        return found


def board_actions(state: TyrantsState, seat: int) -> BoardActions:
    """``seat``'s :class:`BoardActions` as the board stands."""
    seen = state.reaches.get(seat)
    if seen is None:
        seen = reach(state, seat)
    found: BoardActions | None = seen.board
    if found is None:
        found = seen.board = BoardActions()
    return found


#: The parts of :func:`board_part`: a troop in the barracks to deploy (else
#: the VP instead), power enough to assassinate, to return a spy.
DEPLOYS, ASSASSINATIONS, SPY_RETURNS = 1, 2, 4
DEPLOY_FOR_VP = offer(a.DeployForVP)


def board_part(state: TyrantsState, seat: int, part: int) -> list[a.TyrantsAction]:
    """The main phase's actions on the board for ``seat`` with some power:
    the deploys (with :data:`DEPLOYS` in ``part``; else the VP instead of a
    deploy), then the assassinations and the spies to return (with
    :data:`ASSASSINATIONS` and :data:`SPY_RETURNS`).  Kept on the seat's
    :class:`BoardActions` until a piece moves; not to be changed."""
    board = board_actions(state, seat)
    found = board.parts.get(part)
    if found is None:
        found = list(board.deploys(state, seat)) if part & DEPLOYS else [DEPLOY_FOR_VP]
        if part & ASSASSINATIONS:
            found += board.assassinations(state, seat)
        if part & SPY_RETURNS:
            found += board.spy_returns(state, seat)
        board.parts[part] = found
    return found


def recruitable(state: TyrantsState, seat: int, influence: int | None = None) -> list[str]:
    """Market cards and always-available cards the player can pay for
    (with ``influence``, the seat's by default).  The Insane Outcasts are
    never recruited (ruling R-OUTCAST-PILE)."""
    if influence is None:
        influence = state.players[seat].influence
    costs = card_costs()
    found = sorted({c for c in state.market if costs[c] <= influence})
    for pile, left in sorted(state.piles.items()):
        if left > 0 and costs[pile] <= influence and not card(pile).back_to_supply:
            found.append(pile)
    return found
