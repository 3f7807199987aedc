"""Hatching and dragon effects.

Every effect kind is implemented once, here, as a pair of functions registered
in :data:`RESOLVERS`:

- ``<kind>_options(state, job)`` lists the choices the job's deciding seat has
  now (pure: it never changes the state).  An empty list means there is
  nothing to decide: the driver then calls the resolver without a choice.
- ``<kind>(state, job, choice, events)`` does the work: with a choice, what
  was chosen; without, the automatic part.  Either way it makes progress (it
  changes the job or pops it), so resolution always ends.

Jobs live on ``state.jobs`` (last on top); a resolver pops its own job when
done and may push new ones (a hatching pushes the dragon's effects, a
completed unclaimed egg pushes its wild hatching).

The effects live in :mod:`.tame` and :mod:`.wild`, what they work with (the
bag, the grounds, names, the job stack) in :mod:`.table`; this module keeps
hatching and the registry.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.engine.game import Action, Event

from .cards import Card, GainHandler, card
from .model import DEFICIENCY, HatchTame, HatchWild, Job, UnderwingState
from .table import (
    clear_slot,
    finish,
    gain_handlers,
    is_grounds_wild,
    name,
    push_effects,
    where,
)
from .tame import (
    banish_wild,
    banish_wild_options,
    claim_and_hatch,
    claim_and_hatch_options,
    collect_chosen,
    collect_chosen_options,
    collect_elements,
    collect_elements_options,
    destroy_elements,
    destroy_elements_options,
    element_every_round,
    element_every_round_options,
    gain_handler,
    gain_handler_options,
    steal_elements,
    steal_elements_options,
    take_from_egg,
    take_from_egg_options,
)
from .wild import (
    everyone_discards,
    everyone_discards_options,
    everyone_loses_handler,
    everyone_loses_handler_options,
    hatch_adjacent,
    hatch_adjacent_options,
    scare_handlers,
    scare_handlers_options,
    scatter_elements,
    scatter_elements_options,
    smash_elements,
    smash_elements_options,
)


# ------------------------------------------------------------------- hatching
def hatch_wild_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def hatch_wild(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    """An unclaimed completed egg hatches in the wild: the dragon stays in its
    space, its crystals go back to the bag (ruling R-WILD-CRYSTALS), its
    red-ribbon effects resolve, decided by ``job.seat``."""
    assert isinstance(job.effect, HatchWild)
    index = job.effect.slot
    finish(state, job)
    s = state.grounds[index]
    if not s.is_egg or s.claimant is not None:
        return  # already hatched by an earlier effect of the same chain
    assert s.card is not None
    clear_slot(state, s)
    s.fill = ()
    s.wild = True
    c = card(s.card)
    events.append(Event(text=f"{c.name} hatches in the wild at {where(state, index)}!"))
    if is_grounds_wild(state):
        state.over = True
        state.doom = True
        state.jobs.clear()
        if state.solo:
            # "the Dragonlord has failed and play immediately ends"
            doom = "The hatching grounds are filled with wild dragons: the Dragonlord has failed."
        else:
            doom = "The hatching grounds are filled with wild dragons: every tamer is exiled."
        events.append(Event(text=doom))
        return
    push_effects(state, c.wild, job.seat, index)


def hatch_tame_options(state: UnderwingState, job: Job) -> list[Action]:
    return []


def hatch_tame(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    """A dragon hatches for a player: "1. The Egg's Handler is sent to the Ready
    Room ... 2. The Egg card is flipped to its Dragon side 3. Positive effects
    on the green 'tame hatching' ribbon resolve immediately"; its score is
    added now; then the handler deficiency is checked."""
    assert isinstance(job.effect, HatchTame)
    finish(state, job)
    seat = job.seat
    p = state.players[seat]
    index = job.effect.card
    c = card(index)
    if job.effect.nursery:
        p.nursery = [n for n in p.nursery if n.card != index]
        p.ready += 1
    p.dragons.append(index)
    before = p.score
    p.score += c.score
    events.append(
        Event(text=f"{name(state, seat)}'s {c.name} hatches: +{c.score} points.", seat=seat)
    )
    events += deficiency(state, seat, before, c)
    push_effects(state, c.tame, seat, None)


def deficiency(state: UnderwingState, seat: int, before: int, hatched: Card) -> list[Event]:
    """ "At two specific thresholds, 12 and 25 points, players are granted a 3rd
    and 4th Handler (respectively) if they do not already have that many ...
    If a player receives an additional Handler for hatching a Dragon while
    simultaneously crossing the score threshold, they DO NOT receive the
    deficiency bonus Handler." (ruling R-DEFICIENCY)"""
    if state.solo:
        return []  # "Handlers are NOT auto-granted at 12 and 25 points (core game only)"
    if any(isinstance(e, GainHandler) for e in hatched.tame):
        return []
    p = state.players[seat]
    events: list[Event] = []
    for threshold, handlers in DEFICIENCY:
        crossed = before < threshold <= p.score
        if crossed and state.staff(seat) < handlers and gain_handlers(state, seat, 1):
            events.append(
                Event(
                    text=f"{name(state, seat)} reaches {threshold} points and is granted "
                    f"a handler.",
                    seat=seat,
                )
            )
    return events


Options = Callable[[UnderwingState, Job], list[Action]]
Resolver = Callable[[UnderwingState, Job, Action | None, list[Event]], None]

#: Effect kind -> (its choices now, its resolution).
RESOLVERS: dict[str, tuple[Options, Resolver]] = {
    "hatch_wild": (hatch_wild_options, hatch_wild),
    "hatch_tame": (hatch_tame_options, hatch_tame),
    "gain_handler": (gain_handler_options, gain_handler),
    "collect_elements": (collect_elements_options, collect_elements),
    "collect_chosen": (collect_chosen_options, collect_chosen),
    "element_every_round": (element_every_round_options, element_every_round),
    "take_from_egg": (take_from_egg_options, take_from_egg),
    "claim_and_hatch": (claim_and_hatch_options, claim_and_hatch),
    "destroy_elements": (destroy_elements_options, destroy_elements),
    "steal_elements": (steal_elements_options, steal_elements),
    "banish_wild": (banish_wild_options, banish_wild),
    "scatter_elements": (scatter_elements_options, scatter_elements),
    "hatch_adjacent": (hatch_adjacent_options, hatch_adjacent),
    "scare_handlers": (scare_handlers_options, scare_handlers),
    "smash_elements": (smash_elements_options, smash_elements),
    "everyone_loses_handler": (everyone_loses_handler_options, everyone_loses_handler),
    "everyone_discards": (everyone_discards_options, everyone_discards),
}


def job_options(state: UnderwingState, job: Job) -> list[Action]:
    return RESOLVERS[job.effect.kind][0](state, job)


def resolve(state: UnderwingState, job: Job, choice: Action | None, events: list[Event]) -> None:
    RESOLVERS[job.effect.kind][1](state, job, choice, events)


__all__ = ["RESOLVERS", "job_options", "resolve"]
