"""What Tyrants' parts draw from: one frame's facts (:class:`Board`, the
kit's ``BoardFacts`` with Tyrants' own), the drawing base they share
(:class:`TyrantsDrawing`: the kit's ``Drawing`` with a house's tag in its
colour) and small text helpers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.style import Style
from rich.text import Text

from boardgames_tui.games.tyrants import board as bd
from boardgames_tui.games.tyrants.model import WHITE, TyrantsState

from ..kit.board import BoardFacts
from ..kit.drawing import Drawing
from ..widgets.palette import Palette
from .choices import Zone
from .look import SEAT_CLASSES, WHITE_TAG, seat_class


def map_signature(state: TyrantsState) -> dict[str, str]:
    """Each space's public contents (troops, spies, its control marker), to
    mark what changed while a person was away."""
    return {
        space: repr((state.troops.get(space), state.spies.get(space), state.markers.get(space)))
        for space in board_spaces(state)
    }


#: The component classes of every part (styled in ``tyrants.tcss``).
COMPONENTS: set[str] = {
    *(f"ty--seat-{i}" for i in range(SEAT_CLASSES)),
    "ty--white",
    "ty--empty",
    "ty--line",
    "ty--site",
    "ty--name",
    "ty--live",
    "ty--cursor",
    "ty--presence",
    "ty--marker",
    "ty--dim",
    "ty--head",
    "ty--key",
}


@dataclass(kw_only=True)
class Board(BoardFacts[TyrantsState]):
    """Everything a part needs to draw itself.  ``state`` is what the person
    at the terminal may see (other hands taken away by the game's ``view``);
    ``viewer`` is that person, whose hand and presence are shown.  A space
    in ``changed`` changed since they last saw the map (after a hand-off,
    until their first key): a site's box ends in ✱, a route space is drawn
    reversed."""

    #: Each house's one-letter tag, by seat.
    tags: list[str]
    #: The spaces and the cards (by zone) where Enter does something now.
    live_spaces: set[str] = field(default_factory=set)
    live_cards: set[tuple[Zone, str]] = field(default_factory=set)
    #: Each house's VP if the game ended now, by seat: the score as it
    #: stands (V) counts the same, so the houses and the score agree.
    vp: Sequence[int] = ()


class TyrantsPalette(Palette):
    """Tyrants' colours, styled once for every part of the screen (not
    again with each part's restyle: the focus moves on most moves)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS


class TyrantsDrawing(Drawing):
    """The kit's drawing base with Tyrants' modifiers and a house's tag,
    coloured by the screen's palette."""

    #: Components that add to the style beneath them.
    PARTIAL: ClassVar[frozenset[str]] = frozenset({"ty--cursor", "ty--live"})
    PALETTE = TyrantsPalette

    board: Board | None

    def troop(self, colour: int) -> tuple[str, Style]:
        """A troop's letter and style: a house's tag on its colour, or w."""
        assert self.board is not None
        if colour == WHITE:
            return WHITE_TAG, self.st("ty--white")
        return self.board.tags[colour], self.st(seat_class(colour))

    def tag(self, seat: int) -> Text:
        letter, style = self.troop(seat)
        text = Text()
        text.append(letter, style=style)
        return text


def wrap_parts(parts: Sequence[str], width: int, indent: str = "  ") -> list[str]:
    """Phrases joined with " · " into lines of at most ``width`` cells, a
    line broken between phrases (the next ones indented), never inside one
    unless a phrase alone is too long."""
    lines: list[str] = []
    line = ""
    for part in parts:
        if not line:
            line = (indent if lines else "") + part
        elif len(line) + 3 + len(part) <= width:
            line += " · " + part
        else:
            lines.append(line)
            line = indent + part
    if line:
        lines.append(line)
    return lines


def board_spaces(state: TyrantsState) -> list[str]:
    """The spaces of the game's board, in the board's order."""
    return list(bd.board_map(len(state.players), state.side).spaces)
