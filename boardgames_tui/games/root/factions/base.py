"""What a faction module is: the :class:`Faction` a module registers, and the
registry the shared rules ask.

The shared rules (``core``, ``flow``) name no faction.  They ask the faction
playing a seat for its setup, the steps of its turn (Birdsong, Daylight,
Evening), the options and actions of its own steps and decisions, its
Evening draw, its crafting pieces, what it hides, and for the few places
where it changes the common rules (where its pieces may step, a clearing it
always rules, where others may not place, what happens when its pieces are
removed).  Every method has the answer of a faction that changes nothing.
"""

from __future__ import annotations

from typing import ClassVar, Final

from boardgames_tui.engine.game import Action, Event

from ..model import HAND_LIMIT, PLAYER_CLASSES, Pending, Player, RootState, Step
from ..woodland import autumn

WOODLAND: Final = autumn()

#: The shared steps of every turn, before and after a faction's own.
BIRDSONG: Final = "birdsong"
DAYLIGHT_START: Final = "daylight_start"
EVENING_START: Final = "evening_start"
DISCARD: Final = "discard"


class Faction:
    """A faction module's answers to the shared rules."""

    #: The faction's number in the state (unique; 0 and 1 are the first two).
    number: ClassVar[int]
    #: The word a table uses for it on the command line ("marquise").
    key: ClassVar[str]
    name: ClassVar[str]
    short: ClassVar[str]
    #: Setup letter (Law 5.1: factions set up in this order).
    letter: ClassVar[str]
    #: Reach (the Law's balancing guide).
    reach: ClassVar[int]
    player_class: ClassVar[type[Player]] = Player
    building_kinds: ClassVar[tuple[str, ...]] = ()
    token_kinds: ClassVar[tuple[str, ...]] = ()
    #: The pieces that craft (buildings or tokens, by kind).
    crafts_with: ClassVar[tuple[str, ...]] = ()
    #: Its own steps: Birdsong's, Daylight's and Evening's, in order.
    birdsong_steps: ClassVar[tuple[Step, ...]] = ()
    daylight_steps: ClassVar[tuple[Step, ...]] = ()
    evening_steps: ClassVar[tuple[Step, ...]] = ()
    #: Its setup decisions' steps (none: setup is automatic).
    setup_steps: ClassVar[tuple[Step, ...]] = ()
    #: The decisions it pushes on the stack, and those the engine runs by itself.
    pending_kinds: ClassVar[tuple[str, ...]] = ()
    automatic_kinds: ClassVar[tuple[str, ...]] = ()
    #: Decisions whose completion ends the step they were taken in (a sway).
    ends_step_kinds: ClassVar[tuple[str, ...]] = ()
    #: Lords of the Forest: it rules a tie for most where it has a piece.
    wins_ties: ClassVar[bool] = False
    #: Places off the map its warriors may stand in (the Burrow).
    off_map: ClassVar[tuple[int, ...]] = ()
    hand_limit: ClassVar[int] = HAND_LIMIT
    #: Whether a battle counts the enemy buildings and tokens it removes, for
    #: its ``after_battle`` (the Eyrie's Despot).
    counts_battle_removals: ClassVar[bool] = False
    #: How the screen writes it (plain data: the engine knows no screen).
    #: The letter its warriors are written with, its colour (a hex colour),
    #: the word under a clearing it rules, and one letter for each of its
    #: building and token kinds, in the order a clearing lists its tokens
    #: (a lower-case letter: a resource shown with its count, "w2").
    mark: ClassVar[str] = "?"
    colour: ClassVar[str] = "#a0a0a0"
    ruler_word: ClassVar[str] = ""
    piece_marks: ClassVar[dict[str, str]] = {}
    #: Words for the screen and the log, by step and by decision kind.
    step_done: ClassVar[dict[str, str]] = {}
    step_prompts: ClassVar[dict[str, str]] = {}
    pending_done: ClassVar[dict[str, str]] = {}
    pending_prompts: ClassVar[dict[str, str]] = {}

    # ---------------------------------------------------------------- turn
    @classmethod
    def steps(cls) -> tuple[Step, ...]:
        """The whole turn, the shared steps around the faction's own."""
        return (
            BIRDSONG,
            *cls.birdsong_steps,
            DAYLIGHT_START,
            *cls.daylight_steps,
            EVENING_START,
            *cls.evening_steps,
            DISCARD,
        )

    def new_player(self) -> Player:
        """Its state before setup: pieces in the supply."""
        return self.player_class(faction=self.number)

    def setup(self, state: RootState) -> list[Event]:
        """Its setup: done here when there is nothing to choose; else set
        ``state.step`` to its first setup decision's step."""
        return []

    def setup_options(self, state: RootState) -> list[Action]:
        raise AssertionError(f"{self.key} has no setup step {state.step}")

    def setup_do(self, state: RootState, action: Action) -> list[Event]:
        """Carry out a setup choice; when its setup is complete, set
        ``state.step`` to "setup" (the next faction's turn to set up)."""
        raise AssertionError(f"{self.key} has no setup step {state.step}")

    def start_corner(self, state: RootState) -> int:
        """The corner it started in (0: none), which later factions avoid."""
        return 0

    def birdsong(self, state: RootState) -> list[Event]:
        """The automatic part at the start of its Birdsong."""
        return []

    def enter(self, state: RootState, step: Step) -> list[Event]:
        """One of its own steps begins: its automatic part."""
        return []

    def step_options(self, state: RootState, step: Step) -> list[Action]:
        """What it may do in one of its own steps (besides ending it)."""
        return []

    def has_step_options(self, state: RootState, step: Step) -> bool:
        """Whether :meth:`step_options` lists anything (the turn driver asks
        before ending a step with nothing to do).  A faction may answer
        without listing every option, never differently."""
        return bool(self.step_options(state, step))

    def may_end_step(self, state: RootState, step: Step) -> bool:
        """Whether the player may end one of its own steps now (the Eyrie's
        Decree must be resolved whole: no "done" until it is)."""
        return True

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        raise AssertionError(f"{action} in step {step}")

    def pending_options(self, state: RootState, p: Pending) -> list[Action]:
        raise AssertionError(f"no options for {p.kind}")

    def do_pending(self, state: RootState, p: Pending, action: Action) -> list[Event]:
        raise AssertionError(f"{action} for {p.kind}")

    def automatic(self, state: RootState, p: Pending) -> list[Event]:
        """Run one of its ``automatic_kinds`` markers (already popped)."""
        raise AssertionError(p.kind)

    def evening_draws(self, state: RootState) -> int:
        return 1

    def describe(self, state: RootState, action: Action) -> str | None:
        """Words for one of its own actions (None: not its)."""
        return None

    def prompt(self, state: RootState) -> str | None:
        """A prompt of its own for the step (None: the step's usual words)."""
        return None

    # ------------------------------------------------- the common rules, bent
    def neighbours(self, state: RootState, number: int) -> frozenset[int]:
        """Where its warriors step from a place: along the paths."""
        return WOODLAND.neighbours(number)

    def always_rules(self, state: RootState, number: int) -> bool:
        """Whether it rules this place whatever lies there (the Burrow)."""
        return False

    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        """Whether it keeps ``faction`` from placing pieces there (the keep)."""
        return False

    def removed_warriors(self, state: RootState, number: int, n: int) -> None:
        """Its warriors were removed (Field Hospitals note them)."""

    def removed_piece(self, state: RootState, number: int, piece: str) -> None:
        """One of its buildings or tokens left the map (back to its supply)."""

    def after_removal(self, state: RootState) -> None:
        """An event that removed pieces is over: push what it triggers."""

    def clear_removal(self, state: RootState) -> None:
        """The game ended mid-event: forget what the removal noted."""

    def hide(self, view: RootState, player: Player) -> None:
        """In another seat's view (``view`` is a copy): turn face down what of
        its own state that seat may not see, beyond the hand, which the
        shared rules hide (a stack of cards kept face down)."""

    def item_vp(self, state: RootState, vp: int) -> int:
        """The points it scores for crafting an item whose card lists ``vp``
        (the Eyrie's Disdain for Trade: 1)."""
        return vp

    def extra_hits(self, state: RootState, side: str) -> int:
        """Extra hits it deals in battle as ``side`` ("attacker" or
        "defender"), from its own rules (the Eyrie's Commander)."""
        return 0

    def after_battle(self, state: RootState, removed: int) -> list[Event]:
        """A battle it fought is over; ``removed`` counts the enemy buildings
        and tokens it removed there (the Eyrie's Despot scores for them)."""
        return []

    def public_cards(self, state: RootState) -> list[int]:
        """Cards of its play area every seat sees (not in the hand)."""
        return []

    def standing(self, state: RootState) -> float:
        """How well it stands, for the search (points first)."""
        return float(state.player(self.number).vp)


FACTIONS: dict[int, Faction] = {}
BY_KEY: dict[str, Faction] = {}
#: The faction each building or token kind belongs to.
OWNER: dict[str, int] = {}


def register(faction: Faction) -> Faction:
    """Make a faction playable by the shared rules."""
    taken = FACTIONS.get(faction.number)
    if taken is not None and taken.key != faction.key:
        raise ValueError(f"faction number {faction.number} is taken by {taken.key}")
    FACTIONS[faction.number] = faction
    BY_KEY[faction.key] = faction
    PLAYER_CLASSES[faction.number] = faction.player_class
    for kind in faction.building_kinds + faction.token_kinds:
        OWNER[kind] = faction.number
    return faction


def faction(number: int) -> Faction:
    return FACTIONS[number]


def unregister(number: int) -> None:
    """Take a faction off the table of playable ones (a test's own faction)."""
    gone = FACTIONS.pop(number)
    BY_KEY.pop(gone.key, None)
    PLAYER_CLASSES.pop(number, None)
    for kind in gone.building_kinds + gone.token_kinds:
        OWNER.pop(kind, None)
