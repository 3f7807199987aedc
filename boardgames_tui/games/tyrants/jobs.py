"""The job stack that resolves a Tyrants card (``state.jobs``, last on top):
the address of an effect inside a card (a path of effect and child-list
indices), a job for a child list or a decision, starting a card, finishing a
job (handing what it set up, the spy's site and the troops just deployed, to
the job below), forced discards and who must make them, and what happens to a
card played from the market or the inner circle once it has resolved.

A part of the interpreter; ``resolve.py`` walks the stack.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from boardgames_tui.engine.game import Event

from . import effects as fx
from . import ops
from .cards import card
from .model import TyrantsState, name
from .pending import DiscardJob, J, Job, JobBase, ListJob, RepeatJob, evolve, make
from .targets import others


# --------------------------------------------------------------- addresses
@cache
def effect_list(card_id: str, path: tuple[int, ...]) -> tuple[fx.Effect, ...]:
    """The effect list at ``path`` in a card: pairs (effect index, child list
    index) from the card's top-level list down."""
    effects = card(card_id).effects
    for i in range(0, len(path), 2):
        effects = fx.children(effects[path[i]])[path[i + 1]]
    return effects


def effect_of(job: Job) -> Any:
    """The effect a decision job is resolving (a list job: the next one it starts)."""
    assert not isinstance(job, RepeatJob), "a repeat resolves a whole list"
    return effect_list(job.card, job.path)[job.at]


def child(job: JobBase, cls: type[J], path: tuple[int, ...], fresh: bool = False, **more: Any) -> J:
    """A job of ``cls`` for the effect list at ``path`` (or a decision about
    its effect at ``at``) of ``job``'s card, with ``job``'s frame (none
    when ``fresh``: a ``then``'s parts each start with their own)."""
    if fresh:
        return make(cls, job, path=path, spy_site=None, deployed=(), removed=(), **more)
    return make(cls, job, path=path, **more)


def start_card(state: TyrantsState, seat: int, card_id: str, source: int) -> None:
    state.jobs.append(make(ListJob, seat=seat, card=card_id, source=source))


def pop(state: TyrantsState) -> None:
    """Finish the top job; what it set up is handed to the job below (a
    ``then``'s second list sees its first list's spy and troops), when that
    job resolves the same card for the same seat (a forced discard and a
    reaction to it set up nothing for the card that caused them)."""
    jobs = state.jobs
    done = jobs.pop()
    if jobs and type(done) is not DiscardJob:
        below = jobs[-1]
        if (
            below.seat == done.seat
            and below.card == done.card
            and (
                below.spy_site != done.spy_site
                or below.deployed != done.deployed
                or below.removed != done.removed
            )
        ):
            jobs[-1] = evolve(
                below, spy_site=done.spy_site, deployed=done.deployed, removed=done.removed
            )


def this_in_play(state: TyrantsState, job: JobBase) -> bool:
    """Whether "this card" is still where it was played (not devoured,
    promoted or put in the market by its own effect)."""
    played = state.players[job.seat].played
    return 0 <= job.source < len(played) and played[job.source] == job.card


def discard_job(job: JobBase, index: int, victim: int) -> DiscardJob:
    """A forced discard: ``victim`` discards a card, made to by ``job``'s seat."""
    return child(job, DiscardJob, job.path, at=index, seat=victim, forcer=job.seat)


def discarders(state: TyrantsState, job: JobBase, effect: fx.ForceDiscard) -> list[int]:
    """Who must discard for an effect naming more than a chosen opponent,
    clockwise from the seat's left: each holding at least ``min_hand`` cards."""
    seat = job.seat
    if effect.who == "forcer":
        named = [job.forcer] if job.forcer is not None else []
    elif effect.who == "each_opponent":
        named = others(state, seat)
    elif effect.who == "each_opponent_at_spy_site":
        site = job.spy_site
        named = [o for o in others(state, seat) if site is not None and o in state.troops[site]]
    else:  # assassinated
        named = [o for o in others(state, seat) if o in job.removed]
    return [o for o in named if state.players[o].hand_size() >= effect.min_hand]


def settle(state: TyrantsState, job: JobBase, events: list[Event]) -> None:
    """A card played from the market or the inner circle has resolved: the
    market card is devoured and the market refilled; the inner-circle card
    goes back.  A card its own effect already sent elsewhere stays there
    (ruling R-PLAY-FROM)."""
    p = state.players[job.seat]
    if this_in_play(state, job):
        p.played[job.source] = None
        if job.origin == "market":
            events.extend(ops.devour(state, job.seat, job.card, "play"))
        else:
            p.inner_circle.append(job.card)
            events.append(
                Event(
                    text=f"{card(job.card).name} goes back to the inner circle of {name(state, job.seat)}.",
                    seat=job.seat,
                )
            )
    if job.origin == "market":
        events.extend(ops.refill_market(state))
