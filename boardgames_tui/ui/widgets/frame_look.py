"""The width and style a scrolling Line-API widget's lines are drawn with,
looked up once per frame rather than once per line (each lookup walks the
DOM: on a game screen that was a visible part of a move's frame)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip

if TYPE_CHECKING:
    from textual.scroll_view import ScrollView as _Base
else:
    # A plain mixin at run time: as a widget class it would bring its own
    # default CSS into the widget's stylesheet.
    _Base = object


class FrameLook(_Base):
    """Mix in before the widget's own scrolling base; its ``render_line``
    asks :meth:`frame_look` for the width and style."""

    _drawing: tuple[int, Style] | None = None

    def render_lines(self, crop: Region) -> list[Strip]:
        self._drawing = (self.scrollable_content_region.width, self.rich_style)
        try:
            return super().render_lines(crop)
        finally:
            self._drawing = None

    def frame_look(self) -> tuple[int, Style]:
        """(width, style) of this frame's lines; looked up afresh outside a frame."""
        return self._drawing or (self.scrollable_content_region.width, self.rich_style)
