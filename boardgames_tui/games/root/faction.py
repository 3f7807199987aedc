"""What a faction is to the shared rules: the :class:`Faction` a faction's
package registers (:func:`register`), the registry the shared rules ask,
and the table of handlers for the decisions on the stack (:func:`handles`).

The shared rules name no faction.  They ask the faction playing a seat for
its setup, the steps of its turn (Birdsong, Daylight, Evening), the options
and actions of its own steps, its Evening draw, its crafting pieces, what it
hides, and for the few places where it changes the common rules: where its
warriors step, whether it lets others place or move somewhere, the places it
has off the map, how it deals and takes hits in battle, what crafting an
item scores it.  It reacts to what others do through subscriptions to the
shared rules' events (``events.py``), never through a branch in them.  Every
method has the answer of a faction that changes nothing.

A decision on the stack is a kind of :class:`~.model.Decision`; each kind's
handler (its options, what choosing one does, or what a marker does by
itself) is entered in :data:`HANDLERS` by the module whose rules it belongs
to, the shared battle's and removal's, or a faction's package.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Final

from pydantic import Field

from boardgames_tui.engine.game import Action, Event
from boardgames_tui.engine.rng import Rng

from . import events
from .actions import SHARED_ACTIONS
from .events import Happening, Subscriber
from .model import DECISION_CLASSES, HAND_LIMIT, PLAYER_CLASSES, Decision, Player, RootState, Step
from .options import FACTION_KEYS
from .plan import RulePlan
from .woodland import MAPS, woodland

#: The shared steps of every turn, before and after a faction's own.
BIRDSONG: Final = "birdsong"
DAYLIGHT_START: Final = "daylight_start"
EVENING_START: Final = "evening_start"
DISCARD: Final = "discard"


class Faction:
    """A faction package's answers to the shared rules."""

    #: The faction's number in the state (unique).
    number: ClassVar[int]
    #: The word a table uses for it on the command line.
    key: ClassVar[str]
    name: ClassVar[str]
    short: ClassVar[str]
    #: Its short name is a collective one, taking a plural verb in the log
    #: ("the <name> move": ``clearings.the``).
    plural: ClassVar[bool] = False
    #: Setup letter (Law 5.1: factions set up in this order).
    letter: ClassVar[str]
    #: Reach (the Law's balancing guide).
    reach: ClassVar[int]
    player_class: ClassVar[type[Player]] = Player
    #: Its own actions (the save format's, with the shared ones).
    actions: ClassVar[tuple[type[Action], ...]] = ()
    building_kinds: ClassVar[tuple[str, ...]] = ()
    token_kinds: ClassVar[tuple[str, ...]] = ()
    #: The pieces that craft (buildings or tokens, by kind).
    crafts_with: ClassVar[tuple[str, ...]] = ()
    #: Its own steps: Birdsong's, Daylight's and Evening's, in order.
    birdsong_steps: ClassVar[tuple[Step, ...]] = ()
    daylight_steps: ClassVar[tuple[Step, ...]] = ()
    evening_steps: ClassVar[tuple[Step, ...]] = ()
    #: Its steps whose :meth:`has_step_options` answers without listing
    #: them (the turn driver asks it there before listing; in the others it
    #: lists the step's options at once, and knows from the list).
    checked_steps: ClassVar[frozenset[Step]] = frozenset()
    #: Its setup decisions' steps (none: setup is automatic).
    setup_steps: ClassVar[tuple[Step, ...]] = ()
    #: It rules a tie for most where it has a piece (Law 2.5's exception).
    wins_ties: ClassVar[bool] = False
    #: Places off the map its warriors may stand in, by number (0, or above
    #: the map's clearings).
    off_map: ClassVar[tuple[int, ...]] = ()
    #: Whether it rules its places off the map (a Burrow); False: its places
    #: are ones it may stand in that nobody rules (forests).
    rules_places: ClassVar[bool] = True
    #: Its piece kinds that are never removed (a pawn, Law 9.2.2): hits and
    #: "remove all enemy pieces" effects pass them by.
    lasting: ClassVar[tuple[str, ...]] = ()
    #: Whether an activated dominance card is its way to win (Law 3.3.1).
    dominance_wins: ClassVar[bool] = True
    #: Whether it may keep others from moving (``forbids_moving`` is asked).
    bends_moving: ClassVar[bool] = False
    #: As defender in battle it deals the higher roll, and the attacker the
    #: lower (Law 4.3.2's rolls the other way round).
    defends_with_higher_roll: ClassVar[bool] = False
    #: Whether it moves regardless of who rules the origin or the
    #: destination (Law 4.2.1's exceptions).
    moves_freely: ClassVar[bool] = False
    hand_limit: ClassVar[int] = HAND_LIMIT
    #: How the screen writes it (plain data: the engine knows no screen).
    #: The letter its warriors are written with, its colour (a hex colour),
    #: the word under a clearing it rules, and one letter for each of its
    #: building and token kinds, in the order a clearing lists its tokens
    #: (a lower-case letter: a resource shown with its count, "w2").
    mark: ClassVar[str] = "?"
    colour: ClassVar[str] = "#a0a0a0"
    ruler_word: ClassVar[str] = ""
    piece_marks: ClassVar[dict[str, str]] = {}
    #: Words for the screen and the log, by step.
    step_done: ClassVar[dict[str, str]] = {}
    step_prompts: ClassVar[dict[str, str]] = {}

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
        """Whether :meth:`step_options` lists anything.  A faction may answer
        without listing every option, never differently; the turn driver
        asks it first in the steps named in :attr:`checked_steps`, and lists
        the others' options straight away."""
        return bool(self.step_options(state, step))

    def may_end_step(self, state: RootState, step: Step) -> bool:
        """Whether the player may end one of its own steps now (a step whose
        work must be done whole first)."""
        return True

    def do_step(self, state: RootState, step: Step, action: Action) -> list[Event]:
        raise AssertionError(f"{action} in step {step}")

    def effect_battles(self, state: RootState) -> list[Action] | None:
        """The battles a card's "initiate a battle" offers it outside its own
        actions (Command Warren); None: the shared battles of its warriors."""
        return None

    def effect_moves(self, state: RootState) -> list[Action] | None:
        """The moves a card's "take a move" offers it (the Cobbler); None:
        the shared moves of its warriors."""
        return None

    def effect_act(self, state: RootState, action: Action) -> list[Event] | None:
        """Carry out a battle or a move of :meth:`effect_battles` or
        :meth:`effect_moves` its own way; None: the shared battle or move."""
        return None

    def evening_draws(self, state: RootState) -> int:
        return 1

    def describe(self, state: RootState, action: Action) -> str | None:
        """Words for one of its own actions (None: not its)."""
        return None

    def prompt(self, state: RootState) -> str | None:
        """A prompt of its own for the step (None: the step's usual words)."""
        return None

    # ------------------------------------------------------------- reactions
    def subscriptions(self) -> Mapping[type[Happening], Subscriber]:
        """What it reacts to: a handler per kind of happening (``events.py``)."""
        return {}

    # ------------------------------------------------- the common rules, bent
    def neighbours(self, state: RootState, number: int) -> frozenset[int]:
        """Where its warriors step from a place: along the paths."""
        return state.woodland.neighbours(number)

    def place_name(self, state: RootState, number: int) -> str:
        """The name of one of its places off the map ("the Nest")."""
        return f"place {number}"

    def forbids_placing(self, state: RootState, faction: int, number: int) -> bool:
        """Whether it keeps ``faction`` from placing pieces in a place."""
        return False

    def forbidden_places(self, state: RootState, faction: int) -> Collection[int] | None:
        """Every clearing where it keeps ``faction`` from placing pieces, when
        it can name them at once (the same as :meth:`forbids_placing` asked
        of each); None: ask :meth:`forbids_placing` place by place."""
        return None

    def forbids_moving(self, state: RootState, faction: int, origin: int, to: int) -> bool:
        """Whether it keeps ``faction``'s warriors from moving from ``origin``
        to ``to`` (asked only of a faction with ``bends_moving``)."""
        return False

    def hit_cap(self, state: RootState, number: int) -> int:
        """The most rolled hits it may deal in a battle in a place: one per
        warrior there."""
        return state.clearings[number].warriors.get(self.number, 0)

    def defenceless(self, state: RootState, number: int) -> bool:
        """Whether, defending there, it is defenceless (an extra hit): no
        warriors there."""
        return not state.clearings[number].warriors.get(self.number, 0)

    def take_hits(self, state: RootState, number: int, hits: int, by: int) -> list[Event] | None:
        """Take hits in a place its own way (None: the usual way, warriors
        first, then buildings and tokens)."""
        return None

    def routed(self, state: RootState, number: int) -> bool:
        """Whether, attacking there, it has no warriors or pawns left (the
        battle ends after an ambush, Law 4.3.1.2): its defencelessness."""
        return self.defenceless(state, number)

    def all_removed(self, state: RootState, number: int, by: int) -> list[Event]:
        """An enemy's "remove all enemy pieces" effect reached a place: what
        it does to this faction besides removing its pieces (nothing)."""
        return []

    def extra_hits(self, state: RootState, side: str) -> int:
        """Extra hits it deals in battle as ``side`` ("attacker" or
        "defender"), from its own rules."""
        return 0

    def crafting_pieces(self, state: RootState) -> Counter[str] | None:
        """Its crafting pieces not yet used this turn, by suit (None: its
        ``crafts_with`` pieces on the map, the usual way)."""
        return None

    def item_vp(self, state: RootState, vp: int) -> int:
        """The points it scores for crafting an item whose card lists ``vp``."""
        return vp

    # --------------------------------------------------- what others may see
    def hide(self, view: RootState, player: Player) -> None:
        """In another seat's view: turn face down what of its own state
        that seat may not see, beyond the hand, which the shared rules hide
        (a stack of cards kept face down, the kinds of its face-down tokens
        on the map).  It changes ``player`` alone, a copy of the seat, and
        by putting new values in its fields, never by changing one in
        place: the rest of ``view``, and in a glance the values in the
        seat's fields, may be the state's own (``RootGame.glance``), so
        what a faction hides is kept on its seat."""

    def public_cards(self, state: RootState) -> list[int]:
        """Cards of its play area every seat sees (not in the hand)."""
        return []

    def face_down(self, player: Player) -> list[list[int]]:
        """Its cards kept face down besides the hand (a stack of supporters):
        the lists themselves, which its ``hide`` turns face down in another
        seat's view (:data:`~.model.HIDDEN`) and the search's sampling deals
        again from the cards that seat has not seen."""
        return []

    def determinize(self, state: RootState, seat: int, rng: Rng) -> None:
        """In a state the search samples for ``seat`` (the other hands and the
        face-down cards dealt), fill what else of its own ``hide`` hid from
        that seat (face-down tokens on the map), drawing from ``rng``."""

    # ------------------------------------------------------------- the bots
    def standing(self, state: RootState) -> float:
        """How well it stands, for the search (points first)."""
        return float(state.player(self.number).vp)

    def plan(self) -> RulePlan:
        """Its rule bot's own priorities (none: the shared ones)."""
        return RulePlan()

    def reasons(self, before: RootState, after: RootState, seat: int) -> list[str]:
        """What a move did for it in its own words, for the advice ("sways
        the Captain"), after the shared reasons."""
        return []

    # ----------------------------------------------------------- old saves
    #: Its state's key in a snapshot from before the seats list held the
    #: factions (the state held each by name); None: it was not played then.
    legacy_key: ClassVar[str | None] = None

    def migrate(
        self, data: dict[str, Any], clearings: list[dict[str, Any]], table: list[int]
    ) -> dict[str, Any]:
        """Such a snapshot (``data``, its ``clearings`` with warriors and
        tokens begun) brought up to date for its part: its player, taken out
        of ``data``; its pieces in the clearings moved into ``warriors`` and
        ``tokens``; a step of its own set up as today's.  ``table``: the
        snapshot's factions in setup order."""
        raise AssertionError(f"{self.key} has no older save format")


