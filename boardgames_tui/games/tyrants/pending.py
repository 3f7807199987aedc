"""What a turn still has to resolve: the entries of the job stack
(``TyrantsState.jobs``, last on top), one small frozen value per kind, tagged
by ``kind`` like the actions and validated by pydantic where they enter from
a save (a discriminated union, :data:`JOB_TYPE`).

Two kinds are the walk through a card's effects: a :class:`ListJob` starts
the effects of one effect list in order, a :class:`RepeatJob` runs its list
again.  Four are decisions a seat makes, each answered by the actions the
interpreter lists for it (``decision_options.py``) and carried out by its own
handler (``answers.py``): a :class:`ChooseJob` (which option of a choice), a
:class:`PayJob` (pay an optional cost, or not), an :class:`ActJob` (a target
of a targeted effect, ``left`` more to go) and a :class:`DiscardJob` (a
card to give up to an opponent's forced discard).

Every job knows whose effects these are (``seat``), the card (``card``, and
``source``, its index in the seat's ``played`` list, -1 for none), where in
the card (``path``: pairs of effect and child-list indices from the card's
top-level list down; see ``jobs.effect_list``), where the card was played
from (``origin``) and, for a forced discard and a reaction to one, who forced
it (``forcer``).  Its *frame* is what "the spy's site", "the troops just
deployed" and "the troops just assassinated" refer to (``spy_site``,
``deployed``, ``removed``): a child job starts with its parent's, and a
finished job hands its frame to the job below when that one resolves the
same card for the same seat (``jobs.pop``).

A job never changes: a step replaces it on the stack by a new one
(:func:`evolve`, :func:`make`), so a copy of the state shares its jobs.
They are frozen dataclasses without slots, so that those two can fill a new
job's fields at once (``__dict__``); a job is made at every step of every
effect.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal, TypeVar, dataclass_transform

from pydantic import AfterValidator, Field

from .cards import card

#: Where the card whose effects a job resolves was played from: the hand; the
#: market or the inner circle (Ulitharid, Elder Brain: afterwards it is
#: devoured, or goes back); ``discarded``: a reaction of a card an opponent
#: just made its owner discard (it lies on top of their discard pile).
Origin = Literal["hand", "market", "inner_circle", "discarded"]


def _known_card(card_id: str) -> str:
    try:
        card(card_id)
    except KeyError:
        raise ValueError(f"no card is called {card_id!r}") from None
    return card_id


T = TypeVar("T")


@dataclass_transform(kw_only_default=True, frozen_default=True)
def _job(cls: type[T]) -> type[T]:
    """Declare a job: a frozen, keyword-only dataclass (see the module)."""
    return dataclasses.dataclass(frozen=True, kw_only=True)(cls)


Seat = Annotated[int, Field(ge=0, le=3)]
Index = Annotated[int, Field(ge=0)]
CardId = Annotated[str, AfterValidator(_known_card)]


@_job
class JobBase:
    """What every job holds: whose effects, which card, where in it, and
    its frame (see the module)."""

    seat: Seat
    card: CardId
    source: Annotated[int, Field(ge=-1)] = -1
    path: tuple[Index, ...] = ()
    origin: Origin = "hand"
    forcer: Seat | None = None
    spy_site: str | None = None
    deployed: tuple[str, ...] = ()
    removed: tuple[int, ...] = ()


@_job
class ListJob(JobBase):
    """Start the effects of the list at ``path`` one by one; ``at`` is the
    next one to start."""

    kind: Literal["list"] = "list"
    at: Index = 0


@_job
class RepeatJob(JobBase):
    """Run the list at ``path`` ``left`` more times, each in full."""

    kind: Literal["repeat"] = "repeat"
    left: Index = 0


@_job
class ChooseJob(JobBase):
    """Choose one option of the choice at index ``at`` of the list at ``path``."""

    kind: Literal["choose"] = "choose"
    at: Index = 0


@_job
class PayJob(JobBase):
    """Pay the optional cost of the effect at ``at`` (or decline it);
    ``done`` counts the spies returned so far where any number may be."""

    kind: Literal["pay"] = "pay"
    at: Index = 0
    done: Index = 0


@_job
class ActJob(JobBase):
    """A target for the targeted effect at ``at``, ``left`` more to go.
    ``holding`` is a troop picked up by a two-step effect (a move: the space
    and colour it leaves; a trophy taken: the hall's seat, as a string, and
    the colour); ``site`` the one site an "all at one site" assassination has
    started on and ``hall`` the one trophy hall an effect takes from."""

    kind: Literal["act"] = "act"
    at: Index = 0
    left: int = 0
    holding: tuple[str, int] | None = None
    site: str | None = None
    hall: Seat | None = None


@_job
class DiscardJob(JobBase):
    """``seat`` discards a card of their choice, made to by ``forcer``'s
    effect (the card's effect at ``at`` of the list at ``path``)."""

    kind: Literal["discard"] = "discard"
    at: Index = 0


Job = ListJob | RepeatJob | ChooseJob | PayJob | ActJob | DiscardJob
#: A decision some seat has to make (the jobs the walk stops at).
Decision = ChooseJob | PayJob | ActJob | DiscardJob
#: The stack's entries as a save holds them.
JOB_TYPE = Annotated[Job, Field(discriminator="kind")]


J = TypeVar("J", bound=JobBase)

# ------------------------------------------------------------------ evolve
_NEW = object.__new__
_DEFAULTS: dict[type, dict[str, Any]] = {
    cls: {
        f.name: f.default for f in dataclasses.fields(cls) if f.default is not dataclasses.MISSING
    }
    for cls in (ListJob, RepeatJob, ChooseJob, PayJob, ActJob, DiscardJob)
}
#: The frame's fields: what a child job starts with (see the module).
FRAME = ("seat", "card", "source", "origin", "forcer", "spy_site", "deployed", "removed")


def evolve(job: J, **changes: Any) -> J:
    """``job`` with ``changes`` made: a new job (jobs never change once
    made).  Its fields are filled in directly, without the frozen class's
    check per field, which cost more than the rest of a step."""
    new: J = _NEW(type(job))
    fields = new.__dict__
    fields.update(job.__dict__)
    fields.update(changes)
    return new


def make(cls: type[J], parent: JobBase | None = None, **fields: Any) -> J:
    """A new job of ``cls``: its defaults, then ``parent``'s frame (whose
    effects, which card, where it was played from, what its references
    point at), then ``fields``.  As :func:`evolve`, filled in directly."""
    new: J = _NEW(cls)
    own = new.__dict__
    own.update(_DEFAULTS[cls])
    if parent is not None:
        theirs = parent.__dict__
        for name in FRAME:
            own[name] = theirs[name]
    own.update(fields)
    return new


# ------------------------------------------------------------------- saves
_KINDS: dict[str, type] = {
    "list": ListJob,
    "repeat": RepeatJob,
    "choose": ChooseJob,
    "pay": PayJob,
    "act": ActJob,
    "discard": DiscardJob,
}


def saved_jobs(state: Any) -> Any:
    """A state snapshot (JSON data) whose jobs each held every field of
    every kind, as saves did before the jobs were typed: each job keeps
    only its kind's fields, which it held the values of (the rest were
    the defaults, which no step of that kind ever changed).  Anything
    else is left for validation to judge."""
    if not isinstance(state, dict):
        return state

    def narrow(jobs: Any) -> Any:
        if not isinstance(jobs, list):
            return jobs
        kept = []
        for job in jobs:
            cls = _KINDS.get(str(job.get("kind"))) if isinstance(job, dict) else None
            if cls is None:
                kept.append(job)
                continue
            names = {f.name for f in dataclasses.fields(cls)}
            kept.append({k: v for k, v in job.items() if k in names})
        return kept

    result = dict(state)
    result["jobs"] = narrow(state.get("jobs"))
    players = state.get("players")
    if isinstance(players, list):
        result["players"] = [
            {**p, "end_of_turn": narrow(p.get("end_of_turn"))}
            if isinstance(p, dict) and "end_of_turn" in p
            else p
            for p in players
        ]
    if "jobs" not in state:
        del result["jobs"]
    return result
