"""What Root's keys read at a moment of the game (:class:`Here`): a module of
its own, so that each faction's keys (its screen package) and the key map
that gathers them (``choices``) both read it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property

from boardgames_tui.engine.game import Action
from boardgames_tui.games.root.model import RootState


@dataclass(frozen=True)
class Here:
    """What Root's keys read: the state as the deciding player may see it,
    the legal actions, the clearing at the cursor and a move under way;
    for the hint, the words for an action and whether Enter asks first;
    and the actions the action list on screen numbers (none while it is
    out of sight), which the digits take in any decision."""

    state: RootState
    legal: Sequence[Action]
    cursor: int
    moving_from: int | None = None
    describe: Callable[[Action], str] = str
    asks_first: Callable[[Action], bool] | None = None
    numbered: Sequence[Action] = ()

    @cached_property
    def legal_kinds(self) -> frozenset[str]:
        """The kinds of the legal actions: every direct key asks whether one
        of its kinds is among them (one look at the keys asks them all)."""
        return frozenset(action.kind for action in self.legal)
