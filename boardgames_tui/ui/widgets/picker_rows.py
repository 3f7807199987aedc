"""The action list's rows as painted, kept by what they show (issue 49).

Textual paints each row of a widget through its styles cache: the row's
content, then the padding, the border, the tint, the line filters.  The
action list is painted whole after most moves (its focus goes back to the
board, a new list is set), and most of what it shows then it has shown
before: the same options, in the same look (focused or not), at the same
width.  :class:`KeptRows` keeps each painted row by the content line it
was made from (the list's kept drawing of an option's line, the same
object each time it is drawn for that look) and by everything else the
styles cache reads (the widget's size, border, padding, backgrounds, tint,
opacity, the border's labels, the app's line filters and colour theme),
and gives it back instead of painting it again.  A row it has not kept
is painted by Textual, as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

#: Rows kept for one look at most (then forgotten, and kept afresh).
ROWS_KEPT = 1000
#: Looks kept at most (each focus, each width, each theme: a few).
LOOKS_KEPT = 8


def row_look(widget: Widget) -> tuple[object, ...] | None:
    """Everything Textual's styles cache reads to paint one of ``widget``'s
    rows besides the row's content (its border's labels as markup, with
    their styles); None where a row is to be painted afresh every time (a
    link under the mouse).  The one list of it: the log's kept rows read
    it too (``GameLog._frame_key``)."""
    if widget.auto_links and widget.hover_style.link_id:
        return None
    styles = widget.styles
    app = widget.app
    title, subtitle = widget.border_title, widget.border_subtitle
    return (
        widget.region.size,
        widget.content_region.size,
        widget.background_colors,
        styles.border,
        styles.outline,
        styles.padding,
        styles.tint,
        styles.hatch if styles.has_rule("hatch") else None,
        styles.text_opacity,
        widget.opacity,
        tuple(widget.get_line_filters()),
        app.ansi_theme,
        app.native_ansi_color,
        title,
        None if title is None else _title_look(widget),
        subtitle,
        None if subtitle is None else _subtitle_look(widget),
    )


def _title_look(widget: Widget) -> tuple[object, ...]:
    """What the border's title is painted with besides its text."""
    styles = widget.styles
    return (
        styles.auto_border_title_color,
        styles.border_title_color,
        styles.border_title_background,
        styles.border_title_style,
        styles.border_title_align,
    )


def _subtitle_look(widget: Widget) -> tuple[object, ...]:
    """What the border's subtitle is painted with besides its text."""
    styles = widget.styles
    return (
        styles.auto_border_subtitle_color,
        styles.border_subtitle_color,
        styles.border_subtitle_background,
        styles.border_subtitle_style,
        styles.border_subtitle_align,
    )


class KeptRows:
    """One widget's painted rows, by look and by content line."""

    def __init__(self) -> None:
        self._looks: dict[tuple[object, ...], dict[tuple[object, ...], tuple[Strip | None, Strip]]]
        self._looks = {}
        #: Rows painted by Textual (the rest were given back as kept).
        self.painted = 0

    def clear(self) -> None:
        self._looks.clear()

    def render(
        self,
        widget: Widget,
        crop: Region,
        content_line: Callable[[int], Strip],
        paint: Callable[[Region], list[Strip]],
    ) -> list[Strip]:
        """``widget``'s rows in ``crop``: those kept given back, the others
        painted by ``paint`` (Textual's ``render_lines``) and kept.
        ``content_line`` gives a content row's line as the widget draws it
        (the same object for the same drawing)."""
        look = row_look(widget)
        if look is None:
            self.painted += crop.height
            return paint(crop)
        kept = self._looks.get(look)
        if kept is None:
            if len(self._looks) >= LOOKS_KEPT:
                self._looks.clear()
            kept = self._looks[look] = {}
        elif len(kept) > ROWS_KEPT:
            kept.clear()
        width, height = cast(Size, look[0])
        content_height = cast(Size, look[1]).height
        gutter = widget.styles.gutter
        rows: list[Strip | None] = []
        keys: list[tuple[tuple[object, ...], Strip | None]] = []
        for y in crop.line_range:
            edge = y if y == 0 or y == height - 1 else -1  # (an outline's rows)
            content: Strip | None = None
            if y < gutter.top or y >= height - gutter.bottom:
                key: tuple[object, ...] = ("gutter", y)
            elif y - gutter.top >= content_height:
                key = ("below", edge)
            else:
                content = content_line(y - gutter.top)
                key = (id(content), edge)
            entry = kept.get(key)
            rows.append(entry[1] if entry is not None and entry[0] is content else None)
            keys.append((key, content))
        y = 0
        count = len(rows)
        while y < count:
            if rows[y] is not None:
                y += 1
                continue
            end = y
            while end < count and rows[end] is None:
                end += 1
            painted = paint(Region(0, crop.y + y, width, end - y))
            self.painted += end - y
            for offset, strip in enumerate(painted):
                rows[y + offset] = strip
                key, content = keys[y + offset]
                kept[key] = (content, strip)
            y = end
        strips = [strip for strip in rows if strip is not None]
        if crop.column_span != (0, width):
            strips = [strip.crop(crop.x, crop.right) for strip in strips]
        return strips


__all__ = ["KeptRows", "row_look"]
