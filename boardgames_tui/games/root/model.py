"""Root's game state: the places of the map (its clearings, and the places
off the map some faction has), the seats with each faction's own state
(hand, score, supply and board), the shared deck, the step of the turn and
the decisions waiting to be made.

Everything is plain data (slotted dataclasses, see ``engine/data.py``).  Cards
are numbers: a card's number is its index in :func:`.cards.deck` (the 54-card
deck); in a seat's view a card that seat may not see is :data:`HIDDEN`.
Factions are numbers too, one per faction package (``factions/``); the state
holds one :class:`Player` per seat (``players``), each knowing its faction,
and a faction's own state is a subclass its package registers
(:data:`PLAYER_CLASSES`).  A decision waiting on the stack is a small frozen
value of its kind (:class:`Decision`), each kind a class its package
registers (:data:`DECISION_CLASSES`).  The rules name no faction here: a
clearing holds warriors by faction and buildings and tokens by kind, and each
faction says which kinds are its.

The map is the options' (``RootOptions.map``): :attr:`RootState.woodland`
is it, looked up by its id, the suit markers dealt to it (``markers``) and the closed
paths cleared (``cleared_paths``) when the state is made and when a path is
cleared (never saved itself: those fields are).  The Lake's Ferry stands in
``ferry``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Annotated, Any, ClassVar, Final, TypeVar

from pydantic import BeforeValidator, Field, SerializeAsAny

from boardgames_tui.engine.data import NO_CLONE, action_data, adapter, state_data
from boardgames_tui.engine.game import GameState

from .cards import Card, deck
from .options import RootOptions
from .woodland import DEFAULT_MAP, Suit, WoodlandMap, played_map, woodland

WIN_VP: Final = 30
HAND_LIMIT: Final = 5
STARTING_HAND: Final = 3
HIDDEN: Final = -1
"""A card in a view that the viewing seat may not see (face down)."""


@state_data
class Clearing:
    """What lies in one place (a clearing of the map, or a place off it).

    ``warriors`` counts each faction's warriors (a faction with none has no
    entry); ``buildings`` holds the buildings in the slots and ``tokens`` the
    tokens, by kind (sorted), each kind belonging to one faction (its
    module's ``building_kinds`` and ``token_kinds``)."""

    warriors: dict[int, int] = field(default_factory=dict)
    buildings: list[str] = field(default_factory=list)
    """Buildings in the slots, by kind."""
    tokens: list[str] = field(default_factory=list)
    """Tokens, sorted by kind."""

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


@state_data
class Player:
    """One seat's faction: what every faction has (a hand, crafted persistent
    cards, items, warriors in supply, victory points with their sources);
    a faction module's own state is a subclass (``factions/``)."""

    faction: int
    """The faction this seat plays (its package's number)."""
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
    partner: int = HIDDEN
    """The faction in a coalition with this one (HIDDEN: none): partners are
    not enemies, and one's win is both's (Law 9.2.8)."""


#: Each faction's state class, by faction number (filled in by
#: ``faction.register``): how a saved seat is read back.
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
    defending: int
    """The faction attacked."""
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
    """Enemy buildings and tokens a side removed in this battle, kept by a
    faction that counts them (for what the battle's end gives it)."""

    @property
    def defender(self) -> int:
        return self.defending


#: The steps of setup and of a turn (``RootState.step``): the shared ones
#: ("setup", "turn", "birdsong", "daylight_start", "evening_start",
#: "discard", "over") and each faction's own (its ``steps``).
Step = str


@action_data
class Decision:
    """A decision waiting to be made by ``faction`` (top of the stack first),
    or a marker the engine works through by itself (``automatic``).

    Each kind is a small frozen subclass with a ``kind`` tag (a ``Literal``,
    as the actions') and named fields, registered with :func:`decision`;
    the shared rules and each faction's package handle a kind through the
    table of handlers (``faction.handles``).  The words say what the
    deciding player is asked (``asks``), what its "done" means (``done``)
    and, for the screen, what the player is doing (``doing``)."""

    kind: str
    faction: int

    #: The engine works the marker through by itself (no player decides).
    automatic: ClassVar[bool] = False
    #: Resolving this decision ends the step it was taken in (a sway).
    ends_step: ClassVar[bool] = False
    asks: ClassVar[str] = "Decide."
    done: ClassVar[str] = "Done"
    doing: ClassVar[str] = "deciding"
    #: The fields of the records every decision was saved as before the
    #: decisions were typed (read back by :meth:`from_record`).
    RECORD: ClassVar[frozenset[str]] = frozenset(
        {"kind", "faction", "clearing", "count", "by", "names", "numbers"}
    )

    @property
    def place(self) -> int:
        """The place the decision is about (0: none in particular)."""
        return 0

    #: Where this kind kept a field in the records of the untyped shape
    #: (:attr:`RECORD`) when not under the field's own name: the record's
    #: key, or ``"names[0]"`` for the first of its names.
    FROM_RECORD: ClassVar[dict[str, str]] = {}

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> dict[str, Any]:
        """This kind's fields from a record of the untyped shape older saves
        hold (``clearing``, ``count``, ``by``, ``names``, ``numbers``): the
        fields of the same name, and those :attr:`FROM_RECORD` places
        elsewhere (a kind whose record needs more says so itself).  Raises
        KeyError or IndexError when the record lacks what the kind needs."""
        fields = _field_names(cls)
        out = {k: v for k, v in record.items() if k in fields}
        for name, key in cls.FROM_RECORD.items():
            out[name] = record[key[: -len("[0]")]][0] if key.endswith("[0]") else record[key]
        return out


@action_data
class InClearing(Decision):
    """A kind of decision about one ``clearing`` (its :attr:`place`)."""

    clearing: int

    @property
    def place(self) -> int:
        return self.clearing


D = TypeVar("D", bound=type[Decision])

#: Each kind of decision's class, by its ``kind`` (filled by :func:`decision`):
#: how a saved stack is read back.
DECISION_CLASSES: dict[str, type[Decision]] = {}


def decision(cls: D) -> D:
    """Register a kind of decision (a class decorator), so that a save's
    stack reads it back; a kind belongs to one class."""
    kind = cls.__dataclass_fields__["kind"].default
    assert isinstance(kind, str), f"{cls.__name__} has no kind"
    taken = DECISION_CLASSES.get(kind)
    if taken is not None and taken.__qualname__ != cls.__qualname__:
        raise ValueError(f"decision kind {kind!r} is taken by {taken.__name__}")
    DECISION_CLASSES[kind] = cls
    return cls


def from_records(stack: list[Any], *, strict: bool) -> list[Any]:
    """A saved stack with its records of the untyped shape older saves hold
    (every decision a record of exactly :attr:`Decision.RECORD`) in their
    kinds' fields (:meth:`Decision.from_record`); anything else as it is.

    ``strict``: a decision of no registered kind, or a record its kind
    cannot read, is refused (ValueError); otherwise it is left as it was
    for validation to judge (loading a save, :func:`game.migrate_state`)."""
    out: list[Any] = []
    for item in stack:
        if isinstance(item, dict):
            kind = item.get("kind", "")
            cls = DECISION_CLASSES.get(kind)
            if cls is None:
                if strict:
                    raise ValueError(f"no decision of kind {kind!r}")
            elif set(item) == Decision.RECORD and not set(item) <= _field_names(cls):
                try:
                    item = cls.from_record(item)
                except (KeyError, IndexError, TypeError) as exc:
                    if strict:
                        raise ValueError(
                            f"a {kind!r} decision the save cannot hold: {exc}"
                        ) from None
        out.append(item)
    return out


def _decisions(value: Any) -> Any:
    """A saved stack back into its decisions' classes (by ``kind``), read
    strictly (:func:`from_records`)."""
    if not isinstance(value, list):
        return value
    return [
        adapter(DECISION_CLASSES[item["kind"]]).validate_python(item)
        if isinstance(item, dict)
        else item
        for item in from_records(value, strict=True)
    ]


def _field_names(cls: type[Decision]) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def _clearings() -> list[Clearing]:
    """A place for each clearing of the default map, and place 0 (the first
    place off the map); ``setup.new_game`` makes the table's own."""
    return [Clearing() for _ in range(len(woodland(DEFAULT_MAP).clearings) + 1)]


@state_data
class RootState(GameState):
    """A game of Root, two to four seats, on the map its options name."""

    options: RootOptions = field(default_factory=RootOptions)
    players: Annotated[list[SerializeAsAny[Player]], BeforeValidator(_players)] = field(
        default_factory=list
    )
    """One per seat, in seat order: the faction it plays and that faction's state."""
    clearings: list[Clearing] = field(default_factory=_clearings)
    """Every place by number: the map's clearings (1, 2, 3 ...), place 0 and
    the factions' places off the map."""
    draw_pile: list[int] = field(default_factory=list)
    """The deck, face down; the top card is the last."""
    discard: list[int] = field(default_factory=list)
    available: list[int] = field(default_factory=list)
    """Dominance cards spent or discarded, beside the map (Law 3.3.3)."""
    items: dict[str, int] = field(default_factory=dict)
    """The item supply."""
    ruins_gone: list[int] = field(default_factory=list)
    """Clearings whose ruin has been removed (its building slot open)."""
    turn: int = 0
    """The faction whose turn it is."""
    turn_number: int = 0
    """Turns begun so far (0 during setup)."""
    step: Step = "setup"
    setting_up: int = -1
    """The faction taking its setup choices (-1 once setup is over)."""
    actions_left: int = 0
    battle: Battle | None = None
    stack: Annotated[list[SerializeAsAny[Decision]], BeforeValidator(_decisions)] = field(
        default_factory=list
    )
    winner: int = -1
    """The faction that won (-1: none yet)."""
    ended_by_limit: bool = False
    agreed: bool = False
    """The table agreed to end the game (ruling R-AGREE, ``agreement.py``)."""
    quiet: list[int] = field(default_factory=list)
    """The record of a standstill (``agreement.note_turn``): while the deck
    and the discard pile are empty, the turn at which the scores were last
    found changed, then those scores, seat by seat; else empty."""
    markers: list[Suit] = field(default_factory=list)
    """The suit markers dealt at setup, one per clearing in number order
    (Law 16.1.1); none: the map's printed suits (Autumn as printed)."""
    cleared_paths: list[tuple[int, int]] = field(default_factory=list)
    """The Mountain's closed paths cleared so far (Law 16.2.3.III), each
    (lower, higher): open paths from then on."""
    ferry: int = 0
    """The clearing with the Lake's Ferry (0: no Ferry on this map)."""
    woodland: Annotated[WoodlandMap, Field(exclude=True)] = field(
        init=False, repr=False, compare=False
    )
    """The map the game is played on: the options', with the suits dealt and
    the paths cleared (:func:`.woodland.played_map`, shared by the state's
    copies; never saved, made again from those fields)."""
    offered: Annotated[list[Any] | None, Field(exclude=True)] = field(
        default=None, repr=False, compare=False, metadata=NO_CLONE
    )
    """The legal actions of the position, as ``turn.settle`` listed them to
    see that it had to stop there, for ``Game.next_actions`` (a playout's
    next listing: it would only list them again); None when not listed
    (a faction's step that answers "anything to do?" without listing,
    ``Faction.checked_steps``, is listed when asked).
    Every action clears it; it is neither saved nor copied nor compared,
    and ``legal_actions`` never reads it (a state changed by hand lists
    afresh)."""

    rulers: Annotated[dict[int, int | None] | None, Field(exclude=True)] = field(
        default=None, repr=False, compare=False, metadata=NO_CLONE
    )
    """Who rules each clearing asked about so far, while one listing of the
    legal actions runs (``turn.legal_actions``: a listing changes nothing,
    so a clearing's ruler is found once for all its parts); None outside
    a listing.  Neither saved nor copied nor compared."""

    kept_rulers: Annotated[dict[int, int | None] | None, Field(exclude=True)] = field(
        default=None, repr=False, compare=False, metadata=NO_CLONE
    )
    """Who rules each clearing, kept from one action to the next in a state
    a loop owns (made by the first ``Game.next_actions``, which promises a
    state only ``perform`` changes): the clearings whose warriors or
    buildings change are forgotten as they change (``clearings.add_warriors``,
    ``add_building``, ``remove_building``), the others' rulers are read
    again by the next listing instead of found anew.  None elsewhere;
    neither saved, copied nor compared, and ``legal_actions`` never reads
    it (a state changed by hand lists afresh)."""

    seat_index: Annotated[dict[int, int] | None, Field(exclude=True)] = field(
        default=None, repr=False, compare=False, metadata=NO_CLONE
    )
    """Each faction's seat, as :meth:`player` last found them (a faction
    is asked for by every rule: found at once, not by going round the
    table); checked at each ask (the seat found must hold the faction),
    found again when it does not.  Neither saved, copied nor compared."""

    def __post_init__(self) -> None:
        self.woodland = played_map(self.options.map, self.markers, self.cleared_paths)
        if not self.ferry and self.woodland.ferry is not None:
            self.ferry = self.woodland.ferry

    def clear_path(self, a: int, b: int) -> None:
        """A closed path's marker removed for good: the map in play has it
        open from now on."""
        pair = (min(a, b), max(a, b))
        if pair not in self.cleared_paths:
            self.cleared_paths = sorted([*self.cleared_paths, pair])
        self.woodland = played_map(self.options.map, self.markers, self.cleared_paths)

    # ------------------------------------------------------------- players
    def player(self, faction: int) -> Player:
        players = self.players
        try:
            p = players[self.seat_index[faction]]  # type: ignore[index]
            if p.faction == faction:
                return p
        except (TypeError, KeyError, IndexError):
            pass
        # The seats by faction, found again (a state's first ask, or its
        # players changed since: none kept, a faction not kept, or at
        # another seat).
        self.seat_index = {p.faction: i for i, p in enumerate(players)}
        for p in players:
            if p.faction == faction:
                return p
        raise KeyError(f"faction {faction} is not at the table")

    def seat(self, faction: int) -> int:
        at = self.seat_index
        if at is not None:
            i = at.get(faction)
            if i is not None and i < len(self.players) and self.players[i].faction == faction:
                return i
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
    def over(self) -> bool:
        return self.winner >= 0 or self.ended_by_limit or self.agreed


#: Each card's suit, by card number (read in the listings' loops over a
#: hand without a call per card).
CARD_SUITS: Final[tuple[str, ...]] = tuple(c.suit for c in deck())


def card_of(number: int) -> Card:
    """The card with this number (a hidden card reads as the last card of the
    deck: views are for reading, and a bot's simulation must not crash)."""
    return deck()[number]
