"""What each map adds to the rules (Law 16.1.1 and 16.2), over a
:class:`RootState`:

- the map a table plays on and its suits, dealt at setup from the game's
  seed: the twelve suit markers shuffled (the Law) or a layout where no two
  adjacent clearings share a suit (``balanced``, the table's choice);
- the Lake's Ferry: a move from its clearing to any other coastal clearing
  (``clearings.moves`` offers it as a :class:`~.actions.Sail` where
  ``clearings.ferry_stops`` says), after which the Ferry stands there and
  the mover draws a card (:func:`do_move`, the move every faction takes);
- the Mountain's closed paths, cleared once per turn in Daylight for a card
  and a point (:func:`clear_path_options`, :func:`clear_path`), and the
  Pass, which scores its ruler a point at the end of their Evening
  (:func:`end_of_evening`).

Winter's rule (the river divides forests) is the map's data: its forests
and forest adjacency (``woodland.py``).
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar, Final, Literal

from boardgames_tui.engine.data import action_data
from boardgames_tui.engine.game import Action, Event
from boardgames_tui.engine.rng import Rng

from .actions import DECLINE, ClearPath, DrawFirst, Move, Sail
from .clearings import FERRY_USED, card_name, clearing_name, has_pieces, name, ruler, the
from .clearings import do_move as walk
from .faction import handles
from .hands import discard_from_hand, distinct, draw, gain
from .model import Decision, RootState, decision
from .options import RANDOM_MAP, RootOptions
from .woodland import MAPS, SUITS, Suit, woodland

#: Mixed into the seed for the map's own draws (a map at random, the suit
#: markers), so that they leave the deal, the factions and the dice of a
#: seed as they are on Autumn.
MAP_STREAM: Final = 0x6D6170735F72_6E67
#: What a player's ``used`` list notes once they cleared a closed path this
#: turn (Law 16.2.3.III: once per turn).
PATH_USED: Final = "clear_path"
#: How many markers of each suit there are (Law 16.1.1: twelve, four each).
MARKERS_PER_SUIT: Final = 4


# -------------------------------------------------------------------- setup
def map_rng(seed: int) -> Rng:
    """The map's own random draws for a game of this seed."""
    return Rng.from_seed(seed ^ MAP_STREAM)


def chosen_map(options: RootOptions, rng: Rng) -> RootOptions:
    """The options with their map named: a map at random drawn here."""
    if options.map != RANDOM_MAP:
        return options
    return options.model_copy(update={"map": rng.choice(MAPS)})


def deal_suits(options: RootOptions, rng: Rng) -> list[Suit]:
    """The suit markers on the clearings, in number order (none: the map's
    printed suits).  ``random``: the twelve markers shuffled and placed one
    per clearing (Law 16.1.1); ``balanced``: one of the layouts with no two
    clearings of a suit joined by a path (closed paths too, as they open in
    play), each as likely."""
    how = options.dealt_suits
    if how == "printed":
        return []
    board = woodland(options.map)
    if how == "balanced":
        return list(rng.choice(balanced_layouts(options.map)))
    markers = [s for s in SUITS for _ in range(MARKERS_PER_SUIT)]
    if len(markers) != len(board.clearings):
        raise ValueError(f"{len(markers)} suit markers for {len(board.clearings)} clearings")
    rng.shuffle(markers)
    return markers


@cache
def balanced_layouts(map_id: str) -> tuple[tuple[Suit, ...], ...]:
    """Every way to lay the twelve markers with no two clearings of a suit
    joined by a path or a closed path, in a fixed order."""
    board = woodland(map_id)
    near = {n: set(board.neighbours(n)) for n in board.numbers}
    for a, b in board.closed_paths:
        near[a].add(b)
        near[b].add(a)
    found: list[tuple[Suit, ...]] = []
    layout: list[Suit] = []
    left = dict.fromkeys(SUITS, MARKERS_PER_SUIT)

    def place(n: int) -> None:
        if n > len(board.numbers):
            found.append(tuple(layout))
            return
        for suit in SUITS:
            if left[suit] and all(layout[m - 1] != suit for m in near[n] if m < n):
                left[suit] -= 1
                layout.append(suit)
                place(n + 1)
                layout.pop()
                left[suit] += 1

    place(1)
    return tuple(found)


