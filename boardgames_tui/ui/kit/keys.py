"""The bindings every game screen and board writes the same way.

A game screen lists its own ``BINDINGS`` (``inherit_bindings=False``, so that
the footer shows them in its order); what every one of them ends with comes
from here:

- :data:`FOCUS_KEYS`: Tab and Shift+Tab go round the focusable parts (a
  screen whose Tab says where it goes next lists its own Tab first);
- :data:`COPY_KEY`: copying the selected text, as Textual's screens have it;
- :func:`explain_keys`: last for each key a screen answers, a hidden binding
  to ``explain``, which says why the key does nothing now (the bindings
  above it that apply win; ``BoardScreen.action_explain`` answers);
- :data:`ARROWS`: a board's arrows, to its ``move`` action with the way.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from textual.binding import Binding

FOCUS_KEYS: Final = (
    Binding("tab", "app.focus_next", "Focus next", show=False),
    Binding("shift+tab", "app.focus_previous", "Focus previous", show=False),
)
COPY_KEY: Final = Binding("ctrl+c,super+c", "screen.copy_text", "Copy selected text", show=False)
ARROWS: Final = tuple(
    Binding(way, f"move('{way}')", way.title(), show=False)
    for way in ("up", "down", "left", "right")
)


def explain_keys(keys: Iterable[str]) -> list[Binding]:
    """A hidden ``explain`` binding for each key, to list after the others."""
    return [Binding(key, f"explain('{key}')", "", show=False) for key in keys]


__all__ = ["ARROWS", "COPY_KEY", "FOCUS_KEYS", "explain_keys"]
