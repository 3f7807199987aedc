"""The Woodland's maps: each in ``assets/root/<map>.json`` (Autumn, Winter,
Lake, Mountain), validated by pydantic when first loaded, and pure helpers
that answer questions about a map.  A game names its map in its options
(``RootOptions.map``); the rules reach it through the state
(``RootState.woodland``), which looks it up here by its id, the suits dealt
to it and the closed paths cleared (:func:`played_map`, once per layout).

Autumn prints its suits; the other maps print none (``suit`` is null in
their files) and a game deals the twelve suit markers at setup (Law
16.1.1), so the map a game plays on is the printed one with the dealt
suits filled in (:meth:`WoodlandMap.dealt`).  The Lake's coastal clearings
and Ferry, the Mountain's closed paths and Tower are fields of the map
(their rules are ``map_rules.py``'s); a closed path cleared in play makes a
map with that path open (:meth:`WoodlandMap.cleared`).

Clearings are named by their number (1, 2, 3 ...).  A place that is no
clearing of the map (a faction's place off the map, number 0 or above the
map's clearings) is the faction's business: a helper that walks paths may be
told of one such place and the clearings it is joined to (``place`` and
``joined``), as a faction's place off the map may be adjacent to some
clearings.

Nothing here knows the state of a game: who rules a clearing, where the pieces
are.  The callers pass what the helpers need (ruled clearings, joined places).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable, Sequence
from functools import cached_property
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

#: The maps a game may name (``RootOptions.map``), each a file
#: ``assets/root/<id>.json``.
MAPS: Final[tuple[str, ...]] = ("autumn", "winter", "lake", "mountain")
#: The map a game without one named is played on (and every save from
#: before the map was an option).
DEFAULT_MAP: Final = "autumn"


class Clearing(BaseModel):
    """One clearing of the map: its suit, building slots (a ruin fills one of
    them at setup), whether a ruin starts there, its corner if it is one, the
    clearings one path away, and its rough place on the printed map."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    name: str = Field(min_length=1)
    suit: Suit | None
    """The printed suit (None on a map that prints none: dealt at setup)."""
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
    """A forest: the clearings around it (a pawn, never a warrior, may stand in one)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    number: int = Field(ge=1)
    clearings: tuple[int, ...] = Field(min_length=3)


class WoodlandMap(BaseModel):
    """A whole map: clearings in number order, the two pairs of diagonally
    opposite corners, the river's links (which are not paths) and the forests;
    and what a variant map adds: the forests one step from each other
    when the map lists them (``forest_adjacency``), the Lake's coastal
    clearings in order around it and the Ferry's first clearing, the
    Mountain's closed paths and the Tower's clearing (the Pass)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    map: str
    about: str
    clearings: tuple[Clearing, ...] = Field(min_length=1)
    opposite_corners: tuple[tuple[int, int], ...]
    river: tuple[tuple[int, int], ...]
    forests: tuple[Forest, ...]
    forest_adjacency: tuple[tuple[int, int], ...] = ()
    """Pairs of forests one step apart (none listed: those that share a path's
    two clearings, Law 2.4.1)."""
    river_divides_forests: bool = False
    """Winter's Raging River: the river divides forests as a path does."""
    coastal: tuple[int, ...] = ()
    """The Lake's coastal clearings (the lake links each to each other one)."""
    lake_ring: tuple[int, ...] = ()
    """The coastal clearings in their order around the lake."""
    ferry: int | None = None
    """The clearing the Ferry starts in (the Lake's coastal corner)."""
    closed_paths: tuple[tuple[int, int], ...] = ()
    """Paths covered by closed-path markers (the Mountain's): not paths until
    a player clears them."""
    tower: int | None = None
    """The clearing with the Tower: the Pass (the Mountain's)."""

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
        self._check_variant(known)
        return self

    def _check_variant(self, known: set[int]) -> None:
        """What a variant map adds: suits printed on every clearing or on none,
        forest pairs between known forests, the coastal clearings and the
        Ferry on the map, closed paths between clearings no open path joins,
        the Tower in a clearing."""
        printed = [c.suit is not None for c in self.clearings]
        if any(printed) and not all(printed):
            raise ValueError("suits are printed on every clearing or on none")
        forests = len(self.forests)
        for a, b in self.forest_adjacency:
            if not (1 <= a <= forests and 1 <= b <= forests) or a == b:
                raise ValueError(f"forest pair {a}-{b} is not two forests of the map")
        if not set(self.coastal) <= known or len(set(self.coastal)) != len(self.coastal):
            raise ValueError("the coastal clearings are clearings of the map, each once")
        if sorted(self.lake_ring) != sorted(self.coastal):
            raise ValueError("the lake's ring is its coastal clearings")
        if self.ferry is not None and self.ferry not in self.coastal:
            raise ValueError(f"the Ferry starts in clearing {self.ferry}, which is not coastal")
        seen: set[frozenset[int]] = set()
        for a, b in self.closed_paths:
            pair = frozenset((a, b))
            if a not in known or b not in known or a == b or pair in seen:
                raise ValueError(f"closed path {a}-{b} is not between two clearings")
            if b in self.clearings[a - 1].paths:
                raise ValueError(f"closed path {a}-{b} is also an open path")
            seen.add(pair)
        if self.tower is not None and self.tower not in known:
            raise ValueError(f"the Tower stands in clearing {self.tower}, not on the map")

    # --------------------------------------------------- the map in play
    @property
    def printed(self) -> bool:
        """Whether the map prints its suits (else they are dealt at setup)."""
        return self.clearings[0].suit is not None

    def dealt(self, suits: Sequence[Suit]) -> WoodlandMap:
        """This map with a suit marker on each clearing, in number order
        (Law 16.1.1: the markers cover any printed suit)."""
        if len(suits) != len(self.clearings):
            raise ValueError(
                f"the {self.map} map has {len(self.clearings)} clearings, "
                f"not {len(suits)} suits dealt"
            )
        data = self.model_dump()
        for c, suit in zip(data["clearings"], suits, strict=True):
            c["suit"] = suit
        return WoodlandMap.model_validate(data)

    def cleared(self, a: int, b: int) -> WoodlandMap:
        """This map with the closed path a-b open (its marker removed)."""
        pair = {a, b}
        if not any(set(p) == pair for p in self.closed_paths):
            raise ValueError(f"there is no closed path {a}-{b} on the {self.map} map")
        data = self.model_dump()
        data["closed_paths"] = [p for p in self.closed_paths if set(p) != pair]
        data["clearings"][a - 1]["paths"] = sorted((*self.clearings[a - 1].paths, b))
        data["clearings"][b - 1]["paths"] = sorted((*self.clearings[b - 1].paths, a))
        return WoodlandMap.model_validate(data)

    # The lookups every move makes, built on first use.  Plain attributes
    # (a cached_property lands in the instance's dict): a pydantic private
    # attribute is read through ``__getattr__``, several times dearer, and
    # Root's rules ask for a clearing's neighbours tens of thousands of
    # times a game.
    @cached_property
    def _adjacency(self) -> dict[int, frozenset[int]]:
        return {c.number: frozenset(c.paths) for c in self.clearings}

    @cached_property
    def steps(self) -> dict[int, tuple[int, ...]]:
        """Each clearing's neighbours along the paths, in number order (the
        order moves are listed in)."""
        return {n: tuple(sorted(near)) for n, near in self._adjacency.items()}

    @cached_property
    def words(self) -> dict[int, str]:
        """Each clearing in the log's words, by number: its name, number
        and suit (a map that prints no suits has them once dealt)."""
        return {c.number: f"{c.name} ({c.number}, {c.suit})" for c in self.clearings}

    @cached_property
    def forest_clearings(self) -> dict[int, tuple[int, ...]]:
        """Each forest's clearings in number order, by forest number."""
        return {f.number: tuple(sorted(f.clearings)) for f in self.forests}

    @cached_property
    def _river(self) -> dict[int, frozenset[int]]:
        river: dict[int, set[int]] = {c.number: set() for c in self.clearings}
        for a, b in self.river:
            river.setdefault(a, set()).add(b)
            river.setdefault(b, set()).add(a)
        return {n: frozenset(v) for n, v in river.items()}

    @cached_property
    def numbers(self) -> tuple[int, ...]:
        """Every clearing's number, in order (no place off the map is among them)."""
        return tuple(c.number for c in self.clearings)

    @cached_property
    def number_set(self) -> frozenset[int]:
        """The clearings' numbers, to ask whether a place is on the map."""
        return frozenset(self.numbers)

    @cached_property
    def suits(self) -> dict[int, Suit]:
        """Each clearing's suit, by number (the rules ask thousands of times a
        game); a map that prints none has its suits only once dealt."""
        found = {c.number: c.suit for c in self.clearings if c.suit is not None}
        if len(found) != len(self.clearings):
            raise ValueError(f"the {self.map} map's suits are dealt at setup: none dealt yet")
        return found

    @cached_property
    def open_slots(self) -> dict[int, int]:
        """Each clearing's building slots free at setup, by number."""
        return {c.number: c.building_slots - int(c.ruin) for c in self.clearings}

    # ------------------------------------------------------------ clearings
    def clearing(self, number: int) -> Clearing:
        """The clearing with this number (KeyError for a place off the map)."""
        if number not in self._adjacency:
            raise KeyError(f"no clearing {number} on the {self.map} map")
        return self.clearings[number - 1]

    def suit_of(self, number: int) -> Suit:
        """A clearing's suit (KeyError for a place off the map)."""
        self.clearing(number)
        return self.suits[number]

    def of_suit(self, suit: str) -> tuple[int, ...]:
        """The clearings of a suit, in number order (none for "bird")."""
        suits = self.suits
        return tuple(n for n in self.numbers if suits[n] == suit)

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

    def neighbours(
        self, number: int, place: int | None = None, joined: Collection[int] = ()
    ) -> frozenset[int]:
        """The places one step away: the clearings along a path, and between
        ``place`` (a place off the map, when one is named) and each clearing
        in ``joined``."""
        if number == place:
            return frozenset(joined)
        if number not in self._adjacency:
            raise KeyError(f"no clearing {number} on the {self.map} map")
        near = self._adjacency[number]
        return near | {place} if place is not None and number in joined else near

    def adjacent(
        self, a: int, b: int, place: int | None = None, joined: Collection[int] = ()
    ) -> bool:
        """Whether a and b are one step apart (see :meth:`neighbours`)."""
        return b in self.neighbours(a, place, joined)

    def distances_from(
        self, start: int, place: int | None = None, joined: Collection[int] = ()
    ) -> dict[int, int]:
        """Fewest steps from ``start`` to every place it can reach."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.neighbours(here, place, joined):
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def connected(
        self,
        start: int,
        through: Iterable[int],
        place: int | None = None,
        joined: Collection[int] = (),
    ) -> frozenset[int]:
        """The clearings reachable from ``start`` stepping only into clearings of
        ``through`` (``start`` itself included only if it is in ``through``).

        With ``through`` the clearings a faction rules, this is "connected
        through clearings you rule", as a faction's pieces may be moved to a build.
        """
        allowed = frozenset(through)
        if start not in allowed:
            return frozenset()
        seen = {start}
        queue = deque([start])
        # Along the paths alone: each clearing's neighbours read from the map.
        adjacency = self._adjacency if place is None else None
        while queue:
            here = queue.popleft()
            ahead = (
                adjacency[here] if adjacency is not None else self.neighbours(here, place, joined)
            )
            for there in ahead:
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

    def forest_neighbours(self, number: int) -> frozenset[int]:
        """The forests one step from a forest (Law 2.4.1: separated by only
        one printed path): the map's list when it has one (the Lake's
        coastal forests, Law 16.2.2.IV), else the forests sharing the two
        clearings of a path (a closed path still divides forests, Law
        16.2.3.II; on Winter the river too, 16.2.1).  Worked out once per
        map for all its forests (a pawn in a forest asks at every move)."""
        found = self._forests_near.get(number)
        if found is None:
            found = self._forest_neighbours(number)
        return found

    @cached_property
    def _forests_near(self) -> dict[int, frozenset[int]]:
        return {f.number: self._forest_neighbours(f.number) for f in self.forests}

    def _forest_neighbours(self, number: int) -> frozenset[int]:
        if self.forest_adjacency:
            return frozenset(
                b if a == number else a for a, b in self.forest_adjacency if number in (a, b)
            )
        here = set(self.forests[number - 1].clearings)
        borders = {frozenset(p) for p in (*self.paths(), *self.closed_paths)}
        if self.river_divides_forests:
            borders |= {frozenset(p) for p in self.river}
        return frozenset(
            f.number
            for f in self.forests
            if f.number != number
            and any(pair <= here and pair <= set(f.clearings) for pair in borders)
        )

    # ------------------------------------------------- the Lake, the Mountain
    def is_coastal(self, number: int) -> bool:
        """Whether a clearing touches the Lake (Law 16.2.2.III)."""
        return number in self.coastal

    def closed_between(self, a: int, b: int) -> bool:
        """Whether a closed path joins a and b (they are not adjacent)."""
        return any({a, b} == set(p) for p in self.closed_paths)


#: The maps read so far, by id (the state's lookup reads it first).
LOADED_MAPS: dict[str, WoodlandMap] = {}
#: The maps in play made so far: by id, suits dealt and paths cleared.
PLAYED_MAPS: dict[tuple[str, tuple[str, ...], tuple[tuple[int, int], ...]], WoodlandMap] = {}


def woodland(map_id: str) -> WoodlandMap:
    """A map by its id (``autumn``), read and validated once."""
    found = LOADED_MAPS.get(map_id)
    if found is None:
        if map_id not in MAPS:
            raise KeyError(f"there is no map {map_id!r} (the maps are {', '.join(MAPS)})")
        text = asset_path("root", f"{map_id}.json").read_text(encoding="utf-8")
        found = LOADED_MAPS[map_id] = WoodlandMap.model_validate_json(text)
    return found


def played_map(
    map_id: str, suits: Sequence[Suit] = (), cleared: Iterable[Sequence[int]] = ()
) -> WoodlandMap:
    """The map a game plays on: the printed map ``map_id`` with the suits dealt
    (none: its printed suits) and the closed paths cleared, made once per
    layout and shared by every state on it."""
    opened = tuple(sorted((min(p), max(p)) for p in cleared))
    key = (map_id, tuple(suits), opened)
    found = PLAYED_MAPS.get(key)
    if found is None:
        found = woodland(map_id)
        if suits:
            found = found.dealt(suits)
        elif not found.printed:
            raise ValueError(f"the {found.map} map prints no suits: deal its suit markers")
        for a, b in opened:
            found = found.cleared(a, b)
        found = PLAYED_MAPS[key] = found
    return found


def autumn() -> WoodlandMap:
    """The Autumn map."""
    return woodland("autumn")
