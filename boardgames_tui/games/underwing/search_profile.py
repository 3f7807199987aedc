"""How the search bots play Underwing (:class:`SearchProfile`); what each
value was chosen by is in docs/bots.md ("Underwing with three players or
more", "Underwing's rule bot")."""

from __future__ import annotations

from boardgames_tui.engine.bots.profile import SearchProfile

from .actions import UnderwingAction
from .model import UnderwingState


def playout_round(state: UnderwingState) -> int:
    """The round: the search's playouts run to its end."""
    return state.round


def turn_of(state: UnderwingState) -> tuple[int, int, int]:
    """The turn: the round, the phase and the place in the turn order."""
    return (state.round, state.phase, state.turn)


PROFILE: SearchProfile[UnderwingState, UnderwingAction] = SearchProfile(
    #: A dragon's worth of points is a clear lead.
    evaluate_scale=12.0,
    search_rate=300,
    #: The rule bot plays every seat to the end of the round in the
    #: playouts: a turn in phase 2 is one assignment, and ``evaluate`` right
    #: after it counts a claim at once and a Field handler or a recall as
    #: nothing; at the round's end the crystals have come in and gone on
    #: the eggs.
    playout_bot="underwing",
    playout_round=playout_round,
    #: From three players the search compares the rule bot's choice and the
    #: prior's next three on shared samples, each played to the round's end
    #: by the rule bot; two players keep the tree.
    paired_width=4,
    paired_seats=3,
    turn_of=turn_of,
    #: A turn in phase 2 is one assignment; phases 1 and 3 take a few.
    turn_decisions=2.0,
)
