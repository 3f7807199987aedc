"""What a faction's rule bot adds to the shared one (``bots.py``): its
:class:`RulePlan`, asked first for its own seat's decisions.

The shared rule bot rates every legal action by short lists of priorities
and takes the best; a faction's plan rates its own actions (and the shared
ones it weighs its own way), may rate a whole decision of its own, and bends
the shared priorities where its play differs (what it guards at home, what
it battles for, the pieces it would rather lose).  A faction without a plan
is played by the shared priorities alone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

if TYPE_CHECKING:
    from boardgames_tui.engine.game import Action

    from .model import RootState

#: A rating of one action by a faction's plan: the view, the faction
#: deciding and the action (of the type it is entered under).
Rating = Callable[["RootState", int, Any], float]

K = TypeVar("K")
V = TypeVar("V")


def remembered(table: dict[K, V], key: K, make: Callable[[], V], most: int) -> V:
    """``table[key]``, made by ``make`` the first time it is asked: what a
    plan works out again and again from the same few values (by those
    values).  Past ``most`` answers the table is emptied first."""
    found = table.get(key)
    if found is None:
        if len(table) >= most:
            table.clear()
        found = table[key] = make()
    return found


class RulePlan:
    """A faction's own priorities for the rule bot; every answer here is
    that of a faction whose play the shared priorities cover."""

    #: The pieces it would rather lose to hits, best first, by kind (a
    #: piece not named: 0).
    spare: ClassVar[Mapping[str, float]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        # The rule bot passes over the marches by ``march_most``: a plan
        # that adds to a march's rating says how much at most.
        if "march" in cls.__dict__ and "march_most" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} rates marches (march) but gives no march_most")

    def rates(self) -> Mapping[type, Rating]:
        """Its ratings by action type: its own actions, and the shared ones it
        weighs its own way (made once per bot)."""
        return {}

    def guest_rates(self) -> Mapping[type, Rating]:
        """Ratings of its own actions that another faction takes (a guess at
        its hidden pieces), for whichever faction's bot decides them."""
        return {}

    def ratings(
        self, s: RootState, legal: list[Action], card_value: Callable[[int], float]
    ) -> list[float | None] | None:
        """A whole decision of its own, rated: one rating per legal action
        (None: rate this one by the shared priorities), or None for a
        decision it leaves wholly to them."""
        return None

    def battle(
        self, s: RootState, me: int, clearing: int, enemy: int, mine: int, theirs: int
    ) -> float | None:
        """A battle it would fight for its own reasons (None: the shared rating)."""
        return None

    def guard(self, s: RootState, me: int, origin: int) -> int:
        """Warriors it keeps at ``origin`` beyond one per building there."""
        return 0

    #: The most :meth:`march` ever adds (the rule bot passes over the
    #: marches when no march could be rated the best even so).
    march_most: ClassVar[float] = 0.0

    def march(
        self, s: RootState, there_mine: int, there_enemy: int, count: int, buildings: bool
    ) -> float:
        """What a march of ``count`` warriors to a clearing is worth to it
        beyond the shared rating (``buildings``: an enemy building there)."""
        return 0.0
