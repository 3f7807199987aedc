"""The state of a game of Underlings of Underwing, as plain pydantic data.

Cards are referred to by their index in :func:`.cards.deck`; crystals are
counted per element (the bag, each player's storage) or listed per element
space (the eggs).  Nothing here knows the order of play: that is
:mod:`.rules`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from boardgames_tui.engine.data import action_data, state_data
from boardgames_tui.engine.game import GameState

from .cards import (
    BanishWild,
    ClaimAndHatch,
    CollectChosen,
    CollectElements,
    DestroyElements,
    ElementEveryRound,
    EveryoneDiscards,
    EveryoneLosesHandler,
    GainHandler,
    HatchAdjacent,
    ScareHandlers,
    ScatterElements,
    SmashElements,
    StealElements,
    TakeFromEgg,
    card,
)
from .colours import COMPLETIONS, ELEMENTS, Element, is_complete, norm

# --------------------------------------------------------------------- tables
#: The Field, clockwise, starting at White (ruling R-FIELD).  From the solo
#: rules: clockwise White -> Orange, Black -> Red, Purple -> Blue; counter-
#: clockwise from White come Green, then Red.
FIELD: tuple[Element, ...] = (
    "white",
    "orange",
    "yellow",
    "purple",
    "blue",
    "black",
    "red",
    "green",
)
FIELD_INDEX: dict[Element, int] = {e: i for i, e in enumerate(FIELD)}


def clockwise(space: Element) -> Element:
    """The Field space one step clockwise of ``space``."""
    return FIELD[(FIELD_INDEX[space] + 1) % len(FIELD)]


def counter_clockwise(space: Element) -> Element:
    """The Field space one step counter-clockwise of ``space``."""
    return FIELD[(FIELD_INDEX[space] - 1) % len(FIELD)]


#: Players -> (columns, rows) of the hatching grounds ("3x2" is three eggs
#: wide and two tall, ruling R-GRID).  One player is the solo game: "Hatching
#: Grounds are arranged in a 2x2 grid to start".
GROUNDS: dict[int, tuple[int, int]] = {
    1: (2, 2),
    2: (3, 2),
    3: (4, 3),
    4: (4, 4),
    5: (4, 4),
    6: (4, 4),
}
#: Players -> the suggested maximum number of handlers per player ("Max.
#: number of Handlers for solo play: Player = 5, Wild Forces = 6").
MAX_HANDLERS: dict[int, int] = {1: 5, 2: 4, 3: 5, 4: 6, 5: 6, 6: 6}
#: Players -> the suggested number of rounds ("Place the Round Tracker on
#: number 12" in solo).
ROUNDS: dict[int, int] = {1: 12, 2: 15, 3: 13, 4: 12, 5: 12, 6: 12}
#: Handlers in each Ready Room at the start.
START_HANDLERS = 2
#: Handler deficiency: (score threshold, handlers a player is brought up to).
DEFICIENCY: tuple[tuple[int, int], ...] = ((12, 3), (25, 4))
TEMPERATURE_WARM_BONUS = 15
TEMPERATURE_COOL_BONUS = 15
BALANCE_BONUS = 20

# ------------------------------------------------------------------ solo tables
#: Solo: the player's handlers on staff -> (columns, rows) of the grounds
#: ("When a new Handler is granted, the Hatching Ground grid expands ...
#: 3 Handlers: 3x2 Grid, 4 Handlers: 3x3 Grid, 5 Handlers: 4x3 Grid").
SOLO_GROUNDS: dict[int, tuple[int, int]] = {2: (2, 2), 3: (3, 2), 4: (3, 3), 5: (4, 3)}
#: Solo: the Wild Forces' handlers in all ("Wild Forces = 6").
WILD_HANDLERS = 6
#: Solo: "Assign one Wild 'Handler' to the White, Black, and Purple Elemental
#: spaces on the Field; place the remaining 3 Wild 'Handlers' in the allocated
#: spaces on the Tracker".
WILD_START: tuple[Element, ...] = ("white", "black", "purple")
#: Solo: "The Wild Forces should place Elements in the following order: Black,
#: White, Purple, Orange, Green, Blue, Yellow, Red."
WILD_ORDER: tuple[Element, ...] = (
    "black",
    "white",
    "purple",
    "orange",
    "green",
    "blue",
    "yellow",
    "red",
)
#: Solo: "If the Hatching Grounds contain no wild Dragons at the conclusion of
#: the game, the player is granted a bonus of +15 Dragon Points."
NO_WILD_BONUS = 15
#: The ``seat`` of a job decided by the Wild Forces (a wild dragon hatched by
#: one of their placements, ruling R-SOLO-WILD-DECIDER).  Never a seat that
#: acts: the engine decides these jobs itself.
WILD_FORCES = -1


class UnderwingOptions(BaseModel):
    """Options for a game.  ``None`` means "as the rulebook suggests for this
    many players"."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rounds: int | None = Field(default=None, ge=1, le=30, description="Rounds to play.")
    temperature_bonus: bool | None = Field(
        default=None, description="Score the temperature bonus (off by default with 2 players)."
    )
    #: Ruling R-TRADE: people may propose trades without limit; a bot makes
    #: at most this many offers per phase, so that games between bots end.
    #: (Before that ruling this bounded everybody's offers; saves holding it
    #: still load.)
    trade_offers: int = Field(
        default=1,
        ge=0,
        le=3,
        description="Trade offers each bot may make per phase (people: no limit).",
    )


