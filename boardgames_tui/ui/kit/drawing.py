"""The base of every board part drawn from a layout, line by line.

A game's board widgets (Root's Woodland, Tyrants' map and cards, Underwing's
grounds, Incubation's panels) draw rich :class:`~rich.text.Text` from the
game's state and colour it with the component classes of their stylesheet.
:class:`Drawing` is what they share:

- ``st(name)``: a component class's style, cached (a redraw asks for the same
  few styles thousands of times) and forgotten when the styles or the theme
  change.  Names in ``PARTIAL`` are *modifiers* (a cursor's reverse, a live
  target's underline): only what they set is kept, so they add to the
  colours they lie on.  ``style_source()`` is where the styles come from:
  the widget itself, or (Underwing) a palette widget the screen holds.
- ``has_cursor``: whether this part has the focus as the screen has it now
  (``has_focus`` follows a frame later).
- ``on_screen``: displayed, and so is everything it sits in (a part drawn in
  one of two places by the width is drawn only where it shows).
- the focus taken or lost restyles the part only when a rule of the
  stylesheet reads it (``kit/rules.py``): its cursor shows the focus.

and the text helpers :func:`seg`, :func:`fit`, :func:`pad` and :func:`plural`.

Three ways to repaint only what changed: for a Line API board,
:func:`repaint_rows` (the rows whose lines changed); for parts drawn as one
text:

- :class:`Pictured`: ``picture()`` is the part's text; ``redraw()``
  repaints only when it differs from the one on screen (a move repaints the
  parts it changed; the messages that follow it repaint nothing).
- :class:`PicturedLines`: the same, a line per row drawn with
  :class:`~boardgames_tui.ui.widgets.text_rows.TextRows`, repainting only
  the rows that changed.

Mix it in *before* the Textual base: ``class MapView(Drawing, ScrollView)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.dom import NoScreen
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from ..widgets.palette import Palette, find_palette
from ..widgets.text_rows import TextRows
from .rules import focus_restyles


class Drawing:
    """Styled pieces of text for a widget that draws itself (a mixin)."""

    #: Component classes that only modify what they lie on (reverse,
    #: underline): looked up ``partial``.
    PARTIAL: ClassVar[frozenset[str]] = frozenset()
    #: The screen's palette the styles come from (``widgets/palette.py``),
    #: or None: the part's own component classes.  From a palette, a part's
    #: own restyle (a focus change, a class toggled) does not style two
    #: dozen component classes again, and its cached styles stay.
    PALETTE: ClassVar[type[Palette] | None] = None

    _st_cache: dict[str, Style] | None = None
    _st_theme: str = ""

    def style_source(self) -> Widget | None:
        """The widget whose component classes colour this part (itself by
        default); None: none yet (the styles are plain until it is)."""
        assert isinstance(self, Widget)
        if self.PALETTE is not None:
            return find_palette(self, self.PALETTE)
        return self

    def component_style(self, source: Widget, name: str, partial: bool) -> Style:
        """How ``source`` styles the component class ``name`` (override to
        read a palette of another kind)."""
        return source.get_component_rich_style(name, partial=partial)

    def st(self, name: str) -> Style:
        """The style of the component class ``name``, cached until the
        styles or the theme change."""
        assert isinstance(self, Widget)
        theme = self.app.theme
        cache = self._st_cache
        if cache is None or theme != self._st_theme:
            cache = self._st_cache = {}
            self._st_theme = theme
        style = cache.get(name)
        if style is None:
            source = self.style_source()
            if source is None:
                return Style()
            style = cache[name] = self.component_style(source, name, name in self.PARTIAL)
        return style

    def notify_style_update(self) -> None:
        if self.PALETTE is None:
            # (From a palette the colours stay: a new theme is seen by ``st``.)
            self._st_cache = None
            self.drawing_stale()
        super().notify_style_update()  # type: ignore[misc]

    def drawing_stale(self) -> None:
        """The styles changed: a drawing made before is not to be used again."""

    #: Whether a rule reads this part's focus, and the classes and the
    #: number of rules that was worked out for.
    _focus_styled: tuple[frozenset[str], int, bool] | None = None

    def watch_has_focus(self, has_focus: bool) -> None:
        # Textual restyles a widget that takes or loses the focus (and all
        # it holds); a part whose cursor shows the focus is restyled only
        # when a rule of the stylesheet reads its focus.
        assert isinstance(self, Widget)
        key = (frozenset(self.classes), len(self.app.stylesheet.rules))
        known = self._focus_styled
        if known is None or known[:2] != key:
            known = self._focus_styled = (*key, focus_restyles(self))
        if known[2]:
            super().watch_has_focus(has_focus)  # type: ignore[misc]

    @property
    def has_cursor(self) -> bool:
        """This part has the focus as the screen has it now.  (``has_focus``
        follows a frame later, when the focus event arrives: drawing the
        cursor from it would draw each move twice.)"""
        assert isinstance(self, Widget)
        try:
            return self.screen.focused is self
        except NoScreen:
            return False

    @property
    def on_screen(self) -> bool:
        """Displayed, and so is everything it sits in."""
        assert isinstance(self, Widget)
        return self.display and all(
            node.display for node in self.ancestors if isinstance(node, Widget)
        )


class Pictured(Drawing):
    """A part drawn as one piece of text, repainted only when it changes.
    The repaint that follows ``redraw`` draws the text ``redraw`` made (not
    a second time), unless the size, the theme or the styles changed
    between them.  A part whose height follows its text (``height: auto``)
    is laid out again when its number of lines changes."""

    #: The text last drawn.
    _picture: Text | None = None
    #: The size and theme ``redraw`` made ``_picture`` for, until its repaint.
    _made_at: tuple[Size, str] | None = None

    def picture(self) -> Text:
        """The part's text now."""
        return Text("")

    #: The picture reads the part's size (a part whose text is wrapped by
    #: Textual, not by its picture, says False: the repaint right after
    #: ``redraw`` keeps its text when the layout between gave it another
    #: size, a panel closing over it).
    PICTURE_READS_SIZE: ClassVar[bool] = True

    def render(self) -> Text:
        assert isinstance(self, Widget)
        made, self._made_at = self._made_at, None
        theme = self.app.theme
        if (
            self._picture is None
            or made is None
            or made[1] != theme
            or (self.PICTURE_READS_SIZE and made[0] != self.size)
        ):
            self._picture = self.picture()
        return self._picture

    def drawing_stale(self) -> None:
        self._made_at = None

    def redraw(self, picture: Text | None = None) -> bool:
        """Repaint when the part would look different.  True: it will be
        another height in the next layout (``height_changes``), so the
        parts beside it will be another size too."""
        assert isinstance(self, Widget)
        if picture is None:
            picture = self.picture()
        if picture == self._picture:
            return False
        before, self._picture = self._picture, picture
        self._made_at = made = (self.size, self.app.theme)
        self.refresh()
        height = self.styles.height
        if not (height is None or height.is_auto):
            return False
        if self.on_screen and self.content_size.width > 0:
            changes = height_changes(self)
        else:  # (hidden, or not laid out yet: by its lines alone)
            changes = before is None or len(before.split("\n", allow_blank=True)) != len(
                picture.split("\n", allow_blank=True)
            )
        if not changes:
            return False
        # (Measuring it used the picture: the repaint after the layout
        # draws it again, not made a second time.)
        self._made_at = made
        self.refresh(layout=True)
        return True


