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

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.base import FACTIONS, OWNER
from boardgames_tui.games.root.model import WIN_VP, RootState

#: One letter per clearing and card suit.
SUIT_LETTER: Final[dict[str, str]] = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

#: A free building slot and a slot still filled by a ruin.
EMPTY_SLOT: Final = "·"
RUIN: Final = "▒"


# Each faction's look is its module's (``mark``, ``colour``, ``ruler_word``,
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
    """The letter of a building or token kind, from its owner's module."""
    owner = OWNER.get(kind)
    if owner is None:
        return "?"
    return FACTIONS[owner].piece_marks.get(kind, kind[:1].upper())


#: Words for a clearing's tokens in the clearing's detail, by kind (others:
#: "2 sympathy"), with their count.
TOKEN_WORDS: Final[dict[str, str]] = {"keep": "the keep", "tunnel": "a tunnel"}


def token_words(kind: str, n: int) -> str:
    return TOKEN_WORDS.get(kind, f"{n} {kind}")


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
    "root--dim",
    "root--cursor",
    "root--target",
    "root--near",
    "root--title",
}


# ------------------------------------------------------------- the title
STEP_WORDS = {
    "keep": "Setup",
    "start_sawmill": "Setup",
    "start_workshop": "Setup",
    "start_recruiter": "Setup",
    "birdsong": "Birdsong",
    "daylight_start": "Daylight",
    "craft": "Daylight, crafting",
    "parliament": "Daylight, Parliament",
    "sway": "Daylight, swaying",
    "evening_start": "Evening",
    "evening_craft": "Evening, crafting",
    "discard": "Evening",
    "eyrie_corner": "Setup",
    "eyrie_leader": "Setup",
    "add_to_decree": "Birdsong, adding to the Decree",
    "new_roost": "Birdsong, a new roost",
    "resolve": "Daylight, resolving the Decree",
    "score_roosts": "Evening",
}


def step_words(state: RootState) -> str:
    """The phase and the step: ``Duchy: Daylight, Assembly 1 of 2``."""
    if state.step == "actions":
        left = state.actions_left
        return f"Marquise: Daylight, {left} action{'s' if left != 1 else ''} left"
    if state.step == "assembly":
        done = 2 - state.actions_left
        if state.actions_left <= 0:
            return "Duchy: Daylight, Assembly done"
        return f"Duchy: Daylight, Assembly {done + 1} of 2"
    own = FACTIONS[state.turn].step_prompts.get(state.step, state.step) if state.turn >= 0 else ""
    words = STEP_WORDS.get(state.step) or own.split(":")[0].rstrip(".")
    if state.turn_number == 0:
        return words
    return f"{core.name(state.turn)}: {words}"


def title_text(state: RootState, names: list[str], narrow: bool, finished: str = "") -> str:
    """The title bar: the turn, the phase and step, the score (with the
    players' names when wide); ``finished``: the game's title once it is
    over ("Root" when narrow)."""
    if finished:
        title = "Root" if narrow else finished
        return f"{title} · finished after turn {state.turn_number}"
    turn = f" · Turn {state.turn_number}" if state.turn_number else ""
    parts = []
    for faction in by_setup_order(state.factions):
        short = FACTIONS[faction].short
        vp = state.player(faction).vp
        # (narrow: the score panel beside the map names who plays which)
        who = short if narrow else f"{short} ({names[state.seat(faction)]})"
        parts.append(f"{who} {vp}")
    return f"Root{turn} · {step_words(state)} · {', '.join(parts)} of {WIN_VP}"
