"""The actions a player may take for the Tyrants decision on top of the job
stack (``state.jobs``): each target of a targeted effect (deploy,
assassinate, supplant, place or return a spy, move, promote, devour, recruit,
hand out Insane Outcasts, discard), each option of a choice, paying a cost or
declining it, and stopping where an effect allows fewer targets.

Each kind of decision has its lister (:data:`OPTIONS`, by the job's type);
a target's lister is found by the kind of effect it resolves
(``target_options.TARGETS``, by the effect's type).  A cost is asked for
only where paying it buys something (``futile.py``, ruling R-FUTILE).

A part of the interpreter; ``resolve.py`` carries the chosen action out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as a
from .actions import offer
from .futile import worth_paying
from .jobs import effect_of
from .model import TyrantsState
from .pending import ActJob, ChooseJob, DiscardJob, PayJob
from .target_options import TARGETS, Options, devoured_top
from .targets import distinct

__all__ = ["OPTIONS", "devoured_top", "options"]


# ---------------------------------------------------------------- decisions
def options(state: TyrantsState) -> Options:
    """The actions for the decision on top of the stack."""
    job = state.jobs[-1]
    found: Options = OPTIONS[type(job)](state, job)
    return found


def choose_options(state: TyrantsState, job: ChooseJob) -> Options:
    return [offer(a.ChooseOption, i) for i in range(len(effect_of(job).options))]


def discard_options(state: TyrantsState, job: DiscardJob) -> Options:
    return [offer(a.DiscardCard, c) for c in distinct(state.players[job.seat].hand)]


def pay_options(state: TyrantsState, job: PayJob) -> Options:
    """Each way to pay the cost that buys something, and declining it;
    nothing when no way does (it cannot be paid, or what it buys would do
    nothing: ruling R-FUTILE)."""
    found: Options = worth_paying(state, job, effect_of(job))
    return [*found, offer(a.Stop)] if found else []


def act_options(state: TyrantsState, job: ActJob) -> Options:
    """The targets of the effect being resolved."""
    effect = effect_of(job)
    found: Options = TARGETS[type(effect)](state, job, effect)
    return found


#: The lister of each kind of decision, by the job's type.
OPTIONS: dict[type, Callable[[TyrantsState, Any], Options]] = {
    ChooseJob: choose_options,
    DiscardJob: discard_options,
    PayJob: pay_options,
    ActJob: act_options,
}
