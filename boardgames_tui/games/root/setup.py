"""A new game of Root: the table (the factions named, or the default
table's), the map (one at random when the table asks) and its suits (the
suit markers dealt, Law 16.1.1), the map's places, every faction's pieces in its supply, the deck
with or without its dominance cards, the opening hands and who takes the
first turn.  The factions then set up one by one in the turn
(``turn.next_setup``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from boardgames_tui.engine.game import Event, Seat, SetupError
from boardgames_tui.engine.rng import Rng

from . import core
from .cards import deck
from .faction import BY_KEY, FACTIONS
from .items import item_supply
from .map_rules import chosen_map, deal_suits, map_rng, map_words
from .model import STARTING_HAND, Clearing, RootState
from .options import DEFAULT_TABLE, RootOptions
from .reach import check_reach
from .woodland import DEFAULT_MAP


# -------------------------------------------------------------------- setup
def new_game(seats: list[Seat], options: RootOptions, seed: int) -> RootState:
    """Every faction's pieces in its supply, the deck shuffled (without its
    four dominance cards in a two-player game, Law 5.1.2), three cards each,
    the first player drawn at random unless the options name one (after the
    deal, so the deal of a seed is the same whoever starts); then setup in
    setup-letter order.

    With ``factions`` named, a place saying ``random`` is drawn first from
    the factions nobody named; then they are dealt to the seats at random
    (``seating="random"``, Law 5.1.1) or each kept in its place
    (``seating="chosen"``: the players chose).  Without, two players are the
    default table (``options.DEFAULT_TABLE``), its first faction in the seat
    ``marquise_seat`` names, and a bigger table draws every faction at
    random.  A table below the recommended reach is noted in the opening,
    never refused."""
    rng = Rng.from_seed(seed)
    # The map and its suits from a stream of their own (Law 16.1.1), so a
    # seed deals the same hands and factions on every map.
    on_map = map_rng(seed)
    options = chosen_map(options, on_map)
    suits = deal_suits(options, on_map)
    if len(seats) > len(FACTIONS):
        raise SetupError(
            f"Root has {len(FACTIONS)} factions to seat, not {len(seats)}: {known_factions()}."
        )
    if options.factions is None and len(seats) != 2:
        # A bigger table that names no faction: every place left to chance
        # (ruling R-DRAWN-TABLE), as if it had said random in each.
        options = options.model_copy(update={"factions": (RANDOM,) * len(seats)})
    if options.factions is None:
        first, second = (BY_KEY[key].number for key in DEFAULT_TABLE)
        numbers = [first, second] if options.marquise_seat == 0 else [second, first]
    else:
        numbers = chosen_factions(options.factions, len(seats))
        # "random" in a place: one of the factions nobody named, drawn.
        unnamed = [f for f in sorted(FACTIONS) if f not in numbers]
        for i, number in enumerate(numbers):
            if number == DRAWN:
                numbers[i] = unnamed.pop(rng.randint(0, len(unnamed) - 1))
        if options.seating == "random":
            rng.shuffle(numbers)
    state = RootState(
        seats=list(seats),
        rng=rng,
        options=options,
        players=[FACTIONS[n].new_player() for n in numbers],
        markers=suits,
    )
    state.clearings = [Clearing() for _ in range(places(state))]
    state.items = {str(k): v for k, v in item_supply().items()}
    with_dominance = len(seats) >= 3
    state.draw_pile = [i for i, c in enumerate(deck()) if with_dominance or c.kind != "dominance"]
    state.rng.shuffle(state.draw_pile)
    state.step = "setup"
    who = [f"{seats[i].name} plays the {FACTIONS[n].name}" for i, n in enumerate(numbers)]
    if options.factions is None:
        first, second = (BY_KEY[key].number for key in DEFAULT_TABLE)
        table = (
            f"{seats[state.seat(first)].name} plays the {FACTIONS[first].name}, "
            f"{seats[state.seat(second)].name} the {FACTIONS[second].name}."
        )
    elif options.seating == "random":
        table = "; ".join(who) + " (seated at random)."
    else:
        table = "; ".join(who) + " (seated as the table chose)."
    deal = (
        " The four dominance cards are set aside (two players)."
        if not with_dominance
        else " The four dominance cards stay in the deck."
    )
    opening = [Event(text=table + deal)]
    if suits or options.map != DEFAULT_MAP:
        opening.append(Event(text=map_words(state)))
    balance = check_reach([FACTIONS[n].key for n in numbers])
    if balance.below:
        opening.append(Event(text=balance.words()))
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


def places(state: RootState) -> int:
    """How many places the state holds: place 0, every clearing of the map,
    and the places off the map of the factions at the table."""
    off_map = [n for p in state.players for n in FACTIONS[p.faction].off_map]
    return max([0, *state.woodland.numbers, *off_map]) + 1


def setup_order_of(numbers: Sequence[int]) -> list[int]:
    return sorted(numbers, key=lambda f: FACTIONS[f].letter)


#: A place in the ``factions`` option left to chance: one of the factions
#: nobody named, drawn from the game's seed.
RANDOM: Final = "random"
#: A place to be drawn, in :func:`chosen_factions`' answer.
DRAWN: Final = -1


def known_factions() -> str:
    """The playable factions' keys, in order, for a message."""
    return ", ".join(sorted(BY_KEY))


def chosen_factions(keys: Sequence[str], players: int) -> list[int]:
    """The factions a table named, checked: one per seat, each once, each
    known, or ``random`` (:data:`DRAWN` in the answer), with enough factions
    left unnamed for the places left to chance."""
    if len(keys) != players:
        raise SetupError(f"Name one faction per player: {len(keys)} named for {players} players.")
    if players > len(FACTIONS):
        raise SetupError(
            f"Root has {len(FACTIONS)} factions to seat, not {players}: {known_factions()}."
        )
    unknown = [k for k in keys if k != RANDOM and k not in BY_KEY]
    if unknown:
        raise SetupError(
            f"There is no faction {unknown[0]!r} (the factions are {known_factions()})."
        )
    named = [k for k in keys if k != RANDOM]
    if len(set(named)) != len(named):
        twice = next(k for k in named if named.count(k) > 1)
        raise SetupError(
            f"Each faction sits at the table once: the {BY_KEY[twice].name} is named twice."
        )
    return [DRAWN if k == RANDOM else BY_KEY[k].number for k in keys]
