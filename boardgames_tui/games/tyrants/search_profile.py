"""How the search bots play Tyrants (:class:`SearchProfile`); what each
value was chosen by is in docs/bots.md ("Tyrants' rule bot", "The search
against the rule bot: the search evaluation and paired playouts")."""

from __future__ import annotations

from boardgames_tui.engine.bots.profile import SearchProfile

from .actions import EndTurn, TyrantsAction
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
)