# ----------------------------------------------------------------- registry
FACTIONS: dict[int, Faction] = {}
BY_KEY: dict[str, Faction] = {}
#: The faction each building or token kind belongs to.
OWNER: dict[str, int] = {}
#: The faction each place off the map belongs to.
PLACES: dict[int, int] = {}
#: The factions that may keep others from moving (``bends_moving``).
BENDS_MOVING: set[int] = set()
#: The factions whose class answers ``forbids_placing`` its own way (the
#: rest never forbid: the rules need not ask them).
FORBIDS_PLACING: set[int] = set()
#: Every action by its ``kind``: the shared ones and each faction's.
ACTIONS: dict[str, type[Action]] = {}
#: The union of :data:`ACTIONS` once made (emptied when one is entered).
_ACTION_TYPE: list[Any] = []


def _enter_actions(classes: tuple[type[Action], ...]) -> None:
    for cls in classes:
        kind = cls.__dataclass_fields__["kind"].default
        taken = ACTIONS.get(kind)
        if taken is not None and taken is not cls and taken.__qualname__ != cls.__qualname__:
            raise ValueError(f"action kind {kind!r} is taken by {taken.__name__}")
        ACTIONS[kind] = cls
    _ACTION_TYPE.clear()


_enter_actions(SHARED_ACTIONS)


