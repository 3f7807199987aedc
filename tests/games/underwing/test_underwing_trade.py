"""Trading Elements (rulebook) and ruling R-TRADE."""

from __future__ import annotations

from typing import Any

from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AssignField,
    OfferTrade,
    Pass,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
)
from boardgames_tui.games.underwing.cards import CollectChosen
from boardgames_tui.games.underwing.model import Job, UnderwingState

from .helpers import check, empty_storages, give, kinds, new_game, phase, play, run


def trading(n: int = 3, **options: Any) -> UnderwingState:
    state = new_game(n, **options)
    empty_storages(state)
    give(state, 0, "red", "red", "blue")
    give(state, 1, "green")
    phase(state, 2, 0)
    run(state)
    return state


def test_any_number_any_balance_offer_and_accept() -> None:
    # "There are NO LIMITS on the number, type, or balance of Elements traded."
    state = trading()
    assert OfferTrade(partner=1) in GAME.legal_actions(state)
    assert OfferTrade(partner=2) in GAME.legal_actions(state)  # Cy has nothing, Ana does
    play(state, OfferTrade(partner=1))
    assert GAME.to_act(state) == 0
    assert TradeSend() not in GAME.legal_actions(state)  # nothing in it yet
    play(state, TradeAdd(side="give", element="red"))
    play(state, TradeAdd(side="give", element="red"))
    assert TradeAdd(side="give", element="red") not in GAME.legal_actions(state)  # only two
    play(state, TradeAdd(side="ask", element="green"))
    play(state, TradeSend())
    assert GAME.to_act(state) == 1
    assert GAME.prompt(state) == "Bo: accept or decline Ana's offer (red, red for green)"
    play(state, TradeAnswer(accept=True))
    assert state.players[0].storage["red"] == 0 and state.players[0].storage["green"] == 1
    assert state.players[1].storage["red"] == 2 and state.players[1].storage["green"] == 0
    # back to Ana's regular turn in Phase 2
    assert GAME.to_act(state) == 0 and state.trade is None
    check(state)


def test_a_declined_or_cancelled_trade_changes_nothing() -> None:
    state = trading()
    play(state, OfferTrade(partner=1))
    play(state, TradeAdd(side="give", element="blue"))
    play(state, TradeSend())
    play(state, TradeAnswer(accept=False))
    assert state.players[0].storage["blue"] == 1
    state = trading(trade_offers=2)
    play(state, OfferTrade(partner=2))
    play(state, TradeAdd(side="give", element="blue"))  # a gift
    play(state, TradeCancel())
    assert state.players[0].storage["blue"] == 1 and state.trade is None
    assert state.players[0].offers == 1


def test_one_offer_per_player_per_phase_by_default() -> None:
    # R-TRADE: a bound on offers, so play always moves on.
    state = trading()
    play(state, OfferTrade(partner=1))
    play(state, TradeCancel())
    assert "offer_trade" not in kinds(state)
    play(state, AssignField(space="red"))
    assert "offer_trade" in kinds(state)  # Bo has his own offer
    play(state, Pass())
    play(state, Pass())
    play(state, Pass())
    assert state.phase != 2 or state.round > 1
    assert state.players[0].offers == 1  # a new phase, a new offer


def test_trading_can_be_switched_off() -> None:
    state = trading(trade_offers=0)
    assert "offer_trade" not in kinds(state)


def test_no_offers_while_an_effect_is_being_resolved() -> None:
    state = trading()
    state.jobs.append(Job(effect=CollectChosen(count=1), seat=0, left=1))
    assert kinds(state) == {"choose_element"}
