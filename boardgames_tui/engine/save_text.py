"""A save file's text made from kept parts, so that a move's save costs
the same however long the game is.

A save holds the whole action log, and a game is saved after every move:
serialising every action again each time grows with the game (1.5-2.8 ms of CPU
300 moves in).  Instead, each action's save-file form, its JSON data
(``Game.dump_action``) and its text as the file holds it, is made the first
time a save needs it and kept (:class:`KeptMoves`); the file is the rest of
the save serialised by pydantic, the log left empty, with the kept texts put
in its place (:func:`assemble`).  The text is byte for byte what
``SaveFile.model_dump_json(indent=1)`` writes for the whole save (a test
compares the two for every game), so the format and the loader are
unchanged.

A session's log only grows (a move) or is cut from its end (an undo
replays the actions it keeps: the very same objects).  The parts are kept
beside the log's list and checked against it each time they are asked for:
another list, a shorter one, or another action where the last kept one was,
and they are kept only as far as the actions are the same objects.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .data import adapter

#: The empty log in a save's text written with no actions (``indent=1``:
#: the save's own keys are one space in; no string holds a raw line break,
#: so nothing else in the text matches).
_EMPTY_LOG = '\n "actions": [],\n'
#: An action of the log: two levels in.
_ITEM = "\n  "


def action_text(data: dict[str, Any]) -> str:
    """An action's JSON data as the save file writes it, inside the log."""
    text: str = adapter(dict[str, Any]).dump_json(data, indent=1).decode("utf-8")
    return text.replace("\n", _ITEM)


def assemble(head: str, texts: Sequence[str]) -> str:
    """A save's text: ``head`` (the save's text with an empty log) with
    ``texts`` (:func:`action_text`) as its log."""
    if not texts:
        return head
    before, found, after = head.partition(_EMPTY_LOG)
    if not found:
        raise ValueError("the save's text has no empty log to fill")
    return "".join((before, '\n "actions": [', _ITEM, f",{_ITEM}".join(texts), "\n ],\n", after))


class KeptMoves:
    """The save-file parts of the actions of one log (a list its session
    owns and changes only by appending and by cutting its end), made once."""

    __slots__ = ("_log", "_actions", "_data", "_texts")

    def __init__(self) -> None:
        self._log: list[Any] | None = None  # the list the parts were made for
        self._actions: list[Any] = []  # the actions whose data is kept, in order
        self._data: list[dict[str, Any]] = []
        self._texts: list[str] = []  # as many as the data, or fewer

    def _check(self, log: list[Any]) -> None:
        """Keep only the parts of actions ``log`` still holds where they were."""
        kept = len(self._actions)
        if (
            log is self._log
            and len(log) >= kept
            and (not kept or log[kept - 1] is self._actions[-1])
        ):
            return
        same = 0
        for mine, theirs in zip(self._actions, log, strict=False):
            if mine is not theirs:
                break
            same += 1
        del self._actions[same:], self._data[same:], self._texts[same:]
        self._log = log

    def data(self, game: Any, log: list[Any]) -> Sequence[dict[str, Any]]:
        """Each action's JSON data (``game.dump_action``): to be read, never changed."""
        self._check(log)
        for action in log[len(self._actions) :]:
            data = game.dump_action(action)  # first: if it raises, nothing is kept of it
            self._actions.append(action)
            self._data.append(data)
        return self._data

    def texts(self, game: Any, log: list[Any]) -> Sequence[str]:
        """Each action's text in the save file (:func:`action_text`)."""
        data = self.data(game, log)
        texts = self._texts
        for item in data[len(texts) :]:
            texts.append(action_text(item))
        return texts

    def made(self, log: list[Any], data: list[dict[str, Any]]) -> None:
        """``data`` is each action of ``log`` dumped already (loading a save
        checks its log so): kept, not made again."""
        if len(data) != len(log):
            raise ValueError("one dumped action for each action of the log")
        self._log = log
        self._actions = list(log)
        self._data = data
        self._texts = []
