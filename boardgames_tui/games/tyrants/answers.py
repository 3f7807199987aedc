"""A decision answered: the action a player chose for the decision on top of
the job stack, carried out.  Each kind of decision has its handler
(:data:`ANSWERS`, by the job's type); a target of a targeted effect is
carried out by the handler of the kind of action chosen (:data:`TARGETS`).

A handler changes the state and the stack (the decision finished, or
replaced by what it leads to); ``resolve.decide`` then walks on.

A part of the interpreter; ``resolve.py`` calls it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from boardgames_tui.engine.game import Event

from . import actions as a
from . import effect_words, ops
from . import effects as fx
from .cards import card, reaction
from .jobs import child, discard_job, effect_of, pop, this_in_play
from .model import WHITE, TyrantsState, name, trophy_key
from .pending import ActJob, ChooseJob, DiscardJob, ListJob, PayJob, evolve

Answer = Callable[[TyrantsState, Any, Any, list[Event]], None]


# ---------------------------------------------------------------- decisions
def choose(
    state: TyrantsState, job: ChooseJob, action: a.ChooseOption, events: list[Event]
) -> None:
    """The option chosen is carried out in the choice's place."""
    option = effect_of(job).options[action.option]
    who = state.seats[job.seat].name
    events.append(
        Event(
            text=lambda: f"{who} chooses: {effect_words.effects_text(option, in_choice=True)}.",
            seat=job.seat,
        )
    )
    pop(state)
    state.jobs.append(child(job, ListJob, job.path + (job.at, action.option)))


def discard(
    state: TyrantsState, job: DiscardJob, action: a.DiscardCard, events: list[Event]
) -> None:
    force_discard(state, job, action, events)


def pay(state: TyrantsState, job: PayJob, action: a.TyrantsAction, events: list[Event]) -> None:
    """The cost paid, then the effects it buys; or declined.  Where any
    number of spies may be returned, the decision stays for the next one."""
    seat = job.seat
    p = state.players[seat]
    effect = effect_of(job)
    if isinstance(action, a.Stop):
        if job.done == 0:
            events.append(
                Event(
                    text=f"{name(state, seat)} does not pay for {card(job.card).name}.", seat=seat
                )
            )
        pop(state)
        return
    body = child(job, ListJob, job.path + (job.at, 0))
    if isinstance(action, a.ReturnOwnSpy):
        events.extend(ops.return_spy(state, seat, action.site, seat))
        body = evolve(body, spy_site=action.site)
    elif isinstance(action, a.DevourCard):
        if effect.cost.source == "this":
            p.played[job.source] = None
            events.extend(ops.devour(state, seat, action.card, "play"))
        elif effect.cost.source == "hand":
            p.hand.remove(action.card)
            events.extend(ops.devour(state, seat, action.card, "their hand"))
        else:
            p.inner_circle.remove(action.card)
            events.extend(ops.devour(state, seat, action.card, "their inner circle"))
    else:
        assert isinstance(action, a.DiscardCard)
        p.hand.remove(action.card)
        p.discard.append(action.card)
        events.append(
            Event(text=f"{name(state, seat)} discards {card(action.card).name}.", seat=seat)
        )
    if isinstance(effect.cost, fx.ReturnOwnSpy) and effect.cost.any_number:
        state.jobs[-1] = evolve(job, done=job.done + 1)
    else:
        pop(state)
    state.jobs.append(body)


def act(state: TyrantsState, job: ActJob, action: a.TyrantsAction, events: list[Event]) -> None:
    """One target of the effect: its handler (:data:`TARGETS`) carries it
    out and says whether it was a whole target (a troop picked up is half a
    move); the markers follow control at once (ruling R-MARKER), and the
    effect ends when no target is left."""
    effect = effect_of(job)
    done = TARGETS[type(action)](state, job, effect, action, events)
    if done is None:
        return
    job, finished = done
    if state.rules >= 2:
        # "When you take control of a site that has a control marker, take
        # that marker": at once, so the rest of the effect sees it.
        events.extend(ops.sync_markers(state))
    if finished:
        job = evolve(job, left=job.left - 1)
    state.jobs[-1] = job
    if finished and job.left <= 0:
        pop(state)


#: The handler of each kind of decision, by the job's type.
ANSWERS: dict[type, Answer] = {
    ChooseJob: choose,
    DiscardJob: discard,
    PayJob: pay,
    ActJob: act,
}


def force_discard(
    state: TyrantsState, job: DiscardJob, action: a.DiscardCard, events: list[Event]
) -> None:
    """The forced discard is made: the card goes onto the seat's discard
    pile, and a card that reacts to an opponent making its owner discard it
    (Grimlock, Ambassador, Umber Hulk) starts its reaction."""
    seat = job.seat
    p = state.players[seat]
    p.hand.remove(action.card)
    p.discard.append(action.card)
    who = name(state, job.forcer) if job.forcer is not None else "a card"
    events.append(
        Event(
            text=f"{name(state, seat)} discards {card(action.card).name} "
            f"({card(job.card).name} of {who}).",
            seat=seat,
            reveals=True,
        )
    )
    pop(state)
    index = reaction(action.card)
    if index is not None and job.forcer is not None and job.forcer != seat:
        events.append(
            Event(
                text=f"{card(action.card).name} of {name(state, seat)} reacts to the discard.",
                seat=seat,
            )
        )
        state.jobs.append(
            ListJob(
                seat=seat,
                card=action.card,
                path=(index, 0),
                origin="discarded",
                forcer=job.forcer,
            )
        )