class PicturedLines(TextRows, Pictured):
    """A :class:`Pictured` part whose text is a line per row, never wrapped,
    drawn row by row (:class:`TextRows`).  Its lines are what it keeps and
    compares (``picture_lines``), not one text joined to be split again on
    every repaint."""

    #: The lines on screen (or being drawn).
    _drawn_lines: list[Text] | None = None
    #: The lines ``redraw`` made, for the repaint that follows it, and the
    #: size and theme they were made for.
    _made: tuple[list[Text], Size, str] | None = None

    def picture_lines(self) -> list[Text]:
        """The part's lines now: by default its picture's split (a part that
        makes its lines one by one says them here instead of a picture:
        ``render`` joins them for whatever measures the part)."""
        return list(self.picture().split("\n", allow_blank=True))

    def render(self) -> Text:
        # (What measures the part reads its lines as one text.)
        lines = self._drawn_lines if self._drawn_lines is not None else self.picture_lines()
        return Text("\n").join(lines)

    def text_rows(self) -> list[Text]:
        assert isinstance(self, Widget)
        made, self._made = self._made, None
        if made is not None and made[1:] == (self.size, self.app.theme):
            lines = made[0]  # made by ``redraw`` for this repaint: not twice
        else:
            lines = self.picture_lines()
        self._drawn_lines = lines
        return lines

    def redraw(self, picture: Text | None = None) -> bool:
        """As :meth:`Pictured.redraw`, repainting only the rows that changed
        (False: it asks for no layout, its rows are its height).  A part
        with no size (hidden behind a panel, or not laid out yet) is drawn
        when it is next painted, for the size it has then: not now for a
        guessed width and again after the layout."""
        assert isinstance(self, Widget)
        if not self.size.width:
            self._drawn_lines = self._made = None
            self.refresh()
            return False
        if picture is None:
            lines = self.picture_lines()
        else:
            lines = list(picture.split("\n", allow_blank=True))
        if lines != self._drawn_lines:
            before = self._drawn_lines
            self._drawn_lines = lines
            self._made = (lines, self.size, self.app.theme)
            self.refresh_rows(before, lines)
        return False


