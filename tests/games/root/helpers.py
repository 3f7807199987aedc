"""Hand-built Root positions: an empty Woodland with pieces put where a test
wants them, cards dealt by design id, and dice that roll what a test needs."""

from __future__ import annotations

from boardgames_tui.engine.game import Seat
from boardgames_tui.engine.rng import Rng
from boardgames_tui.games.root import GAME, core, setup
from boardgames_tui.games.root.actions import DONE, Action, Battle
from boardgames_tui.games.root.cards import deck
from boardgames_tui.games.root.factions.duchy import BURROW, DUCHY
from boardgames_tui.games.root.factions.marquise import CATS
from boardgames_tui.games.root.model import Clearing, RootState
from boardgames_tui.games.root.options import RootOptions
from tests.games.root.pieces import duchy_of, marquise_of

SEATS = [Seat(name="Cat"), Seat(name="Mole")]


def blank(
    turn: int = CATS, step: str = "actions", actions: int = 3, map_id: str = "autumn"
) -> RootState:
    """Both factions with everything in their supplies, empty hands, an empty
    Woodland (the Autumn map unless ``map_id`` names another), the Marquise
    in seat 0 and the Duchy in seat 1; ``turn``'s faction in ``step``."""
    state = setup.new_game(SEATS, RootOptions(marquise_seat=0, map=map_id), seed=1)
    state.draw_pile += marquise_of(state).hand + duchy_of(state).hand
    state.draw_pile.sort()
    marquise_of(state).hand.clear()
    duchy_of(state).hand.clear()
    state.clearings = [Clearing() for _ in state.clearings]
    state.turn = turn
    state.turn_number = 1
    state.step = step
    state.actions_left = actions
    return state


def put(
    state: RootState,
    clearing: int,
    *,
    cats: int = 0,
    moles: int = 0,
    buildings: tuple[str, ...] = (),
    wood: int = 0,
    keep: bool = False,
    tunnel: bool = False,
) -> None:
    """Put pieces in a clearing, taking them from the supplies."""
    c = state.clearings[clearing]
    c.set_warriors(CATS, c.warriors.get(CATS, 0) + cats)
    marquise_of(state).warriors -= cats
    c.set_warriors(DUCHY, c.warriors.get(DUCHY, 0) + moles)
    duchy_of(state).warriors -= moles
    c.buildings += list(buildings)
    c.add_token("wood", wood)
    marquise_of(state).wood -= wood
    if keep:
        if "keep" not in c.tokens:
            c.add_token("keep")
        marquise_of(state).keep = clearing
    if tunnel:
        if "tunnel" not in c.tokens:
            c.add_token("tunnel")
        duchy_of(state).tunnels -= 1


def card_ids(design: str, n: int = 1) -> list[int]:
    return [i for i, c in enumerate(deck()) if c.id == design][:n]


def give(state: RootState, faction: int, *designs: str) -> list[int]:
    """Deal these cards (by design id) from the deck to a hand; their numbers."""
    got: list[int] = []
    for design in designs:
        for i in card_ids(design, 3):
            if i in state.draw_pile and i not in got:
                state.draw_pile.remove(i)
                state.player(faction).hand.append(i)
                got.append(i)
                break
        else:
            raise AssertionError(f"no {design} left in the deck")
    return got


def craft_for(state: RootState, faction: int, design: str) -> int:
    """A persistent card already crafted, in front of a faction."""
    (i,) = give(state, faction, design)
    state.player(faction).hand.remove(i)
    state.player(faction).crafted.append(i)
    return i


def dice(state: RootState, high: int, low: int) -> None:
    """Make the next battle roll these two dice."""
    for seed in range(10_000):
        rng = Rng.from_seed(seed)
        x, y = rng.randint(0, 3), rng.randint(0, 3)
        if (max(x, y), min(x, y)) == (high, low):
            state.rng = Rng.from_seed(seed)
            return
    raise AssertionError("no seed rolls that")


def act(state: RootState, action: Action) -> None:
    """Play a legal action (failing the test when it is not legal)."""
    legal = GAME.legal_actions(state)
    assert action in legal, (
        f"{GAME.describe(state, action)} not in {[GAME.describe(state, a) for a in legal]}"
    )
    GAME.apply(state, action, legal)


def done(state: RootState) -> None:
    act(state, DONE)


def battle_with_effects_on_both_sides() -> RootState:
    """The Duchy attacks the Marquise in Mountain (5), three warriors each,
    rolling 2 and 1; the Duchy holds Brutal Tactics, the Marquise Armorers:
    both may use an effect, so the attacker chooses who goes first (Law
    4.3.3)."""
    state = blank(turn=DUCHY, step="assembly", actions=2)
    put(state, 5, moles=3, cats=3)
    craft_for(state, DUCHY, "bird-brutal-tactics")
    craft_for(state, CATS, "bird-armorers")
    dice(state, 2, 1)
    act(state, Battle(clearing=5))
    return state


def kinds(state: RootState) -> set[str]:
    return {a.kind for a in GAME.legal_actions(state)}


__all__ = ["BURROW", "CATS", "DUCHY", "core"]
