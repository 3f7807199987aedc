"""A new game of Root: the table (the factions named, or the Marquise and the
Duchy by default), every faction's pieces in its supply, the deck with or
without its dominance cards, the opening hands and who takes the first turn.
The factions then set up one by one in the turn (``turn.next_setup``).
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.game import Event, Seat, SetupError
from boardgames_tui.engine.rng import Rng

from . import core
from .cards import deck
from .factions.base import BY_KEY, FACTIONS
from .model import (
    CATS,
    DUCHY,
    STARTING_HAND,
    RootOptions,
    RootState,
)
from .tracks import item_supply


# -------------------------------------------------------------------- setup
def new_game(seats: list[Seat], options: RootOptions, seed: int) -> RootState:
    """Every faction's pieces in its supply, the deck shuffled (without its
    four dominance cards in a two-player game, Law 5.1.2), three cards each,
    the first player drawn at random unless the options name one (after the
    deal, so the deal of a seed is the same whoever starts); then setup in
    setup-letter order.

    With ``factions`` named, they are dealt to the seats at random; without,
    the table is the Marquise and the Duchy, the Marquise in ``marquise_seat``."""
    rng = Rng.from_seed(seed)
    if options.factions is None:
        if len(seats) != 2:
            raise SetupError(
                f"Name the factions for {len(seats)} players (the factions option, "
                "for example factions=marquise,duchy,eyrie)."
            )
        cats_seat = options.marquise_seat
        numbers = [CATS, DUCHY] if cats_seat == 0 else [DUCHY, CATS]
    else:
        numbers = chosen_factions(options.factions, len(seats))
        rng.shuffle(numbers)
    state = RootState(
        seats=list(seats),
        rng=rng,
        options=options,
        players=[FACTIONS[n].new_player() for n in numbers],
    )
    state.items = {str(k): v for k, v in item_supply().items()}
    with_dominance = len(seats) >= 3
    state.draw_pile = [i for i, c in enumerate(deck()) if with_dominance or c.kind != "dominance"]
    state.rng.shuffle(state.draw_pile)
    state.step = "setup"
    who = [f"{seats[i].name} plays the {FACTIONS[n].name}" for i, n in enumerate(numbers)]
    if options.factions is None:
        cats, moles = state.seat(CATS), state.seat(DUCHY)
        table = (
            f"{seats[cats].name} plays the {FACTIONS[CATS].name}, "
            f"{seats[moles].name} the {FACTIONS[DUCHY].name}."
        )
    else:
        table = "; ".join(who) + " (seated at random)."
    deal = (
        " The four dominance cards are set aside (two players)."
        if not with_dominance
        else " The four dominance cards stay in the deck."
    )
    opening = [Event(text=table + deal)]
    for number in setup_order_of(numbers):
        opening += core.draw(state, number, STARTING_HAND)
    if options.first is None:
        state.turn = state.rng.choice(tuple(setup_order_of(numbers)))
        how = "drawn at random"
    else:
        wanted = BY_KEY[options.first].number
        if wanted not in numbers:
            raise SetupError(f"The {FACTIONS[wanted].name} is not at the table to go first.")
        state.turn = wanted
        how = "as the table chose"
    starter = seats[state.seat(state.turn)].name
    opening.append(
        Event(text=f"{starter} ({FACTIONS[state.turn].name}) takes the first turn, {how}.")
    )
    state.opening = opening
    return state


def setup_order_of(numbers: Sequence[int]) -> list[int]:
    return sorted(numbers, key=lambda f: FACTIONS[f].letter)


def chosen_factions(keys: Sequence[str], players: int) -> list[int]:
    """The factions a table named, checked: one per seat, each once, each known."""
    if len(keys) != players:
        raise SetupError(f"Name one faction per player: {len(keys)} named for {players} players.")
    unknown = [k for k in keys if k not in BY_KEY]
    if unknown:
        known = ", ".join(sorted(BY_KEY))
        raise SetupError(f"There is no faction {unknown[0]!r} (the factions are {known}).")
    if len(set(keys)) != len(keys):
        raise SetupError("Each faction sits at the table once.")
    return [BY_KEY[k].number for k in keys]
