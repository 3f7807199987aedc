"""What every part of Underwing's board is drawn from.

- :class:`Board`: one frame's facts (the kit's :class:`BoardFacts`) with what
  Underwing's parts need besides: the seats' tags, who acts, and where Enter
  does something now (the live eggs, element spaces and Field spaces).
- :class:`UnderwingPalette`: the screen's colours, declared once (a hidden
  widget; see ``ui/widgets/palette.py``).
- :class:`UnderwingDrawing`: the kit's :class:`Drawing` reading its styles
  from that palette, with the pieces every part writes (an element's chip, a
  crystal, a seat's tag, a count).

The parts themselves are in :mod:`.grounds` (the grid; its cards are drawn
by :mod:`.eggs`), :mod:`.table` (the detail line, the bag and the Field)
and :mod:`.mats` (the players).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.underwing.colours import COMPLETIONS, ELEMENTS, LETTER, Element
from boardgames_tui.games.underwing.model import UnderwingState

from ..kit.board import BoardFacts
from ..kit.drawing import Drawing, seg
from ..widgets.palette import Palette, find_palette
from .look import SEAT_CLASSES, chip, element_class, seat_class
from .targets import live_targets

COMPONENTS: set[str] = {
    *(element_class(e) for e in ELEMENTS),
    *(f"uw--seat-{i}" for i in range(SEAT_CLASSES)),
    "uw--dim",
    "uw--border",
    "uw--border-cursor",
    "uw--wild",
    "uw--score",
    "uw--name",
    "uw--cursor",
    "uw--live",
    "uw--marker",
    "uw--active",
    "uw--ok",
    "uw--title",
}

#: Components that add to the style beneath them instead of replacing it.
MODIFIERS = frozenset({"uw--cursor", "uw--live"})


@dataclass(kw_only=True)
class Board(BoardFacts[UnderwingState]):
    """Everything a part needs to draw itself."""

    tags: list[str]
    to_act: int | None = None
    live_slots: set[int] = field(default_factory=set)
    live_spaces: set[tuple[int, int]] = field(default_factory=set)
    live_fields: set[Element] = field(default_factory=set)

    @cached_property
    def live_spaces_by_slot(self) -> dict[int, tuple[int, ...]]:
        """Each card's live element spaces, in the order of ``live_spaces``
        (worked out once: every card of the grid asks, at every drawing)."""
        live: dict[int, list[int]] = {}
        for slot, space in self.live_spaces:
            live.setdefault(slot, []).append(space)
        return {slot: tuple(spaces) for slot, spaces in live.items()}

    @classmethod
    def build(
        cls,
        state: UnderwingState,
        tags: list[str],
        to_act: int | None,
        live: bool,
        legal: Sequence[Action],
    ) -> Board:
        slots, spaces, fields = live_targets(state, legal) if live else (set(), set(), set())
        return cls(
            state=state,
            tags=tags,
            to_act=to_act,
            live=live,
            legal=legal,
            live_slots=slots,
            live_spaces=spaces,
            live_fields=fields,
        )


class UnderwingPalette(Palette):
    """Underwing's colours, styled once for every drawing on the screen."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS


class UnderwingDrawing(Drawing):
    """The kit's drawing base, coloured by the screen's palette, and the
    pieces of text the parts share."""

    PARTIAL: ClassVar[frozenset[str]] = MODIFIERS

    board: Board | None

    def style_source(self) -> Widget | None:
        # Colours blended with the screen's background ("auto" and
        # translucent ones such as $text-muted are only right then).
        assert isinstance(self, Widget)
        return find_palette(self, UnderwingPalette)

    def component_style(self, source: Widget, name: str, partial: bool) -> Style:
        assert isinstance(source, Palette)
        return source.style(name, partial=partial)

    def notify_style_update(self) -> None:
        # The colours come from the palette, which this part's own restyle
        # (a focus change, a class toggled) leaves alone: the styles stay
        # cached (a new theme is noticed by ``st``).
        cache = self._st_cache
        super().notify_style_update()
        self._st_cache = cache

    def chip(self, element: Element) -> Text:
        """``♥R`` on the element's colour."""
        return seg(chip(element), self.st(element_class(element)))

    def crystal(self, element: Element) -> Text:
        """One crystal on a space: its letter, small, on its colour."""
        return seg(LETTER[element].lower(), self.st(element_class(element)))

    def tag(self, seat: int) -> Text:
        assert self.board is not None
        return seg(self.board.tags[seat], self.st(seat_class(seat)))

    def count(self, element: Element, number: int) -> Text:
        """``♥R3``; dim when there are none."""
        text = self.chip(element)
        text.append(str(number), style=self.st("uw--dim") if not number else Style(bold=True))
        return text


def still_needs(element: Element, contents: Sequence[Element]) -> list[tuple[Element, ...]]:
    """What would fill a space still open: each recipe holding ``contents``,
    without them (nothing when the space is filled)."""
    held = tuple(contents)
    if held in COMPLETIONS[element]:
        return []
    found: list[tuple[Element, ...]] = []
    for recipe in sorted(COMPLETIONS[element], key=lambda r: (len(r), r)):
        rest = list(recipe)
        for crystal in held:
            if crystal not in rest:
                break
            rest.remove(crystal)
        else:
            found.append(tuple(rest))
    return found


__all__ = ["COMPONENTS", "Board", "UnderwingDrawing", "UnderwingPalette", "still_needs"]
