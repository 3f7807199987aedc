"""Drawing a widget's text a row at a time, without Textual's content layout.

A widget whose text is one line per row (``text-wrap: nowrap``: a line too
long is cut, with an ellipsis where ``text-overflow: ellipsis`` asks for one)
need not have Textual lay its text out as content on every repaint, which on
a game screen cost a move more than building the text did.  :class:`TextRows`
draws such a widget with the Line API from Rich's rendering of each line,
kept until the lines, the width or the colours change, and looks exactly as
Textual's own drawing of the same text would (each piece carries its place,
for selecting text with the mouse).
"""

from __future__ import annotations

from functools import partial
from typing import Self

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from ..kit.kept_frame import KeptFrame

#: The styles that carry a cell's place (``{"offset": (x, y)}``), made
#: once for each place: Textual's ``Strip.apply_offsets`` makes one for every
#: piece of every row it draws.
_PLACES: dict[tuple[int, int], Style] = {}

#: Each base style's sums ``base + style + place`` (Rich's, made once), by
#: a piece's style and place: a piece costs one look-up, not two sums
#: (each a look-up in Rich's cache) and a new place style.
_SUMS: dict[Style, dict[tuple[Style | None, int, int], Style]] = {}

#: Bounds on what is kept (a long game shows many rows).
PLACES_KEPT = 8192
SUMS_KEPT = 16384


def place_style(x: int, y: int) -> Style:
    """The style Textual gives the piece of a row that starts at cell
    ``x`` of row ``y``, for selecting text with the mouse (as
    ``Strip.apply_offsets`` makes it)."""
    style = _PLACES.get((x, y))
    if style is None:
        if len(_PLACES) >= PLACES_KEPT:
            _PLACES.clear()
        style = _PLACES[x, y] = Style.from_meta({"offset": (x, y)})
    return style


def _piece_style(
    sums: dict[tuple[Style | None, int, int], Style],
    base: Style,
    style: Style | None,
    x: int,
    y: int,
) -> Style:
    """``style`` over ``base`` at place (``x``, ``y``), as Rich adds them
    (kept in ``sums``, but a link's: Rich gives each sum holding a link a
    link id of its own)."""
    # (As ``Segment.apply_style``: a plain base adds nothing.)
    over = base + style if base else style
    place = place_style(x, y)
    total = over + place if over else place
    if not total.link:
        if len(sums) >= SUMS_KEPT:
            sums.clear()
        sums[style, x, y] = total
    return total


#: A line's pieces as Rich renders it (cut to the row's width): each
#: piece's text, style and cells.
Pieces = list[tuple[str, Style | None, int]]


def text_strips(
    lines: list[Text],
    widget: Widget,
    width: int,
    base: Style,
    first: int = 0,
    seen: dict[tuple[object, ...], Pieces] | None = None,
) -> list[Strip]:
    """``lines`` drawn as ``widget`` draws text: over its style ``base``,
    each cut to ``width`` cells (with an ellipsis when its stylesheet says
    so) and padded with its background (the first of them being row
    ``first``); ``seen``: lines rendered by Rich before, by what they read
    (a line that moves to another row, a player's mat below one that grew,
    is not rendered again: only its places change).

    Each row is what Textual's ``Strip(Segment.apply_style(line.render(console),
    base)).apply_offsets(0, y).adjust_cell_length(width, blank)`` gives
    (``library_strips``: a test holds them equal, piece by piece, style by
    style), made in one pass: one strip a row, not three, each place's
    style made once (``place_style``) and each piece's sum of styles
    looked up once (``_piece_style``)."""
    ellipsis = widget.styles.text_overflow == "ellipsis"
    console = widget.app.console
    blank = Style.from_color(bgcolor=base.bgcolor)
    sums = _SUMS.get(base)
    if sums is None:
        if len(_SUMS) >= 64:
            _SUMS.clear()
        sums = _SUMS[base] = {}
    strips = []
    for y, line in enumerate(lines, first):
        key = (line.plain, tuple(line.spans), line.style, width, ellipsis)
        pieces = None if seen is None else seen.get(key)
        if pieces is None:
            if line.cell_len > width:
                line = line.copy()
                line.truncate(width, overflow="ellipsis" if ellipsis else "crop")
            rendered = list(line.render(console))
            if any(control for _, _, control in rendered):
                # (A text never gives one: drawn as Textual would.)
                strips.append(library_strips([line], console, width, base, blank, y)[0])
                continue
            pieces = [(text, style, cell_len(text)) for text, style, _ in rendered]
            if seen is not None:
                if len(seen) >= 512:  # (a bound: a long game shows many lines)
                    seen.clear()
                seen[key] = pieces
        segments: list[Segment] = []
        x = cells = 0
        for text, style, size in pieces:
            total = sums.get((style, x, y))
            if total is None:
                total = _piece_style(sums, base, style, x, y)
            segments.append(Segment(text, total))
            x += len(text)
            cells += size
        if cells < width:
            segments.append(Segment(" " * (width - cells), blank))
        elif cells > width:  # (cut by Textual where the cells run over)
            strips.append(Strip(segments).adjust_cell_length(width, blank))
            continue
        strips.append(Strip(segments, width))
    return strips


def library_strips(
    lines: list[Text], console: Console, width: int, base: Style, blank: Style, first: int = 0
) -> list[Strip]:
    """``lines`` (each at most ``width`` cells) drawn by Rich's and
    Textual's own steps, one after the other: what ``text_strips`` draws
    in one pass."""
    return [
        Strip(Segment.apply_style(line.render(console), base))
        .apply_offsets(0, y)
        .adjust_cell_length(width, blank)
        for y, line in enumerate(lines, first)
    ]


