"""Tyrants of the Underdark, in the rulebook's order: setup, the main phase
(play cards, deploy, assassinate, return an enemy spy, recruit), the end of
the turn (promotions "at end of turn", control-marker VP, discard, draw five),
and the end of the game.  Card effects go through ``resolve.py``.

Every ruling is written down, with the rule or fact it reads, in
``docs/rules/tyrants.md``.
"""

from __future__ import annotations

from typing import Any

from boardgames_tui.engine.game import Event, Seat
from boardgames_tui.engine.rng import Rng

from . import actions as a
from . import answers, decision_options, effect_words, jobs, ops, resolve, said
from . import board as bd
from . import effects as fx
from .actions import offer
from .cards import (
    HAND_SIZE,
    card,
    card_costs,
    market_deck,
    starting_deck,
    supply_piles,
)
from .futile import futile_list, futile_play

# The costs of the main phase's basic actions live with its list; read from
# here too (the screen names them).
from .listing import ASSASSINATE_COST as ASSASSINATE_COST
from .listing import DEPLOY_COST as DEPLOY_COST
from .listing import RETURN_SPY_COST as RETURN_SPY_COST
from .listing import main_actions
from .model import (
    WHITE,
    PlayerState,
    TyrantsState,
    name,
    total_control,
)
from .options import TyrantsOptions
from .pending import ActJob, Origin


# -------------------------------------------------------------------- setup
def setup_game(seats: list[Seat], opts: TyrantsOptions, seed: int) -> TyrantsState:
    """Setup: whites on every marked space of the sections in play, markers
    on their sites, the market deck shuffled with six face up, starting decks
    shuffled and five cards dealt, a first player, then each player in turn
    places a troop on a start site (actions, see ``place_start_troop``)."""
    n = len(seats)
    rng = Rng.from_seed(seed)
    side = opts.side
    bmap = bd.board_map(n, side)
    state = TyrantsState(
        seats=list(seats),
        rng=rng,
        players=[PlayerState() for _ in range(n)],
        side=side,
        half_decks=opts.half_decks,
        rules=opts.rules,
    )
    whites = bd.setup_whites(n, side)
    state.troops = {s: (WHITE,) * whites.get(s, 0) for s in bmap.spaces}
    state.spies = {s: () for s in bmap.sites}
    state.whites_in_box = bd.WHITE_TROOPS - sum(whites.values())
    state.markers = {s: None for s in bd.marker_sites(n, side)}
    state.piles = {c.id: c.copies for c in supply_piles(opts.half_decks)}
    state.market_deck = list(market_deck(opts.half_decks))
    rng.shuffle(state.market_deck)
    opening = state.opening
    opening.append(
        Event(
            text=f"{n} players on {', '.join(sorted(bmap.sections))}: {len(bmap.sites)} sites, "
            f"{sum(whites.values())} white troops."
        )
    )
    opening += ops.refill_market(state)
    for seat, p in enumerate(state.players):
        p.deck = list(starting_deck())
        rng.shuffle(p.deck)
        opening += ops.draw(state, seat, HAND_SIZE)
    first = opts.first_player if opts.first_player is not None else rng.randbelow(n)
    state.first_player = first
    state.current = first
    state.placing = [(first + k) % n for k in range(n)]
    opening.append(Event(text=f"{name(state, first)} is the first player.", seat=first))
    return state


def start_sites_free(state: TyrantsState) -> list[str]:
    """Start sites a first troop may go to: "any starting site on the game
    map not already taken by another player" (ruling R-START; under rules 1,
    any with a free space)."""
    n = len(state.players)
    return [s for s in bd.start_sites(n, state.side) if start_site_refusal(state, s) is None]


