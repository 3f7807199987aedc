"""How the search bots play Tyrants (:class:`SearchProfile`); what each
value was chosen by is in docs/bots.md ("Tyrants' rule bot", "The search
against the rule bot: the search evaluation and paired playouts")."""

from __future__ import annotations

from collections.abc import Hashable
from functools import cache

from boardgames_tui.engine.bots.profile import SearchProfile

from .actions import EndTurn, PlayCard, TyrantsAction
from .cards import card
from .effects import DevourCard, DiscardCard, GainInfluence, GainPower, walk
from .model import TyrantsState
from .outlook import lead, outlooks


def search_evaluate(state: TyrantsState, seat: int) -> float:
    """As ``TyrantsGame.evaluate``, with every seat's VP raised by what its
    deck and its control markers should still bring in the rounds to come
    (:func:`.outlook.outlooks`): the search then buys, promotes and plays
    for the turns ahead, not for this turn's VP.  The greedy bot keeps
    ``evaluate``."""
    return lead(state, seat, outlooks(state))


def paired_challenger(state: TyrantsState, action: TyrantsAction) -> bool:
    """Ending the turn never stands against the rule bot's choice: the rule
    bot ends it itself once nothing is worth doing, and an early end (cards
    or power left) only won the comparison by its noise."""
    return not isinstance(action, EndTurn)


def turn_of(state: TyrantsState) -> Hashable:
    """The turn: the round and the seat to act (its end, the "ending" phase
    of promotions and cleanup, is part of it), or in the placing phase how
    many seats are still to place."""
    placing = state.phase == "placing"
    return (placing, state.round, state.current, len(state.placing) if placing else 0)


def turn_owner(state: TyrantsState) -> int | None:
    """Whose turn it is: the seat to play its cards (``current``), also
    while another seat chooses the card it is forced to discard, or answers
    that discard with a reaction; in the placing phase, the seat to place.
    A playout finishes that turn, the discards included, before it scores
    the position: cut off at the discard, it scored a turn half played (a
    quarter of the answering turns in games with the Aberrations)."""
    if state.phase == "over":
        return None
    if state.phase == "placing":
        return state.placing[0] if state.placing else None
    return state.current


@cache
def only_resources(card_id: str) -> bool:
    """Whether the card's every effect is a gain of power or influence (its
    data says so): played sooner or later in a turn, it adds the same."""
    return all(isinstance(e, GainPower | GainInfluence) for e in card(card_id).effects)


@cache
def takes_from_hand(card_id: str) -> bool:
    """Whether the card may take another card from the hand (its data has a
    cost that discards one, or devours one from the hand)."""
    return any(
        isinstance(part, DiscardCard) or (isinstance(part, DevourCard) and part.source == "hand")
        for part in walk(card(card_id).effects)
    )


def free_play(state: TyrantsState, legal: list[TyrantsAction]) -> TyrantsAction | None:
    """Playing a card that only adds power or influence: nothing in the turn
    is worse for it being played now (what it adds stays until the turn's
    end, and Focus counts the hand as well as the cards played), so the
    search plays it without searching the order of such plays.  Not while a
    card in hand or played may still take a card from the hand (a discard
    or a devour as its cost): keeping the weak card to pay with can be the
    better play, and the search decides that.  Only in the main phase, from
    the hand: a card played from the market or the inner circle (Ulitharid,
    Elder Brain) is the one card the effect plays, a choice to search."""
    if state.jobs or state.phase != "main":
        return None
    p = state.players[state.current]
    if any(c is not None and takes_from_hand(c) for c in (*p.hand, *p.played)):
        return None
    for action in legal:
        if isinstance(action, PlayCard) and only_resources(action.card):
            return action
    return None


PROFILE: SearchProfile[TyrantsState, TyrantsAction] = SearchProfile(
    #: A site's worth of VP is a clear lead.
    evaluate_scale=6.0,
    search_rate=350,
    evaluate=search_evaluate,
    #: The rule bot finishes the turns in the playouts, and the search
    #: compares its choice with the prior's next three on shared samples,
    #: each followed by the rest of the seat's turn and the opponent's
    #: answer, scored by :func:`search_evaluate`.
    playout_bot="tyrants",
    paired_width=4,
    #: Another action replaces the rule bot's choice only when it beats it
    #: by two standard errors of the paired differences.
    paired_margin=2.0,
    paired_challenger=paired_challenger,
    turn_of=turn_of,
    #: A forced discard is chosen by the discarding seat in the forcing
    #: seat's turn: the turn goes on through it.
    turn_owner=turn_owner,
    #: A turn plays five cards and spends what they bring: about eight
    #: decisions with a real choice.
    turn_decisions=8.0,
    free_play=free_play,
)
