"""Parts sized by the layout pass alone: a move that changes a part's size
is laid out, and drawn, in one frame.

Textual's ``Widget.virtual_size`` is a reactive that asks for a layout when
it changes, and the layout pass itself sets it on every part it gives another
size: so a move whose prompt takes a second row, or a cover whose recap takes
other rows, was laid out twice, the second pass a frame later and changing
nothing (the first already placed every part by what it holds then).  For a
part that does not scroll its virtual size is only its size; these parts take
it without asking for another layout (a part that scrolls keeps Textual's,
which shows or hides its scrollbars).
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical
from textual.geometry import Size
from textual.reactive import Reactive
from textual.widgets import Static

from ..kit.kept_frame import KeptContainer
from .kept_paintings import KeptPaintings


class Column(KeptContainer, Vertical):
    """A ``Vertical`` laid out once when its size changes, its rows kept as
    painted (``KeptContainer``)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Row(KeptContainer, Horizontal):
    """A ``Horizontal`` laid out once when its size changes, its rows kept as
    painted (``KeptContainer``)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Line(KeptPaintings, Static):
    """A ``Static`` laid out once when its size changes (its words taking
    another row asks for the one layout, ``update_text``), its rows as
    painted kept by the text they show (``KeptPaintings``): a game screen's
    prompt and hint go back to texts they showed before."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    def shows(self) -> object:
        # (A plain string only: other content may hold what no key reads.)
        content = self.content
        return content if type(content) is str else None


__all__ = ["Column", "Line", "Row"]
