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

The interpreter is in parts, every name re-exported here: ``jobs`` (the job
stack: addresses of effects, child jobs, finishing a job), ``targets`` (where
and at whom an effect may act, and its conditions), ``decision_options`` (the
actions for the decision on top); this module walks the stack (:func:`run`),
begins each effect and carries out the chosen actions (:func:`decide`).  The
parts import one another, never this module.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.game import Event

from . import actions as a
from . import effect_words, ops
from . import effects as fx
from .cards import card, reaction
from .decision_options import (
    devoured_top,
    free_recruits,
    options,
    trophy_halls,
)
from .jobs import (
    child,
    discard_job,
    discarders,
    effect_list,
    effect_of,
    pop,
    settle,
    start_card,
    this_in_play,
)
from .model import (
    WHITE,
    Job,
    TyrantsState,
    name,
    tally,
)
from .targets import (
    deploy_targets,
    distinct,
    empty_spaces,
    enemy_spies,
    enemy_troops,
    holds,
    in_play,
    near_deployed,
    others,
    own_spy_sites,
    spy_sites,
    where,
)

__all__ = [
    "child",
    "decide",
    "deploy_targets",
    "devoured_top",
    "discard_job",
    "discarders",
    "distinct",
    "effect_list",
    "effect_of",
    "empty_spaces",
    "enemy_spies",
    "enemy_troops",
    "force_discard",
    "free_recruits",
    "give_up",
    "holds",
    "in_play",
    "near_deployed",
    "options",
    "others",
    "own_spy_sites",
    "pop",
    "promote_top",
    "recruit_devoured",
    "run",
    "settle",
    "spy_sites",
    "start",
    "start_card",
    "this_in_play",
    "trophy_halls",
    "where",
]


# ------------------------------------------------------------------ the walk
def run(state: TyrantsState, events: list[Event]) -> None:
    """Resolve until a decision is needed or nothing is pending."""
    while state.jobs:
        job = state.jobs[-1]
        if job.kind == "list":
            effects = effect_list(job.card, job.path)
            if job.at >= len(effects):
                if not job.path and job.origin in ("market", "inner_circle"):
                    settle(state, job, events)
                pop(state)
                continue
            index = job.at
            job.at += 1
            start(state, job, index, effects[index], events)
            continue
        if job.kind == "repeat":
            if job.left <= 0:
                pop(state)
                continue
            job.left -= 1
            state.jobs.append(child(job, "list", job.path))
            continue
        found = options(state)
        if not found:
            give_up(state, job, events)
            continue
        if len(found) == 1 and job.kind in ("act", "discard") and not isinstance(found[0], a.Stop):
            decide(state, found[0], events)
            continue
        return


def start(state: TyrantsState, job: Job, index: int, effect: Any, events: list[Event]) -> None:
    """Begin one effect of a list job."""
    seat = job.seat
    p = state.players[seat]
    here = job.path + (index,)
    if isinstance(effect, fx.GainPower):
        amount = effect.amount
        if effect.per is not None:
            amount *= tally(state, seat, effect.per) // effect.every
        p.power += amount
        events.append(Event(text=f"{name(state, seat)} gains {amount} power.", seat=seat))
    elif isinstance(effect, fx.GainInfluence):
        p.influence += effect.amount
        events.append(
            Event(text=f"{name(state, seat)} gains {effect.amount} influence.", seat=seat)
        )
    elif isinstance(effect, fx.GainVP):
        amount = effect.amount
        if effect.per is not None:
            amount *= tally(state, seat, effect.per) // effect.every
        events.extend(ops.gain_vp(state, seat, amount, f"from {card(job.card).name}"))
    elif isinstance(effect, fx.Draw):
        count = effect.count
        if effect.per is not None:
            count *= tally(state, seat, effect.per)
        events.extend(ops.draw(state, seat, count))
    elif isinstance(effect, fx.WhenDiscarded):
        pass  # a reaction: it acts only when an opponent makes the owner discard the card
    elif isinstance(effect, fx.OpenDevoured):
        state.devoured_open = True
        top = f" (now {card(state.devoured[-1]).name})" if state.devoured else ""
        events.append(
            Event(
                text=f"For the rest of the turn the top card of the devoured pile{top} counts as a market card.",
                seat=seat,
            )
        )
    elif isinstance(effect, fx.ForceDiscard) and effect.who != "an_opponent":
        victims = discarders(state, job, effect)
        if not victims:
            events.append(Event(text=f"{card(job.card).name}: nobody has to discard.", seat=seat))
        for victim in reversed(victims):
            state.jobs.append(discard_job(job, index, victim))
    elif isinstance(effect, fx.Promote) and effect.source == "deck_top":
        promote_top(state, seat, events)
    elif isinstance(effect, fx.GiveOutcast) and effect.to in ("self", "each_opponent"):
        takers = [seat] if effect.to == "self" else others(state, seat)
        for _ in range(effect.count):
            for taker in takers:
                events.extend(ops.give_outcast(state, seat, taker))
    elif isinstance(effect, fx.ReturnToSupply):
        if 0 <= job.source < len(p.played) and p.played[job.source] == job.card:
            p.played[job.source] = None
            state.piles[job.card] = state.piles.get(job.card, 0) + 1
            events.append(
                Event(
                    text=f"{name(state, seat)} puts {card(job.card).name} back on its pile.",
                    seat=seat,
                )
            )
    elif isinstance(effect, fx.DiscardDeck):
        n = len(p.deck)
        p.discard.extend(p.deck)
        p.deck = []
        events.append(
            Event(
                text=f"{name(state, seat)} puts their deck ({ops._plural(n, 'card')}) onto their discard pile.",
                seat=seat,
            )
        )
    elif isinstance(effect, fx.Choose):
        state.jobs.append(child(job, "choose", job.path, at=index))
    elif isinstance(effect, fx.Pay):
        state.jobs.append(child(job, "pay", job.path, at=index))
    elif isinstance(effect, fx.Then):
        state.jobs.append(child(job, "list", here + (1,), fresh=True))
        state.jobs.append(child(job, "list", here + (0,), fresh=True))
    elif isinstance(effect, fx.If):
        if holds(state, job, effect.condition, events):
            state.jobs.append(child(job, "list", here + (0,)))
    elif isinstance(effect, fx.AtEndOfTurn):
        p.end_of_turn.append(child(job, "list", here + (0,)))
    elif isinstance(effect, fx.Repeat):
        state.jobs.append(child(job, "repeat", here + (0,), left=effect.times))
    else:
        count = getattr(effect, "count", 1)
        if isinstance(effect, fx.Assassinate) and effect.per is not None:
            count = tally(state, seat, effect.per)
            if count <= 0:
                events.append(
                    Event(text=f"{card(job.card).name}: nothing to assassinate.", seat=seat)
                )
                return
        if isinstance(effect, fx.PromotePlayed) and effect.any_number:
            count = len(p.played)
        state.jobs.append(child(job, "act", job.path, at=index, left=count))


