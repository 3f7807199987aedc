"""How Root's pieces are written on screen.

Colour is never the only signal: every piece is a letter (and a number where
there are several) drawn in its faction's colour, every clearing's suit is a
letter and a word, and who rules a clearing is written under it.  The colours
themselves are component classes styled in ``root.tcss``; this module only
names them and spells the pieces.
"""

from __future__ import annotations

from typing import Final

from boardgames_tui.games.root.model import CATS, DUCHY

#: One letter per clearing and card suit.
SUIT_LETTER: Final[dict[str, str]] = {"fox": "F", "rabbit": "R", "mouse": "M", "bird": "B"}

#: One letter per building, as in a building slot.
BUILDING_LETTER: Final[dict[str, str]] = {
    "sawmill": "S",
    "workshop": "W",
    "recruiter": "R",
    "citadel": "C",
    "market": "M",
}

#: The faction whose building each letter is.
BUILDING_FACTION: Final[dict[str, int]] = {
    "sawmill": CATS,
    "workshop": CATS,
    "recruiter": CATS,
    "citadel": DUCHY,
    "market": DUCHY,
}

#: A free building slot and a slot still filled by a ruin.
EMPTY_SLOT: Final = "·"
RUIN: Final = "▒"

#: Warriors: the faction's letter and how many.
WARRIOR_LETTER: Final[dict[int, str]] = {CATS: "C", DUCHY: "D"}
KEEP: Final = "K"
WOOD: Final = "w"
TUNNEL: Final = "T"

#: Who rules a clearing, as written under it.
RULER_WORD: Final[dict[int, str]] = {CATS: "cats", DUCHY: "duchy"}


def suit_class(suit: str) -> str:
    return f"root--{suit}"


def faction_class(faction: int) -> str:
    return "root--cats" if faction == CATS else "root--duchy"


#: The component classes the board widgets style.
COMPONENTS: Final[set[str]] = {
    *(suit_class(s) for s in SUIT_LETTER),
    "root--cats",
    "root--duchy",
    "root--path",
    "root--river",
    "root--ruin",
    "root--dim",
    "root--cursor",
    "root--target",
    "root--near",
    "root--title",
}