def recruit_devoured(state: TyrantsState, seat: int, card_id: str, free: bool) -> list[Event]:
    """Recruit the top devoured card into the seat's discard pile."""
    state.devoured.pop()
    state.players[seat].discard.append(card_id)
    how = "without paying" if free else f"for {card(card_id).cost} influence"
    return [
        Event(
            text=f"{name(state, seat)} recruits {card(card_id).name} from the devoured pile {how}.",
            seat=seat,
        )
    ]


# ------------------------------------------------------------------ targets
#: What a target's handler gives back: the decision as it stands after it,
#: and whether a whole target was taken; None when the handler has already
#: replaced the decision on the stack.
Done = tuple[ActJob, bool] | None
Target = Callable[[TyrantsState, ActJob, Any, Any, list[Event]], Done]


def stop(
    state: TyrantsState, job: ActJob, effect: Any, action: a.Stop, events: list[Event]
) -> Done:
    """No more targets ("up to"), or with all five spies out none moved."""
    if isinstance(effect, fx.PlaceSpy):
        events.append(
            Event(
                text=f"{name(state, job.seat)} has every spy placed and leaves their spies where they are.",
                seat=job.seat,
            )
        )
    pop(state)
    return None


def play_from(
    state: TyrantsState, job: ActJob, effect: fx.PlayFrom, action: a.PlayCard, events: list[Event]
) -> Done:
    """Play a card from the market or the inner circle as if from the hand."""
    seat = job.seat
    p = state.players[seat]
    if effect.source == "market":
        state.market.remove(action.card)
        where = "the market"
    else:
        p.inner_circle.remove(action.card)
        where = "their inner circle"
    p.played.append(action.card)
    events.append(
        Event(text=f"{name(state, seat)} plays {card(action.card).name} from {where}.", seat=seat)
    )
    pop(state)
    state.jobs.append(
        ListJob(seat=seat, card=action.card, source=len(p.played) - 1, origin=effect.source)
    )
    return None


def make_discard(
    state: TyrantsState, job: ActJob, effect: Any, action: a.MakeDiscard, events: list[Event]
) -> Done:
    pop(state)
    state.jobs.append(discard_job(job, job.at, action.seat))
    return None


def deploy(
    state: TyrantsState, job: ActJob, effect: Any, action: a.Deploy, events: list[Event]
) -> Done:
    events.extend(ops.deploy(state, job.seat, action.space))
    return evolve(job, deployed=(*job.deployed, action.space)), True


def assassinate(
    state: TyrantsState,
    job: ActJob,
    effect: fx.Assassinate,
    action: a.Assassinate,
    events: list[Event],
) -> Done:
    seat = job.seat
    events.extend(ops.assassinate(state, seat, action.space, action.colour))
    changes: dict[str, Any] = {"removed": (*job.removed, action.colour)}
    if effect.one_site:
        changes["site"] = action.space
    if effect.influence_each:
        state.players[seat].influence += effect.influence_each
        events.append(
            Event(text=f"{name(state, seat)} gains {effect.influence_each} influence.", seat=seat)
        )
    return evolve(job, **changes), True


def supplant(
    state: TyrantsState, job: ActJob, effect: Any, action: a.Supplant, events: list[Event]
) -> Done:
    events.extend(ops.assassinate(state, job.seat, action.space, action.colour))
    events.extend(ops.deploy(state, job.seat, action.space))
    return evolve(job, removed=(*job.removed, action.colour)), True


def place_spy(
    state: TyrantsState, job: ActJob, effect: Any, action: a.PlaceSpy, events: list[Event]
) -> Done:
    events.extend(ops.place_spy(state, job.seat, action.site))
    return evolve(job, spy_site=action.site), True


def return_own_spy(
    state: TyrantsState, job: ActJob, effect: Any, action: a.ReturnOwnSpy, events: list[Event]
) -> Done:
    """All five were placed: one comes back, to be placed now."""
    events.extend(ops.return_spy(state, job.seat, action.site, job.seat))
    return job, False


def return_troop(
    state: TyrantsState, job: ActJob, effect: Any, action: a.ReturnTroop, events: list[Event]
) -> Done:
    events.extend(ops.return_troop(state, job.seat, action.space, action.colour))
    return job, True


def return_spy(
    state: TyrantsState, job: ActJob, effect: Any, action: a.ReturnSpy, events: list[Event]
) -> Done:
    events.extend(ops.return_spy(state, job.seat, action.site, action.owner))
    return job, True