def height_changes(widget: Widget) -> bool:
    """Whether ``widget``, whose height follows its lines (``height:
    auto``), will be another height in the next layout now that what it
    shows changed (``coming_height``).  Asked before the frame, it lets
    the parts whose size follows it be drawn once, for the size they will
    have.  A height not known before the layout is never said unchanged."""
    styles = widget.styles
    if not (styles.height is None or styles.height.is_auto):
        return False
    coming = coming_height(widget)
    return coming is None or coming != widget.outer_size.height


def coming_height(widget: Widget) -> int | None:
    """The height ``widget``, whose height follows its lines (``height:
    auto``), will have in the next layout: its lines wrapped at its width
    (as Textual will wrap them), within its min-height and max-height.
    None where that is not known before the layout: another kind of
    height, not laid out yet, a bound not in cells."""
    styles = widget.styles
    if not (styles.height is None or styles.height.is_auto):
        return None
    width = widget.content_size.width
    if width <= 0 or widget.outer_size.height <= 0:
        return None  # (not laid out yet: the first layout sizes it)
    height = widget.get_content_height(widget.size, widget.app.size, width)
    height += styles.gutter.height
    for bound, keep in ((styles.min_height, max), (styles.max_height, min)):
        if bound is None:
            continue
        cells = bound.cells
        if cells is None:
            return None
        height = keep(height, cells)
    return height


def repaint_rows(widget: Widget, before: Sequence[Strip], after: Sequence[Strip]) -> None:
    """Repaint the rows of a Line API ``widget`` whose lines were ``before``
    and are now ``after``: only those that changed (a move changes a few),
    or all of them when their number changed.  Rows count from the top of
    what it draws (a scrolling widget's virtual lines)."""
    if len(before) != len(after):
        widget.refresh()
        return
    changed = [y for y, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    if not changed:
        return
    width = max(widget.virtual_size.width, widget.size.width)
    top = int(widget.scroll_offset.y) if isinstance(widget, ScrollView) else 0
    runs: list[Region] = []
    for y in changed:
        if runs and runs[-1].bottom == y - top:
            last = runs[-1]
            runs[-1] = Region(last.x, last.y, last.width, last.height + 1)
        else:
            runs.append(Region(0, y - top, width, 1))
    widget.refresh(*runs)


def seg(text: str, style: Style) -> Text:
    """``text`` in ``style``, as a span: text appended to it later keeps its
    own style (``Text(text, style=...)`` would lend it this one)."""
    out = Text()
    out.append(text, style=style)
    return out


def fit(text: Text, width: int, overflow: str = "ellipsis") -> Text:
    """``text`` cut (with an ellipsis, or ``overflow="crop"``) or padded to
    exactly ``width`` cells."""
    text = text.copy()
    text.truncate(width, overflow=overflow, pad=True)  # type: ignore[arg-type]
    return text


#: ``pad`` is ``fit`` under the name Incubation's panels use.
pad = fit


def plural(count: int, word: str, words: str | None = None) -> str:
    """``1 troop``, ``3 troops``, ``0 spies`` (``words``: the plural when it
    is not ``word`` + s)."""
    return f"{count} {word if count == 1 else words or word + 's'}"


__all__ = [
    "Drawing",
    "Pictured",
    "PicturedLines",
    "coming_height",
    "fit",
    "height_changes",
    "pad",
    "plural",
    "repaint_rows",
    "seg",
]
