"""How Root's pieces are written on screen.

Colour is never the only signal: every piece is a letter (and a number where
there are several) drawn in its faction's colour, every clearing's suit is a
letter and a word, and who rules a clearing is written under it.  The colours
themselves are component classes styled in ``root.tcss``; this module only
names them and spells the pieces.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS, OWNER
from boardgames_tui.games.root.model import WIN_VP, RootState
from boardgames_tui.games.root.woodland import DEFAULT_MAP

from .faction_ui import screen_of

#: One letter per clearing and card suit.
SUIT_LETTER: Final[dict[str, str]] = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

#: A free building slot and a slot still filled by a ruin.
EMPTY_SLOT: Final = "·"
RUIN: Final = "▒"


# Each faction's look is its package's (``mark``, ``colour``, ``ruler_word``,
# ``piece_marks``): a faction that registers itself is drawn without a word
# here.
def faction_mark(faction: int) -> str:
    """The letter a faction's warriors are written with ("C3")."""
    return FACTIONS[faction].mark


def ruler_word(faction: int) -> str:
    """The word under a clearing a faction rules."""
    f = FACTIONS[faction]
    return f.ruler_word or f.short.lower()


def piece_mark(kind: str) -> str:
    """The letter of a building or token kind, from its owner's package."""
    owner = OWNER.get(kind)
    if owner is None:
        return "?"
    return FACTIONS[owner].piece_marks.get(kind, kind[:1].upper())


def token_words(kind: str, n: int) -> str:
    """A clearing's tokens of a kind in the clearing's detail: its owner's
    words for it ("a nest"), else its count and kind ("2 nests")."""
    owner = OWNER.get(kind)
    words = screen_of(owner).token_words.get(kind) if owner is not None else None
    return words or f"{n} {kind}"


def owners(name: str) -> str:
    """A faction's short name as the owner of something: "'s" after a
    name in the singular, a bare apostrophe after one ending in s."""
    return name + ("'" if name.endswith("s") else "'s")


def numbers(count: int) -> str:
    """The digits that take ``count`` numbered things, as a hint says them:
    "1-4", "1" for one ("1-1" reads as a mistake), "" for none."""
    if count <= 0:
        return ""
    return "1" if count == 1 else f"1-{count}"


def choices_words(count: int) -> str:
    """How many choices a list decision has, and their digits."""
    many = f"There are {count} choices" if count != 1 else "There is 1 choice"
    return f"{many}: {numbers(count)}."


def list_words(count: int) -> str:
    """What the digits take in the action list on screen."""
    if count > 9:
        return "The digits take the action list's first nine: 1-9."
    return f"The action list holds {core.plural(count, 'action')}: {numbers(count)}."


def faction_style(faction: int) -> Style:
    """A faction's colour, bold (the same in every theme, as the suits')."""
    return Style(color=FACTIONS[faction].colour, bold=True)


def by_setup_order(factions: Iterable[int]) -> list[int]:
    """Factions in setup-letter order: the order the screen lists them."""
    return sorted(factions, key=lambda f: FACTIONS[f].letter)


def suit_class(suit: str) -> str:
    return f"root--{suit}"


#: The component classes the board widgets style.
COMPONENTS: Final[set[str]] = {
    *(suit_class(s) for s in SUIT_LETTER),
    "root--path",
    "root--river",
    "root--ruin",
    "root--forest",
    "root--dim",
    "root--cursor",
    "root--target",
    "root--near",
    "root--title",
}


# ------------------------------------------------------------- the title
#: The shared steps in the title (a faction's own: its screen part's
#: ``step_words``).
STEP_WORDS: Final[dict[str, str]] = {
    "birdsong": "Birdsong",
    "daylight_start": "Daylight",
    "evening_start": "Evening",
    "discard": "Evening",
}


def step_words(state: RootState) -> str:
    """The phase and the step, after the faction whose turn it is (its own
    words for its steps: its screen part's ``title_step`` and ``step_words``)."""
    # (During setup the faction setting up names its step, whoever's turn.)
    named = state.setting_up if state.setting_up >= 0 else state.turn
    owner = screen_of(named)
    own = owner.title_step(state)
    if own is not None:
        return own
    prompt = FACTIONS[named].step_prompts.get(state.step, "") if named >= 0 else ""
    words = (
        STEP_WORDS.get(state.step)
        or owner.step_words.get(state.step)
        or prompt.split(":")[0].rstrip(".")
        # A step no words name (a faction's setup step): never its id.
        or ("Setup" if state.turn_number == 0 else "")
    )
    if state.turn_number == 0:
        return words
    return f"{core.name(state.turn)}: {words}"