# ---------------------------------------------------------------- internal jobs
@action_data
class HatchWild:
    """An unclaimed egg hatches in the wild (a step of effect resolution)."""

    kind: Literal["hatch_wild"] = "hatch_wild"
    slot: int


@action_data
class HatchTame:
    """A dragon hatches for a player: from the nursery (its handler goes back
    to the Ready Room) or claimed and hatched by an effect."""

    kind: Literal["hatch_tame"] = "hatch_tame"
    card: int
    nursery: bool = True


JobEffect = Annotated[
    HatchWild
    | HatchTame
    | GainHandler
    | CollectElements
    | CollectChosen
    | ElementEveryRound
    | TakeFromEgg
    | ClaimAndHatch
    | DestroyElements
    | StealElements
    | BanishWild
    | ScatterElements
    | HatchAdjacent
    | ScareHandlers
    | SmashElements
    | EveryoneLosesHandler
    | EveryoneDiscards,
    Field(discriminator="kind"),
]


@state_data
class Job:
    """Something being resolved: a hatching or one effect of a hatched dragon.
    ``seat`` decides its choices; ``origin`` is the slot of the wild dragon for
    effects on adjacent eggs; ``left`` counts what is still to do."""

    effect: JobEffect
    seat: int
    origin: int | None = None
    left: int = 0
    drawn: Element | None = None
    victim: int | None = None


# ------------------------------------------------------------------- the table
@state_data
class Slot:
    """One space of the hatching grounds: empty, an egg (maybe claimed, with
    crystals on its element spaces) or a wild dragon."""

    card: int | None = None
    wild: bool = False
    claimant: int | None = None
    #: Crystals on each element space of the egg, canonical order.  A value
    #: (tuples), replaced rather than changed: copies share it, and it is
    #: the key of the cached answers about the egg.
    fill: tuple[tuple[Element, ...], ...] = ()

    @property
    def is_egg(self) -> bool:
        return self.card is not None and not self.wild

    def space_complete(self, index: int) -> bool:
        assert self.card is not None
        return self.fill[index] in space_recipes(self.card)[index]

    @property
    def complete(self) -> bool:
        """An egg whose every element space is filled."""
        if self.card is None or self.wild:
            return False
        return egg_complete(self.card, self.fill)

    def contents(self) -> tuple[tuple[Element, ...], ...]:
        """The crystals on each element space, as a hashable value."""
        return self.fill

    def with_space(self, space: int, crystals: Iterable[Element]) -> None:
        """Put exactly ``crystals`` on element space ``space``."""
        fill = list(self.fill)
        fill[space] = norm(crystals)
        self.fill = tuple(fill)

    def crystals(self) -> list[Element]:
        return [e for f in self.fill for e in f]