def register(faction: Faction) -> Faction:
    """Make a faction playable: its number, key, state class, actions,
    pieces and places, and its subscriptions."""
    taken = FACTIONS.get(faction.number)
    if taken is not None and taken.key != faction.key:
        raise ValueError(f"faction number {faction.number} is taken by {taken.key}")
    for kind in faction.building_kinds + faction.token_kinds:
        owner = OWNER.get(kind, faction.number)
        if owner != faction.number:
            raise ValueError(f"piece kind {kind!r} is {FACTIONS[owner].key}'s")
    clearings = set().union(*(woodland(m).number_set for m in MAPS))
    for place in faction.off_map:
        if place in clearings:
            raise ValueError(f"place {place} is taken: a clearing of a map")
        owner = PLACES.get(place, faction.number)
        if owner != faction.number:
            raise ValueError(f"place {place} is taken: {FACTIONS[owner].key}'s")
    FACTIONS[faction.number] = faction
    BY_KEY[faction.key] = faction
    FACTION_KEYS[faction.key] = (faction.letter, faction.short)
    PLAYER_CLASSES[faction.number] = faction.player_class
    for kind in faction.building_kinds + faction.token_kinds:
        OWNER[kind] = faction.number
    for place in faction.off_map:
        PLACES[place] = faction.number
    if faction.bends_moving:
        BENDS_MOVING.add(faction.number)
    if type(faction).forbids_placing is not Faction.forbids_placing:
        FORBIDS_PLACING.add(faction.number)
    _enter_actions(faction.actions)
    events.subscribe(faction.number, faction.letter, faction.subscriptions())
    return faction


