"""Root's game state: the Woodland's clearings and the Burrow, the seats with
each faction's own state (hand, score, supply and board), the shared deck, the
step of the turn and the decisions waiting to be made.

Everything is plain data (slotted dataclasses, see ``engine/data.py``).  Cards
are numbers: a card's number is its index in :func:`.cards.deck` (the 54-card
deck); in a seat's view a card that seat may not see is :data:`HIDDEN`.
Factions are numbers too, one per faction module (:data:`CATS` the Marquise
de Cat, :data:`DUCHY` the Underground Duchy, see ``factions/``); the state
holds one :class:`Player` per seat (``players``), each knowing its faction.
The rules name no faction here: a clearing holds warriors by faction and
buildings and tokens by kind, and each faction module says which kinds are its.
"""

from __future__ import annotations

from dataclasses import field
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, SerializeAsAny, field_validator

from boardgames_tui.engine.data import adapter, state_data
from boardgames_tui.engine.game import GameState

from .cards import Card, deck
from .tracks import CAT_BUILDINGS, DUCHY_BUILDINGS
from .woodland import BURROW, autumn

CATS: Final = 0
DUCHY: Final = 1
EYRIE: Final = 2
FACTION_NAMES: Final[tuple[str, str]] = ("Marquise de Cat", "Underground Duchy")
SHORT_NAMES: Final[tuple[str, str]] = ("Marquise", "Duchy")
"""The two first factions' names, by faction number (the registry in
``factions/base.py`` holds every faction's)."""

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
    first: Literal["marquise", "eyrie", "duchy"] | None = Field(
        default=None,
        title="First player",
        description="The faction that takes the first turn: chosen at random unless one is named.",
        json_schema_extra={"none": "At random", "command_line": "marquise, eyrie, duchy or random"},
    )
    factions: tuple[str, ...] | None = Field(
        default=None,
        json_schema_extra={"setup": False, "command_line": "faction keys, comma-separated"},
        description=(
            "The factions at the table, one per seat, dealt to the seats at random "
            "(Law 5.1.1); none named: the Marquise and the Duchy, seated by marquise_seat."
        ),
    )
    seating: Literal["random", "chosen"] = Field(
        default="random",
        json_schema_extra={"setup": False, "command_line": "random or chosen"},
        description=(
            "With factions named: random deals them to the seats at random (Law 5.1.1); "
            "chosen seats each player at the faction named in its place."
        ),
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

    @field_validator("factions", mode="before")
    @classmethod
    def _split_factions(cls, value: object) -> object:
        """The command line's ``marquise,duchy,eyrie``: one word per seat."""
        if isinstance(value, str):
            return tuple(w.strip().lower() for w in value.split(",") if w.strip())
        return value

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
    """What lies in one clearing (index 0 is the Burrow, off the map).

    ``warriors`` counts each faction's warriors (a faction with none has no
    entry); ``buildings`` holds the buildings in the slots and ``tokens`` the
    tokens, by kind (sorted), each kind belonging to one faction (its
    module's ``building_kinds`` and ``token_kinds``)."""

    warriors: dict[int, int] = field(default_factory=dict)
    buildings: list[str] = field(default_factory=list)
    """Buildings in the slots: sawmill, workshop, recruiter, citadel, market."""
    tokens: list[str] = field(default_factory=list)
    """Tokens, sorted by kind: wood, keep, tunnel."""

    def count(self, token: str) -> int:
        return self.tokens.count(token)

    def add_token(self, token: str, n: int = 1) -> None:
        self.tokens.extend([token] * n)
        self.tokens.sort()

    def remove_token(self, token: str, n: int = 1) -> None:
        for _ in range(n):
            self.tokens.remove(token)

    def set_warriors(self, faction: int, n: int) -> None:
        if n:
            self.warriors[faction] = n
        else:
            self.warriors.pop(faction, None)

    def _set_count(self, token: str, n: int) -> None:
        self.remove_token(token, self.count(token))
        self.add_token(token, n)

    # The first two factions' pieces by name, read (and set) by the screen
    # and the tests: derived from the fields above.
    @property
    def cats(self) -> int:
        """Marquise warriors."""
        return self.warriors.get(CATS, 0)

    @cats.setter
    def cats(self, n: int) -> None:
        self.set_warriors(CATS, n)

    @property
    def moles(self) -> int:
        """Duchy warriors."""
        return self.warriors.get(DUCHY, 0)

    @moles.setter
    def moles(self, n: int) -> None:
        self.set_warriors(DUCHY, n)

    @property
    def wood(self) -> int:
        return self.count("wood")

    @wood.setter
    def wood(self, n: int) -> None:
        self._set_count("wood", n)

    @property
    def keep(self) -> bool:
        return "keep" in self.tokens

    @keep.setter
    def keep(self, on: bool) -> None:
        self._set_count("keep", int(on))

    @property
    def tunnel(self) -> bool:
        return "tunnel" in self.tokens

    @tunnel.setter
    def tunnel(self, on: bool) -> None:
        self._set_count("tunnel", int(on))


@state_data
class Player:
    """One seat's faction: what every faction has (a hand, crafted persistent
    cards, items, warriors in supply, victory points with their sources);
    a faction module's own state is a subclass (``factions/``)."""

    faction: int = CATS
    """The faction this seat plays (its module's number)."""
    hand: list[int] = field(default_factory=list)
    known: list[int] = field(default_factory=list)
    """Cards in this hand that every other seat has seen there (revealed
    cards returned to the hand, a dominance card taken; with two players also
    Codebreakers and a card taken by Stand and Deliver!)."""
    seen_by: dict[int, list[int]] = field(default_factory=dict)
    """Cards in this hand that one other faction alone has seen there, by
    that faction (Codebreakers, Stand and Deliver!, with three or more
    players)."""
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
    dominance: int = HIDDEN
    """The dominance card activated (Law 3.3), or HIDDEN: none; with one, the
    player scores no more points and wins by rule at the start of Birdsong."""


# The factions' own states.  Like the actions (``actions.py``), each
# faction's state is part of the save format and lives here; its rules are
# its module's (``factions/``), which registers the class for ``PLAYER_CLASSES``.
@state_data
class Marquise(Player):
    wood: int = 0
    """Wood tokens in the supply."""
    keep: int = 0
    """The clearing with the keep; 0 before setup and once it is removed."""
    keep_removed: bool = False
    hospitals: dict[int, int] = field(default_factory=dict)
    """Marquise warriors removed per clearing by the event being resolved."""


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
    failure: bool = False
    """Whether the event being resolved removed a Duchy building."""


#: The Eyrie's Decree columns, left to right (Law 7.5.2), by index.
DECREE_COLUMNS: Final[tuple[str, str, str, str]] = ("recruit", "move", "battle", "build")
LEADERS: Final[tuple[str, str, str, str]] = ("builder", "charismatic", "commander", "despot")
VIZIER: Final = -2
"""A Loyal Vizier in the Decree (a bird card of the Eyrie's own, not in the
deck): where a list of Decree cards names one (``Eyrie.todo``, the
``Turmoil`` action)."""


@state_data
class Eyrie(Player):
    """The Eyrie Dynasties (Law 7).  Everything here is public but the hand.

    ``decree`` holds the deck cards in the Decree by column (indexes of
    :data:`DECREE_COLUMNS`: recruit, move, battle, build); the two Loyal
    Viziers are not listed there: they always sit in the two columns the
    leader names (``factions/eyrie.py``: ``VIZIER_COLUMNS``), and
    ``column_cards`` gives a column with its vizier.  ``todo`` and
    ``column`` are the Decree being resolved in Daylight: the column being
    resolved (0-3; 4 once every column is done) and its cards not yet
    resolved (deck cards and :data:`VIZIER`)."""

    roosts: int = 0
    """Roosts in the supply (on the Roosts track)."""
    corner: int = 0
    """The corner clearing it started in (0 before setup)."""
    leader: str = ""
    """The leader in office (one of :data:`LEADERS`; "" before setup)."""
    leaders: list[str] = field(default_factory=list)
    """Leaders face up beside the board, who may be chosen next."""
    deposed: list[str] = field(default_factory=list)
    """Leaders turned face down by Turmoil, in the order deposed."""
    decree: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    """The deck cards in each Decree column (recruit, move, battle, build)."""
    column: int = 0
    """The Decree column being resolved in Daylight (4: all resolved)."""
    todo: list[int] = field(default_factory=list)
    """Cards of that column still to resolve this turn (VIZIER for a vizier)."""
    added: list[int] = field(default_factory=list)
    """Cards added to the Decree this Birdsong (at most two, one bird)."""


#: Each faction's state class, by faction number (filled in by
#: ``factions.base.register``): how a saved seat is read back.
PLAYER_CLASSES: dict[int, type[Player]] = {}


def _players(value: Any) -> Any:
    """Saved seats back into their factions' classes (by ``faction``)."""
    if isinstance(value, list):
        return [
            adapter(PLAYER_CLASSES.get(p.get("faction", -1), Player)).validate_python(p)
            if isinstance(p, dict)
            else p
            for p in value
        ]
    return value


@state_data
class Battle:
    """The battle in progress.  ``stage`` is where it stands:
    ambush -> counter -> ambush hits -> roll -> battle effects (the attacker
    first, or the defender first when the attacker lets them: stage
    "attacker_after") -> hits on the defender, then on the attacker -> end."""

    attacker: int
    clearing: int
    defending: int = -1
    """The faction attacked (-1 in a battle built by hand between the first
    two factions: the other one)."""
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
    removed: dict[int, int] = field(default_factory=dict)
    """Enemy buildings and tokens each side removed in this battle, for a
    faction that counts them (``Faction.counts_battle_removals``)."""

    @property
    def defender(self) -> int:
        return self.defending if self.defending >= 0 else 1 - self.attacker


#: The steps of setup and of a turn (``RootState.step``): the shared ones
#: ("setup", "turn", "birdsong", "daylight_start", "evening_start",
#: "discard", "over") and each faction module's own (its ``steps``).
Step = str

#: The decisions a ``Pending`` may stand for: the shared ones ("ambush",
#: "counter", "battle_effects", "hits", "battle", "bank_target") and each
#: faction module's (its ``pending_kinds``).
PendingKind = str


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
    """A game of Root on the Autumn map, two to four seats."""

    options: RootOptions = field(default_factory=RootOptions)
    players: Annotated[list[SerializeAsAny[Player]], BeforeValidator(_players)] = field(
        default_factory=list
    )
    """One per seat, in seat order: the faction it plays and that faction's state."""
    clearings: list[Clearing] = field(default_factory=_clearings)
    draw_pile: list[int] = field(default_factory=list)
    """The deck, face down; the top card is the last."""
    discard: list[int] = field(default_factory=list)
    available: list[int] = field(default_factory=list)
    """Dominance cards spent or discarded, beside the map (Law 3.3.3)."""
    items: dict[str, int] = field(default_factory=dict)
    """The item supply."""
    turn: int = CATS
    """The faction whose turn it is."""
    turn_number: int = 0
    """Turns begun so far (0 during setup)."""
    step: Step = "setup"
    setting_up: int = -1
    """The faction taking its setup choices (-1 once setup is over)."""
    actions_left: int = 0
    battle: Battle | None = None
    stack: list[Pending] = field(default_factory=list)
    winner: int = -1
    """The faction that won (-1: none yet)."""
    ended_by_limit: bool = False

    # ------------------------------------------------------------- players
    def player(self, faction: int) -> Player:
        players = self.players
        if players[0].faction == faction:
            return players[0]
        for p in players:
            if p.faction == faction:
                return p
        raise KeyError(f"faction {faction} is not at the table")

    def seat(self, faction: int) -> int:
        for i, p in enumerate(self.players):
            if p.faction == faction:
                return i
        raise KeyError(f"faction {faction} is not at the table")

    def faction_of(self, seat: int) -> int:
        return self.players[seat].faction

    @property
    def factions(self) -> list[int]:
        """The factions at the table, in seat order."""
        return [p.faction for p in self.players]

    @property
    def seat_of(self) -> list[int]:
        """The seat of each faction, indexed by faction number (-1 for one
        not at the table), as the screen reads it."""
        seats = [-1] * (max(self.factions, default=-1) + 1)
        for i, p in enumerate(self.players):
            seats[p.faction] = i
        return seats

    @property
    def cats(self) -> Marquise:
        """The Marquise's state (the screen's name for it)."""
        return self.player(CATS)  # type: ignore[return-value]

    @property
    def duchy(self) -> Duchy:
        """The Duchy's state (the screen's name for it)."""
        return self.player(DUCHY)  # type: ignore[return-value]

    @property
    def over(self) -> bool:
        return self.winner >= 0 or self.ended_by_limit


def card_of(number: int) -> Card:
    """The card with this number (a hidden card reads as the last card of the
    deck: views are for reading, and a bot's simulation must not crash)."""
    return deck()[number]
