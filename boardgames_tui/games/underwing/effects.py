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
hatching and the registry, and every name of those modules is still
imported from here.
"""

from __future__ import annotations

from collections.abc import Callable

from boardgames_tui.engine.game import Action, Event

from .cards import Card, GainHandler, card
from .model import DEFICIENCY, FIELD, HatchTame, HatchWild, Job, UnderwingState
from .table import clear_slot as clear_slot
from .table import crystal_choices as crystal_choices
from .table import draw_named as draw_named
from .table import draw_random as draw_random
from .table import egg_name as egg_name
from .table import finish as finish
from .table import gain_handlers as gain_handlers
from .table import is_grounds_wild as is_grounds_wild
from .table import lose_handler as lose_handler
from .table import name as name
from .table import pick_weighted as pick_weighted
from .table import place_card as place_card
from .table import push as push
from .table import push_effects as push_effects
from .table import refill as refill
from .table import take_crystal as take_crystal
from .table import where as where
from .tame import banish_wild as banish_wild
from .tame import banish_wild_options as banish_wild_options
from .tame import claim_and_hatch as claim_and_hatch
from .tame import claim_and_hatch_options as claim_and_hatch_options
from .tame import collect_chosen as collect_chosen
from .tame import collect_chosen_options as collect_chosen_options
from .tame import collect_elements as collect_elements
from .tame import collect_elements_options as collect_elements_options
from .tame import destroy_elements as destroy_elements
from .tame import destroy_elements_options as destroy_elements_options
from .tame import element_every_round as element_every_round
from .tame import element_every_round_options as element_every_round_options
from .tame import gain_handler as gain_handler
from .tame import gain_handler_options as gain_handler_options
from .tame import grow_grounds as grow_grounds
from .tame import solo_handler_granted as solo_handler_granted
from .tame import steal_elements as steal_elements
from .tame import steal_elements_options as steal_elements_options
from .tame import take_from_egg as take_from_egg
from .tame import take_from_egg_options as take_from_egg_options
from .tame import wild_gains_handler as wild_gains_handler
from .wild import everyone_discards as everyone_discards
from .wild import everyone_discards_options as everyone_discards_options
from .wild import everyone_loses_handler as everyone_loses_handler
from .wild import everyone_loses_handler_options as everyone_loses_handler_options
from .wild import hatch_adjacent as hatch_adjacent
from .wild import hatch_adjacent_options as hatch_adjacent_options
from .wild import scare_handlers as scare_handlers
from .wild import scare_handlers_options as scare_handlers_options
from .wild import scatter_elements as scatter_elements
from .wild import scatter_elements_options as scatter_elements_options
from .wild import smash_elements as smash_elements
from .wild import smash_elements_options as smash_elements_options


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


__all__ = ["FIELD", "RESOLVERS", "job_options", "resolve"]
