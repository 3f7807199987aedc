"""The room of Root's side: which of its parts shows, and how tall each is,
set on the parts themselves as the focus and the panel open change.

At 80 columns the side shows the boards, or the action list (A) or the log
(L) in their place; at 120 and more it shows all three, and the list or the
log with the focus takes the room the boards give up so that it can be
read.  Both change with every move (the list closes after it, the focus
goes back to the Woodland), so they are set on the parts (``styles.display``,
``styles.height``, ``styles.max_height``), which lays the side out again:
through classes, the screen's ``-show-picker`` or the side's
``-reading-list``, Textual worked the styles of the parts they style out
again from every rule of the stylesheet, the list's options' with it, on
every move.  The classes are still set (no rule reads them): the side panel
keeps the boards' form while the list or the log is read
(``SidePanel.reading``) and the key checks read which panel is open.  What
the stylesheet says for the side (``root.tcss``) is the room with no panel
read.
"""

from __future__ import annotations

from typing import Final, cast

from textual.css.scalar import Scalar, Unit
from textual.widget import Widget

from ..kit.panels import SidePanels

#: Where the side is tall, the boards' most rows while the list or the log
#: is read (``max-height``: 75% in ``root.tcss`` otherwise), and the height
#: of the part read (1fr otherwise).
READING_BOARDS: Final = Scalar(30, Unit.HEIGHT, Unit.WIDTH)  # (30% of the side's height)
READ_HEIGHT: Final = Scalar(3, Unit.FRACTION, Unit.WIDTH)  # (3fr)
#: The side's parts by their ids, and the panel each is (None: the boards).
PARTS: Final = {"boards-scroll": None, "actions": "picker", "log": "log"}


def give_room(side: Widget, focused: str | None, open_panel: str | None, wide: bool) -> None:
    """The side's room as the focus (``focused``: the id of the part with
    it) and the panel open stand.  Narrow, the panel open shows in the
    boards' place; ``wide``, every part shows, and the list or the log with
    the focus takes the room the boards leave (``READING_BOARDS``,
    ``READ_HEIGHT``)."""
    side.set_class(focused == "actions", "-reading-list", update=False)
    side.set_class(focused == "log", "-reading-log", update=False)
    reading = wide and focused in ("actions", "log")
    for part in side.children:
        if not isinstance(part, Widget) or part.id not in PARTS:
            continue
        shows = PARTS[part.id] == (open_panel if open_panel in PARTS.values() else None)
        set_style(part, "display", None if wide else ("block" if shows else "none"))
        if part.id == "boards-scroll":
            set_style(part, "max_height", READING_BOARDS if reading else None)
        else:
            set_style(part, "height", READ_HEIGHT if wide and focused == part.id else None)


def set_style(widget: Widget, rule: str, value: object) -> None:
    """``widget``'s own ``rule`` set to ``value`` (None: the stylesheet's),
    only where that changes it: Textual lays the screen out again on every
    one set, even to what it was."""
    if cast(dict[str, object], widget.styles.inline.get_rules()).get(rule) != value:
        setattr(widget.styles, rule, value)


class SideRoom(SidePanels):
    """The kit's panels, the side's room set on its parts (``give_room``)
    rather than styled by the screen's ``-show-<panel>`` class."""

    def _mark(self, name: str | None) -> None:
        screen = self.screen
        self.open = name
        for panel in self.selectors:
            screen.set_class(panel == name, f"-show-{panel}", update=False)
        side = screen.part(f"#{screen.SIDE_ID}", Widget)
        if side is not None:
            focused = screen.focused
            give_room(side, focused.id if focused else None, name, screen.has_class("-wide"))


__all__ = ["READING_BOARDS", "READ_HEIGHT", "SideRoom", "give_room", "set_style"]
