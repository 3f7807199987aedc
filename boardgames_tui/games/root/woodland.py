"""The Woodland: the Autumn map in ``assets/root/autumn.json``, validated by
pydantic when first loaded, and pure helpers that answer questions about it.

Clearings are named by their number (1-12).  The Duchy's Burrow is clearing
:data:`BURROW` (0): it is on no map, has no suit and no building slots, and is
adjacent to every clearing with a tunnel ("THE BURROW is an unsuited clearing
adjacent to each clearing with a tunnel token", Law 12.2.2), so the helpers
that walk paths take the tunnelled clearings as an argument.

Nothing here knows the state of a game: who rules a clearing, where the pieces
are.  The callers pass what the helpers need (ruled clearings, tunnels).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable
from functools import cached_property, lru_cache
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from boardgames_tui.engine.assets import asset_path

Suit = Literal["fox", "rabbit", "mouse"]
"""The suit of a clearing (birds have no clearings)."""

SUITS: Final[tuple[Suit, ...]] = ("fox", "rabbit", "mouse")

Corner = Literal["top-left", "top-right", "bottom-right", "bottom-left"]

_DIAGONAL: Final[dict[Corner, Corner]] = {
    "top-left": "bottom-right",
    "bottom-right": "top-left",
    "top-right": "bottom-left",
    "bottom-left": "top-right",
}

BURROW: Final = 0
"""The Duchy's Burrow, an off-map clearing adjacent to every tunnel clearing."""


class Clearing(BaseModel):
    """One clearing of the map: its suit, building slots (a ruin fills one of
    them at setup), whether a ruin starts there, its corner if it is one, the
    clearings one path away, and its rough place on the printed map."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    name: str = Field(min_length=1)
    suit: Suit
    building_slots: int = Field(ge=1, le=3)
    ruin: bool
    corner: Corner | None
    paths: tuple[int, ...] = Field(min_length=1)
    position: tuple[float, float]

    @model_validator(mode="after")
    def _check(self) -> Clearing:
        if len(set(self.paths)) != len(self.paths) or self.number in self.paths:
            raise ValueError(f"clearing {self.number}: paths repeat or lead to itself")
        if not all(0.0 <= v <= 1.0 for v in self.position):
            raise ValueError(f"clearing {self.number}: position is a fraction of the map")
        return self


class Forest(BaseModel):
    """A forest: the clearings around it (only the Vagabond walks through forests)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    clearings: tuple[int, ...] = Field(min_length=3)


