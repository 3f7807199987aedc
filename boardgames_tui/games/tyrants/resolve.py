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
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from boardgames_tui.engine.game import Event

from . import actions as a
from . import board as bd
from . import effect_words, ops
from . import effects as fx
from .cards import card, reaction
from .model import (
    WHITE,
    Job,
    TyrantsState,
    free,
    has_troops_on_board,
    name,
    presence,
    tally,
    trophy_colour,
)


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
    """The effect a decision job is resolving."""
    return effect_list(job.card, job.path)[job.at]


def child(job: Job, kind: Any, path: tuple[int, ...], fresh: bool = False, **more: Any) -> Job:
    return Job(
        kind=kind,
        seat=job.seat,
        card=job.card,
        source=job.source,
        path=path,
        spy_site=None if fresh else job.spy_site,
        deployed=[] if fresh else list(job.deployed),
        removed=[] if fresh else list(job.removed),
        origin=job.origin,
        forcer=job.forcer,
        **more,
    )


def start_card(state: TyrantsState, seat: int, card_id: str, source: int) -> None:
    state.jobs.append(Job(kind="list", seat=seat, card=card_id, source=source))


def pop(state: TyrantsState) -> None:
    """Finish the top job; what it set up is handed to the job below (a
    ``then``'s second list sees its first list's spy and troops), when that
    job resolves the same card for the same seat (a forced discard and a
    reaction to it set up nothing for the card that caused them)."""
    done = state.jobs.pop()
    if state.jobs and done.kind != "discard":
        below = state.jobs[-1]
        if below.seat == done.seat and below.card == done.card:
            below.spy_site = done.spy_site
            below.deployed = done.deployed
            below.removed = done.removed


def this_in_play(state: TyrantsState, job: Job) -> bool:
    """Whether "this card" is still where it was played (not devoured,
    promoted or put in the market by its own effect)."""
    played = state.players[job.seat].played
    return 0 <= job.source < len(played) and played[job.source] == job.card


def discard_job(job: Job, index: int, victim: int) -> Job:
    """A forced discard: ``victim`` discards a card, made to by ``job``'s seat."""
    forced = child(job, "discard", job.path, at=index)
    forced.seat = victim
    forced.forcer = job.seat
    return forced


def discarders(state: TyrantsState, job: Job, effect: fx.ForceDiscard) -> list[int]:
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


def settle(state: TyrantsState, job: Job, events: list[Event]) -> None:
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


# ----------------------------------------------------------------- targets
def in_play(state: TyrantsState) -> tuple[str, ...]:
    return bd.board_map(len(state.players), state.side).spaces


def deploy_targets(state: TyrantsState, seat: int) -> list[str]:
    """Spaces with presence and an empty troop space; anywhere with an empty
    troop space when the player has no troop on the board."""
    spaces = [s for s in in_play(state) if free(state, s) > 0]
    if not has_troops_on_board(state, seat):
        return spaces
    near = presence(state, seat)
    return [s for s in spaces if s in near]


def where(state: TyrantsState, seat: int, scope: str, spy_site: str | None) -> Iterable[str]:
    if scope == "anywhere":
        return in_play(state)
    if scope == "spy_site":
        return [spy_site] if spy_site is not None else []
    near = presence(state, seat)
    return [s for s in in_play(state) if s in near]


def enemy_troops(
    state: TyrantsState,
    seat: int,
    spaces: Iterable[str],
    white_only: bool = False,
    players_only: bool = False,
) -> list[tuple[str, int]]:
    """(space, colour) of every enemy troop colour at those spaces."""
    found: list[tuple[str, int]] = []
    for space in spaces:
        for colour in sorted(set(state.troops[space])):
            if colour == seat:
                continue
            if white_only and colour != WHITE:
                continue
            if players_only and colour == WHITE:
                continue
            found.append((space, colour))
    return found


def enemy_spies(state: TyrantsState, seat: int, spaces: Iterable[str]) -> list[tuple[str, int]]:
    found: list[tuple[str, int]] = []
    for space in spaces:
        if bd.is_site(space):
            found.extend(
                (space, owner) for owner in sorted(set(state.spies[space])) if owner != seat
            )
    return found


def spy_sites(state: TyrantsState, seat: int) -> list[str]:
    """Sites where ``seat`` may place a spy: any site in play without one of theirs."""
    if state.players[seat].spies <= 0:
        return []
    sites = bd.board_map(len(state.players), state.side).sites
    return [s for s in sites if seat not in state.spies[s]]


def own_spy_sites(state: TyrantsState, seat: int) -> list[str]:
    """The sites where ``seat`` has a spy, in order."""
    return sorted(s for s, who in state.spies.items() if seat in who)


def empty_spaces(state: TyrantsState, besides: str | None = None) -> list[str]:
    return [s for s in in_play(state) if s != besides and free(state, s) > 0]


def distinct(cards: Iterable[str | None]) -> list[str]:
    return sorted({c for c in cards if c is not None})


