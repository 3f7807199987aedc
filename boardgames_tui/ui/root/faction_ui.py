"""What a faction is to Root's screen: the :class:`FactionScreen` a faction's
screen package registers (:func:`register_screen`), and the registry the
shared screen parts ask (the Woodland, the side panel, the keys, the title,
the hand-offs).  The shared parts name no faction: each asks the screen part
of a faction at the table for its board panel, its direct keys, the words it
adds to a shared key, its places off the map, its steps in words and the
reasons its keys do nothing.  Every method has the answer of a faction that
shows nothing of its own (a one-line board: warriors left, pieces on the
map), so a faction without a screen package still plays.

Nothing here imports Textual: the keys' data and the words are plain; a
panel or a line is drawn by the faction's package on the drawing it is
handed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.faction import BY_KEY, FACTIONS
from boardgames_tui.games.root.model import Decision, RootState

from ..kit.choice import Pick

if TYPE_CHECKING:
    from rich.text import Text

    from .here import Here


@dataclass(frozen=True)
class LetterKey:
    """A direct key's data: its letter, the action kinds it stands for, its
    name in the footer (and its key map kind, in lower case) and in the
    hint, when it may be used, and its place in the footer (``order``).

    ``reason``: why it does nothing when none of its actions is legal
    anywhere (else: what is being decided, and ``when``); ``cause``: why its
    action cannot be taken in the clearing at the cursor (a faction's own
    key at the cursor)."""

    letter: str
    kinds: tuple[str, ...]
    footer: str
    word: str
    when: str
    order: int
    reason: Callable[[RootState], str] | None = None
    cause: Callable[[RootState, int], str] | None = None


@dataclass(frozen=True)
class DialogKeys:
    """Letters that take choices in a choice dialog (a board's columns:
    ``r`` a Recruit column ...), with their words for the dialog's key
    line ("R M B U: that column")."""

    keys: dict[str, Action]
    words: str


@dataclass(frozen=True)
class HelpLine:
    """A line of the help's keys: the key, what it does, its place in the list."""

    key: str
    words: str
    order: int


@dataclass(frozen=True)
class Clauses:
    """A faction's words in a shared key's ``when`` sentence and help line,
    by letter (or by the help line's key)."""

    when: dict[str, str] = field(default_factory=dict)
    help: dict[str, str] = field(default_factory=dict)