class WoodlandMap(BaseModel):
    """A whole map: clearings in number order, the two pairs of diagonally
    opposite corners, the river's links (which are not paths) and the forests."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    map: str
    about: str
    clearings: tuple[Clearing, ...] = Field(min_length=1)
    opposite_corners: tuple[tuple[int, int], ...]
    river: tuple[tuple[int, int], ...]
    forests: tuple[Forest, ...]

    @model_validator(mode="after")
    def _check(self) -> WoodlandMap:
        numbers = [c.number for c in self.clearings]
        if numbers != list(range(1, len(numbers) + 1)):
            raise ValueError("clearings are numbered 1, 2, 3, ... in order")
        known = set(numbers)
        for c in self.clearings:
            for other in c.paths:
                if other not in known:
                    raise ValueError(f"clearing {c.number}: a path to unknown clearing {other}")
                if c.number not in self.clearings[other - 1].paths:
                    raise ValueError(f"path {c.number}-{other} is listed on one end only")
        corners = {c.number: c.corner for c in self.clearings if c.corner is not None}
        if len(set(corners.values())) != len(corners):
            raise ValueError("two clearings claim the same corner")
        paired: list[int] = []
        for a, b in self.opposite_corners:
            if a not in corners or b not in corners or _DIAGONAL[corners[a]] != corners[b]:
                raise ValueError(f"{a} and {b} are not diagonally opposite corners")
            paired += [a, b]
        if sorted(paired) != sorted(corners):
            raise ValueError("every corner belongs to exactly one opposite pair")
        for a, b in self.river:
            if a not in known or b not in known or a == b:
                raise ValueError(f"river link {a}-{b} is not between two clearings")
        for f in self.forests:
            if not set(f.clearings) <= known or len(set(f.clearings)) != len(f.clearings):
                raise ValueError(f"forest {f.number}: unknown or repeated clearings")
        if [f.number for f in self.forests] != list(range(1, len(self.forests) + 1)):
            raise ValueError("forests are numbered 1, 2, 3, ... in order")
        return self

    # The lookups every move makes, built on first use.  Plain attributes
    # (a cached_property lands in the instance's dict): a pydantic private
    # attribute is read through ``__getattr__``, several times dearer, and
    # Root's rules ask for a clearing's neighbours tens of thousands of
    # times a game.
    @cached_property
    def _adjacency(self) -> dict[int, frozenset[int]]:
        return {c.number: frozenset(c.paths) for c in self.clearings}

    @cached_property
    def _river(self) -> dict[int, frozenset[int]]:
        river: dict[int, set[int]] = {c.number: set() for c in self.clearings}
        for a, b in self.river:
            river.setdefault(a, set()).add(b)
            river.setdefault(b, set()).add(a)
        return {n: frozenset(v) for n, v in river.items()}

    # ------------------------------------------------------------ clearings
    @property
    def numbers(self) -> tuple[int, ...]:
        """Every clearing's number, in order (the Burrow is not among them)."""
        return tuple(c.number for c in self.clearings)

    def clearing(self, number: int) -> Clearing:
        """The clearing with this number (KeyError for the Burrow or a stranger)."""
        if number not in self._adjacency:
            raise KeyError(f"no clearing {number} on the {self.map} map")
        return self.clearings[number - 1]

    def suit_of(self, number: int) -> Suit | None:
        """A clearing's suit; the Burrow has none."""
        return None if number == BURROW else self.clearing(number).suit

    def of_suit(self, suit: str) -> tuple[int, ...]:
        """The clearings of a suit, in number order (none for "bird")."""
        return tuple(c.number for c in self.clearings if c.suit == suit)

    def ruins(self) -> tuple[int, ...]:
        """The clearings where a ruin starts."""
        return tuple(c.number for c in self.clearings if c.ruin)

    def open_slots_at_setup(self, number: int) -> int:
        """Building slots free at the start of the game (a ruin fills one)."""
        c = self.clearing(number)
        return c.building_slots - int(c.ruin)

    # ---------------------------------------------------------------- corners
    def corners(self) -> tuple[int, ...]:
        """The four corner clearings, in number order."""
        return tuple(c.number for c in self.clearings if c.corner is not None)

    def opposite_corner(self, number: int) -> int:
        """The corner diagonally across the map from a corner clearing."""
        for a, b in self.opposite_corners:
            if number == a:
                return b
            if number == b:
                return a
        raise ValueError(f"clearing {number} is not a corner")

    # ------------------------------------------------------------------ paths
    def paths(self) -> tuple[tuple[int, int], ...]:
        """Every path once, as (lower, higher) pairs in order."""
        return tuple(
            (c.number, other) for c in self.clearings for other in c.paths if c.number < other
        )

    def neighbours(self, number: int, tunnels: Collection[int] = ()) -> frozenset[int]:
        """The clearings one step away: along a path, and between the Burrow and
        each clearing in ``tunnels``."""
        if number == BURROW:
            return frozenset(tunnels)
        if number not in self._adjacency:
            raise KeyError(f"no clearing {number} on the {self.map} map")
        near = self._adjacency[number]
        return near | {BURROW} if number in tunnels else near

    def adjacent(self, a: int, b: int, tunnels: Collection[int] = ()) -> bool:
        """Whether a and b are one step apart (see :meth:`neighbours`)."""
        return b in self.neighbours(a, tunnels)

    def distances_from(self, start: int, tunnels: Collection[int] = ()) -> dict[int, int]:
        """Fewest steps from ``start`` to every clearing it can reach."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, tunnels):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def connected(
        self, start: int, through: Iterable[int], tunnels: Collection[int] = ()
    ) -> frozenset[int]:
        """The clearings reachable from ``start`` stepping only into clearings of
        ``through`` (``start`` itself included only if it is in ``through``).

        With ``through`` the clearings a faction rules, this is "connected
        through clearings you rule", as the Marquise's wood is moved to a build.
        """
        allowed = frozenset(through)
        if start not in allowed:
            return frozenset()
        seen = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, tunnels):
                if there in allowed and there not in seen:
                    seen.add(there)
                    queue.append(there)
        return frozenset(seen)

    # ------------------------------------------------------- river and forests
    def river_neighbours(self, number: int) -> frozenset[int]:
        """The clearings one river link away (empty off the river)."""
        return self._river.get(number, frozenset())

    def forests_touching(self, number: int) -> tuple[int, ...]:
        """The forests a clearing borders, by forest number."""
        return tuple(f.number for f in self.forests if number in f.clearings)


@lru_cache(maxsize=1)
def autumn() -> WoodlandMap:
    """The Autumn map, read and validated once."""
    text = asset_path("root", "autumn.json").read_text(encoding="utf-8")
    return WoodlandMap.model_validate_json(text)