def start_site_refusal(state: TyrantsState, site: str) -> str | None:
    """Why a first troop may not go to ``site`` (a sentence), or None."""
    n = len(state.players)
    if site not in bd.start_sites(n, state.side):
        return f"{ops.space_name(site)} is not a start site of this map."
    if state.rules >= 2:
        taken = sorted({c for c in state.troops[site] if c != WHITE})
        if taken:
            return (
                f"{ops.space_name(site)} is already taken by {name(state, taken[0])}: "
                "each player starts at a start site no other player has taken."
            )
    if bd.troop_spaces(site) <= len(state.troops[site]):
        return f"{ops.space_name(site)} has no free troop space."
    return None


def check(state: TyrantsState, action: a.TyrantsAction) -> str | None:
    """A sharper sentence than "not allowed" for an action the rulebook
    refuses, or None to leave it to the list of legal actions."""
    if state.phase == "placing" and isinstance(action, a.PlaceStartTroop):
        try:
            return start_site_refusal(state, action.site)
        except KeyError:
            return None
    return None


# ------------------------------------------------------------- to act, legal
def to_act(state: TyrantsState) -> int | None:
    # Decisions are pending in the main phase and at a turn's end only
    # (the game ends once none is left).
    jobs = state.jobs
    if jobs:
        return jobs[-1].seat
    phase = state.phase
    if phase == "main":
        return state.current
    if phase == "placing":
        return state.placing[0]
    return None if phase == "over" else state.current


def legal_actions(state: TyrantsState) -> list[a.TyrantsAction]:
    if state.jobs:
        found = state.offered
        return decision_options.options(state) if found is None else list(found)
    phase = state.phase
    if phase == "main":
        return main_actions(state)
    if phase == "placing":
        return [offer(a.PlaceStartTroop, s) for s in start_sites_free(state)]
    return [] if phase == "over" else main_actions(state)


# ------------------------------------------------------------------ perform
def perform(state: TyrantsState, action: a.TyrantsAction) -> list[Event]:
    events: list[Event] = []
    state.offered = None
    if state.jobs:
        resolve.decide(state, action, events)
    elif state.phase == "main":
        main_action(state, action, events)
    else:
        return place(state, action)
    if state.troops_moved:
        events += ops.sync_markers(state)
    if state.phase == "ending" and not state.jobs:
        finish_turn(state, events)
    return events


def place(state: TyrantsState, action: a.TyrantsAction) -> list[Event]:
    """A first troop placed (setup), and after the last one the first turn."""
    events: list[Event] = []
    if state.phase == "placing":
        assert isinstance(action, a.PlaceStartTroop)
        seat = state.placing.pop(0)
        events += ops.deploy(state, seat, action.site)
        if not state.placing:
            state.phase = "main"
            start_turn(state, events)
        return events
    raise AssertionError(f"no action in phase {state.phase!r}")  # pragma: no cover


#: The main phase's most played actions, by class (for :func:`main_action`).
_PLAY, _END, _DEPLOY, _RECRUIT = a.PlayCard, a.EndTurn, a.Deploy, a.Recruit
_GAINS, _UNSET = resolve.GAINS, object()