def unregister(number: int) -> None:
    """Take a faction off the table of playable ones (a test's own faction)."""
    gone = FACTIONS.pop(number)
    BY_KEY.pop(gone.key, None)
    FACTION_KEYS.pop(gone.key, None)
    PLAYER_CLASSES.pop(number, None)
    for kind in gone.building_kinds + gone.token_kinds:
        OWNER.pop(kind, None)
    for place in gone.off_map:
        PLACES.pop(place, None)
    BENDS_MOVING.discard(number)
    FORBIDS_PLACING.discard(number)
    shared = set(SHARED_ACTIONS)
    others = {c for f in FACTIONS.values() for c in f.actions}
    for cls in gone.actions:
        if cls not in shared and cls not in others:
            ACTIONS.pop(cls.__dataclass_fields__["kind"].default, None)
    _ACTION_TYPE.clear()
    events.unsubscribe(number)


def faction(number: int) -> Faction:
    return FACTIONS[number]


def action_type() -> Any:
    """Every registered action as one tagged union (the save format's):
    made again only when a faction registers."""
    if not _ACTION_TYPE:
        union = tuple(ACTIONS.values())
        _ACTION_TYPE.append(
            Annotated[union[0] if len(union) == 1 else _union(union), Field(discriminator="kind")]
        )
    return _ACTION_TYPE[0]


def _union(classes: tuple[type[Action], ...]) -> Any:
    found: Any = classes[0]
    for cls in classes[1:]:
        found = found | cls
    return found


# ---------------------------------------------------------- the decisions
@dataclass(frozen=True)
class Handler:
    """What a kind of decision does: the legal actions it offers and what
    choosing one does; or, for a marker the engine works through by itself,
    what it does (``run``).  Each takes the decision on top of the stack
    (and leaves the stack as the decision's end leaves it)."""

    options: Callable[[RootState, Any], list[Action]] | None = None
    decide: Callable[[RootState, Any, Action], list[Event]] | None = None
    run: Callable[[RootState, Any], list[Event]] | None = None


#: Each kind of decision's handler, by kind.
HANDLERS: dict[str, Handler] = {}


def handles(
    kind: type[Decision],
    *,
    options: Callable[[RootState, Any], list[Action]] | None = None,
    decide: Callable[[RootState, Any, Action], list[Event]] | None = None,
    run: Callable[[RootState, Any], list[Event]] | None = None,
) -> None:
    """Enter the handler of a kind of decision (a registered class)."""
    name = kind.__dataclass_fields__["kind"].default
    if DECISION_CLASSES.get(name) is not kind:
        raise ValueError(f"{kind.__name__} is not a registered decision")
    if kind.automatic:
        assert run is not None and options is None and decide is None, kind
    else:
        assert options is not None and decide is not None and run is None, kind
    HANDLERS[name] = Handler(options, decide, run)
