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

from boardgames_tui.games.root import core
from boardgames_tui.games.root.factions.base import FACTIONS
from boardgames_tui.games.root.model import CATS, DUCHY, EYRIE, RootState

#: One letter per clearing and card suit.
SUIT_LETTER: Final[dict[str, str]] = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

#: One letter per building, as in a building slot.
BUILDING_LETTER: Final[dict[str, str]] = {
    "sawmill": "S",
    "workshop": "W",
    "recruiter": "R",
    "citadel": "C",
    "market": "M",
    "roost": "N",
}

#: The faction whose building each letter is.
BUILDING_FACTION: Final[dict[str, int]] = {
    "sawmill": CATS,
    "workshop": CATS,
    "recruiter": CATS,
    "citadel": DUCHY,
    "market": DUCHY,
    "roost": EYRIE,
}

#: A free building slot and a slot still filled by a ruin.
EMPTY_SLOT: Final = "·"
RUIN: Final = "▒"

#: Warriors: the faction's letter and how many.
WARRIOR_LETTER: Final[dict[int, str]] = {CATS: "C", DUCHY: "D", EYRIE: "E"}
KEEP: Final = "K"
WOOD: Final = "w"
TUNNEL: Final = "T"

#: Who rules a clearing, as written under it.
RULER_WORD: Final[dict[int, str]] = {CATS: "cats", DUCHY: "duchy", EYRIE: "eyrie"}


def by_setup_order(factions: Iterable[int]) -> list[int]:
    """Factions in setup-letter order: the order the screen lists them."""
    return sorted(factions, key=lambda f: FACTIONS[f].letter)


def suit_class(suit: str) -> str:
    return f"root--{suit}"


#: Each faction's component class (its colour), by faction number.
FACTION_CLASS: Final[dict[int, str]] = {
    CATS: "root--cats",
    DUCHY: "root--duchy",
    EYRIE: "root--eyrie",
}


def faction_class(faction: int) -> str:
    return FACTION_CLASS[faction]


#: The component classes the board widgets style.
COMPONENTS: Final[set[str]] = {
    *(suit_class(s) for s in SUIT_LETTER),
    "root--cats",
    "root--duchy",
    "root--eyrie",
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
    words = STEP_WORDS.get(state.step, state.step)
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
    # (narrow: the score panel beside the map names who plays which)
    score = ", ".join(
        (core.name(f) if narrow else f"{core.name(f)} ({names[state.seat(f)]})")
        + f" {state.player(f).vp}"
        for f in by_setup_order(state.factions)
    )
    score += " of 30"
    return f"Root{turn} · {step_words(state)} · {score}"