def near_deployed(state: TyrantsState, seat: int, deployed: list[str]) -> list[int]:
    """Opponents with a troop at or next to a space where a troop was just
    deployed (reading R-MOUTHER, ruling R-NEXT-TO)."""
    near: set[str] = set()
    links = bd.board_map(len(state.players), state.side).neighbours
    for space in deployed:
        near.add(space)
        near.update(links[space])
    return sorted({c for s in near for c in state.troops[s] if c not in (seat, WHITE)})


# -------------------------------------------------------------- conditions
def holds(state: TyrantsState, job: Job, condition: Any, events: list[Event]) -> bool:
    seat = job.seat
    if isinstance(condition, fx.AtLeast):
        return tally(state, seat, condition.tally) >= condition.count
    if isinstance(condition, fx.EnemyTroopAtSpySite):
        site = job.spy_site
        return site is not None and any(c not in (seat, WHITE) for c in state.troops[site])
    if isinstance(condition, fx.EnemySpyAtSpySite):
        site = job.spy_site
        return site is not None and any(o != seat for o in state.spies[site])
    assert isinstance(condition, fx.Focus)
    p = state.players[seat]
    for index, played in enumerate(p.played):
        if index != job.source and played is not None and card(played).aspect == condition.aspect:
            return True
    shown = next((c for c in p.hand if card(c).aspect == condition.aspect), None)
    if shown is None:
        return False
    events.append(
        Event(
            text=f"{name(state, seat)} shows {card(shown).name} from their hand for Focus.",
            seat=seat,
            reveals=True,
        )
    )
    return True


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


def others(state: TyrantsState, seat: int) -> list[int]:
    n = len(state.players)
    return [(seat + k) % n for k in range(1, n)]


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