class FactionScreen:
    """A faction screen package's answers to Root's shared screen."""

    #: The faction's key (its engine package's ``Faction.key``).
    key: ClassVar[str]
    #: Where its words stand among the factions' in a shared sentence ("Moves
    #: are taken in the first faction's Daylight, the second's ...").
    order: ClassVar[int] = 100
    #: Its own direct keys.
    keys: ClassVar[tuple[LetterKey, ...]] = ()
    #: The action kinds it adds to a shared key, by letter ("u": its build).
    key_kinds: ClassVar[dict[str, tuple[str, ...]]] = {}
    #: Its words in the shared keys' sentences.
    clauses: ClassVar[Clauses] = Clauses()
    #: Its lines in the help's list of keys.
    help_lines: ClassVar[tuple[HelpLine, ...]] = ()
    #: Its steps in the title ("Daylight, crafting"), by step.
    step_words: ClassVar[dict[str, str]] = {}
    #: What its player is doing in a step ("in Daylight"), by step.
    situations: ClassVar[dict[str, str]] = {}
    #: Its tokens in a clearing's words ("a nest"), by kind.
    token_words: ClassVar[dict[str, str]] = {}
    #: Its actions that name a place in a field other than ``clearing``
    #: (kind -> field): pointing at that place and pressing Enter takes them.
    place_fields: ClassVar[dict[str, str]] = {}

    @property
    def number(self) -> int:
        return BY_KEY[self.key].number

    # ------------------------------------------------------------- drawing
    def panel(self, panel: Any, board: Any) -> list[Text] | None:
        """Its board in the side panel (``panel``: the side panel drawing it,
        ``board``: the frame's facts); None: the plain one-line board."""
        return None

    def compact(self, panel: Any, board: Any) -> list[Text] | None:
        """Its board short, for a side panel where the whole boards do not
        fit (the whole one is a key away): what a player reads at a glance,
        as facts of a few words each ("3 wood", the Decree's columns), which
        the panel packs after a line with its seat, points and hand, as many
        to a line as fit.  None: its board whole (its ``panel``), or, with
        none, the plain board's facts (warriors left, pieces on the map)."""
        return None

    def place_line(self, drawing: Any, board: Any, place: int) -> Text | None:
        """One of its places off the map, drawn on a line under the Woodland."""
        return None

    def places_below(self, state: RootState, number: int) -> tuple[int, ...]:
        """Faction ``number``'s places off the map shown under the Woodland
        now, side by side on its line with the other factions' (all of them;
        a faction with many shows the ones that matter)."""
        return FACTIONS[number].off_map

    def forests(self, state: RootState, number: int) -> Mapping[int, int]:
        """Faction ``number``'s places that are the forests of the map in
        play (place -> the map's forest number): each is drawn as a mark
        among its clearings on the Woodland, where the cursor goes as to a
        clearing."""
        return {}

    def place_mark(self, drawing: Any, board: Any, place: int) -> Text | None:
        """What stands in one of its places on the map (a forest), in one
        cell; None: nothing (the map's own mark for the place)."""
        return None

    def place_detail(self, drawing: Any, board: Any, place: int) -> Text | None:
        """One of its places off the map in words, under the Woodland when the
        cursor is there."""
        return None

    def cards_text(self, state: RootState) -> str:
        """What of its play area the card texts (H) add: "" for nothing."""
        return ""

    # --------------------------------------------------------------- words
    def title_step(self, state: RootState) -> str | None:
        """The title's words for its step now, when they are its own
        (its short name, then "Daylight, 2 actions left"); None: the step's words."""
        return None

    def situation(self, state: RootState) -> str | None:
        """What its player is doing now, when the step's words would not do
        ("has no actions left"); None: the step's words."""
        return None

    def left_undone(self, state: RootState, legal: Sequence[Action]) -> str | None:
        """What ending its step now leaves undone, in a sentence ("2
        actions are left."; "" for nothing worth asking about: the step is
        a choice, not work left); None: the shared words for what is still
        possible ("Still possible: move, battle.")."""
        return None

    def waiting(self, state: RootState, p: Decision, here: str) -> str | None:
        """One of its decisions, for the hand-off screen in public words
        (``here``: the place it is about); None: not its, or nothing to say."""
        return None

    # ---------------------------------------------------------------- keys
    def pick(self, here: Here, letter: str) -> Pick | None:
        """What a direct key stands for in one of its own decisions, when it
        means something else there (None: the key's usual meaning)."""
        return None

    def choose(self, here: Here, number: int) -> Pick | None:
        """What a digit stands for in one of its own decisions (None: the
        list's numbered choice)."""
        return None

    def dialog_keys(self, actions: Sequence[Action]) -> DialogKeys | None:
        """Letters of its own that take the choices of a choice dialog
        among ``actions`` (None: only the dialog's digits and arrows)."""
        return None

    def hint(self, here: Here) -> str | None:
        """The hint line for one of its own decisions (None: the usual one)."""
        return None

    def hint_parts(self, state: RootState, legal: Sequence[Action]) -> tuple[str, str]:
        """What the usual hint line begins and ends with for it ("" for none)."""
        return "", ""

    def cause(self, state: RootState, key: str, clearing: int) -> str | None:
        """Why a key does nothing at the cursor in one of its own steps
        (None: the usual reasons)."""
        return None

    def lacks(self, state: RootState, key: str, clearing: int) -> str | None:
        """What it lacks to take a shared key's action in a clearing it may
        act in (what its build costs); None: the usual reason."""
        return None

    def forbids(self, state: RootState, clearing: int) -> str | None:
        """Why others may not place pieces in a clearing, when its rules say so."""
        return None


#: Each faction's screen part, by faction number.
SCREENS: dict[int, FactionScreen] = {}
_PLAIN = FactionScreen()
#: Bumped at every registration: what is made from the registry is made again.
VERSION: list[int] = [0]


def register_screen(screen: FactionScreen) -> FactionScreen:
    """Make a faction's screen part known to Root's screen."""
    SCREENS[screen.number] = screen
    VERSION[0] += 1
    return screen


def unregister_screen(number: int) -> None:
    SCREENS.pop(number, None)
    VERSION[0] += 1


def screen_of(faction: int) -> FactionScreen:
    """A faction's screen part (the plain one when it has none)."""
    return SCREENS.get(faction, _PLAIN)


def at_table(state: RootState) -> list[FactionScreen]:
    """The screen parts of the factions at the table, in setup-letter order."""
    order = sorted(state.factions, key=lambda f: FACTIONS[f].letter)
    return [s for f in order if (s := SCREENS.get(f)) is not None]


def dialog_keys(state: RootState, actions: Sequence[Action]) -> DialogKeys | None:
    """The letters a faction at the table gives the choices of a dialog."""
    for screen in at_table(state):
        found = screen.dialog_keys(actions)
        if found is not None:
            return found
    return None


def place_field(kind: str) -> str | None:
    """The field naming a place in a faction's action of this kind, when it
    is not ``clearing`` (its screen part's ``place_fields``)."""
    for screen in SCREENS.values():
        found = screen.place_fields.get(kind)
        if found is not None:
            return found
    return None


def in_order() -> list[FactionScreen]:
    """Every registered screen part, in the order their words stand."""
    return sorted(SCREENS.values(), key=lambda s: (s.order, s.key))