def promote_top(state: TyrantsState, seat: int, events: list[Event]) -> None:
    """Promote the top card of the deck (the discard pile is shuffled in
    first when the deck is empty, as for a draw: ruling R-TOP)."""
    p = state.players[seat]
    if not p.deck and p.discard:
        p.deck, p.discard = p.discard, []
        state.rng.shuffle(p.deck)
        events.append(
            Event(
                text=f"{name(state, seat)} shuffles their discard pile into a new deck.", seat=seat
            )
        )
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


def give_up(state: TyrantsState, job: Job, events: list[Event]) -> None:
    """A decision with nothing to choose: a deploy with an empty barracks
    turns into VP; anything else is lost (ruling R-NO-TARGET)."""
    effect = effect_of(job)
    if job.kind == "act" and isinstance(effect, fx.Deploy) and state.players[job.seat].troops == 0:
        events.extend(
            ops.gain_vp(state, job.seat, job.left, "instead of deploying (empty barracks)")
        )
    elif job.kind == "discard":
        events.append(Event(text=f"{name(state, job.seat)} has no card to discard.", seat=job.seat))
    elif job.kind == "act" and isinstance(effect, fx.ForceDiscard):
        events.append(
            Event(text=f"{card(job.card).name}: no opponent has to discard.", seat=job.seat)
        )
    elif job.kind == "act" and job.holding is None:
        events.append(
            Event(
                text=f"{card(job.card).name}: nothing to {effect_words.effect_text(effect)}.",
                seat=job.seat,
            )
        )
    pop(state)


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


def force_discard(
    state: TyrantsState, job: Job, action: a.DiscardCard, events: list[Event]
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
            Job(
                kind="list",
                seat=seat,
                card=action.card,
                path=(index, 0),
                origin="discarded",
                forcer=job.forcer,
            )
        )


