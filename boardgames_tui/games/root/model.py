"""Root's game state: the Woodland's clearings and the Burrow, both factions'
pieces, hands and scores, the shared deck, the step of the turn and the
decisions waiting to be made.

Everything is plain data (slotted dataclasses, see ``engine/data.py``).  Cards
are numbers: a card's number is its index in :func:`.cards.deck` (the 54-card
deck); in a seat's view a card that seat may not see is :data:`HIDDEN`.
Factions are numbers too: :data:`CATS` (the Marquise de Cat) and :data:`DUCHY`
(the Underground Duchy); ``seat_of`` maps them to seats.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from boardgames_tui.engine.data import state_data
from boardgames_tui.engine.game import GameState

from .cards import Card, deck
from .tracks import CAT_BUILDINGS, DUCHY_BUILDINGS
from .woodland import BURROW, autumn

CATS: Final = 0
DUCHY: Final = 1
FACTION_NAMES: Final[tuple[str, str]] = ("Marquise de Cat", "Underground Duchy")
SHORT_NAMES: Final[tuple[str, str]] = ("Marquise", "Duchy")

WIN_VP: Final = 30
HAND_LIMIT: Final = 5
STARTING_HAND: Final = 3
HIDDEN: Final = -1
"""A card in a view that the viewing seat may not see (face down)."""
KEEP_CORNERS: Final[dict[int, float]] = {2: 3.0, 1: 2.5, 4: 0.5, 3: 0.0}
"""What the keep's corner is worth to the Marquise, for the bots (not a rule):
with the rule bot on both sides and the Marquise's rule bot choosing her
keep (400 games a corner), she won 50% of her games with the keep in Quarry,
45% in Hill, 31% in Haven and 27% in Weald."""

CAT_BUILDING_KINDS: Final = CAT_BUILDINGS
DUCHY_BUILDING_KINDS: Final = DUCHY_BUILDINGS

__all__ = ["BURROW"]


class RootOptions(BaseModel):
    """Who plays what.  Every field has a default: the first seat plays the
    Underground Duchy (one person learning the Duchy against a Marquise bot),
    and the first player is drawn at random from the game's seed (Law 5.1.1:
    "Determine the starting player and seating order randomly.")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    marquise_seat: int = Field(
        default=1,
        ge=0,
        le=1,
        title="Marquise de Cat",
        description="Who plays the Marquise de Cat; the other seat plays the Underground Duchy.",
        json_schema_extra={"command_line": "a seat index from 0"},
    )
    first: Literal["marquise", "duchy"] | None = Field(
        default=None,
        title="First player",
        description="The faction that takes the first turn: chosen at random unless one is named.",
        json_schema_extra={"none": "At random", "command_line": "marquise, duchy or random"},
    )
    turn_limit: int = Field(
        default=0,
        ge=0,
        json_schema_extra={"setup": False},  # for simulations only
        description=(
            "For simulations only, never a rule of the game: stop after this many turns "
            "(0: no limit, the game ends only at 30 points)."
        ),
    )

    @field_validator("first", mode="before")
    @classmethod
    def _random_is_none(cls, value: object) -> object:
        """``random`` (the command line's word) is the default: no faction named."""
        return None if isinstance(value, str) and value.lower() == "random" else value


def first_as_played(options: dict[str, Any]) -> dict[str, Any]:
    """Saved options (or a saved state's) as they were played: the Marquise
    took the first turn until the first player was drawn at random, so a
    save that does not record ``first`` was played with her first.  A save
    recording ``first`` (null: drawn at random) is kept as it is."""
    if "first" in options:
        return options
    return {**options, "first": "marquise"}


@state_data
class Clearing:
    """What lies in one clearing (index 0 is the Burrow, which only ever holds
    Duchy warriors)."""

    cats: int = 0
    """Marquise warriors."""
    moles: int = 0
    """Duchy warriors."""
    buildings: list[str] = field(default_factory=list)
    """Buildings in the slots: sawmill, workshop, recruiter, citadel, market."""
    wood: int = 0
    keep: bool = False
    tunnel: bool = False


@state_data
class Player:
    """What both factions have: a hand, crafted persistent cards, items,
    warriors in supply, victory points with their sources."""

    hand: list[int] = field(default_factory=list)
    known: list[int] = field(default_factory=list)
    """Cards in this hand that the other seat has seen there (Codebreakers,
    revealed cards returned to the hand, a card taken by Stand and Deliver!)."""
    crafted: list[int] = field(default_factory=list)
    """Persistent cards crafted, face up in front of the player."""
    items: list[str] = field(default_factory=list)
    warriors: int = 0
    """Warriors in the supply."""
    vp: int = 0
    points: dict[str, int] = field(default_factory=dict)
    """Victory points by source, for the score breakdown."""
    used: list[str] = field(default_factory=list)
    """Once-a-turn things done this turn (card effects, crafting pieces, ...)."""


