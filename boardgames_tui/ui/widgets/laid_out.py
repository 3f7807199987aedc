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

from typing import Self

from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.widgets import Static

from ..kit.kept_frame import KeptContainer
from .picker_rows import row_look

#: How many paintings of its texts a ``Line`` keeps.
LINE_FRAMES_KEPT = 24


class Column(KeptContainer, Vertical):
    """A ``Vertical`` laid out once when its size changes, its rows kept as
    painted (``KeptContainer``)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Row(KeptContainer, Horizontal):
    """A ``Horizontal`` laid out once when its size changes, its rows kept as
    painted (``KeptContainer``)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)


class Line(Static):
    """A ``Static`` laid out once when its size changes (its words taking
    another row asks for the one layout, ``update_text``), its rows as
    painted kept by the text they show: a game screen's prompt and hint go
    back to texts they showed before (a decision's prompt, the board's hint
    for it), each painted by Textual the first time only (a text's rows
    through Textual's content layout and styles cache cost a move about a
    tenth of a millisecond a row)."""

    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False, repaint=False)

    #: Rows as painted, by everything they show (``_frame_key``); forgotten
    #: when the line is styled again.
    _frames: dict[tuple[object, ...], list[Strip]] | None = None
    #: A repaint was asked for since the line was last painted.
    _frame_due = True
    #: The rows last given were painted by Textual (not given back as kept).
    _painted_last = False

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        if repaint:
            self._frame_due = True
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def notify_style_update(self) -> None:
        self._frames = None
        self._frame_due = True
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        # Nothing asked since Textual last painted the line: its styles
        # cache has the rows.  (Rows given back from here leave that cache
        # to paint afresh: the line looks itself up again until Textual
        # paints it.)
        if not self._frame_due and self._painted_last:
            return super().render_lines(crop)
        self._frame_due = False
        key = self._frame_key(crop)
        if key is None:
            self._painted_last = True
            return super().render_lines(crop)
        frames = self._frames
        if frames is None:
            frames = self._frames = {}
        rows = frames.get(key)
        self._painted_last = rows is None
        if rows is None:
            rows = super().render_lines(crop)
            if len(frames) >= LINE_FRAMES_KEPT:
                del frames[next(iter(frames))]
            frames[key] = rows
        return list(rows)

    def _frame_key(self, crop: Region) -> tuple[object, ...] | None:
        """Everything the line's rows in ``crop`` show: its text, what
        Textual's styles cache reads to paint a row (``row_look``), the
        text's style and how it is laid out, and a selection in it; None
        where they are painted afresh (a text not a plain string, a link
        under the mouse)."""
        content = self.content
        if type(content) is not str:
            return None
        look = row_look(self)
        if look is None:
            return None
        styles = self.styles
        return (
            content,
            crop,
            look,
            self.visual_style,
            styles.text_wrap,
            styles.text_overflow,
            styles.text_align,
            styles.content_align_horizontal,
            styles.content_align_vertical,
            styles.line_pad,
            self.text_selection,
        )


__all__ = ["Column", "Line", "Row"]