def main_action(state: TyrantsState, action: a.TyrantsAction, events: list[Event]) -> None:
    """Carry out a main-phase action (by its class, the most played first)."""
    seat = state.current
    p = state.players[seat]
    kind = type(action)
    # The fields of the class found (read without a check: the most played
    # are looked at before any other step of an action).
    act: Any = action
    if kind is _PLAY:
        played = act.card
        p.hand.remove(played)
        area = p.played
        area.append(played)
        who = state.seats[seat].name
        # A card of power and influence gains alone: its gains and events
        # kept by the player, the card and the seat (``resolve.gains_only``).
        gains: Any = _GAINS.get((who, played, seat), _UNSET)
        if gains is _UNSET:
            gains = resolve.gains_only(who, played, seat)
        if gains is not None:
            p.power += gains[0]
            p.influence += gains[1]
            events += gains[2]
            return
        events.append(said.plays(who, played, seat))
        if not resolve.play_at_once(state, seat, played, len(area) - 1, events):
            jobs.start_card(state, seat, played, len(area) - 1)
            resolve.run(state, events)
    elif kind is _END:
        end_turn(state, events)
    elif kind is _DEPLOY:
        p.power -= DEPLOY_COST
        events += ops.deploy(state, seat, act.space)
    elif kind is _RECRUIT:
        bought = act.card
        p.influence -= card_costs()[bought]
        p.discard.append(bought)
        events.append(said.recruits(state.seats[seat].name, bought, seat))
        if bought in state.piles:
            state.piles[bought] -= 1
        else:
            state.market.remove(bought)
            events += ops.refill_market(state)
    elif kind is a.DeployForVP:
        p.power -= DEPLOY_COST
        events += ops.gain_vp(state, seat, 1, "instead of deploying (empty barracks)")
    elif kind is a.Assassinate:
        assert isinstance(action, a.Assassinate)
        p.power -= ASSASSINATE_COST
        events += ops.assassinate(state, seat, action.space, action.colour)
    elif kind is a.ReturnSpy:
        assert isinstance(action, a.ReturnSpy)
        p.power -= RETURN_SPY_COST
        events += ops.return_spy(state, seat, action.site, action.owner)
    elif kind is a.RecruitDevoured:
        assert isinstance(action, a.RecruitDevoured)
        p.influence -= card(action.card).cost or 0
        events += answers.recruit_devoured(state, seat, action.card, free=False)
    else:  # pragma: no cover - legal_actions offers nothing else
        raise AssertionError(f"{action!r} is no main-phase action")


# ------------------------------------------------------------ turn by turn
def start_turn(state: TyrantsState, events: list[Event]) -> None:
    """A turn begins: each control marker the player holds gives its influence."""
    state.markers_paid = []
    seat = state.current
    events.append(said.turn_starts(state.round, state.seats[seat].name, seat))
    if state.troops_moved or seat in state.markers.values():
        events += ops.sync_markers(state, turn_starts=True)


def end_turn(state: TyrantsState, events: list[Event]) -> None:
    """End of turn, step 1: the "at end of turn" effects, first played first."""
    state.phase = "ending"
    p = state.players[state.current]
    waiting, p.end_of_turn = p.end_of_turn, []
    seat = state.current
    events.append(said.turn_ends(state.seats[seat].name, seat))
    if waiting:
        state.jobs.extend(reversed(waiting))
        resolve.run(state, events)


def finish_turn(state: TyrantsState, events: list[Event]) -> None:
    """Steps 2-4: VP for every marker held with total control; discard hand
    and played cards; draw five.  Unspent power and influence are lost.
    Then the next player's turn, or the end of the game when the end was
    triggered and the round is complete.  Its events are added to ``events``."""
    seat = state.current
    p = state.players[seat]
    markers = state.markers
    if seat in markers.values():
        for site, holder in markers.items():
            if holder == seat and total_control(state, site, seat):
                vp = bd.marker_value(site, total_control=True).vp
                why = f"for total control of {bd.site(site).name}"
                events += ops.gain_vp(state, seat, vp, why)
    discard = p.discard
    discard += p.hand
    played: list[Any] = p.played
    if None in played:
        discard += [c for c in played if c is not None]
    else:  # most turns: none of them has left the play area
        discard += played
    p.hand = []
    p.played = []
    ops.draw_into(state, seat, HAND_SIZE, events)
    p.power = 0
    p.influence = 0
    state.devoured_open = False
    n = len(state.players)
    last = (state.first_player - 1) % n
    if state.end_reason and seat == last:
        state.phase = "over"
        events.append(Event(text=f"The game is over ({state.end_reason})."))
        return
    state.phase = "main"
    state.current = following = (seat + 1) % n
    if following == state.first_player:
        state.round += 1
    start_turn(state, events)


# -------------------------------------------------------------- the words
def describe(state: TyrantsState, action: a.TyrantsAction) -> str:
    """A sentence for the action picker and the log."""
    try:
        return _describe(state, action)
    except (KeyError, IndexError):
        # An action naming a card, seat or space this game does not have.
        return f"{action.kind.replace('_', ' ').capitalize()} (not in this game)."