@cache
def space_recipes(card_id: int) -> tuple[frozenset[tuple[Element, ...]], ...]:
    """The recipes that fill each element space of card ``card_id``
    (:data:`.colours.COMPLETIONS`): a space is complete when its contents are
    one of them."""
    return tuple(COMPLETIONS[element] for element in card(card_id).spaces)


@lru_cache(maxsize=1 << 14)
def egg_complete(card_id: int, contents: tuple[tuple[Element, ...], ...]) -> bool:
    """Whether every element space of card ``card_id`` holding ``contents`` is
    filled (a pure function of the two, so positions share the answer)."""
    spaces = card(card_id).spaces
    return all(is_complete(e, f) for e, f in zip(spaces, contents, strict=True))


@state_data
class Nursling:
    """A completed egg in a player's area, with its handler, waiting to hatch."""

    card: int
    round: int


@state_data
class Player:
    storage: dict[Element, int] = dataclasses.field(
        default_factory=lambda: dict.fromkeys(ELEMENTS, 0)
    )
    ready: int = START_HANDLERS
    break_room: int = 0
    #: Field spaces holding one of this player's handlers, in Field order.
    field: list[Element] = dataclasses.field(default_factory=list)
    tracker: int = 0
    nursery: list[Nursling] = dataclasses.field(default_factory=list)
    dragons: list[int] = dataclasses.field(default_factory=list)
    #: Elements drawn every Phase 1 thanks to hatched dragons (None: random).
    perks: list[Element | None] = dataclasses.field(default_factory=list)
    #: Dragon points from hatched dragons.
    score: int = 0
    #: Trade offers this player may still make in the current phase (the
    #: limit binds bots only, ruling R-TRADE; it stops at zero).
    offers: int = 0

    def stored(self) -> int:
        return sum(self.storage.values())


@state_data
class WildForces:
    """The solo game's automaton: its handlers on the Field and on the tracker,
    and the elements it drew this round and has still to place."""

    #: Field spaces holding a Wild handler, in Field order (never two on a space).
    field: list[Element] = dataclasses.field(default_factory=list)
    #: Wild handlers waiting on the tracker (joining the Field when the player
    #: gains a handler).
    tracker: int = 0
    #: Elements drawn in Phase 1, placed in Phase 3 (empty otherwise).
    storage: dict[Element, int] = dataclasses.field(
        default_factory=lambda: dict.fromkeys(ELEMENTS, 0)
    )
    #: Phase 3: the player has just placed, so the Wild Forces place next.
    owed: bool = False

    def stored(self) -> int:
        return sum(self.storage.values())


@state_data
class Trade:
    """A trade being put together by ``proposer`` (``sent`` False) or waiting
    for ``partner``'s answer (``sent`` True)."""

    proposer: int
    partner: int
    give: list[Element] = dataclasses.field(default_factory=list)
    ask: list[Element] = dataclasses.field(default_factory=list)
    sent: bool = False


@state_data
class Group:
    """Phase 3: elements being put together for one element space, placed at
    once as one placement (ruling R-COMBINATION).  They stay in the placing
    player's storage until the group is placed."""

    slot: int
    space: int
    crystals: list[Element] = dataclasses.field(default_factory=list)


Phase = Literal[1, 2, 3, 4]


