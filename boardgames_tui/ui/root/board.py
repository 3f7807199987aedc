"""What Root's board parts draw from: one frame's facts (:class:`Board`, the
kit's :class:`BoardFacts` with Root's own: the cursor's clearing, a move
under way, the clearings to mark, the battle preview) and the pieces of a
clearing as styled text (:class:`RootDrawing`, the kit's :class:`Drawing`
with Root's component classes).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from rich.text import Text
from textual.widget import Widget

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root import core
from boardgames_tui.games.root.faction import FACTIONS, OWNER
from boardgames_tui.games.root.model import RootState

from ..kit.board import BoardFacts
from ..kit.drawing import Drawing
from ..widgets.palette import Palette
from .look import (
    COMPONENTS,
    EMPTY_SLOT,
    RUIN,
    SUIT_LETTER,
    by_setup_order,
    faction_mark,
    faction_style,
    piece_mark,
    suit_class,
)
from .reading import clearing_of, destinations


@dataclass(kw_only=True)
class Board(BoardFacts[RootState]):
    """Everything a widget needs to draw itself (``viewer``: the seat whose
    hand is shown; ``changed``: the clearings marked ✱ after a hand-off)."""

    names: Sequence[str] = ()
    cursor: int = 1
    #: The clearing warriors are being moved from (M), if any.
    moving_from: int | None = None
    #: Clearings where Enter does something now (or where warriors may go).
    targets: set[int] = field(default_factory=set)
    #: The outlook of the battle at the cursor (or highlighted in a list),
    #: in words, when one may be started there.
    preview: Sequence[str] = ()

    @classmethod
    def build(
        cls,
        state: RootState,
        viewer: int | None,
        names: Sequence[str],
        live: bool,
        legal: Sequence[Action],
        cursor: int,
        moving_from: int | None,
        preview: Sequence[str] = (),
        changed: frozenset[int] = frozenset(),
    ) -> Board:
        if moving_from is not None:
            targets = set(destinations(legal, moving_from))
        else:
            targets = {c for a in legal if (c := clearing_of(a)) is not None}
        return cls(
            state=state,
            viewer=viewer,
            names=names,
            live=live,
            legal=legal,
            cursor=cursor,
            moving_from=moving_from,
            targets=targets,
            preview=preview,
            changed=frozenset(changed),
        )


class RootPalette(Palette):
    """Root's colours, styled once for every part of the screen (not again
    with each part's restyle: the focus moves on most moves)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = COMPONENTS


class RootDrawing(Drawing):
    """The kit's Drawing with Root's pieces: a suit, a clearing's contents,
    coloured by the screen's palette."""

    #: The cursor's reverse and a target's mark add to what they lie on.
    PARTIAL: ClassVar[frozenset[str]] = frozenset({"root--cursor", "root--target"})
    PALETTE = RootPalette

    def picture_width(self) -> int:
        """The width the part is drawn at (0: none yet); a part the layout
        measures says the width it is measured at (its size, asked then,
        would lay the screen out again inside that layout)."""
        return self.size.width if isinstance(self, Widget) else 0

    def suit(self, suit: str, word: bool = False) -> Text:
        return Text(suit if word else SUIT_LETTER[suit], style=self.st(suit_class(suit)))

    def pieces(self, state: RootState, n: int, wide: bool) -> list[Text]:
        """A clearing's building slots, warriors and tokens."""
        c = state.clearings[n]
        spot = state.woodland.clearing(n)
        slots = Text()
        for b in c.buildings:
            slots.append(piece_mark(b), style=faction_style(OWNER[b]))
            if wide:
                slots.append(" ")
        if spot.ruin and n not in state.ruins_gone:
            slots.append(RUIN + (" " if wide else ""), style=self.st("root--ruin"))
        free = core.free_slots(state, n)
        slots.append(
            (EMPTY_SLOT + (" " if wide else "")) * max(0, free), style=self.st("root--dim")
        )
        slots.rstrip()
        warriors = Text()
        tokens = Text()
        for faction in by_setup_order(FACTIONS):
            count = c.warriors.get(faction, 0)
            if count:
                if warriors:
                    warriors.append(" ")
                warriors.append(f"{faction_mark(faction)}{count}", style=faction_style(faction))
            for kind, letter in FACTIONS[faction].piece_marks.items():
                k = c.count(kind)
                if not k:
                    continue
                if tokens:
                    tokens.append(" ")
                if letter.islower():  # a resource: its count
                    tokens.append(f"{letter}{k}", style=faction_style(faction))
                else:
                    tokens.append(letter * k, style=faction_style(faction))
        return [slots, warriors, tokens]