@state_data
class Marquise(Player):
    wood: int = 0
    """Wood tokens in the supply."""
    keep: int = 0
    """The clearing with the keep; 0 before setup and once it is removed."""
    keep_removed: bool = False


@state_data
class Duchy(Player):
    tunnels: int = 0
    """Tunnel tokens in the supply."""
    revealed: list[int] = field(default_factory=list)
    """Cards revealed this turn (public until Evening)."""
    swayed: list[str] = field(default_factory=list)
    """Swayed ministers, in the order swayed."""
    unswayed: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)
    """Ranks of the crowns removed from the game by the Price of Failure."""


@state_data
class Battle:
    """The battle in progress.  ``stage`` is where it stands:
    ambush -> counter -> ambush hits -> roll -> battle effects (the attacker
    first, or the defender first when the attacker lets them: stage
    "attacker_after") -> hits on the defender, then on the attacker -> end."""

    attacker: int
    clearing: int
    stage: str = "ambush"
    ambush: int = HIDDEN
    """The ambush card the defender played (HIDDEN when none)."""
    attacker_hits: int = 0
    """Rolled hits the attacker deals (capped by its warriors there)."""
    defender_hits: int = 0
    extra_attacker: int = 0
    """Extra hits the attacker deals (defenceless defender, Brutal Tactics)."""
    extra_defender: int = 0
    rolled: list[int] = field(default_factory=list)
    """The two dice, highest first."""
    used: list[str] = field(default_factory=list)
    """Battle effects used in this battle ("attacker:brutal_tactics", ...)."""

    @property
    def defender(self) -> int:
        return 1 - self.attacker


#: The steps of setup and of a turn (``RootState.step``), in the order
#: ``flow`` walks them; a typo in a step's name is a type error.
Step = Literal[
    "keep",
    "start_sawmill",
    "start_workshop",
    "start_recruiter",
    "duchy_setup",
    "turn",
    "birdsong",
    "daylight_start",
    "craft",
    "actions",
    "assembly",
    "parliament",
    "sway",
    "evening_start",
    "evening_craft",
    "discard",
    "over",
]

#: The decisions (and the engine's own markers, ``battle`` and ``failure``)
#: a ``Pending`` may stand for.
PendingKind = Literal[
    "ambush",
    "banker",
    "battle",
    "battle_choice",
    "battle_effects",
    "brigadier",
    "brigadier_battles",
    "brigadier_moves",
    "counter",
    "dig",
    "failure",
    "failure_choice",
    "foremole",
    "hits",
    "hospital",
    "march",
    "mayor",
    "move",
    "pay_wood",
    "place_warrior",
    "place_wood",
    "sway",
]


@state_data
class Pending:
    """A decision waiting to be made by ``faction`` (top of the stack first),
    or a marker the engine works through by itself (``battle``).

    ``count`` and ``clearing`` say what the decision is about (hits left to
    take, moves left, the clearing of a Field Hospitals decision);
    ``names`` and ``numbers`` carry what else it needs (a minister's name, a
    building kind, the sawmills still to receive wood)."""

    kind: PendingKind
    faction: int
    clearing: int = 0
    count: int = 0
    by: int = -1
    names: list[str] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)


def _clearings() -> list[Clearing]:
    return [Clearing() for _ in range(len(autumn().clearings) + 1)]


@state_data
class RootState(GameState):
    """A game of Root: the Duchy against the Marquise on the Autumn map."""

    options: RootOptions = field(default_factory=RootOptions)
    seat_of: list[int] = field(default_factory=lambda: [1, 0])
    """The seat of each faction (index CATS, DUCHY)."""
    clearings: list[Clearing] = field(default_factory=_clearings)
    cats: Marquise = field(default_factory=Marquise)
    duchy: Duchy = field(default_factory=Duchy)
    draw_pile: list[int] = field(default_factory=list)
    """The deck, face down; the top card is the last."""
    discard: list[int] = field(default_factory=list)
    items: dict[str, int] = field(default_factory=dict)
    """The item supply."""
    turn: int = CATS
    """The faction whose turn it is."""
    turn_number: int = 0
    """Turns begun so far (0 during setup)."""
    step: Step = "keep"
    actions_left: int = 0
    battle: Battle | None = None
    stack: list[Pending] = field(default_factory=list)
    hospitals: dict[int, int] = field(default_factory=dict)
    """Marquise warriors removed per clearing by the event being resolved."""
    failure: bool = False
    """Whether the event being resolved removed a Duchy building."""
    winner: int = -1
    """The faction that won (-1: none yet)."""
    ended_by_limit: bool = False

    # ------------------------------------------------------------- players
    def player(self, faction: int) -> Player:
        return self.cats if faction == CATS else self.duchy

    def faction_of(self, seat: int) -> int:
        return self.seat_of.index(seat)

    @property
    def over(self) -> bool:
        return self.winner >= 0 or self.ended_by_limit


def card_of(number: int) -> Card:
    """The card with this number (a hidden card reads as the last card of the
    deck: views are for reading, and a bot's simulation must not crash)."""
    return deck()[number]