@state_data
class UnderwingState(GameState):
    options: UnderwingOptions
    rounds: int
    temperature_bonus: bool
    cols: int
    rows: int
    max_handlers: int
    #: Multiplayer: a handler moved off White goes to the Break Room.
    white_withdraws: bool = True
    round: int = 1
    phase: Phase = 1
    #: Seat holding the Egg Token (Player 1 this round).
    first: int = 0
    #: Position in this round's turn order of the player acting in phases 1-3.
    turn: int = 0
    #: Phase 1: Field spaces of the current player still to collect from.
    collect: list[Element] = dataclasses.field(default_factory=list)
    #: Phase 1: the current player drew their random elements first (ruling
    #: R-DRAW-ORDER); False outside a player's collection.
    randoms_drawn: bool = False
    #: Phase 2: players who have passed.
    passed: list[bool] = dataclasses.field(default_factory=list)
    #: Phase 3: placements made by the current player this turn.
    placed: int = 0
    bag: dict[Element, int]
    #: Face-down draw pile, top first.
    deck: list[int]
    #: Cards out of the game (banished wild dragons).
    removed: list[int] = dataclasses.field(default_factory=list)
    grounds: list[Slot]
    players: list[Player]
    #: Effects being resolved, last on top.
    jobs: list[Job] = dataclasses.field(default_factory=list)
    trade: Trade | None = None
    #: Phase 3: a group of elements being put together (ruling R-COMBINATION).
    group: Group | None = None
    #: The grounds filled with wild dragons: everybody lost.
    doom: bool = False
    over: bool = False
    #: Solo: the Wild Forces (None in a multiplayer game).
    wild_forces: WildForces | None = None
    #: Cards left out of the game at setup (solo: the legendary dragons).
    set_aside: list[int] = dataclasses.field(default_factory=list)

    # ------------------------------------------------------------ helpers
    @property
    def n(self) -> int:
        return len(self.players)

    @property
    def solo(self) -> bool:
        """One player against the Wild Forces."""
        return self.wild_forces is not None

    def order(self) -> list[int]:
        """This round's turn order: Player 1 (the Egg Token), then to the left
        (ruling R-LEFT: the next seat index)."""
        return [(self.first + i) % self.n for i in range(self.n)]

    def current(self) -> int:
        return (self.first + self.turn) % len(self.players)

    @property
    def final_round(self) -> bool:
        return self.round >= self.rounds

    def staff(self, seat: int) -> int:
        """Handlers on a player's staff (everywhere but the tracker)."""
        return self.max_handlers - self.players[seat].tracker

    def claimed(self, seat: int) -> list[int]:
        return [i for i, s in enumerate(self.grounds) if s.claimant == seat]

    def adjacent(self, slot: int) -> list[int]:
        """Orthogonal neighbours in the grid (ruling R-ADJACENT)."""
        row, col = divmod(slot, self.cols)
        found = []
        if row > 0:
            found.append(slot - self.cols)
        if col > 0:
            found.append(slot - 1)
        if col < self.cols - 1:
            found.append(slot + 1)
        if row < self.rows - 1:
            found.append(slot + self.cols)
        return found

    def open_eggs(self) -> list[int]:
        """Slots with an egg that still has an element space to fill."""
        return [i for i, s in enumerate(self.grounds) if s.is_egg and not s.complete]

    def crystal_count(self) -> int:
        """Every crystal in the game: bag, storages (the Wild Forces' too), eggs
        (always 100, ruling R-BAG)."""
        wild = self.wild_forces.stored() if self.wild_forces is not None else 0
        return (
            sum(self.bag.values())
            + sum(p.stored() for p in self.players)
            + wild
            + sum(len(s.crystals()) for s in self.grounds)
        )

    def card_count(self) -> int:
        """Every card: deck, grounds, nurseries, hatched dragons, removed, set
        aside (always 90)."""
        return (
            len(self.deck)
            + sum(1 for s in self.grounds if s.card is not None)
            + sum(len(p.nursery) + len(p.dragons) for p in self.players)
            + len(self.removed)
            + len(self.set_aside)
        )

    def handler_count(self, seat: int) -> int:
        """Every handler of a player, wherever it is (always ``max_handlers``)."""
        p = self.players[seat]
        return (
            p.ready
            + p.break_room
            + len(p.field)
            + len(self.claimed(seat))
            + len(p.nursery)
            + p.tracker
        )


def add_crystal(slot: Slot, space: int, crystal: Element) -> None:
    slot.with_space(space, (*slot.fill[space], crystal))