def title_text(
    state: RootState, names: list[str], narrow: bool, finished: str = "", width: int = 0
) -> str:
    """The title bar: the turn, the phase and step, the score (with the
    players' names when wide); ``finished``: the game's title once it is
    over ("Root" when narrow).  Where the whole does not fit in ``width``
    columns (0: no limit) the players' names give way first, then the
    score (the score panel beside the map, or V, has it) so that the step
    is read whole."""
    where = map_title(state)
    if finished:
        title = "Root" if narrow else finished
        return f"{title}{where} · finished after turn {state.turn_number}"
    turn = f" · Turn {state.turn_number}" if state.turn_number else ""
    head = f"Root{where}{turn} · {step_words(state)}"
    # (narrow: the score panel beside the map names who plays which; wide,
    # the names go first where four players' would not fit)
    forms = [head]
    for named in (False, True) if not narrow else (False,):
        parts = []
        for faction in by_setup_order(state.factions):
            short = FACTIONS[faction].short
            who = f"{short} ({names[state.seat(faction)]})" if named else short
            parts.append(f"{who} {state.player(faction).vp}")
        forms.insert(0, f"{head} · {', '.join(parts)} of {WIN_VP}")
    if width <= 0:
        return forms[0]
    return next((form for form in forms if len(form) <= width), head)


def map_title(state: RootState) -> str:
    """The map's name in the title (" · Winter"), for every map but the
    Autumn map with its suits as printed (the game every older save is)."""
    if state.options.map == DEFAULT_MAP and not state.markers:
        return ""
    return f" · {state.woodland.map}"


#: The mark at the end of a compact box's row cut short (the line under
#: the map names everything in the clearing at the cursor).
MORE = "…"


def compact_row(suit: Text, slots: Text, warriors: Text, tokens: Text, room: int) -> Text:
    """A box three rows high (the 80x24 room) in its one row: the suit's
    letter, the building slots, the warriors and the tokens; where
    that overruns ``room`` cells, the spaces between pieces go, and then
    as many whole pieces as fit are kept (a slot, a faction's warriors
    with their count, a token or a faction's run of one token) and the
    rest is :data:`MORE` (never a count cut short: ``c1…`` for twelve
    warriors would read as one)."""
    parts = [suit, slots, warriors, tokens]
    row = Text(" ").join(p for p in parts if p)
    if len(row) <= room:
        return row
    units = [
        *(suit[i : i + 1] for i in range(len(suit))),
        *(slots[i : i + 1] for i in range(len(slots))),
        *(w for w in warriors.split(" ") if w),
        *(t for t in tokens.split(" ") if t),
    ]
    row = Text("").join(units)
    if len(row) <= room:
        return row
    row = Text()
    for unit in units:
        if len(row) + len(unit) > room - len(MORE):
            break
        row.append_text(unit)
    row.append(MORE)
    return row


#: A clearing's name where its box's title has no room for the whole of it
#: (a box 12 cells wide, the 80x24 room, with the marks ◆ and ✱): each map's
#: longest names, by name; the line under the map names the clearing whole.
SHORT_NAMES = {"Mountain": "Mount", "Waterfall": "Falls"}


def name_room(box_w: int, marks: int, feature: int) -> int:
    """The cells a box's title gives its clearing's number and name: the
    box's inside, less its marks (◆, ✱) and the map's mark after the name
    (the Ferry, the Tower).  (A rule's cell before the marks where it
    fits: a name that needs that cell takes it.)"""
    return box_w - 2 - marks - feature


def box_title(n: int, name: str, wide: bool, room: int) -> str:
    """A clearing's number and name as its box's title shows them in
    ``room`` cells: the whole name where it fits, else its short name
    (:data:`SHORT_NAMES`), else the name cut to fit."""
    gap = " " if wide else ""
    whole = f"{n}{gap}{name}"
    if len(whole) <= room:
        return whole
    short = f"{n}{gap}{SHORT_NAMES.get(name, name)}"
    return short[:room]
