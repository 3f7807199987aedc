"""An option list whose Enter is in the footer: the lists of the dialogs
(the game to open, whose view a replay shows), where Enter chooses and the
dialog's own key bar says so."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import Binding, BindingType
from textual.widgets import OptionList


class ChoiceList(OptionList):
    """Textual's option list, its Enter shown as "Choose"."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "select", "Choose")]


__all__ = ["ChoiceList"]
