"""The Woodland Alliance's plan for the rule bot (``bots.py``), in the spirit
of the published automated Alliance: revolt where a base scores (enemy
buildings and tokens to remove, warriors to place), spread sympathy where it
is cheap and safe (no Martial Law, few enemy warriors), organize with spare
officers, mobilize the cards the hand can spare, train officers while they
are few, give away the least useful card under Outrage, and battle little:
their warriors are few, and they defend well."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ... import core
from ...bots import card_value, strongest
from ...model import RootState, card_of
from ...plan import Rating, RulePlan
from . import rules
from .actions import (
    DiscardSupporter,
    GiveSupporter,
    Mobilize,
    Organize,
    RecruitAtBase,
    Revolt,
    SpreadSympathy,
    Train,
)
from .state import ALLIANCE, BASE_SUITS, TRACK_VP, me

#: Supporters the bot wants on the stack before it stops mobilizing.
WANTED_SUPPORTERS = 6
#: Officers the bot trains before it stops.
WANTED_OFFICERS = 4


class AlliancePlan(RulePlan):
    #: Sympathy is cheaper to lose than a base.
    spare: ClassVar[Mapping[str, float]] = {"sympathy": 5, **dict.fromkeys(BASE_SUITS, 0.0)}

    def rates(self) -> Mapping[type, Rating]:
        return {
            Revolt: rate_revolt,
            SpreadSympathy: rate_spread,
            Mobilize: rate_mobilize,
            Train: rate_train,
            Organize: rate_organize,
            RecruitAtBase: rate_recruit,
            GiveSupporter: rate_give,
            DiscardSupporter: rate_discard,
        }

    def battle(
        self, s: RootState, me_: int, clearing: int, enemy: int, mine: int, theirs: int
    ) -> float | None:
        """A battle only for a prize: an enemy building or token, and more
        warriors than theirs."""
        prizes = len(core.buildings_of(s, enemy, clearing)) + len(
            core.tokens_of(s, enemy, clearing)
        )
        if prizes and mine > theirs:
            return 18.0 + 5 * prizes
        return -2.0

    def guard(self, s: RootState, me_: int, origin: int) -> int:
        """Warriors stay at a base."""
        return 2 if any(b in BASE_SUITS for b in s.clearings[origin].buildings) else 0


def rate_revolt(s: RootState, me_: int, a: Revolt) -> float:
    n = a.clearing
    prizes = sum(core.removable_count(s, e, n) for e in core.enemies(s, ALLIANCE))
    killed = sum(core.warriors(s, e, n) for e in core.enemies(s, ALLIANCE))
    suit = s.woodland.suits[n]
    placed = sum(1 for c in s.woodland.of_suit(suit) if rules.sympathetic(s, c))
    return 30.0 + 6 * prizes + 2 * killed + 2 * placed


def rate_spread(s: RootState, me_: int, a: SpreadSympathy) -> float:
    n = a.clearing
    cost = rules.spread_cost(s, n)
    vp = TRACK_VP[rules.placed(s)]
    danger = strongest(s, me_, n)
    return 25.0 + 4 * vp - 3 * cost - danger


def rate_mobilize(s: RootState, me_: int, a: Mobilize) -> float:
    alliance = me(s)
    if rules.stack_full(s) or len(alliance.supporters) >= WANTED_SUPPORTERS:
        return -5.0
    if card_of(a.card).kind == "ambush":
        return -1.0
    return 6.0 - card_value(a.card) + (2.0 if len(alliance.hand) > 3 else 0.0)


def rate_train(s: RootState, me_: int, a: Train) -> float:
    if me(s).officers >= WANTED_OFFICERS:
        return -1.0
    return 9.0 - card_value(a.card)


def rate_organize(s: RootState, me_: int, a: Organize) -> float:
    vp = TRACK_VP[rules.placed(s)]
    left = core.warriors(s, ALLIANCE, a.clearing) - 1
    at_base = any(b in BASE_SUITS for b in s.clearings[a.clearing].buildings)
    return 22.0 + 4 * vp - (6 if at_base and left < 2 else 0)


def rate_recruit(s: RootState, me_: int, a: RecruitAtBase) -> float:
    return 14.0


def rate_give(s: RootState, me_: int, a: GiveSupporter) -> float:
    return -card_value(a.card)


def rate_discard(s: RootState, me_: int, a: DiscardSupporter) -> float:
    """Keep birds (wild) and the suits with the most sympathy to spread to."""
    suit = card_of(a.card).suit
    if suit == "bird":
        return -3.0
    return -len([n for n in rules.spread_targets(s) if s.woodland.suits[n] == suit]) * 0.5
