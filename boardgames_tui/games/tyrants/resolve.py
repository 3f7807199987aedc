"""The one interpreter of the effect vocabulary (``effects.py``).

A card's effects are resolved through the job stack ``state.jobs`` (last on
top).  :func:`run` walks it: a ``list`` job starts its effects one by one;
an effect that needs nothing from the player (gain power, draw, ...) happens
at once; one that asks something (where to deploy, which option, whether to
pay) pushes a decision job and :func:`run` stops there.  :func:`options`
lists the actions for the decision on top, :func:`decide` carries one out.

Structure: ``choose`` is a decision between effect lists; ``then`` runs its
first list with a fresh reference frame and hands what it set up (the spy's
site, the troops just deployed) to its second list; ``if`` tests its
condition when reached; ``pay`` offers its cost (or declining it);
``at_end_of_turn`` waits in the player's ``end_of_turn`` list for step 1 of
the end of the turn; ``repeat`` runs its list ``times`` times.

A targeted effect asks for one target at a time, ``left`` times; when there
is no legal target the rest of it is lost (ruling R-NO-TARGET), and when
exactly one target is legal and the effect is not optional the engine takes
it without asking.  A spy to place with all five out is a choice: one
returned first, or none (ruling R-SPY-MOVE).  After every target the control
markers follow control at once (ruling R-MARKER), so a later effect of the
same card counts a marker just taken.

The interpreter is in parts (import a name from the part it lives in): ``pending`` (the
job stack's entries, one frozen value per kind), ``jobs`` (the job stack:
addresses of effects, child jobs, finishing a job), ``targets`` (where and
at whom an effect may act, and its conditions), ``decision_options`` (the
actions for the decision on top, a lister per kind of decision and per kind
of effect), ``answers`` (the chosen action carried out, a handler per kind
of decision and per kind of answer); this module walks the stack
(:func:`run`), begins each effect (a starter per kind, :data:`STARTS`) and
hands a chosen action to its handler (:func:`decide`).  The parts import one
another, never this module.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from boardgames_tui.engine.game import Event

from . import actions as a
from . import effect_words, futile, ops, said
from . import effects as fx
from .answers import ANSWERS
from .cards import card
from .decision_options import options
from .jobs import (
    child,
    discard_job,
    discarders,
    effect_list,
    effect_of,
    pop,
    settle,
)
from .model import TyrantsState, name, tally
from .pending import (
    ActJob,
    ChooseJob,
    Decision,
    DiscardJob,
    ListJob,
    PayJob,
    RepeatJob,
    evolve,
    make,
)
from .targets import (
    holds,
    others,
)

__all__ = ["decide", "effect_of", "give_up", "promote_top", "run", "start"]


# ------------------------------------------------------------------ the walk
def run(state: TyrantsState, events: list[Event]) -> None:
    """Resolve until a decision is needed or nothing is pending.  The
    actions offered for the decision it stops at are kept on the state
    (``offered``): listing them is the walk's last step, and
    ``legal_actions`` would only list them again."""
    jobs = state.jobs
    while jobs:
        job = jobs[-1]
        if isinstance(job, ListJob):
            walk_list(state, job, events)
            continue
        if isinstance(job, RepeatJob):
            if job.left <= 0:
                pop(state)
                continue
            jobs[-1] = evolve(job, left=job.left - 1)
            jobs.append(child(job, ListJob, job.path))
            continue
        found = options(state)
        if not found:
            give_up(state, job, events)
            continue
        if (
            len(found) == 1
            and isinstance(job, ActJob | DiscardJob)
            and not isinstance(found[0], a.Stop)
        ):
            decide(state, found[0], events)
            return
        state.offered = found
        return


def walk_list(state: TyrantsState, job: ListJob, events: list[Event]) -> None:
    """Start the list job's effects in order, until one of them puts a job
    on the stack (then the list job on top of which it sits says where to
    go on from) or the list is done (then it is finished)."""
    jobs = state.jobs
    depth = len(jobs)
    effects = effect_list(job.card, job.path)
    at = job.at
    count = len(effects)
    while at < count:
        index = at
        at += 1
        start(state, job, index, effects[index], events)
        if len(jobs) != depth:
            jobs[depth - 1] = evolve(job, at=at)
            return
    if not job.path and job.origin in ("market", "inner_circle"):
        settle(state, job, events)
    pop(state)


def start(state: TyrantsState, job: ListJob, index: int, effect: Any, events: list[Event]) -> None:
    """Begin one effect of a list job: the effect's starter (:data:`STARTS`),
    or for a targeted effect a decision for its first target."""
    begin = STARTS.get(type(effect))
    if begin is not None:
        begin(state, job, index, effect, events)
        return
    seat = job.seat
    count = getattr(effect, "count", 1)
    if isinstance(effect, fx.Assassinate) and effect.per is not None:
        count = tally(state, seat, effect.per)
        if count <= 0:
            events.append(Event(text=f"{card(job.card).name}: nothing to assassinate.", seat=seat))
            return
    if isinstance(effect, fx.PromotePlayed) and effect.any_number:
        count = len(state.players[seat].played)
    state.jobs.append(child(job, ActJob, job.path, at=index, left=count))


Starter = Callable[[TyrantsState, ListJob, int, Any, list[Event]], None]


def gain_power(
    state: TyrantsState, job: ListJob, index: int, effect: fx.GainPower, events: list[Event]
) -> None:
    seat = job.seat
    amount = effect.amount
    if effect.per is not None:
        amount *= tally(state, seat, effect.per) // effect.every
    state.players[seat].power += amount
    events.append(gained(state.seats[seat].name, amount, "power", seat))


def gain_influence(
    state: TyrantsState, job: ListJob, index: int, effect: fx.GainInfluence, events: list[Event]
) -> None:
    seat = job.seat
    amount = effect.amount
    state.players[seat].influence += amount
    events.append(gained(state.seats[seat].name, amount, "influence", seat))


gained = said.gains


def gain_vp(
    state: TyrantsState, job: ListJob, index: int, effect: fx.GainVP, events: list[Event]
) -> None:
    amount = effect.amount
    if effect.per is not None:
        amount *= tally(state, job.seat, effect.per) // effect.every
    events.extend(ops.gain_vp(state, job.seat, amount, f"from {card(job.card).name}"))


def draw(
    state: TyrantsState, job: ListJob, index: int, effect: fx.Draw, events: list[Event]
) -> None:
    count = effect.count
    if effect.per is not None:
        count *= tally(state, job.seat, effect.per)
    events.extend(ops.draw(state, job.seat, count))


def reaction_only(
    state: TyrantsState, job: ListJob, index: int, effect: fx.WhenDiscarded, events: list[Event]
) -> None:
    """A reaction: it acts only when an opponent makes the owner discard the card."""


def open_devoured(
    state: TyrantsState, job: ListJob, index: int, effect: fx.OpenDevoured, events: list[Event]
) -> None:
    state.devoured_open = True
    top = f" (now {card(state.devoured[-1]).name})" if state.devoured else ""
    events.append(
        Event(
            text=f"For the rest of the turn the top card of the devoured pile{top} counts as a market card.",
            seat=job.seat,
        )
    )


def force_discards(
    state: TyrantsState, job: ListJob, index: int, effect: fx.ForceDiscard, events: list[Event]
) -> None:
    """Every opponent the effect names discards (an opponent the player
    chooses is a target, asked like one)."""
    if effect.who == "an_opponent":
        state.jobs.append(child(job, ActJob, job.path, at=index, left=1))
        return
    victims = discarders(state, job, effect)
    if not victims:
        events.append(Event(text=f"{card(job.card).name}: nobody has to discard.", seat=job.seat))
    for victim in reversed(victims):
        state.jobs.append(discard_job(job, index, victim))


def promote(
    state: TyrantsState, job: ListJob, index: int, effect: fx.Promote, events: list[Event]
) -> None:
    """The deck's top card is promoted at once; any other is chosen."""
    if effect.source == "deck_top":
        promote_top(state, job.seat, events)
        return
    state.jobs.append(child(job, ActJob, job.path, at=index, left=effect.count))


