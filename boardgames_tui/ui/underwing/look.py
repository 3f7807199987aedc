"""How Underwing's pieces are written on screen.

Colour is never the only signal: every element is a glyph AND a letter
(``♥R`` red/courage, ``▲O`` orange/fire ...), an element space says with a
glyph whether it is empty (``·``), part-filled (``◐``) or filled (``✓``),
every player has a one-letter tag, and a wild dragon is framed with a double
line and the word WILD.  The colours themselves are component classes styled
in ``underwing.tcss``; this module only names them.
"""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.underwing.colours import COMPLETIONS, ELEMENTS, LETTER, Element

#: One glyph per element, after its meaning in the rulebook: red courage,
#: orange fire, yellow air, green earth, blue water, purple spirit, black
#: death, white life.
GLYPH: dict[Element, str] = {
    "red": "♥",
    "orange": "▲",
    "yellow": "☼",
    "green": "♣",
    "blue": "≈",
    "purple": "✦",
    "black": "✝",
    "white": "✿",
}

#: The key of each element (the letter in lower case; black is K as in CMYK,
#: because B is blue).
ELEMENT_KEYS: dict[Element, str] = {e: LETTER[e].lower() for e in ELEMENTS}
KEY_ELEMENTS: dict[str, Element] = {k: e for e, k in ELEMENT_KEYS.items()}

#: What a space holds: nothing yet, part of a combination, or a whole recipe.
EMPTY = "·"
PARTIAL = "◐"
FILLED = "✓"

TEMPERATURE_WORD = {"warm": "warm", "neutral": "neutral", "cool": "cool"}
TEMPERATURE_SHORT = {"warm": "w", "neutral": "n", "cool": "c"}

#: The solo game's Wild Forces: their tag on the Field and their mat.
WILD_TAG = "✶"

#: Theme variables behind each seat's colour (the tag letter is the signal;
#: the colour helps).
SEAT_CLASSES = 6


def element_class(element: Element) -> str:
    return f"uw--{element}"


def seat_class(seat: int) -> str:
    return f"uw--seat-{seat % SEAT_CLASSES}"


def chip(element: Element) -> str:
    """``♥R``: an element's glyph and letter."""
    return GLYPH[element] + LETTER[element]


def seat_tags(seats: Sequence[Seat]) -> list[str]:
    """One character per seat: the initial of the name when no other seat
    shares it, else the seat's number."""
    initials = [(s.name.strip()[:1] or "?").upper() for s in seats]
    tags = []
    for index, initial in enumerate(initials):
        unique = initials.count(initial) == 1 and initial.isalpha()
        tags.append(initial if unique else str(index + 1))
    return tags


def space_state(element: Element, contents: Sequence[Element]) -> str:
    """The glyph for what an element space holds."""
    if not contents:
        return EMPTY
    if tuple(contents) in COMPLETIONS[element]:
        return FILLED
    return PARTIAL


def shown_contents(element: Element, contents: Sequence[Element]) -> list[Element]:
    """The crystals worth spelling out on a space: none when it is empty or
    filled with its own element (the glyph says it all)."""
    if list(contents) == [element]:
        return []
    return list(contents)


#: Width of one element space on a card: glyph, letter, state, up to four
#: crystals (black made of orange + green + red + blue).
SPACE_WIDTH = 6