def _describe(state: TyrantsState, action: a.TyrantsAction) -> str:
    seat = resolve_seat(state)
    basic = not state.jobs and state.phase == "main"
    match action:
        case a.PlaceStartTroop(site=site):
            return f"Place your first troop at {ops.space_name(site)}."
        case a.PlayCard(card=c):
            where = ""
            origin: Origin = "hand"
            if not basic and state.jobs:
                effect = resolve.effect_of(state.jobs[-1])
                if isinstance(effect, fx.PlayFrom):
                    origin = effect.source
                    where = " from the market" if origin == "market" else " from your inner circle"
            # A card that would do nothing says so, first, where a short
            # line still shows it (ruling R-FUTILE).
            reason = futile_play(state, seat, c, origin) if state.phase == "main" else None
            note = f" (no effect: {reason})" if reason else ""
            return f"Play {card(c).name}{where}{note}: {effect_words.describe(card(c).effects)}"
        case a.Deploy(space=space):
            cost = " (1 power)" if basic else ""
            return f"Deploy a troop at {ops.space_name(space)}{cost}."
        case a.DeployForVP():
            return "Spend 1 power to gain 1 VP (your barracks are empty)."
        case a.Assassinate(space=space, colour=colour):
            cost = " (3 power)" if basic else ""
            return f"Assassinate {_troop(state, colour)} at {ops.space_name(space)}{cost}."
        case a.Supplant(space=space, colour=colour):
            return f"Supplant {_troop(state, colour)} at {ops.space_name(space)}."
        case a.ReturnTroop(space=space, colour=colour):
            troop = "one of your troops" if colour == seat else _troop(state, colour)
            return f"Return {troop} from {ops.space_name(space)}."
        case a.ReturnSpy(site=site, owner=owner):
            if owner == seat:
                return f"Return your spy from {ops.space_name(site)}."
            cost = " (3 power)" if basic else ""
            return f"Return the spy of {name(state, owner)} from {ops.space_name(site)}{cost}."
        case a.PlaceSpy(site=site):
            return f"Place a spy at {ops.space_name(site)}."
        case a.PickTroop(space=space, colour=colour):
            return f"Move {_troop(state, colour)} from {ops.space_name(space)}."
        case a.MoveTo(space=space):
            return f"Put the troop at {ops.space_name(space)}."
        case a.TakeTrophy(hall=hall, colour=colour):
            whose = "your" if hall == seat else f"{name(state, hall)}'s"
            return f"Take {_troop(state, colour)} from {whose} trophy hall."
        case a.Recruit(card=c):
            if basic:
                return f"Recruit {card(c).name} for {card(c).cost} influence."
            return f"Recruit {card(c).name} without paying."
        case a.DevourMarket(card=c):
            return f"Devour {card(c).name} in the market."
        case a.Promote(card=c, pile=pile):
            if state.jobs and pile is not None:
                if state.jobs[-1].origin == "discarded":
                    return f"Promote {card(c).name} instead of discarding it."
                if pile == "played":
                    return f"Promote this {card(c).name} to your inner circle."
                return (
                    f"Promote {card(c).name} from your {pile} pile to your inner circle.".replace(
                        "hand pile", "hand"
                    )
                )
            return f"Promote {card(c).name} to your inner circle."
        case a.MakeDiscard(seat=victim):
            return f"Make {name(state, victim)} discard a card."
        case a.RecruitDevoured(card=c):
            if basic:
                return (
                    f"Recruit {card(c).name} from the devoured pile for {card(c).cost} influence."
                )
            return f"Recruit {card(c).name} from the devoured pile without paying."
        case a.GiveOutcast(seat=taker):
            return f"Give {name(state, taker)} an Insane Outcast."
        case a.ChooseOption(option=i):
            job = state.jobs[-1] if state.jobs else None
            effect = resolve.effect_of(job) if job is not None and job.kind == "choose" else None
            if job is None or effect is None or not 0 <= i < len(effect.options):
                return f"Choose option {i + 1}."
            option = effect.options[i]
            # An option that would do nothing says so, first (ruling R-FUTILE).
            reason = futile_list(state, job, option)
            note = f" (no effect: {reason})" if reason else ""
            return f"Choose{note}: {effect_words.effects_text(option, in_choice=True)}."
        case a.ReturnOwnSpy(site=site):
            if state.jobs and state.jobs[-1].kind == "act":
                return f"Return your spy from {ops.space_name(site)} to place it again."
            return f"Return your spy from {ops.space_name(site)} to pay."
        case a.DevourCard(card=c):
            return f"Devour {card(c).name} to pay."
        case a.DiscardCard(card=c):
            if state.jobs and state.jobs[-1].kind == "discard":
                return f"Discard {card(c).name}."
            return f"Discard {card(c).name} to pay."
        case a.Stop():
            if state.jobs and state.jobs[-1].kind == "pay":
                return "Do not pay."
            if state.jobs and state.jobs[-1].origin == "discarded":
                return "Discard it as it is."
            if moving_a_spy(state):
                return "Place no spy: leave all five where they are."
            return "Stop here."
        case a.EndTurn():
            return "End your turn."
    raise AssertionError(f"no words for {action!r}")  # pragma: no cover