def give_outcasts(
    state: TyrantsState, job: ListJob, index: int, effect: fx.GiveOutcast, events: list[Event]
) -> None:
    """To the seat itself or to every opponent at once; to one opponent, chosen."""
    seat = job.seat
    if effect.to not in ("self", "each_opponent"):
        state.jobs.append(child(job, ActJob, job.path, at=index, left=effect.count))
        return
    takers = [seat] if effect.to == "self" else others(state, seat)
    for _ in range(effect.count):
        for taker in takers:
            events.extend(ops.give_outcast(state, seat, taker))


def return_to_supply(
    state: TyrantsState, job: ListJob, index: int, effect: fx.ReturnToSupply, events: list[Event]
) -> None:
    seat = job.seat
    p = state.players[seat]
    if 0 <= job.source < len(p.played) and p.played[job.source] == job.card:
        p.played[job.source] = None
        state.piles[job.card] = state.piles.get(job.card, 0) + 1
        events.append(
            Event(
                text=f"{name(state, seat)} puts {card(job.card).name} back on its pile.", seat=seat
            )
        )


def discard_deck(
    state: TyrantsState, job: ListJob, index: int, effect: fx.DiscardDeck, events: list[Event]
) -> None:
    seat = job.seat
    p = state.players[seat]
    n = len(p.deck)
    p.discard.extend(p.deck)
    p.deck = []
    events.append(
        Event(
            text=f"{name(state, seat)} puts their deck ({ops._plural(n, 'card')}) onto their discard pile.",
            seat=seat,
        )
    )


