"""Small hand-built Incubation positions for the rule tests."""

from __future__ import annotations

from boardgames_tui.engine import Event, Seat
from boardgames_tui.games.incubation import GAME
from boardgames_tui.games.incubation.actions import IncubationAction, KeepDice
from boardgames_tui.games.incubation.cards import COLOURS, Face, egg
from boardgames_tui.games.incubation.model import (
    BOX,
    IncubationState,
    Incubator,
    Treasure,
    card_ids,
    inventory,
)

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]


def seats(n: int) -> list[Seat]:
    return [Seat(name=NAMES[i]) for i in range(n)]


def new_game(n: int = 2, seed: int = 0, **options: object) -> IncubationState:
    return GAME.setup(seats(n), options or None, seed)


def blank(n: int = 2, seed: int = 0) -> IncubationState:
    """Seat 0 (Ana) about to roll, first player, round 1: empty Incubators,
    an empty Market with the spinner on red, a full Reserve."""
    state = new_game(n, seed)
    state.starting_order = []
    state.step = "roll"
    state.first_player = state.current = 0
    state.spinner = 0
    for t in state.market:
        state.reserve.silver += t.silver
        state.reserve.water += t.water
        state.reserve.fire += t.fire
    state.market = [Treasure() for _ in COLOURS]
    check(state)
    return state


def section(colour: str) -> int:
    names: list[str] = list(COLOURS)
    return names.index(colour)


def _pull(state: IncubationState, egg_id: str) -> None:
    for deck in state.decks:
        if egg_id in deck:
            deck.remove(egg_id)
            return
    raise AssertionError(f"{egg_id} is not in a deck")


def put_egg(
    state: IncubationState, seat: int, slot: int, egg_id: str, water: int = 0, fire: int = 0
) -> None:
    """Move an egg from the decks into an Incubator, with tokens from the Reserve."""
    _pull(state, egg_id)
    old = state.players[seat].incubators[slot]
    assert old.egg is None
    state.players[seat].incubators[slot] = Incubator(egg=egg_id, water=water, fire=fire)
    state.reserve.water -= water
    state.reserve.fire -= fire


def give_dragons(state: IncubationState, seat: int, *egg_ids: str) -> None:
    for egg_id in egg_ids:
        _pull(state, egg_id)
        state.players[seat].dragons.append(egg_id)


def give_silver(state: IncubationState, seat: int, silver: int = 0, gold: int = 0) -> None:
    state.reserve.silver -= silver
    state.reserve.gold -= gold
    state.players[seat].silver += silver
    state.players[seat].gold += gold


def set_treasure(
    state: IncubationState, colour: str, silver: int = 0, water: int = 0, fire: int = 0
) -> None:
    """Fill a section from the Reserve (its old content goes back first)."""
    t = state.market[section(colour)]
    state.reserve.silver += t.silver - silver
    state.reserve.water += t.water - water
    state.reserve.fire += t.fire - fire
    state.market[section(colour)] = Treasure(silver=silver, water=water, fire=fire)


def on_top(state: IncubationState, deck: int, egg_id: str) -> None:
    """Put an egg on top of a deck."""
    _pull(state, egg_id)
    state.decks[deck].append(egg_id)


def rolled(state: IncubationState, a: Face, b: Face) -> list[Event]:
    """The current player rolled ``a`` and ``b`` and keeps them."""
    state.dice = [a, b]
    state.used = [False, False]
    state.step = "reroll"
    return act(state, KeepDice())


def act(state: IncubationState, action: IncubationAction) -> list[Event]:
    events = GAME.apply(state, action)
    check(state)
    return events


def check(state: IncubationState) -> None:
    """Conservation: no token, coin or card created or lost."""
    assert inventory(state) == BOX
    eggs, objectives = card_ids(state)
    assert len(set(eggs)) == len(eggs) == 36
    assert len(set(objectives)) == len(objectives) == 10
    for seat in range(len(state.players)):
        for inc in state.players[seat].incubators:
            if inc.egg is None:
                assert inc.water == inc.fire == 0
            else:
                card = egg(inc.egg)
                assert 0 <= inc.water <= card.water and 0 <= inc.fire <= card.fire
    assert min(inventory_parts(state)) >= 0


def inventory_parts(state: IncubationState) -> list[int]:
    parts = [state.reserve.silver, state.reserve.gold, state.reserve.water, state.reserve.fire]
    for t in state.market:
        parts += [t.silver, t.water, t.fire]
    for p in state.players:
        parts += [p.silver, p.gold]
    return parts


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def offer(state: IncubationState, *objective_ids: str) -> None:
    """Put exactly these objectives on offer (the rest in the box)."""
    everything = [*state.objectives, *state.objectives_out]
    state.objectives = [o for o in objective_ids]
    state.objectives_out = [o for o in everything if o not in objective_ids]


def quiet_turn(state: IncubationState) -> list[Event]:
    """The current player rolls two coins and takes 3 silver."""
    from boardgames_tui.games.incubation.actions import UseDice

    events = rolled(state, "coin", "coin")
    return events + act(state, UseDice(dice=(0, 1)))
