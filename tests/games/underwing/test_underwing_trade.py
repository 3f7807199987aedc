"""Trading Elements (rulebook) and ruling R-TRADE: "Players may trade Elements
with other players AT ANY TIME. There are NO LIMITS on the number, type, or
balance of Elements traded."  Whenever the game waits for a person, any person
may open a trade with anybody, any number of times; bots make at most
``trade_offers`` offers a phase."""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.underwing import GAME
from boardgames_tui.games.underwing.actions import (
    AssignField,
    ChooseElement,
    OfferTrade,
    Pass,
    TradeAdd,
    TradeAnswer,
    TradeCancel,
    TradeSend,
)
from boardgames_tui.games.underwing.cards import CollectChosen
from boardgames_tui.games.underwing.model import Job, UnderwingState

from .helpers import NAMES, check, empty_storages, give, kinds, new_game, phase, play, run


def trading(n: int = 3, bots: tuple[int, ...] = (), **options: Any) -> UnderwingState:
    """Phase 2, Ana to assign; Ana holds red, red, blue and Bo a green."""
    state = new_game(n, **options)
    state.seats = [Seat(name=NAMES[i], bot="random" if i in bots else None) for i in range(n)]
    empty_storages(state)
    give(state, 0, "red", "red", "blue")
    give(state, 1, "green")
    phase(state, 2, 0)
    run(state)
    return state


def offers(state: UnderwingState) -> set[tuple[int | None, int]]:
    return {(a.proposer, a.partner) for a in GAME.legal_actions(state) if isinstance(a, OfferTrade)}


def test_any_number_any_balance_offer_and_accept() -> None:
    # "There are NO LIMITS on the number, type, or balance of Elements traded."
    state = trading()
    assert OfferTrade(proposer=0, partner=1) in GAME.legal_actions(state)
    assert OfferTrade(proposer=0, partner=2) in GAME.legal_actions(
        state
    )  # Cy has nothing, Ana does
    play(state, OfferTrade(proposer=0, partner=1))
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
    play(state, OfferTrade(proposer=0, partner=1))
    play(state, TradeAdd(side="give", element="blue"))
    play(state, TradeSend())
    play(state, TradeAnswer(accept=False))
    assert state.players[0].storage["blue"] == 1
    play(state, OfferTrade(proposer=0, partner=2))
    play(state, TradeAdd(side="give", element="blue"))  # a gift
    play(state, TradeCancel())
    assert state.players[0].storage["blue"] == 1 and state.trade is None
    check(state)


def test_any_person_may_open_a_trade_with_anybody_while_the_game_waits() -> None:
    # R-TRADE: Ana decides; Bo and Cy, who have nothing to decide, may open a
    # trade too, with anybody who could trade with them.
    state = trading()
    assert offers(state) == {(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)}
    # the deciding seat's offers come first
    first = next(a for a in GAME.legal_actions(state) if isinstance(a, OfferTrade))
    assert first.proposer == 0
    play(state, OfferTrade(proposer=2, partner=1))
    # during the trade the proposer decides, then the partner; Ana's turn waits
    assert GAME.to_act(state) == 2
    assert GAME.prompt(state) == "Cy: put a trade together with Bo"
    play(state, TradeAdd(side="ask", element="green"))
    play(state, TradeSend())
    assert GAME.to_act(state) == 1
    play(state, TradeAnswer(accept=True))
    assert state.players[2].storage["green"] == 1
    assert GAME.to_act(state) == 0 and state.phase == 2 and state.trade is None
    check(state)


def test_people_trade_without_limit() -> None:
    # "AT ANY TIME ... NO LIMITS": ten offers in a row from the same person.
    state = trading()
    for _ in range(10):
        play(state, OfferTrade(proposer=1, partner=0))
        play(state, TradeAdd(side="give", element="green"))
        play(state, TradeSend())
        play(state, TradeAnswer(accept=True))
        play(state, OfferTrade(proposer=0, partner=1))
        play(state, TradeAdd(side="give", element="green"))
        play(state, TradeSend())
        play(state, TradeAnswer(accept=True))
    assert state.players[1].storage["green"] == 1
    assert (0, 1) in offers(state) and (1, 0) in offers(state)
    check(state)


def test_a_bot_proposes_at_most_trade_offers_times_a_phase() -> None:
    # Bots are bounded, so that games between bots always end; they propose
    # at their own decisions only, never for a person or while a person decides.
    state = trading(bots=(0, 1))
    assert offers(state) == {(0, 1), (0, 2)}  # Ana (a bot) decides: her own offers
    play(state, OfferTrade(proposer=0, partner=1))
    play(state, TradeCancel())
    assert offers(state) == set()  # a called-off offer counts
    play(state, AssignField(space="red"))
    # Bo (a bot) decides: his one offer of the phase
    assert offers(state) == {(1, 0), (1, 2)}
    play(state, AssignField(space="red"))
    # Cy, a person, decides: only people propose, Cy with anybody
    assert offers(state) == {(2, 0), (2, 1)}
    play(state, Pass())
    assert offers(state) == set()  # Ana again, her offer spent
    state2 = trading(bots=(0,), trade_offers=2)
    play(state2, OfferTrade(proposer=0, partner=1))
    play(state2, TradeCancel())
    assert offers(state2) == {(0, 1), (0, 2)}


def test_trade_offers_zero_stops_the_bots_only() -> None:
    state = trading(bots=(0,), trade_offers=0)
    assert "offer_trade" not in kinds(state)  # Ana, a bot, decides
    people = trading(trade_offers=0)
    assert "offer_trade" in kinds(people)


def test_a_trade_may_be_opened_while_an_effect_waits_for_a_person() -> None:
    # "AT ANY TIME": a dragon's effect waiting for a choice is a time too, in
    # Phase 4 as in Phase 3.
    for number in (3, 4):
        state = trading()
        state.phase = number  # type: ignore[assignment]
        state.jobs.append(Job(effect=CollectChosen(count=1), seat=0, left=1))
        assert kinds(state) == {"choose_element", "offer_trade"}
        assert (1, 0) in offers(state)
        play(state, OfferTrade(proposer=1, partner=0))
        play(state, TradeAdd(side="give", element="green"))
        play(state, TradeSend())
        play(state, TradeAnswer(accept=True))
        assert GAME.to_act(state) == 0 and state.jobs  # back to Ana's choice
        play(state, ChooseElement(element="white"))
        assert state.players[0].storage["white"] >= 1
        check(state)


def test_an_offer_without_its_proposer_from_an_older_save_is_the_deciders() -> None:
    # Saves from before R-TRADE's change hold OfferTrade(partner) only.
    state = trading()
    play(state, OfferTrade(partner=2))
    assert state.trade is not None and state.trade.proposer == 0
    play(state, TradeCancel())
    check(state)