def moving_a_spy(state: TyrantsState) -> bool:
    """Whether the decision on top is a spy to place with all five out."""
    if not state.jobs or state.jobs[-1].kind != "act":
        return False
    job = state.jobs[-1]
    return isinstance(resolve.effect_of(job), fx.PlaceSpy) and state.players[job.seat].spies == 0


def resolve_seat(state: TyrantsState) -> int:
    seat = to_act(state)
    return state.current if seat is None else seat


def _troop(state: TyrantsState, colour: int) -> str:
    return "a white troop" if colour == WHITE else f"a troop of {name(state, colour)}"


def prompt(state: TyrantsState) -> str:
    if state.phase == "over":
        return "The game is over."
    seat = resolve_seat(state)
    who = name(state, seat)
    if state.phase == "placing":
        return f"{who}: place your first troop on a start site."
    if not state.jobs:
        p = state.players[seat]
        return (
            f"{who}: play a card, act or end your turn ({p.power} power, {p.influence} influence)."
        )
    job = state.jobs[-1]
    effect = resolve.effect_of(job)
    source = card(job.card).name
    if job.kind == "discard":
        forcer = name(state, job.forcer) if job.forcer is not None else "a card"
        return f"{who}: discard a card of your choice ({source} of {forcer})."
    if job.origin == "discarded" and isinstance(effect, fx.Promote):
        return f"{who}, {source} was discarded: you may promote it instead."
    if job.kind == "choose":
        return f"{who}, {source}: choose one."
    if job.kind == "pay":
        return f"{who}, {source}: you may {effect_words.cost_text(effect.cost)}."
    what = effect_words.effect_text(effect)
    assert isinstance(job, ActJob)
    if job.holding is not None:
        return f"{who}, {source}: where does the troop go?"
    if moving_a_spy(state):
        return f"{who}, {source}: all your spies are placed; you may return one to place it again."
    # The count stays to the last step of an effect of several ("1 left"),
    # not only while more than one is left.
    several = (
        job.left > 1
        or getattr(effect, "count", 1) > 1
        or getattr(effect, "per", None) is not None
        or bool(getattr(effect, "any_number", False))
    )
    left = f" ({job.left} left)" if several else ""
    return f"{who}, {source}: {what}{left}."


def progress(state: TyrantsState) -> str:
    if state.phase == "over":
        return f"Game over after {state.round} rounds"
    if state.phase == "placing":
        return "Setup: first troops"
    end = ", last round" if state.end_reason else ""
    return f"Round {state.round}, {name(state, state.current)}'s turn; market deck {len(state.market_deck)}{end}"
