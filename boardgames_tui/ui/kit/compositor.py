"""A screen's compositor that paints, in a frame of changes, only the rows
that changed (issue 49: a move repaints only what changed).

Textual's compositor, for a frame that updates some regions of the screen,
takes the rectangle that bounds them all and asks every part it touches for
all its lines.  A move changes a line at the top (the hint), a card or two
of the board, a few rows of the side panel (a mat, the list, the log) and
the key bar at the bottom: that rectangle is the whole screen, so every part
on it (some 35, each with its background and its styles looked up again)
was asked for every one of its lines in every frame, to write out the few
that changed.  Lines already drawn come from the part's cache, but asking
for them is most of a frame.

:class:`RowsCompositor` asks a part only for the rows, from its first to its
last, on which a changed region meets it (on the columns it covers); the
rows around them are left blank, and those are never written (the frame
writes only what lies in the changed regions).  A part no changed region
meets is not asked at all.  A full frame (a layout, a resize, a screenshot)
is drawn as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class RowsCompositor(Compositor):
    """Asks each part only for the rows that changed (see the module)."""

    #: While a partial frame is drawn: each screen row's changed spans
    #: (x1, x2), from the regions that frame updates.
    _spans: dict[int, list[tuple[int, int]]] | None = None

    def render_partial_update(self) -> ChopsUpdate | None:
        screen = self.size.region
        spans: dict[int, list[tuple[int, int]]] = {}
        for region in self._dirty_regions:
            x, y, width, height = region.intersection(screen)
            if not width:
                continue
            for row in range(y, y + height):
                spans.setdefault(row, []).append((x, x + width))
        self._spans = spans
        try:
            return super().render_partial_update()
        finally:
            self._spans = None

    def _get_renders(
        self, crop: Region | None = None
    ) -> Iterable[tuple[Region, Region, list[Strip]]]:
        spans = self._spans
        if spans is None:
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            shown = region.intersection(clip)
            left, right = shown.x, shown.right
            rows = [
                y
                for y in shown.line_range
                if any(x1 < right and x2 > left for x1, x2 in spans.get(y, ()))
            ]
            if not rows:
                continue  # (nothing of it changed: not asked for a line)
            first, last = rows[0], rows[-1]
            lines = widget.render_lines(
                Region(left - region.x, first - region.y, shown.width, last - first + 1)
            )
            blank = Strip.blank(shown.width)
            above = [blank] * (first - shown.y)
            below = [blank] * (shown.bottom - last - 1)
            yield region, clip, above + list(lines) + below


__all__ = ["RowsCompositor"]
