"""Updating a line of text without laying out the whole screen.

``Static.update`` asks for a layout pass of the screen by default, which on a
game screen costs more than everything else a move redraws.  A Static whose
height cannot change (a fixed height, or text that stays on one line) only
needs repainting.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Static


def _one_line(content: object, width: int) -> bool:
    plain = content.plain if isinstance(content, Text) else content
    return isinstance(plain, str) and "\n" not in plain and cell_len(plain) <= width


def update_text(widget: Static, content: str | Text) -> None:
    """Show ``content`` in ``widget``: nothing when it is already shown, a
    repaint when its height cannot change, a layout pass only when it may
    (an auto-height Static whose text wraps, or did)."""
    old = widget.content
    if type(old) is type(content) and old == content:
        return
    height = widget.styles.height
    layout = False
    if height is None or height.is_auto:
        width = widget.content_region.width
        layout = not (width > 0 and _one_line(old, width) and _one_line(content, width))
    widget.update(content, layout=layout)


__all__ = ["update_text"]
