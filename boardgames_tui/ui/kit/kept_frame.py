"""A part's rows given back as painted while nothing they show changed (issue 49).

Textual's compositor paints every part under the screen's changed rows,
each through its styles cache, on every frame: on a game screen that is
most parts, every move, the screen and its containers included, whose
rows their children cover.  A container paints nothing of its own but its
background, border and padding; a part drawn row by row (``TextRows``)
nobody asked to repaint shows the rows it showed before.  :class:`KeptFrame`
keeps the rows a part gave for a crop, with everything Textual's styles
cache reads to paint them (``row_look``: the part's size, border, padding,
backgrounds, tint, opacity, line filters, colour theme, the border's labels;
its text style), and gives the same rows back while all of it is the same.
The same rows are also the ones the compositor cut at the same places the
frame before: it keeps those cuts too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from textual.geometry import Region
from textual.screen import Screen
from textual.strip import Strip
from textual.widget import Widget

from ..widgets.picker_rows import row_look

if TYPE_CHECKING:
    from textual.widget import Widget as _Base
else:
    # A plain mixin at run time: as a widget class it would bring its own
    # default CSS into the widget's stylesheet.
    _Base = object


class KeptFrame:
    """One part's rows as last painted, and what they were painted for."""

    __slots__ = ("_for", "_rows", "given", "painted")

    def __init__(self) -> None:
        self._for: tuple[object, ...] | None = None
        self._rows: list[Strip] = []
        #: Frames painted by Textual, and frames given back as kept.
        self.painted = 0
        self.given = 0

    def forget(self) -> None:
        """Paint the next frame afresh (something the look does not hold
        changed: a repaint asked for)."""
        self._for = None

    def render(
        self,
        widget: Widget,
        crop: Region,
        paint: Callable[[Region], list[Strip]],
        content: object = None,
    ) -> list[Strip]:
        """``widget``'s rows in ``crop``: as kept when ``crop``, the
        widget's look and ``content`` (what its content rows are drawn
        from, besides its text style) are those they were painted for,
        else painted by ``paint`` (Textual's ``render_lines``) and kept."""
        look = row_look(widget)
        if look is None:  # (painted afresh every time)
            self._for = None
            self.painted += 1
            return paint(crop)
        key = (crop, look, widget.visual_style, content)
        if key == self._for:
            self.given += 1
            return list(self._rows)
        rows = paint(crop)
        self.painted += 1
        self._for = key
        self._rows = rows
        return list(rows)


class KeptContainer(_Base):
    """Mix in before a container's base: its rows (its background, border
    and padding: a container draws no content but a blank, or a keyline
    between its children) kept as painted while nothing they show changed.
    The screen's compositor paints a container under every changed row,
    though its children cover it."""

    _kept_frame: KeptFrame | None = None

    @property
    def kept_frame(self) -> KeptFrame:
        """The container's kept rows."""
        kept = self._kept_frame
        if kept is None:
            kept = self._kept_frame = KeptFrame()
        return kept

    def render_lines(self, crop: Region) -> list[Strip]:
        styles = self.styles
        if (
            str(styles.keyline[0]) != "none"
            or not self.is_container
            or (isinstance(self, Screen) and styles.background.a < 1)
        ):
            # (Keylines follow the children's places, a see-through screen
            # shows the screen beneath: painted as before.)
            return super().render_lines(crop)
        return self.kept_frame.render(self, crop, super().render_lines)


__all__ = ["KeptContainer", "KeptFrame"]