def choose(
    state: TyrantsState, job: ListJob, index: int, effect: fx.Choose, events: list[Event]
) -> None:
    state.jobs.append(child(job, ChooseJob, job.path, at=index))


def pay(state: TyrantsState, job: ListJob, index: int, effect: fx.Pay, events: list[Event]) -> None:
    state.jobs.append(child(job, PayJob, job.path, at=index))


def then(
    state: TyrantsState, job: ListJob, index: int, effect: fx.Then, events: list[Event]
) -> None:
    """Both parts start with a frame of their own; the first hands its to
    the second when it is done."""
    here = job.path + (index,)
    state.jobs.append(child(job, ListJob, here + (1,), fresh=True))
    state.jobs.append(child(job, ListJob, here + (0,), fresh=True))


def if_(state: TyrantsState, job: ListJob, index: int, effect: fx.If, events: list[Event]) -> None:
    if holds(state, job, effect.condition, events):
        state.jobs.append(child(job, ListJob, job.path + (index, 0)))


def at_end_of_turn(
    state: TyrantsState, job: ListJob, index: int, effect: fx.AtEndOfTurn, events: list[Event]
) -> None:
    state.players[job.seat].end_of_turn.append(child(job, ListJob, job.path + (index, 0)))


def repeat(
    state: TyrantsState, job: ListJob, index: int, effect: fx.Repeat, events: list[Event]
) -> None:
    state.jobs.append(child(job, RepeatJob, job.path + (index, 0), left=effect.times))


#: How each effect that is not a target to choose begins, by its type (a
#: targeted effect, any other, asks for its first target).
STARTS: dict[type, Starter] = {
    fx.GainPower: gain_power,
    fx.GainInfluence: gain_influence,
    fx.GainVP: gain_vp,
    fx.Draw: draw,
    fx.WhenDiscarded: reaction_only,
    fx.OpenDevoured: open_devoured,
    fx.ForceDiscard: force_discards,
    fx.Promote: promote,
    fx.GiveOutcast: give_outcasts,
    fx.ReturnToSupply: return_to_supply,
    fx.DiscardDeck: discard_deck,
    fx.Choose: choose,
    fx.Pay: pay,
    fx.Then: then,
    fx.If: if_,
    fx.AtEndOfTurn: at_end_of_turn,
    fx.Repeat: repeat,
}


#: The starters that never put a job on the stack: a card made of these
#: alone resolves at once, start to end (:func:`play_at_once`).
AT_ONCE = frozenset((fx.GainPower, fx.GainInfluence, fx.GainVP, fx.Draw, fx.WhenDiscarded))


