"""Questions about an Incubation position that change nothing: whose turn,
which dice are free, where a token fits, which objectives a player meets,
whether the end is triggered.

The rules, the words and the screens ask them.
"""

from __future__ import annotations

from functools import lru_cache

from .cards import Coins, EggCard, egg, objective, objective_met, requirement_met
from .model import IncubationState, PlayerState, Resource


def player(state: IncubationState, seat: int) -> PlayerState:
    return state.players[seat]


def name_of(state: IncubationState, seat: int) -> str:
    return state.seats[seat].name


def to_act(state: IncubationState) -> int | None:
    if state.step == "over":
        return None
    if state.step == "starting_egg":
        return state.starting_order[0]
    return state.current


def empty_incubator(p: PlayerState) -> int | None:
    for i, inc in enumerate(p.incubators):
        if inc.egg is None:
            return i
    return None


def room_for(p: PlayerState, resource: Resource) -> list[int]:
    """The Incubators whose egg still needs ``resource``."""
    return [i for i, inc in enumerate(p.incubators) if inc.room(resource) > 0]


def dragons_of(p: PlayerState) -> list[EggCard]:
    return [egg(d) for d in p.dragons]


def claimable(state: IncubationState, seat: int) -> list[str]:
    """The objectives on offer whose conditions ``seat`` fulfils now."""
    p = state.players[seat]
    dragons = tuple(p.dragons)
    worth = p.coin_worth
    found: list[str] = []
    for o in state.objectives:
        need = _coins_needed(o, dragons)
        if need is not None and worth >= need:
            found.append(o)
    return found


@lru_cache(maxsize=1 << 14)
def _coins_needed(objective_id: str, dragons: tuple[str, ...]) -> int | None:
    """The least coin worth with which a player who hatched ``dragons`` meets
    the objective (0 when it asks for no coins), or None when the dragons do
    not meet it.  Only a Coins requirement reads the coins, so this and the
    coins held decide :func:`.cards.objective_met`; it is a pure function of
    the two ids, which change only when an egg hatches, so positions share it."""
    hatched = [egg(d) for d in dragons]
    need = 0
    for req in objective(objective_id).requires:
        if isinstance(req, Coins):
            need = max(need, req.worth)
        elif not requirement_met(req, hatched, 0):
            return None
    return need


def free_dice(state: IncubationState) -> list[int]:
    """Dice not yet used (chests are spent as soon as they are resolved)."""
    return [i for i, used in enumerate(state.used) if not used]


def paired(state: IncubationState) -> bool:
    """Both dice are free and show the same face: used for their action they
    act together (3 silver, water or fire), never 1 + 1 (ruling A2)."""
    return len(free_dice(state)) == 2 and state.dice[0] == state.dice[1]


def token_in_hand(state: IncubationState) -> Resource | None:
    """The water or fire token the current player is placing now, if any."""
    if state.placement is None or not state.placement.tokens:
        return None
    return state.placement.tokens[0]


def fulfilled_by(state: IncubationState, objective_id: str) -> list[int]:
    """The seats whose dragons and coins meet this objective now (whether or
    not they may claim it on this turn)."""
    card = objective(objective_id)
    return [
        seat
        for seat, p in enumerate(state.players)
        if objective_met(card, dragons_of(p), p.coin_worth)
    ]


def end_triggered(state: IncubationState) -> bool:
    """End of the Game: (A) 2 Dragon Egg decks have run out; (B) there are no
    more available Objective cards."""
    empty = sum(1 for d in state.decks if not d)
    return empty >= 2 or not state.objectives
