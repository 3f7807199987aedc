"""A screen's colours in one place.

A game's drawings (the grounds, the market ring ...) take their colours from
component classes styled in the game's stylesheet.  Textual styles every
component class of a widget again whenever the widget is restyled: on a focus
change, on a class toggled on the screen, on a new theme.  With two dozen
colours on each of five drawings that was most of a move's time on screen,
although the colours themselves never change within a theme.

So a screen declares its component classes once, on a :class:`Palette` (a
hidden widget), and its drawings ask the palette for their styles
(:func:`palette_style`).  The palette sits on the screen's background, as the
drawings do, so translucent colours blend the same way.
"""

from __future__ import annotations

from rich.style import Style
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.widget import Widget


class Palette(Widget):
    """Holds a screen's component classes; subclasses list them in
    ``COMPONENT_CLASSES``.  Never drawn."""

    DEFAULT_CSS = """
    Palette {
        display: none;
    }
    """

    def style(self, name: str, *, partial: bool = False) -> Style:
        return self.get_component_rich_style(name, partial=partial)


def find_palette(widget: Widget, kind: type[Palette]) -> Palette | None:
    """The screen's palette of ``kind``, or None when the widget is not on a
    screen that has one."""
    try:
        return widget.screen.query_one(kind)
    except (NoMatches, NoScreen):
        return None


__all__ = ["Palette", "find_palette"]
