"""What the shared cards let any faction do during its turn: dominance (Law
3.3: activating a dominance card, taking an available one, winning by it at
the start of Birdsong) and the crafted effects used in Birdsong and Daylight
(Royal Claim, Stand and Deliver!, Codebreakers, Tax Collector, Better Burrow
Bank), with the actions that offer them.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action, Event

from . import core
from .actions import (
    ActivateDominance,
    TakeDominance,
    TaxCollector,
    UseEffect,
)
from .cards import DominanceEffect
from .clearings import the
from .core import card_name, clearing_name, name, plural
from .faction import FACTIONS, handles
from .model import (
    CARD_SUITS,
    HIDDEN,
    Decision,
    RootState,
    card_of,
    decision,
)


# ----------------------------------------------------------------- dominance
def dominance_victory(state: RootState, number: int) -> list[Event]:
    """Law 3.3.1: at the start of Birdsong, a player with an activated
    dominance card wins if it rules three clearings of its suit (the bird
    card: two clearings in opposite corners)."""
    card = state.player(number).dominance
    if card == HIDDEN or not FACTIONS[number].dominance_wins:
        return []
    suit = card_of(card).suit
    effect = card_of(card).effect
    assert isinstance(effect, DominanceEffect)
    woodland = state.woodland
    if effect.goal == "opposite_corners":
        won = any(
            core.rules(state, number, a) and core.rules(state, number, b)
            for a, b in woodland.opposite_corners
        )
        how = "two clearings in opposite corners"
    else:
        won = sum(core.rules(state, number, n) for n in woodland.of_suit(suit)) >= 3
        how = f"three {suit} clearings"
    if not won:
        return []
    state.winner = number
    state.stack.clear()
    state.battle = None
    state.step = "over"
    return [Event(text=f"{the(number, 'rules', start=True)} {how}: it wins by dominance!")]


def dominance_options(state: RootState, number: int) -> list[Action]:
    """Activate a dominance card (10 points or more, none active yet), or take
    an available one by spending a card of its suit (a real bird for the bird
    card; birds are wild for the others), Law 3.3."""
    player = state.player(number)
    out: list[Action] = []
    if not state.available and core.DOMINANCE_CARDS.isdisjoint(player.hand):
        return out
    if player.dominance == HIDDEN and FACTIONS[number].dominance_wins:
        out += [
            _activate(c)
            for c in core.distinct(player.hand)
            if c != HIDDEN
            and isinstance(e := card_of(c).effect, DominanceEffect)
            and player.vp >= e.min_vp
        ]
    if not state.available:
        return out
    out += _takes(player.hand, state.available)
    return out


def _takes(hand: list[int], available: list[int]) -> list[TakeDominance]:
    """Each available dominance card taken with each card of the hand that
    may pay for it (worked out afresh: a memo by hand and cards available
    kept a tuple for every hand of every game for the collector to go
    through, and was found again one time in three)."""
    # The hand's cards with their suits, found once for every card to take.
    cards = [(c, CARD_SUITS[c]) for c in core.distinct(hand) if c != HIDDEN]
    out: list[TakeDominance] = []
    for d in core.distinct(available):
        suit = CARD_SUITS[d]
        out += [_take(d, c) for c, s in cards if s == suit or (suit != "bird" and s == "bird")]
    return out


# Each dominance action offered, made once per card (and card spent): an
# action is a frozen value every listing may share; bounded by the deck.
@cache
def _activate(card: int) -> ActivateDominance:
    return ActivateDominance(card=card)


@cache
def _take(card: int, spend: int) -> TakeDominance:
    return TakeDominance(card=card, spend=spend)


def activate_dominance(state: RootState, number: int, card: int) -> list[Event]:
    player = state.player(number)
    core.take_from_hand(player, card)
    player.dominance = card
    return [
        Event(
            text=f"{the(number, 'activates', start=True)} {card_name(card)}: it scores no more points and "
            "wins by ruling at the start of a Birdsong.",
            reveals=True,
        )
    ]


def take_dominance(state: RootState, number: int, card: int, spend: int) -> list[Event]:
    discarded = core.discard_from_hand(state, number, spend)
    state.available.remove(card)
    state.player(number).hand.append(card)
    state.player(number).known.append(card)
    return [
        Event(
            text=f"{the(number, 'spends', start=True)} {card_name(spend)} to take {card_name(card)}.",
            reveals=True,
        ),
        *discarded,
    ]


# -------------------------------------------------------------- card effects
def single_enemy(state: RootState, number: int) -> int | None:
    others = core.enemies(state, number)
    return others[0] if len(others) == 1 else None


def birdsong_effects(state: RootState, number: int) -> list[Action]:
    player = state.player(number)
    out: list[Action] = []
    if not player.crafted:
        # No effect crafted (core.has_effect answers no to every one).
        return out
    if core.has_effect(player, "royal_claim"):
        out.append(UseEffect(effect="royal_claim"))
    if core.has_effect(player, "stand_and_deliver") and "stand_and_deliver" not in player.used:
        only = single_enemy(state, number)
        if only is not None:
            if state.player(only).hand:
                out.append(UseEffect(effect="stand_and_deliver"))
        else:
            out += [
                UseEffect(effect="stand_and_deliver", target=e)
                for e in core.enemies(state, number)
                if state.player(e).hand
            ]
    return out


def daylight_effects(state: RootState, number: int) -> list[Action]:
    player = state.player(number)
    out: list[Action] = []
    if not player.crafted:
        # No effect crafted (core.has_effect answers no to every one).
        return out
    if core.has_effect(player, "tax_collector") and "tax_collector" not in player.used:
        out += [_tax(n) for n in state.woodland.numbers if core.warriors(state, number, n)]
    if core.has_effect(player, "codebreakers") and "codebreakers" not in player.used:
        if single_enemy(state, number) is not None:
            out.append(_effect("codebreakers", -1))
        else:
            out += [_effect("codebreakers", e) for e in core.enemies(state, number)]
    return out


# Each tax and effect offered, made once (an action is a frozen value every
# listing may share); bounded by the clearings, the effects and the factions.
@cache
def _tax(clearing: int) -> TaxCollector:
    return TaxCollector(clearing=clearing)


@cache
def _effect(effect: str, target: int) -> UseEffect:
    return UseEffect(effect=effect, target=target)


def target_of(state: RootState, number: int, target: int) -> int:
    if target >= 0:
        return target
    only = single_enemy(state, number)
    assert only is not None, "an effect with several possible targets names one"
    return only


def use_effect(state: RootState, number: int, effect: str, target: int = -1) -> list[Event]:
    player = state.player(number)
    if effect == "royal_claim":
        core.discard_crafted(state, number, "royal_claim")
        n = len(core.ruled(state, number))
        events = [
            Event(
                text=f"{the(number, 'discards', start=True)} Royal Claim: it rules {plural(n, 'clearing')}."
            )
        ]
        return events + core.gain(state, number, n, "Royal Claim")
    other = target_of(state, number, target)
    enemy = state.player(other)
    if effect == "stand_and_deliver":
        player.used.append(effect)
        card = enemy.hand[state.rng.randbelow(len(enemy.hand))]
        core.take_from_hand(enemy, card)
        player.hand.append(card)
        if len(state.players) == 2:
            player.known.append(card)
        else:
            player.seen_by.setdefault(other, []).append(card)
        events = [
            Event(
                text=f"Stand and Deliver!: {name(number)} takes a card at random from "
                f"{name(other)}'s hand.",
                reveals=True,
            )
        ]
        return events + core.gain(state, other, 1, "Stand and Deliver!")
    if effect == "codebreakers":
        player.used.append(effect)
        if len(state.players) == 2:
            enemy.known = list(enemy.hand)
        else:
            enemy.seen_by[number] = list(enemy.hand)
        return [
            Event(
                text=f"Codebreakers: {name(number)} looks at {name(other)}'s hand.",
                seat=state.seat(number),
                reveals=True,
            )
        ]
    if effect == "better_burrow_bank":
        events = [Event(text=f"Better Burrow Bank: {name(number)} and {name(other)} draw a card.")]
        events += core.draw(state, number, 1)
        return events + core.draw(state, other, 1)
    raise AssertionError(effect)


def tax_collector(state: RootState, number: int, clearing: int) -> list[Event]:
    state.player(number).used.append("tax_collector")
    reacted = core.remove_warriors(state, number, clearing, 1, number)
    events = [
        Event(
            text=f"Tax Collector: {name(number)} removes a warrior from "
            f"{clearing_name(state, clearing)}."
        ),
        *reacted,
    ]
    events += core.draw(state, number, 1)
    return events + core.flush(state)


def craft_options(state: RootState, number: int) -> list[Action]:
    return list(core.craft_options(state, number))


# ---------------------------------------------------- Better Burrow Bank
@decision
@action_data
class BankTarget(Decision):
    """Better Burrow Bank at the start of Birdsong, with several other
    players: the one who draws a card with its owner."""

    kind: Literal["bank_target"] = "bank_target"

    asks: ClassVar[str] = "Better Burrow Bank: choose the player who draws a card with you."


def _bank_options(state: RootState, p: BankTarget) -> list[Action]:
    return [
        UseEffect(effect="better_burrow_bank", target=e) for e in core.enemies(state, p.faction)
    ]


def _bank(state: RootState, p: BankTarget, action: Action) -> list[Event]:
    assert isinstance(action, UseEffect)
    state.stack.pop()
    return use_effect(state, p.faction, action.effect, action.target)


handles(BankTarget, options=_bank_options, decide=_bank)