def map_words(state: RootState) -> str:
    """The opening's sentence on the map and its suits."""
    board = state.woodland
    options = state.options
    if not state.markers:
        return f"The game is played on the {board.map} map, its suits as printed."
    how = (
        "dealt so that no two adjacent clearings share a suit"
        if options.dealt_suits == "balanced"
        else "dealt at random"
    )
    counts = ", ".join(f"{suit} {' '.join(str(n) for n in board.of_suit(suit))}" for suit in SUITS)
    return f"The game is played on the {board.map} map; its suit markers are {how}: {counts}."


# ------------------------------------------------------------------ the Ferry
def do_move(state: RootState, number: int, move: Move, by: int = -1) -> list[Event]:
    """A move (``clearings.do_move``; ``by``: the player forcing another's
    warriors along); on the Ferry, the Ferry goes with the pieces, and then
    the mover draws a card (Law 16.2.2.V).  When the move set off something
    the mover owes (Outrage, for warriors sailing into a sympathetic
    clearing), the draw and that happen together and the mover orders them
    (the FAQ): the :class:`FerryOrder` decision."""
    if not isinstance(move, Sail):
        return walk(state, number, move, by)
    state.ferry = move.to
    state.player(number).used.append(FERRY_USED)
    events = [Event(text=f"{name(number)} takes the Ferry across the lake.")]
    before = {id(p) for p in state.stack}
    events += walk(state, number, move, by)
    owed = [i for i, p in enumerate(state.stack) if id(p) not in before]
    if owed and all(state.stack[i].faction == number for i in owed):
        state.stack.append(FerryOrder(faction=number, at=owed[0]))
        return events
    return events + draw(state, number, 1)


@decision
@action_data
class FerryOrder(Decision):
    """The Ferry's card and what the sail set off (the mover's decisions on
    the stack from place ``at`` up, beneath this one) happen together: the
    mover draws first (:class:`DrawFirst`) or settles those first (Decline:
    the card waits beneath them)."""

    kind: Literal["ferry_order"] = "ferry_order"
    at: int

    asks: ClassVar[str] = "The Ferry: draw its card now, or after what the move set off?"
    done: ClassVar[str] = "Draw it after what the move set off"
    doing: ClassVar[str] = "ordering the Ferry's draw"


@decision
@action_data
class FerryCard(Decision):
    """The Ferry's card, drawn once what the move set off is settled."""

    kind: Literal["ferry_card"] = "ferry_card"

    automatic: ClassVar[bool] = True


def _order_options(state: RootState, p: FerryOrder) -> list[Action]:
    return [DrawFirst(), DECLINE]


def _order(state: RootState, p: FerryOrder, action: Action) -> list[Event]:
    state.stack.pop()
    if isinstance(action, DrawFirst):
        return draw(state, p.faction, 1)
    state.stack.insert(p.at, FerryCard(faction=p.faction))
    return []


def _card(state: RootState, p: FerryCard) -> list[Event]:
    state.stack.pop()
    return draw(state, p.faction, 1)


handles(FerryOrder, options=_order_options, decide=_order)
handles(FerryCard, run=_card)


# ----------------------------------------------------- the Mountain's paths
def clear_path_options(state: RootState, number: int) -> list[ClearPath]:
    """Once per turn in Daylight: each closed path with a piece of the
    player's in one of its clearings, paid with each card in hand (any
    suit, Law 16.2.3.III)."""
    board = state.woodland
    if not board.closed_paths:
        return []
    player = state.player(number)
    if PATH_USED in player.used or not player.hand:
        return []
    cards = distinct(player.hand)
    return [
        ClearPath(a=a, b=b, card=card)
        for a, b in board.closed_paths
        if has_pieces(state, number, a) or has_pieces(state, number, b)
        for card in cards
    ]


def clear_path(state: RootState, number: int, action: ClearPath) -> list[Event]:
    """Spend the card, take the marker off the map for good (the two
    clearings are adjacent from now on) and score a point."""
    discarded = discard_from_hand(state, number, action.card)
    state.clear_path(action.a, action.b)
    state.player(number).used.append(PATH_USED)
    events = [
        Event(
            text=f"{the(number, 'spends', start=True)} {card_name(action.card)} to clear the closed path between {clearing_name(state, action.a)} and "
            f"{clearing_name(state, action.b)}.",
            reveals=True,
        )
    ]
    return events + discarded + gain(state, number, 1, "closed path cleared")


# ----------------------------------------------------------------- the Pass
def end_of_evening(state: RootState) -> list[Event]:
    """At the end of a player's Evening, ruling the Pass scores them a point
    (Law 16.2.3.IV)."""
    tower = state.woodland.tower
    if tower is None or state.over or ruler(state, tower) != state.turn:
        return []
    return gain(state, state.turn, 1, "the Pass")
