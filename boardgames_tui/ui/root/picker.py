"""Root's action list: the kit's, its looks kept (issue 49).

At 120 columns the list takes the focus as it is read (A) and gives it
back to the Woodland after every move: its border and its highlight change
each time, and Textual matched it, and each of its component classes,
against the whole stylesheet again on every move (1-2 ms of a move at four
seats).  The two looks it goes between are kept as they were worked out
and put back (:class:`~..kit.looks.KeptLooks`).
"""

from __future__ import annotations

from ..kit.looks import KeptLooks
from ..widgets.action_picker import ActionPicker


class RootPicker(ActionPicker):
    """The kit's action list, styled again only for a look not met before."""

    def __init__(
        self, *, id: str | None = None, classes: str | None = None, disabled: bool = False
    ) -> None:
        super().__init__(id=id, classes=classes, disabled=disabled)
        #: The list's looks as styled (focused and not, at each width).
        self._kept_looks = KeptLooks()

    def update_node_styles(self, animate: bool = True) -> None:
        """Styled as Textual styles it, but a look met before is put back as
        it was worked out, not matched against the stylesheet again."""
        self._kept_looks.restyle(self, animate)


__all__ = ["RootPicker"]
