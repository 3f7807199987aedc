"""Root's action list: the kit's, its looks kept (issue 49).

At 120 columns the list takes the focus as it is read (A) and gives it
back to the Woodland after every move: its border and its highlight change
each time, and Textual matched it, and each of its component classes,
against the whole stylesheet again on every move (1-2 ms of a move at four
seats).  The two looks it goes between are kept as they were worked out
and put back (:class:`~..kit.looks.LooksKept`).
"""

from __future__ import annotations

from ..kit.looks import LooksKept
from ..widgets.action_picker import ActionPicker


class RootPicker(LooksKept, ActionPicker):
    """The kit's action list, styled again only for a look not met before."""


__all__ = ["RootPicker"]