def row_runs(rows: list[int], width: int) -> list[Region]:
    """The rows ``rows`` (in order) as regions ``width`` cells wide, rows
    that follow one another as one region: the same cells to repaint, in
    fewer regions for Textual to go through."""
    runs: list[Region] = []
    for y in rows:
        if runs and runs[-1].bottom == y:
            last = runs[-1]
            runs[-1] = Region(last.x, last.y, last.width, last.height + 1)
        else:
            runs.append(Region(0, y, width, 1))
    return runs


class TextRows:
    """Mixin for a :class:`~textual.widget.Widget` drawn as a line of text
    per row: it says what the lines are (:meth:`text_rows`) and this draws
    them.  ``render`` still gives the text, for whatever measures it."""

    #: The rows drawn, and what they were drawn for (lines, width, style).
    _rows: list[Strip] = []
    _rows_for: tuple[object, ...] = ()
    _rows_blank: Style = Style()

    #: Rows drawn before for the width and style of ``_rows_for``, by row and
    #: line: a line that comes back to its row (a key lit again, a face seen
    #: before) takes the row drawn then, not a new drawing.
    _rows_seen: dict[tuple[object, ...], Strip] | None = None
    #: Lines rendered by Rich before, for any row (``text_strips``'s ``seen``).
    _pieces_seen: dict[tuple[object, ...], Pieces] | None = None

    #: Whether a repaint was asked for since the rows were last worked out.
    #: Textual composes every widget under the part of the screen it redraws
    #: (on a game screen that is most of it, every move); a widget nobody
    #: asked to repaint shows the rows it drew before, so its lines are not
    #: made again to find that out.
    _rows_stale = True

    def text_rows(self) -> list[Text]:
        """The widget's lines now."""
        return []

    def refresh(
        self, *regions: Region, repaint: bool = True, layout: bool = False, recompose: bool = False
    ) -> Self:
        # A repaint asked for: the lines are looked at again (new styles come
        # through ``notify_style_update``, a new width is seen by
        # ``render_lines``; a new height changes no line).
        if repaint:
            self._rows_stale = True
        return super().refresh(  # type: ignore[misc,no-any-return]
            *regions, repaint=repaint, layout=layout, recompose=recompose
        )

    def notify_style_update(self) -> None:
        self._rows_stale = True
        self._rows_seen = None
        super().notify_style_update()  # type: ignore[misc]

    #: The rows as painted by the styles cache (their padding, border,
    #: backgrounds), given back while the lines and the look are the same
    #: (``KeptFrame``); and a count of the lines' changes, which it reads.
    _frame_kept: KeptFrame | None = None
    _rows_made = 0

    def render_lines(self, crop: Region) -> list[Strip]:
        assert isinstance(self, Widget)
        kept = self._frame_kept
        if kept is None:
            kept = self._frame_kept = KeptFrame()
        if not self._rows_stale and self._rows_for[1:2] == (self.size.width,):
            return kept.render(self, crop, partial(Widget.render_lines, self), self._rows_made)
        self._rows_stale = False
        lines = self.text_rows()
        width = self.size.width
        base = self.rich_style
        key = (lines, width, base)
        if key != self._rows_for:
            same = self._rows_for[1:] == (width, base)
            if not same or self._rows_seen is None:
                self._rows_seen = {}
            before = self._rows_for[0] if same else None
            if isinstance(before, list) and len(before) == len(lines):
                # Only the rows that read differently are drawn again.
                rows = list(self._rows)
                for y, (old, new) in enumerate(zip(before, lines, strict=True)):
                    if old != new:
                        rows[y] = self._row(new, width, base, y)
                self._rows = rows
            else:
                self._rows = [self._row(line, width, base, y) for y, line in enumerate(lines)]
            self._rows_for = key
            self._rows_blank = Style.from_color(bgcolor=base.bgcolor)
            self._rows_made += 1
        return kept.render(self, crop, partial(Widget.render_lines, self), self._rows_made)

    def _row(self, line: Text, width: int, base: Style, y: int) -> Strip:
        """Row ``y`` drawn for ``line``: as drawn before, when ``line`` was
        on that row before (at this width and style)."""
        assert isinstance(self, Widget)
        seen = self._rows_seen
        assert seen is not None
        key = (y, line.plain, tuple(line.spans), line.style, line.justify, line.overflow)
        row = seen.get(key)
        if row is None:
            if len(seen) >= 512:  # (a bound: a long game shows many lines)
                seen.clear()
            pieces = self._pieces_seen
            if pieces is None:
                pieces = self._pieces_seen = {}
            row = seen[key] = text_strips([line], self, width, base, y, pieces)[0]
        return row

    def refresh_rows(self, before: list[Text] | None, after: list[Text]) -> None:
        """Repaint the rows of ``after`` that read differently from
        ``before`` (all of them when the number of rows changed): a move
        changes a row or two of a panel, and a row repainted is a row the
        screen composes again."""
        assert isinstance(self, Widget)
        width = self.size.width
        if before is None or len(before) != len(after) or not width:
            self.refresh()
            return
        rows = row_runs(
            [y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new],
            width,
        )
        if rows:
            self.refresh(*rows)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._rows):
            return self._rows[y]
        assert isinstance(self, Widget)
        return Strip.blank(self.size.width, self._rows_blank)


__all__ = ["TextRows", "library_strips", "place_style", "row_runs", "text_strips"]
