"""The targets of each kind of targeted Tyrants effect, for the decision
that asks for one (an ``act`` job): each space, troop, spy, card or seat it
may act on now, and stopping where the effect allows fewer targets
(:data:`TARGETS`, a lister per kind of effect); and the cards a free
recruit may take.

A part of the interpreter: ``decision_options.py`` lists a decision's
actions through it, ``futile.py`` asks it whether an effect has anything
to act on, ``answers.py`` carries the chosen target out.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as a
from . import board as bd
from . import effects as fx
from .actions import offer
from .cards import card
from .jobs import this_in_play
from .model import TyrantsState, trophy_colour
from .pending import ActJob
from .targets import (
    deploy_targets,
    distinct,
    empty_spaces,
    enemy_spies,
    enemy_troops,
    in_play,
    near_deployed,
    others,
    own_spy_sites,
    spy_sites,
    where,
)

Options = list[a.TyrantsAction]


# ------------------------------------------------------------------ targets
def with_stop(found: Options, optional: bool) -> Options:
    """``found``, and stopping when the effect lets the player stop."""
    return [*found, offer(a.Stop)] if found and optional else found


def deploy_options(state: TyrantsState, job: ActJob, effect: fx.Deploy) -> Options:
    if state.players[job.seat].troops == 0:
        return []
    return [offer(a.Deploy, s) for s in deploy_targets(state, job.seat)]


def kill_options(state: TyrantsState, job: ActJob, effect: fx.Assassinate | fx.Supplant) -> Options:
    seat = job.seat
    spaces = where(state, seat, effect.at, job.spy_site)
    if job.site is not None:
        spaces = [s for s in spaces if s == job.site]
    elif isinstance(effect, fx.Assassinate) and effect.one_site:
        spaces = [s for s in spaces if bd.is_site(s)]  # ruling R-ONE-SITE
    targets = enemy_troops(state, seat, spaces, white_only=effect.white_only)
    if isinstance(effect, fx.Assassinate):
        kills: Options = [offer(a.Assassinate, s, c) for s, c in targets]
        return with_stop(kills, effect.up_to)
    return [offer(a.Supplant, s, c) for s, c in targets]


def spy_options(state: TyrantsState, job: ActJob, effect: fx.PlaceSpy) -> Options:
    seat = job.seat
    sites = spy_sites(state, seat)
    if sites or state.rules < 2:
        return [offer(a.PlaceSpy, s) for s in sites]
    # All five placed: "you may either do nothing or first return one of
    # your spies and then place it" (ruling R-SPY-MOVE).
    placed = own_spy_sites(state, seat)
    return [*(offer(a.ReturnOwnSpy, s) for s in placed), offer(a.Stop)] if placed else []


def return_options(state: TyrantsState, job: ActJob, effect: fx.ReturnEnemy) -> Options:
    seat = job.seat
    spaces = list(where(state, seat, "presence", None))
    found: Options = []
    if effect.what == "troop_or_spy":
        found += [
            offer(a.ReturnTroop, s, c)
            for s, c in enemy_troops(state, seat, spaces, players_only=True)
        ]
    found += [offer(a.ReturnSpy, s, o) for s, o in enemy_spies(state, seat, spaces)]
    if effect.yours_too:
        found += [offer(a.ReturnTroop, s, seat) for s in in_play(state) if seat in state.troops[s]]
        found += [offer(a.ReturnSpy, s, seat) for s in own_spy_sites(state, seat)]
    return with_stop(found, effect.up_to)


def move_options(state: TyrantsState, job: ActJob, effect: fx.MoveTroop) -> Options:
    seat = job.seat
    if job.holding is not None:
        return [offer(a.MoveTo, s) for s in empty_spaces(state, besides=job.holding[0])]
    empties = empty_spaces(state)
    movable: Options = [
        offer(a.PickTroop, s, c)
        for s, c in enemy_troops(state, seat, where(state, seat, "presence", None))
        if any(e != s for e in empties)
    ]
    return with_stop(movable, effect.up_to)


def trophy_options(state: TyrantsState, job: ActJob, effect: fx.DeployTrophies) -> Options:
    spaces = empty_spaces(state) if effect.at == "anywhere" else deploy_targets(state, job.seat)
    if job.holding is not None:
        return [offer(a.MoveTo, s) for s in spaces]
    if not spaces:
        return []
    taken: Options = [
        offer(a.TakeTrophy, hall, trophy_colour(key))
        for hall in trophy_halls(state, job, effect)
        for key in sorted(state.players[hall].trophies)
        if state.players[hall].trophies[key] > 0 and (key == "white" or not effect.white_only)
    ]
    return with_stop(taken, effect.up_to)


def promote_options(state: TyrantsState, job: ActJob, effect: fx.Promote) -> Options:
    p = state.players[job.seat]
    if effect.source == "discard":
        return [offer(a.Promote, c, None) for c in distinct(p.discard)]
    found: Options = []
    if effect.source == "this" and job.origin == "discarded":
        if job.card in p.discard:
            found = [offer(a.Promote, job.card, "discard")]
    elif this_in_play(state, job):
        found = [offer(a.Promote, job.card, "played")]
    if effect.source == "this_hand_or_discard":
        found += [offer(a.Promote, c, "hand") for c in distinct(p.hand)]
        found += [offer(a.Promote, c, "discard") for c in distinct(p.discard)]
    return with_stop(found, effect.optional)


def promote_played_options(state: TyrantsState, job: ActJob, effect: fx.PromotePlayed) -> Options:
    p = state.players[job.seat]
    found: Options = [
        offer(a.Promote, c, None)
        for c in distinct(
            played
            for i, played in enumerate(p.played)
            if i != job.source
            and played is not None
            and (effect.aspect is None or card(played).aspect == effect.aspect)
            and (effect.minion is None or card(played).minion == effect.minion)
        )
    ]
    return with_stop(found, effect.up_to)


def devour_market_options(state: TyrantsState, job: ActJob, effect: fx.DevourMarket) -> Options:
    found: Options = [offer(a.DevourMarket, c) for c in distinct(state.market)]
    return with_stop(found, effect.optional)


def recruit_options(state: TyrantsState, job: ActJob, effect: fx.RecruitFree) -> Options:
    return free_recruits(state, effect)


def make_discard_options(state: TyrantsState, job: ActJob, effect: fx.ForceDiscard) -> Options:
    """An opponent you choose discards: one holding at least ``min_hand`` cards."""
    return [
        offer(a.MakeDiscard, o)
        for o in others(state, job.seat)
        if state.players[o].hand_size() >= effect.min_hand
    ]


def play_from_options(state: TyrantsState, job: ActJob, effect: fx.PlayFrom) -> Options:
    if effect.source == "inner_circle":
        return [offer(a.PlayCard, c) for c in distinct(state.players[job.seat].inner_circle)]
    limit = effect.max_cost
    return [
        offer(a.PlayCard, c)
        for c in distinct(state.market)
        if limit is None or (card(c).cost or 0) <= limit
    ]


def outcast_options(state: TyrantsState, job: ActJob, effect: fx.GiveOutcast) -> Options:
    if state.piles.get("insane-outcast", 0) <= 0:
        return []
    if effect.to == "an_opponent":
        takers = others(state, job.seat)
    else:
        takers = near_deployed(state, job.seat, job.deployed)
    return [offer(a.GiveOutcast, t) for t in takers]


#: The lister of an effect's targets, by the effect's type.
TARGETS: dict[type, Callable[[TyrantsState, ActJob, Any], Options]] = {
    fx.Deploy: deploy_options,
    fx.Assassinate: kill_options,
    fx.Supplant: kill_options,
    fx.PlaceSpy: spy_options,
    fx.ReturnEnemy: return_options,
    fx.MoveTroop: move_options,
    fx.DeployTrophies: trophy_options,
    fx.Promote: promote_options,
    fx.PromotePlayed: promote_played_options,
    fx.DevourMarket: devour_market_options,
    fx.RecruitFree: recruit_options,
    fx.ForceDiscard: make_discard_options,
    fx.PlayFrom: play_from_options,
    fx.GiveOutcast: outcast_options,
}


def trophy_halls(state: TyrantsState, job: ActJob, effect: fx.DeployTrophies) -> list[int]:
    """The seats whose trophy halls the effect may take from: any (yours
    too), or the one player with a troop at the spy's site chosen by the
    first troop taken (any such player before that)."""
    if effect.halls == "any":
        return list(range(len(state.players)))
    if job.hall is not None:
        return [job.hall]
    site = job.spy_site
    if site is None:
        return []
    return [o for o in others(state, job.seat) if o in state.troops[site]]


def devoured_top(state: TyrantsState) -> str | None:
    """The devoured card that counts as a market card now (Ghost), if any:
    the top one, while it has a cost (a starting card never does)."""
    if not state.devoured_open or not state.devoured:
        return None
    top = state.devoured[-1]
    return top if card(top).cost is not None else None


def free_recruits(state: TyrantsState, effect: fx.RecruitFree) -> Options:
    """The cards a free recruit may take: market cards (and the devoured top
    card while it counts as one), the always-available piles if the card says
    so, of the aspect named and costing at most ``max_cost``."""

    def fits(c: str) -> bool:
        aspect_ok = effect.aspect is None or card(c).aspect == effect.aspect
        return aspect_ok and (card(c).cost or 0) <= effect.max_cost

    found: Options = [offer(a.Recruit, c) for c in distinct(state.market) if fits(c)]
    if effect.piles:
        found += [
            offer(a.Recruit, c)
            for c, left in sorted(state.piles.items())
            if left > 0 and not card(c).back_to_supply and fits(c)
        ]
    top = devoured_top(state)
    if top is not None and fits(top):
        found.append(offer(a.RecruitDevoured, top))
    return with_stop(found, effect.up_to)
