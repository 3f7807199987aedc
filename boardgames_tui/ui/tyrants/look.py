"""How Tyrants' pieces are written on screen.  Colour is never the only
signal: every house has a one-letter tag drawn on its colour, white troops
are a lower-case ``w``, an empty troop space is ``○``, a spy is ``•`` with
its house's tag, a site control marker is ``◆`` with its holder's tag (``◇``
while it lies on its site) and presence is a bar at a site's left edge.
The colours are component classes styled in ``tyrants.tcss``."""

from __future__ import annotations

from collections.abc import Sequence

from boardgames_tui.engine.game import Seat
from boardgames_tui.games.tyrants.cards import Card

EMPTY = "○"
WHITE_TAG = "w"
SPY = "•"
MARKER_HELD = "◆"
MARKER_FREE = "◇"
PRESENCE = "▌"

#: Seat colour classes: four houses.
SEAT_CLASSES = 4

ASPECT_LETTER = {
    "ambition": "Amb",
    "conquest": "Con",
    "guile": "Gui",
    "malice": "Mal",
    "obedience": "Obe",
}


def seat_class(seat: int) -> str:
    return f"ty--seat-{seat % SEAT_CLASSES}"


def seat_tags(seats: Sequence[Seat]) -> list[str]:
    """One character per seat: the initial of the name (upper case) when no
    other seat shares it and it is not W (white troops), else the seat's number."""
    initials = [(s.name.strip()[:1] or "?").upper() for s in seats]
    tags = []
    for index, initial in enumerate(initials):
        unique = initials.count(initial) == 1 and initial.isalpha() and initial != "W"
        tags.append(initial if unique else str(index + 1))
    return tags


def short_name(name: str, width: int) -> str:
    """A site's name in ``width`` cells: whole when it fits, else without a
    leading "The ", "Halls of the " or "Ruins of ", else its first word when
    that is a name of its own ("Chasmleap", "Stoneshaft"), else cut with a
    dot ("Menzoberr.")."""
    if len(name) <= width:
        return name
    for prefix in ("The ", "Halls of the ", "Ruins of "):
        if name.startswith(prefix):
            name = name[len(prefix) :]
            if len(name) <= width:
                return name
    first = name.split(" ")[0]
    if first != name and 6 <= len(first) <= width:
        return first
    return name[: width - 1] + "."


def card_facts(c: Card) -> str:
    """``cost 4 · Malice · 2 VP deck / 4 VP inner circle``."""
    parts = []
    if c.cost is not None:
        parts.append(f"cost {c.cost}")
    if c.aspect is not None:
        parts.append(c.aspect.capitalize())
    vp = f"{c.deck_vp} VP in the deck"
    if c.inner_circle_vp is not None:
        vp += f", {c.inner_circle_vp} in the inner circle"
    parts.append(vp)
    return " · ".join(parts)