@cache
def at_once(card_id: str) -> tuple[tuple[Starter, Any], ...] | None:
    """The starters of ``card_id``'s effects with each effect, when every one
    of them resolves at once (the starting decks' Nobles and Soldiers, most
    played of all); else None."""
    effects = card(card_id).effects
    if any(type(effect) not in AT_ONCE for effect in effects):
        return None
    return tuple((STARTS[type(effect)], effect) for effect in effects)


#: The list job of a card played at once, by (seat, card, place in the play
#: area): jobs never change once made, so one serves every such play.
_PLAYED: dict[tuple[int, str, int], ListJob] = {}

#: What a plain effect (:func:`plain`) does: power or influence gained,
#: cards drawn, VP gained.
_POWER, _INFLUENCE, _DRAW, _VP = range(4)
#: :func:`plain` of each card met.
_PLAIN: dict[str, tuple[tuple[int, int, str], ...] | None] = {}
_UNSET = object()


def plain(card_id: str) -> tuple[tuple[int, int, str], ...] | None:
    """For a card whose every effect gains a fixed amount of power,
    influence or VP or draws a fixed number of cards (or is a reaction to a
    discard, which does nothing when played), what each does in order: the
    kind (:data:`_POWER` and the others), the amount and, for VP, the words
    of why; else None.  These are the starters :func:`gain_power`,
    :func:`gain_influence`, :func:`gain_vp`, :func:`draw` and
    :func:`reaction_only` with no tally to count: none of them reads the
    job stack, so the card is played without one (the starting decks'
    Nobles and Soldiers, a third of all actions)."""
    found = _PLAIN.get(card_id, _UNSET)
    if found is not _UNSET:
        return found  # type: ignore[return-value]
    steps: list[tuple[int, int, str]] = []
    result: tuple[tuple[int, int, str], ...] | None = None
    source = card(card_id)
    for effect in source.effects:
        if isinstance(effect, fx.GainPower) and effect.per is None:
            steps.append((_POWER, effect.amount, ""))
        elif isinstance(effect, fx.GainInfluence):
            steps.append((_INFLUENCE, effect.amount, ""))
        elif isinstance(effect, fx.Draw) and effect.per is None:
            steps.append((_DRAW, effect.count, ""))
        elif isinstance(effect, fx.GainVP) and effect.per is None:
            steps.append((_VP, effect.amount, f"from {source.name}"))
        elif not isinstance(effect, fx.WhenDiscarded):
            break
    else:
        result = tuple(steps)
    _PLAIN[card_id] = result
    return result


#: :func:`gains_only` of each player, card and seat met.
GAINS: dict[tuple[str, str, int], tuple[int, int, tuple[Event, ...]] | None] = {}


def gains_only(who: str, card_id: str, seat: int) -> tuple[int, int, tuple[Event, ...]] | None:
    """For a card whose effects only gain a fixed amount of power or
    influence (:func:`plain`'s power and influence alone: the starting
    Nobles and Soldiers, one action in three), played from the hand by
    ``who`` at ``seat`` with no job on the stack: the power and the
    influence it gains and its events (the play, then each gain in order,
    as :func:`play_at_once` says them); else None.  Kept in
    :data:`GAINS`, which ``rules.main_action`` reads first."""
    key = (who, card_id, seat)
    found = GAINS.get(key, _UNSET)
    if found is not _UNSET:
        return found  # type: ignore[return-value]
    steps = plain(card_id)
    result: tuple[int, int, tuple[Event, ...]] | None = None
    if steps is not None and all(kind in (_POWER, _INFLUENCE) for kind, _, _ in steps):
        power = sum(amount for kind, amount, _ in steps if kind == _POWER)
        influence = sum(amount for kind, amount, _ in steps if kind == _INFLUENCE)
        said_now = [said.plays(who, card_id, seat)]
        for kind, amount, _ in steps:
            said_now.append(gained(who, amount, "power" if kind == _POWER else "influence", seat))
        result = (power, influence, tuple(said_now))
    if len(GAINS) >= 1 << 12:
        GAINS.clear()
    GAINS[key] = result
    return result


