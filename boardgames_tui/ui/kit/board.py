"""What a board's parts are drawn from, and where a map's boxes sit.

- :class:`BoardFacts`: everything the parts of a board need to draw one
  frame, built once per redraw by the screen and handed to each part: the
  state as the person at the terminal may see it, whether they may act now
  (``live``: targets are marked), the legal actions, whose view it is, and
  the places that changed since that person last looked (marked after a
  hand-off).  A game subclasses it with what its own parts need besides
  (Root: the cursor's clearing and the battle preview; Underwing: the live
  slots and spaces); the fields are keyword-only, so a subclass may add
  fields with or without defaults.
- :class:`BoxLayout`: a map drawn as boxes (Root's clearings, Tyrants'
  sites) laid out for a widget of a given size: each box's top-left cell by
  its key, the box at a cell (for the mouse), a box's centre (for lines and
  the cursor).  A game's layout subclasses it with its own extras (Tyrants'
  route cells and lines, Root's Burrow line).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from boardgames_tui.engine.game import Action

S = TypeVar("S")
K = TypeVar("K", bound=Hashable)


@dataclass(kw_only=True)
class BoardFacts(Generic[S]):
    """One frame's facts for a board's parts (see the module's docstring)."""

    state: S
    #: A person may act now (no bot thinking, no hand-off, game not over).
    live: bool = False
    legal: Sequence[Action] = ()
    #: The seat whose view is drawn (None: no seat's, behind a hand-off).
    viewer: int | None = None
    #: Places that changed since the person at the terminal last saw the
    #: board (marked after a hand-off until their first key).
    changed: frozenset[Hashable] = frozenset()


@dataclass(frozen=True)
class BoxLayout(Generic[K]):
    """Boxes of ``box_w`` x ``box_h`` cells placed in a ``width`` x
    ``height`` area, by key (see the module's docstring)."""

    width: int
    height: int
    box_w: int
    box_h: int
    boxes: dict[K, tuple[int, int]] = field(default_factory=dict)

    def box_at(self, x: int, y: int) -> K | None:
        """The box drawn at cell (x, y), if any."""
        for key, (left, top) in self.boxes.items():
            if left <= x < left + self.box_w and top <= y < top + self.box_h:
                return key
        return None

    def centre(self, key: K) -> tuple[int, int]:
        """A box's middle cell."""
        left, top = self.boxes[key]
        return left + self.box_w // 2, top + self.box_h // 2
