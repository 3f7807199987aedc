"""A board part that draws what the focus changes in it (its cursor) and
repaints only that.

Textual's own handling of a Focus or Blur event repaints the whole widget.
On a game screen the board takes the focus back after every move made from
the action list, and repainting the whole grid was the largest part of that
move's frame.  Styles that follow the focus (``:focus`` rules) still apply:
the restyle that a change of ``has_focus`` starts repaints what they change.
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget


def focus_moved(widget: Widget, event: events.Focus | events.Blur) -> None:
    """Handle ``event`` for ``widget`` as Textual's Widget does, less its
    repaint of the whole widget: call from the widget's own ``on_focus`` and
    ``on_blur``, which then repaint what the focus changed."""
    event.prevent_default()
    focused = isinstance(event, events.Focus)
    widget.has_focus = focused
    parent = widget.parent
    if parent is not None:
        parent.post_message(
            events.DescendantFocus(widget) if focused else events.DescendantBlur(widget)
        )


__all__ = ["focus_moved"]
