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

and the text helpers :func:`seg`, :func:`fit`, :func:`pad` and :func:`plural`.

Mix it in *before* the Textual base: ``class MapView(Drawing, ScrollView)``.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.dom import NoScreen
from textual.widget import Widget


class Drawing:
    """Styled pieces of text for a widget that draws itself (a mixin)."""

    #: Component classes that only modify what they lie on (reverse,
    #: underline): looked up ``partial``.
    PARTIAL: ClassVar[frozenset[str]] = frozenset()

    _st_cache: dict[str, Style] | None = None
    _st_theme: str = ""

    def style_source(self) -> Widget | None:
        """The widget whose component classes colour this part (itself by
        default); None: none yet (the styles are plain until it is)."""
        assert isinstance(self, Widget)
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
        self._st_cache = None
        super().notify_style_update()  # type: ignore[misc]

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


__all__ = ["Drawing", "fit", "pad", "plural", "seg"]