def pick_troop(
    state: TyrantsState, job: ActJob, effect: Any, action: a.PickTroop, events: list[Event]
) -> Done:
    """First half of a move: the troop picked up."""
    return evolve(job, holding=(action.space, action.colour)), False


def take_trophy(
    state: TyrantsState,
    job: ActJob,
    effect: fx.DeployTrophies,
    action: a.TakeTrophy,
    events: list[Event],
) -> Done:
    """First half of a trophy deployed: the troop taken (from one hall on,
    where the card takes from one)."""
    changes: dict[str, Any] = {"holding": (str(action.hall), action.colour)}
    if effect.halls != "any":
        changes["hall"] = action.hall
    return evolve(job, **changes), False


def move_to(
    state: TyrantsState, job: ActJob, effect: Any, action: a.MoveTo, events: list[Event]
) -> Done:
    """Second half: the troop picked up (moved, or taken from a trophy hall)
    goes to the space chosen."""
    assert job.holding is not None
    seat = job.seat
    there, colour = job.holding
    if isinstance(effect, fx.MoveTroop):
        events.extend(ops.move_troop(state, seat, there, colour, action.space))
    else:
        hall = state.players[int(there)].trophies
        key = trophy_key(colour)
        hall[key] -= 1
        if hall[key] == 0:
            del hall[key]
        ops.add_troop(state, action.space, colour)
        troop = "white" if colour == WHITE else name(state, colour)
        events.append(
            Event(
                text=f"{name(state, seat)} takes a {troop} troop "
                f"from the trophy hall of {name(state, int(there))} and deploys it at {ops.space_name(action.space)}.",
                seat=seat,
            )
        )
    return evolve(job, holding=None), True


def promote(
    state: TyrantsState, job: ActJob, effect: Any, action: a.Promote, events: list[Event]
) -> Done:
    p = state.players[job.seat]
    if isinstance(effect, fx.PromotePlayed):
        index = next(i for i, c in enumerate(p.played) if c == action.card and i != job.source)
        p.played[index] = None
    elif action.pile == "played":
        p.played[job.source] = None
    elif action.pile == "hand":
        p.hand.remove(action.card)
    else:
        # the copy just discarded (a reaction) is the last one
        last = len(p.discard) - 1 - p.discard[::-1].index(action.card)
        del p.discard[last]
    events.extend(ops.to_inner_circle(state, job.seat, action.card))
    return job, True


def devour_market(
    state: TyrantsState,
    job: ActJob,
    effect: fx.DevourMarket,
    action: a.DevourMarket,
    events: list[Event],
) -> Done:
    seat = job.seat
    slot = state.market.index(action.card)
    del state.market[slot]
    events.extend(ops.devour(state, seat, action.card, "the market"))
    if effect.replace_with_this and this_in_play(state, job):
        state.players[seat].played[job.source] = None
        state.market.insert(slot, job.card)
        events.append(
            Event(
                text=f"{name(state, seat)} puts {card(job.card).name} into the market in its place.",
                seat=seat,
            )
        )
    else:
        events.extend(ops.refill_market(state))
    return job, True


def recruit(
    state: TyrantsState, job: ActJob, effect: Any, action: a.Recruit, events: list[Event]
) -> Done:
    seat = job.seat
    state.players[seat].discard.append(action.card)
    events.append(
        Event(
            text=f"{name(state, seat)} recruits {card(action.card).name} without paying.", seat=seat
        )
    )
    if action.card in state.piles:
        state.piles[action.card] -= 1
    else:
        state.market.remove(action.card)
        events.extend(ops.refill_market(state))
    return job, True


def recruit_from_devoured(
    state: TyrantsState, job: ActJob, effect: Any, action: a.RecruitDevoured, events: list[Event]
) -> Done:
    events.extend(recruit_devoured(state, job.seat, action.card, free=True))
    return job, True


def give_outcast(
    state: TyrantsState, job: ActJob, effect: Any, action: a.GiveOutcast, events: list[Event]
) -> Done:
    events.extend(ops.give_outcast(state, job.seat, action.seat))
    return job, True


#: The handler of each kind of answer to a targeted effect, by the action's type.
TARGETS: dict[type, Target] = {
    a.Stop: stop,
    a.PlayCard: play_from,
    a.MakeDiscard: make_discard,
    a.Deploy: deploy,
    a.Assassinate: assassinate,
    a.Supplant: supplant,
    a.PlaceSpy: place_spy,
    a.ReturnOwnSpy: return_own_spy,
    a.ReturnTroop: return_troop,
    a.ReturnSpy: return_spy,
    a.PickTroop: pick_troop,
    a.TakeTrophy: take_trophy,
    a.MoveTo: move_to,
    a.Promote: promote,
    a.DevourMarket: devour_market,
    a.Recruit: recruit,
    a.RecruitDevoured: recruit_from_devoured,
    a.GiveOutcast: give_outcast,
}