def decide(state: TyrantsState, action: a.TyrantsAction, events: list[Event]) -> None:
    """Carry out the action chosen for the decision on top, then resolve on."""
    job = state.jobs[-1]
    seat = job.seat
    p = state.players[seat]
    effect = effect_of(job)
    if isinstance(action, a.Stop):
        if job.kind == "pay" and job.done == 0:
            events.append(
                Event(
                    text=f"{name(state, seat)} does not pay for {card(job.card).name}.", seat=seat
                )
            )
        elif job.kind == "act" and isinstance(effect, fx.PlaceSpy):
            events.append(
                Event(
                    text=f"{name(state, seat)} has every spy placed and leaves their spies where they are.",
                    seat=seat,
                )
            )
        pop(state)
        run(state, events)
        return
    if job.kind == "discard":
        assert isinstance(action, a.DiscardCard)
        force_discard(state, job, action, events)
        run(state, events)
        return
    if job.kind == "choose":
        assert isinstance(action, a.ChooseOption)
        events.append(
            Event(
                text=f"{name(state, seat)} chooses: {effect_words.effects_text(effect.options[action.option], in_choice=True)}.",
                seat=seat,
            )
        )
        pop(state)
        state.jobs.append(child(job, "list", job.path + (job.at, action.option)))
        run(state, events)
        return
    if job.kind == "pay":
        body = child(job, "list", job.path + (job.at, 0))
        if isinstance(action, a.ReturnOwnSpy):
            events.extend(ops.return_spy(state, seat, action.site, seat))
            body.spy_site = action.site
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
            job.done += 1
        else:
            pop(state)
        state.jobs.append(body)
        run(state, events)
        return
    # act: one target
    if isinstance(action, a.PlayCard):
        # Play a card from the market or the inner circle as if from the hand.
        if effect.source == "market":
            state.market.remove(action.card)
            where = "the market"
        else:
            p.inner_circle.remove(action.card)
            where = "their inner circle"
        p.played.append(action.card)
        events.append(
            Event(
                text=f"{name(state, seat)} plays {card(action.card).name} from {where}.", seat=seat
            )
        )
        pop(state)
        state.jobs.append(
            Job(
                kind="list",
                seat=seat,
                card=action.card,
                source=len(p.played) - 1,
                origin=effect.source,
            )
        )
        run(state, events)
        return
    if isinstance(action, a.MakeDiscard):
        pop(state)
        state.jobs.append(discard_job(job, job.at, action.seat))
        run(state, events)
        return
    finished = True
    if isinstance(action, a.Deploy):
        events.extend(ops.deploy(state, seat, action.space))
        job.deployed.append(action.space)
    elif isinstance(action, a.Assassinate):
        events.extend(ops.assassinate(state, seat, action.space, action.colour))
        job.removed.append(action.colour)
        if effect.one_site:
            job.site = action.space
        if effect.influence_each:
            p.influence += effect.influence_each
            events.append(
                Event(
                    text=f"{name(state, seat)} gains {effect.influence_each} influence.", seat=seat
                )
            )
    elif isinstance(action, a.Supplant):
        events.extend(ops.assassinate(state, seat, action.space, action.colour))
        events.extend(ops.deploy(state, seat, action.space))
        job.removed.append(action.colour)
    elif isinstance(action, a.PlaceSpy):
        events.extend(ops.place_spy(state, seat, action.site))
        job.spy_site = action.site
    elif isinstance(action, a.ReturnOwnSpy):
        # All five were placed: one comes back, to be placed now.
        events.extend(ops.return_spy(state, seat, action.site, seat))
        finished = False
    elif isinstance(action, a.ReturnTroop):
        events.extend(ops.return_troop(state, seat, action.space, action.colour))
    elif isinstance(action, a.ReturnSpy):
        events.extend(ops.return_spy(state, seat, action.site, action.owner))
    elif isinstance(action, a.PickTroop):
        job.holding = (action.space, action.colour)
        finished = False
    elif isinstance(action, a.TakeTrophy):
        job.holding = (str(action.hall), action.colour)
        if effect.halls != "any":
            job.hall = action.hall
        finished = False
    elif isinstance(action, a.MoveTo):
        assert job.holding is not None
        there, colour = job.holding
        job.holding = None
        if isinstance(effect, fx.MoveTroop):
            events.extend(ops.move_troop(state, seat, there, colour, action.space))
        else:
            hall = state.players[int(there)].trophies
            key = "white" if colour == WHITE else str(colour)
            hall[key] -= 1
            if hall[key] == 0:
                del hall[key]
            state.troops[action.space].append(colour)
            events.append(
                Event(
                    text=f"{name(state, seat)} takes a {'white' if colour == WHITE else name(state, colour)} troop "
                    f"from the trophy hall of {name(state, int(there))} and deploys it at {ops.space_name(action.space)}.",
                    seat=seat,
                )
            )
    elif isinstance(action, a.Promote):
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
        events.extend(ops.to_inner_circle(state, seat, action.card))
    elif isinstance(action, a.DevourMarket):
        slot = state.market.index(action.card)
        del state.market[slot]
        events.extend(ops.devour(state, seat, action.card, "the market"))
        if effect.replace_with_this and this_in_play(state, job):
            p.played[job.source] = None
            state.market.insert(slot, job.card)
            events.append(
                Event(
                    text=f"{name(state, seat)} puts {card(job.card).name} into the market in its place.",
                    seat=seat,
                )
            )
        else:
            events.extend(ops.refill_market(state))
    elif isinstance(action, a.Recruit):
        p.discard.append(action.card)
        events.append(
            Event(
                text=f"{name(state, seat)} recruits {card(action.card).name} without paying.",
                seat=seat,
            )
        )
        if action.card in state.piles:
            state.piles[action.card] -= 1
        else:
            state.market.remove(action.card)
            events.extend(ops.refill_market(state))
    elif isinstance(action, a.RecruitDevoured):
        events.extend(recruit_devoured(state, seat, action.card, free=True))
    elif isinstance(action, a.GiveOutcast):
        events.extend(ops.give_outcast(state, seat, action.seat))
    else:  # pragma: no cover - options() offers nothing else
        raise AssertionError(f"{action!r} answers no decision")
    if state.rules >= 2:
        # "When you take control of a site that has a control marker, take
        # that marker": at once, so the rest of the effect sees it.
        events.extend(ops.sync_markers(state))
    if finished:
        job.left -= 1
        if job.left <= 0:
            pop(state)
    run(state, events)
