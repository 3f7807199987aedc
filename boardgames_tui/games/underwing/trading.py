"""Trading: "Players may trade Elements with other players AT ANY TIME"
(ruling R-TRADE).  The offers that may be opened, a trade being put
together, sent and answered, and who decides while one is open.

Part of the order of play (``rules.py``).
"""

from __future__ import annotations

from functools import cache, lru_cache

from boardgames_tui.engine.game import Action, Event

from .actions import OfferTrade, TradeAdd, TradeAnswer, TradeCancel, TradeSend
from .colours import ELEMENTS, Element
from .model import Trade, UnderwingState
from .table import name

# Actions are values: the few that every position offers are made once.
_TRADE_ADD: dict[tuple[str, Element], Action] = {
    (side, e): TradeAdd(side=side, element=e) for side in ("give", "ask") for e in ELEMENTS
}
_TRADE_SEND = TradeSend()
_TRADE_CANCEL = TradeCancel()
_TRADE_ANSWERS: list[Action] = [TradeAnswer(accept=True), TradeAnswer(accept=False)]


@cache
def _offer(partner: int, proposer: int) -> Action:
    return OfferTrade(partner=partner, proposer=proposer)


def new_phase(state: UnderwingState) -> None:
    """Trade offers are counted per phase (ruling R-TRADE)."""
    for p in state.players:
        p.offers = state.options.trade_offers


def offer_options(state: UnderwingState, seat: int) -> list[Action]:
    """Ruling R-TRADE: "Players may trade Elements with other players AT ANY
    TIME."  While the game waits for a person (``seat`` decides), any person
    at the table may open a trade with any other player, as often as they
    like: the deciding seat first, then the others in turn order.  A bot
    proposes only at its own decisions, ``trade_offers`` times a phase.  A
    trade needs something to trade: the proposer or the partner holds an
    element."""
    players = state.players
    n = len(players)
    if n < 2 or state.group is not None or not 0 <= seat < n:
        return []
    seats = state.seats
    if seats[seat].bot is not None:
        if players[seat].offers <= 0:
            return []
        proposers: tuple[int, ...] = (seat,)
    else:
        proposers = (
            seat,
            *(q for q in _order(state.first, n) if q != seat and seats[q].bot is None),
        )
    holding = [any(p.storage.values()) for p in players]
    found: list[Action] = []
    for proposer in proposers:
        found += _offers(proposer, state.first, n, holding[proposer] or tuple(holding))
    return found


@cache
def _order(first: int, n: int) -> tuple[int, ...]:
    return tuple((first + i) % n for i in range(n))


@lru_cache(maxsize=1 << 12)
def _offers(
    proposer: int, first: int, n: int, holding: bool | tuple[bool, ...]
) -> tuple[Action, ...]:
    """The offers ``proposer`` may open, partners in turn order: to anybody
    when they hold an element (``holding`` True), else to those who hold one
    (``holding`` says who)."""
    return tuple(
        _offer(q, proposer)
        for q in _order(first, n)
        if q != proposer and (holding is True or holding[q])  # type: ignore[index]
    )


def trade_options(state: UnderwingState, trade: Trade) -> list[Action]:
    if trade.sent:
        return _TRADE_ANSWERS[:]
    mine = state.players[trade.proposer].storage
    theirs = state.players[trade.partner].storage
    give, ask = trade.give, trade.ask
    found: list[Action] = [
        _TRADE_ADD["give", e] for e in ELEMENTS if mine[e] and mine[e] > give.count(e)
    ]
    found += [_TRADE_ADD["ask", e] for e in ELEMENTS if theirs[e] and theirs[e] > ask.count(e)]
    if give or ask:
        found.append(_TRADE_SEND)
    found.append(_TRADE_CANCEL)
    return found


def do_trade(state: UnderwingState, action: Action, events: list[Event]) -> None:
    if isinstance(action, OfferTrade):
        seat = action.proposer
        if seat is None:  # a save from before any seat could propose
            seat = decider(state)
            assert seat is not None
        p = state.players[seat]
        p.offers = max(0, p.offers - 1)
        state.trade = Trade(proposer=seat, partner=action.partner)
        return
    trade = state.trade
    assert trade is not None
    if isinstance(action, TradeAdd):
        (trade.give if action.side == "give" else trade.ask).append(action.element)
        return
    if isinstance(action, TradeCancel):
        state.trade = None
        return
    who, other = name(state, trade.proposer), name(state, trade.partner)
    if isinstance(action, TradeSend):
        trade.sent = True
        events.append(
            Event(text=f"{who} offers {other} {trade_words(trade)}.", seat=trade.proposer)
        )
    elif isinstance(action, TradeAnswer):
        state.trade = None
        if action.accept:
            mine = state.players[trade.proposer].storage
            theirs = state.players[trade.partner].storage
            for e in trade.give:
                mine[e] -= 1
                theirs[e] += 1
            for e in trade.ask:
                theirs[e] -= 1
                mine[e] += 1
            events.append(Event(text=f"{other} accepts {who}'s trade.", seat=trade.partner))
        else:
            events.append(Event(text=f"{other} declines {who}'s trade.", seat=trade.partner))


def trade_words(trade: Trade) -> str:
    give = ", ".join(trade.give) or "nothing"
    ask = ", ".join(trade.ask) or "nothing"
    return f"{give} for {ask}"


def decider(state: UnderwingState) -> int | None:
    """The seat that decides now."""
    if state.over:
        return None
    if state.trade is not None:
        return state.trade.partner if state.trade.sent else state.trade.proposer
    if state.jobs:
        return state.jobs[-1].seat
    return state.current()