# ---------------------------------------------------------------- decisions
def options(state: TyrantsState) -> list[a.TyrantsAction]:
    """The actions for the decision on top of the stack."""
    job = state.jobs[-1]
    seat = job.seat
    p = state.players[seat]
    effect = effect_of(job)
    if job.kind == "choose":
        return [a.ChooseOption(option=i) for i in range(len(effect.options))]
    if job.kind == "discard":
        return [a.DiscardCard(card=c) for c in distinct(p.hand)]
    if job.kind == "pay":
        cost = effect.cost
        found: list[a.TyrantsAction]
        if isinstance(cost, fx.ReturnOwnSpy):
            found = [a.ReturnOwnSpy(site=s) for s in own_spy_sites(state, seat)]
        elif isinstance(cost, fx.DevourCard) and cost.source == "this":
            found = [a.DevourCard(card=job.card)] if this_in_play(state, job) else []
        elif isinstance(cost, fx.DevourCard):
            pile = p.hand if cost.source == "hand" else p.inner_circle
            found = [a.DevourCard(card=c) for c in distinct(pile)]
        else:
            found = [a.DiscardCard(card=c) for c in distinct(p.hand)]
        return [*found, a.Stop()] if found else []
    # act
    if isinstance(effect, fx.Deploy):
        if p.troops == 0:
            return []
        return [a.Deploy(space=s) for s in deploy_targets(state, seat)]
    if isinstance(effect, fx.Assassinate | fx.Supplant):
        spaces = where(state, seat, effect.at, job.spy_site)
        if job.site is not None:
            spaces = [s for s in spaces if s == job.site]
        elif isinstance(effect, fx.Assassinate) and effect.one_site:
            spaces = [s for s in spaces if bd.is_site(s)]  # ruling R-ONE-SITE
        targets = enemy_troops(state, seat, spaces, white_only=effect.white_only)
        if isinstance(effect, fx.Assassinate):
            kills: list[a.TyrantsAction] = [a.Assassinate(space=s, colour=c) for s, c in targets]
            return [*kills, a.Stop()] if kills and effect.up_to else kills
        return [a.Supplant(space=s, colour=c) for s, c in targets]
    if isinstance(effect, fx.PlaceSpy):
        sites = spy_sites(state, seat)
        if sites or state.rules < 2:
            return [a.PlaceSpy(site=s) for s in sites]
        # All five placed: "you may either do nothing or first return one of
        # your spies and then place it" (ruling R-SPY-MOVE).
        placed = own_spy_sites(state, seat)
        return [*(a.ReturnOwnSpy(site=s) for s in placed), a.Stop()] if placed else []
    if isinstance(effect, fx.ReturnEnemy):
        spaces = list(where(state, seat, "presence", None))
        found = []
        if effect.what == "troop_or_spy":
            found += [
                a.ReturnTroop(space=s, colour=c)
                for s, c in enemy_troops(state, seat, spaces, players_only=True)
            ]
        found += [a.ReturnSpy(site=s, owner=o) for s, o in enemy_spies(state, seat, spaces)]
        if effect.yours_too:
            found += [
                a.ReturnTroop(space=s, colour=seat)
                for s in in_play(state)
                if seat in state.troops[s]
            ]
            found += [a.ReturnSpy(site=s, owner=seat) for s in own_spy_sites(state, seat)]
        return [*found, a.Stop()] if found and effect.up_to else found
    if isinstance(effect, fx.MoveTroop):
        if job.holding is not None:
            return [a.MoveTo(space=s) for s in empty_spaces(state, besides=job.holding[0])]
        empties = empty_spaces(state)
        movable: list[a.TyrantsAction] = [
            a.PickTroop(space=s, colour=c)
            for s, c in enemy_troops(state, seat, where(state, seat, "presence", None))
            if any(e != s for e in empties)
        ]
        if not movable:
            return []
        return [*movable, a.Stop()] if effect.up_to else movable
    if isinstance(effect, fx.DeployTrophies):
        spaces = empty_spaces(state) if effect.at == "anywhere" else deploy_targets(state, seat)
        if job.holding is not None:
            return [a.MoveTo(space=s) for s in spaces]
        if not spaces:
            return []
        taken: list[a.TyrantsAction] = [
            a.TakeTrophy(hall=hall, colour=trophy_colour(key))
            for hall in trophy_halls(state, job, effect)
            for key in sorted(state.players[hall].trophies)
            if state.players[hall].trophies[key] > 0 and (key == "white" or not effect.white_only)
        ]
        if not taken:
            return []
        return [*taken, a.Stop()] if effect.up_to else taken
    if isinstance(effect, fx.Promote):
        if effect.source == "discard":
            return [a.Promote(card=c) for c in distinct(p.discard)]
        found = []
        if effect.source == "this" and job.origin == "discarded":
            if job.card in p.discard:
                found = [a.Promote(card=job.card, pile="discard")]
        elif this_in_play(state, job):
            found = [a.Promote(card=job.card, pile="played")]
        if effect.source == "this_hand_or_discard":
            found += [a.Promote(card=c, pile="hand") for c in distinct(p.hand)]
            found += [a.Promote(card=c, pile="discard") for c in distinct(p.discard)]
        return [*found, a.Stop()] if found and effect.optional else found
    if isinstance(effect, fx.PromotePlayed):
        found = [
            a.Promote(card=c)
            for c in distinct(
                played
                for i, played in enumerate(p.played)
                if i != job.source
                and played is not None
                and (effect.aspect is None or card(played).aspect == effect.aspect)
                and (effect.minion is None or card(played).minion == effect.minion)
            )
        ]
        if not found:
            return []
        return [*found, a.Stop()] if effect.up_to else found
    if isinstance(effect, fx.DevourMarket):
        found = [a.DevourMarket(card=c) for c in distinct(state.market)]
        if not found:
            return []
        return [*found, a.Stop()] if effect.optional else found
    if isinstance(effect, fx.RecruitFree):
        return free_recruits(state, effect)
    if isinstance(effect, fx.ForceDiscard):  # an opponent you choose
        return [
            a.MakeDiscard(seat=o)
            for o in others(state, seat)
            if state.players[o].hand_size() >= effect.min_hand
        ]
    if isinstance(effect, fx.PlayFrom):
        if effect.source == "inner_circle":
            return [a.PlayCard(card=c) for c in distinct(p.inner_circle)]
        limit = effect.max_cost
        return [
            a.PlayCard(card=c)
            for c in distinct(state.market)
            if limit is None or (card(c).cost or 0) <= limit
        ]
    if isinstance(effect, fx.GiveOutcast):
        if state.piles.get("insane-outcast", 0) <= 0:
            return []
        if effect.to == "an_opponent":
            takers = others(state, seat)
        else:
            takers = near_deployed(state, seat, job.deployed)
        return [a.GiveOutcast(seat=t) for t in takers]
    raise AssertionError(f"no decision for {effect!r}")  # pragma: no cover


def trophy_halls(state: TyrantsState, job: Job, effect: fx.DeployTrophies) -> list[int]:
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


def free_recruits(state: TyrantsState, effect: fx.RecruitFree) -> list[a.TyrantsAction]:
    """The cards a free recruit may take: market cards (and the devoured top
    card while it counts as one), the always-available piles if the card says
    so, of the aspect named and costing at most ``max_cost``."""

    def fits(c: str) -> bool:
        aspect_ok = effect.aspect is None or card(c).aspect == effect.aspect
        return aspect_ok and (card(c).cost or 0) <= effect.max_cost

    found: list[a.TyrantsAction] = [a.Recruit(card=c) for c in distinct(state.market) if fits(c)]
    if effect.piles:
        found += [
            a.Recruit(card=c)
            for c, left in sorted(state.piles.items())
            if left > 0 and not card(c).back_to_supply and fits(c)
        ]
    top = devoured_top(state)
    if top is not None and fits(top):
        found.append(a.RecruitDevoured(card=top))
    return [*found, a.Stop()] if found and effect.up_to else found


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
