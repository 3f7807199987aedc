"""A one-line part's rows as painted, kept by what they show (issue 49).

The game screen's prompt, hint and key bar change on most moves, but back to
what they showed before more often than not: a decision's prompt, the
board's hint for it, the board's keys or the action list's.  Textual paints
each of them afresh on every change (a Static's text through its content
layout, then every row through the styles cache: 0.15-0.5 ms a part, a
tenth of a millisecond a row).  :class:`KeptPaintings` keeps a part's rows
as Textual painted them, by what they show (the part's own key: its text,
its drawing) and by everything Textual's styles cache reads to paint them
(``row_look``, the text's style, a selection in it, the crop), and gives
them back when the part shows that again, in the same look.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Self

from textual.geometry import Region
from textual.strip import Strip

from .picker_rows import row_look

#: How many of the things a part showed lately it remembers having shown.
SEEN_KEPT = 256

if TYPE_CHECKING:
    from textual.widget import Widget as _Base
else:
    # A plain mixin at run time: as a widget class it would bring its own
    # default CSS into the widget's stylesheet.
    _Base = object


class KeptPaintings(_Base):
    """Mix in before a widget's base: its rows as painted are kept by
    :meth:`shows` (what they show besides the look) and given back."""

    #: How many paintings a part keeps.
    PAINTINGS_KEPT: ClassVar[int] = 24

    #: Rows as painted, by what they show and their look (``_painting_key``).
    _paintings: dict[tuple[object, ...], list[Strip]] | None = None
    #: What the part has shown lately (``shows``), oldest first.
    _seen: dict[object, None] | None = None
    #: A repaint was asked for since the part was last painted.
    _painting_due = True
    #: The rows last given were painted by Textual (not given back as kept).
    _painted_last = False
    #: Paintings by Textual, and paintings given back for a repaint asked
    #: (not those given again for a frame that asked nothing of the part),
    #: since the part was made.
    paintings_made = 0
    paintings_given = 0

    def shows(self) -> object:
        """What the part's rows show besides their look (a hashable
        value), or None where they are to be painted afresh."""
        return None

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint:
            self._painting_due = True
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        # (Its paintings stay: each is kept by the look it was painted in,
        # and a restyle that changes nothing they show, a focus moved, finds
        # its own again, as ``KeptFrame`` does.)
        self._painting_due = True
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        # Nothing asked since Textual last painted the part: its styles
        # cache has the rows.  (Rows given back from here leave that cache
        # to paint afresh: the part looks its rows up here until Textual
        # paints it again.)
        due = self._painting_due
        if not due and self._painted_last:
            return super().render_lines(crop)
        self._painting_due = False
        key = None
        shown = self.shows() if self.is_mounted else None
        if shown is not None:
            # What a part shows for the first time is painted by Textual and
            # not kept (nor its look worked out): only what comes back is
            # (a part whose every text is new, a hint naming the cursor's
            # place, pays nothing for this).
            seen = self._seen
            if seen is None:
                seen = self._seen = {}
            if shown in seen:
                key = self._painting_key(crop, shown)
            else:
                if len(seen) >= SEEN_KEPT:
                    del seen[next(iter(seen))]
                seen[shown] = None
        rows = None
        if key is not None:
            paintings = self._paintings
            if paintings is None:
                paintings = self._paintings = {}
            rows = paintings.get(key)
        self._painted_last = rows is None
        if rows is None:
            rows = super().render_lines(crop)
            self.paintings_made += 1
            if key is not None and self._paintings is not None:
                if len(self._paintings) >= self.PAINTINGS_KEPT:
                    del self._paintings[next(iter(self._paintings))]
                self._paintings[key] = rows
            return list(rows)
        if due:
            self.paintings_given += 1
        return list(rows)

    def _painting_key(self, crop: Region, shown: object) -> tuple[object, ...] | None:
        """What the rows in ``crop`` show (``shown``) and everything
        Textual's styles cache reads to paint them; None: painted afresh."""
        look = row_look(self)
        if look is None:
            return None
        styles = self.styles
        return (
            shown,
            crop,
            look,
            self.rich_style,
            self.visual_style,
            styles.text_wrap,
            styles.text_overflow,
            styles.text_align,
            styles.content_align_horizontal,
            styles.content_align_vertical,
            styles.line_pad,
            self.text_selection,
        )


__all__ = ["KeptPaintings"]
