"""Messages the shared widgets and workers post upwards (attributes down,
messages up: a widget never reaches into another)."""

from __future__ import annotations

from dataclasses import dataclass

from textual.dom import DOMNode
from textual.message import Message

from boardgames_tui.engine.game import Action


@dataclass
class ActionChosen(Message):
    """A player chose an action in an action picker (``picker``, so handlers can
    select on its id: ``@on(ActionChosen, "#actions")``)."""

    action: Action
    picker: DOMNode

    @property
    def control(self) -> DOMNode:
        return self.picker


@dataclass
class BotChose(Message):
    """A bot worker finished thinking.  ``version`` is the game's version when
    it started, so a choice made for a position that has since changed (an undo)
    is dropped."""

    action: Action
    version: int


@dataclass
class BotFailed(Message):
    """A bot worker raised instead of choosing."""

    error: str
    version: int
