"""How the search bots play Root (:class:`SearchProfile`); what each value
was chosen by is in docs/bots.md ("Root's rule bot", "Root: no early
stops")."""

from __future__ import annotations

from boardgames_tui.engine.bots.profile import SearchProfile
from boardgames_tui.engine.game import Action

from .actions import Done
from .model import RootState


def paired_challenger(state: RootState, action: Action) -> bool:
    """Ending a step or passing up a choice (:class:`Done`) never stands
    against the rule bot's choice: the rule bot stops by itself once nothing
    is worth doing, and the comparison let an early stop through by its
    noise (a search once ended a step with its actions left unused)."""
    return not isinstance(action, Done)


def turn_of(state: RootState) -> int:
    """The turn: how many have begun (0 during setup)."""
    return state.turn_number


PROFILE: SearchProfile[RootState, Action] = SearchProfile(
    #: A few points (a building, a craft) is a clear lead.
    evaluate_scale=4.0,
    search_rate=200,
    #: At four seats a playout plays three other seats' turns: at 200 a
    #: second `hard`'s turn outran the app's 2.5 s (docs/bots.md, "`hard`'s
    #: turn at four seats").
    seat_rates=((4, 85),),
    #: The rule bot finishes turns in the playouts, and the search compares
    #: its choice and the prior's best after it on shared samples
    #: (``SearchBot.paired_rollouts``).
    playout_bot="root",
    paired_width=4,
    paired_challenger=paired_challenger,
    #: At three players a playout plays both other seats' turns, up to the
    #: start of the mover's next Birdsong: there its dominance win is
    #: checked, and the seat after next (whose turn the next seat's answer
    #: left out) may win by dominance or take what the mover left open.
    answer_every_seat=True,
    turn_of=turn_of,
    #: Birdsong, three actions or more, crafting and Evening: about eight
    #: decisions with a real choice.
    turn_decisions=8.0,
)