def play_at_once(
    state: TyrantsState, seat: int, card_id: str, source: int, events: list[Event]
) -> bool:
    """Resolve a card played from the hand with no job below it, when its
    effects all resolve at once (:func:`at_once`): the same starters in the
    same order as :func:`run`'s walk of its list, without the walk (and for
    a card of plain gains and draws, :func:`plain`, without a job on the
    stack either).  False, having done nothing, for any other card."""
    if state.jobs:
        return False
    known: Any = _PLAIN.get(card_id, _UNSET)
    quick = plain(card_id) if known is _UNSET else known
    if quick is not None:
        p = state.players[seat]
        who = state.seats[seat].name
        for kind, amount, why in quick:
            if kind == _POWER:
                p.power += amount
                events.append(gained(who, amount, "power", seat))
            elif kind == _INFLUENCE:
                p.influence += amount
                events.append(gained(who, amount, "influence", seat))
            elif kind == _DRAW:
                events.extend(ops.draw(state, seat, amount))
            else:
                events.extend(ops.gain_vp(state, seat, amount, why))
        return True
    steps = at_once(card_id)
    if steps is None:
        return False
    key = (seat, card_id, source)
    job = _PLAYED.get(key)
    if job is None:
        job = _PLAYED[key] = make(ListJob, seat=seat, card=card_id, source=source)
    jobs = state.jobs
    jobs.append(job)
    for index, (begin, effect) in enumerate(steps):
        begin(state, job, index, effect, events)
    jobs.pop()
    return True


def promote_top(state: TyrantsState, seat: int, events: list[Event]) -> None:
    """Promote the top card of the deck (the discard pile is shuffled in
    first when the deck is empty, as for a draw: ruling R-TOP)."""
    p = state.players[seat]
    if not p.deck and p.discard:
        p.deck, p.discard = p.discard, []
        state.rng.shuffle(p.deck)
        events.append(said.shuffles(state.seats[seat].name, seat))
    if not p.deck:
        events.append(Event(text=f"{name(state, seat)} has no card to promote.", seat=seat))
        return
    top = p.deck.pop()
    events.append(
        Event(
            text=f"{name(state, seat)} turns over {card(top).name} from their deck.",
            seat=seat,
            reveals=True,
        )
    )
    events.extend(ops.to_inner_circle(state, seat, top))


def give_up(state: TyrantsState, job: Decision, events: list[Event]) -> None:
    """A decision with nothing to choose: a deploy with an empty barracks
    turns into VP; anything else is lost (ruling R-NO-TARGET)."""
    if type(job) is DiscardJob:
        events.append(Event(text=f"{name(state, job.seat)} has no card to discard.", seat=job.seat))
    elif type(job) is PayJob and job.done == 0:
        # The cost cannot be paid, or would buy nothing (ruling R-FUTILE).
        reason = futile.pay(state, job, effect_of(job)) or "nothing to pay for"
        events.append(
            Event(text=f"{card(job.card).name}: {reason}, so nothing is paid.", seat=job.seat)
        )
    elif type(job) is ActJob:
        effect = effect_of(job)
        if isinstance(effect, fx.Deploy) and state.players[job.seat].troops == 0:
            events.extend(
                ops.gain_vp(state, job.seat, job.left, "instead of deploying (empty barracks)")
            )
        elif isinstance(effect, fx.ForceDiscard):
            events.append(
                Event(text=f"{card(job.card).name}: no opponent has to discard.", seat=job.seat)
            )
        elif job.holding is None:
            source = card(job.card).name
            events.append(
                Event(
                    text=lambda: f"{source}: nothing to {effect_words.effect_text(effect)}.",
                    seat=job.seat,
                )
            )
    pop(state)


# --------------------------------------------------------------- decisions
def decide(state: TyrantsState, action: a.TyrantsAction, events: list[Event]) -> None:
    """Carry out the action chosen for the decision on top (its kind's
    handler, :data:`.answers.ANSWERS`), then resolve on."""
    job = state.jobs[-1]
    ANSWERS[type(job)](state, job, action, events)
    run(state, events)
