"""How Incubation's pieces are written on screen: a glyph AND a letter or a
word for everything, so colour is never the only signal.

Colours themselves live in ``incubation.tcss`` as component classes
(``inc--red`` ... ``inc--fire``); this module only names them.
"""

from __future__ import annotations

from boardgames_tui.games.incubation.cards import COLOURS, EggCard, Face

#: The key (and letter) of each Market section, in ring order.  Black is K,
#: as in CMYK, because B is blue.
LETTERS: dict[str, str] = {
    "red": "R",
    "orange": "O",
    "yellow": "Y",
    "green": "G",
    "blue": "B",
    "purple": "P",
    "black": "K",
    "white": "W",
}
SECTION_KEYS: tuple[str, ...] = tuple(LETTERS[c].lower() for c in COLOURS)

SILVER = "●"
GOLD = "◉"
WATER = "≈"
FIRE = "▲"
MYSTERY = "?"

#: A die face: its glyph and its name.
FACE_GLYPH: dict[str, str] = {"chest": "▣", "coin": SILVER, "water": WATER, "fire": FIRE}

#: The three pointers of the spinner: what they add and their glyph.
POINTERS: tuple[tuple[str, str, str], ...] = (
    ("silver", "coin", SILVER),
    ("water", "water", WATER),
    ("fire", "fire", FIRE),
)

#: From the hub, the arrow towards each ring position (clockwise from the
#: top-left corner).
ARROWS: tuple[str, ...] = ("↖", "↑", "↗", "→", "↘", "↓", "↙", "←")


def colour_class(colour: str) -> str:
    """The component class of a dragon colour's chip."""
    return f"inc--{colour}"


def egg_letters(card: EggCard) -> list[tuple[str, str]]:
    """``(letter, colour)`` chips for a card: one for a plain egg, two for a
    hybrid, ``?`` for a mystery egg (colour ``mystery``)."""
    if card.kind == "mystery":
        return [(MYSTERY, "mystery")]
    return [(LETTERS[c], c) for c in card.colours]


def egg_colour_words(card: EggCard) -> str:
    if card.kind == "mystery":
        return "mystery"
    return "/".join(card.colours)


def face_effect(face: Face, pair: bool, short: bool = False) -> str:
    """What a die face does, in a few words (rulebook, 2. Perform the Actions);
    ``short`` leaves out the egg a die may take instead."""
    if face == "chest":
        return "two chests: collect a section" if pair else "turns the spinner"
    amount = 3 if pair else 1
    what = {"coin": "silver", "water": "water", "fire": "fire"}[face]
    if short:
        return f"{amount} {what}"
    where = "" if face == "coin" else " on eggs" if pair else " on an egg"
    return f"{amount} {what}{where}, or an egg"
