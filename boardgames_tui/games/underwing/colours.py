"""Colour theory: which crystals fill which element space.

The rulebook (Phase 3, "Placing Elements on Eggs"):

- a secondary is made of its two primaries ("placing one Red and one Blue Element
  together on a Purple Element space will fulfill the space's requirement");
- black is made of three unique primaries (Red + Yellow + Blue) or three unique
  secondaries (Orange + Green + Purple), and one of those secondaries may itself
  be made of its two primaries (making two of them so would already hold Red +
  Yellow + Blue, which is black: ruling R-BLACK);
- never a single primary with a secondary ("a Red Element plus a Green");
- white cannot be created.

A space's contents are a multiset of crystals, kept as a tuple sorted in
:data:`ELEMENTS` order.  A space is *complete* when its contents are exactly one
of the recipes (:data:`COMPLETIONS`) for its element; contents may stay
*partial* when they are a part of some recipe, so that the space can still be
completed (ruling R-PARTIAL in docs/rules/underwing.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from itertools import combinations, product
from typing import Literal, get_args

Element = Literal["red", "orange", "yellow", "green", "blue", "purple", "black", "white"]

#: Every element, in the order used for sorting, storage and display.
ELEMENTS: tuple[Element, ...] = get_args(Element)
ORDER: dict[Element, int] = {e: i for i, e in enumerate(ELEMENTS)}

PRIMARIES: tuple[Element, ...] = ("red", "yellow", "blue")
#: Each secondary and the two primaries that make it.
SECONDARIES: dict[Element, tuple[Element, Element]] = {
    "orange": ("red", "yellow"),
    "green": ("yellow", "blue"),
    "purple": ("red", "blue"),
}
WARM: frozenset[Element] = frozenset({"red", "orange", "yellow"})
COOL: frozenset[Element] = frozenset({"green", "blue", "purple"})

#: One letter per element, so colour is never the only signal.
LETTER: dict[Element, str] = {
    "red": "R",
    "orange": "O",
    "yellow": "Y",
    "green": "G",
    "blue": "B",
    "purple": "P",
    "black": "K",
    "white": "W",
}

#: The element bag: 100 crystals (ruling R-BAG: the colour counts of the components).
BAG: dict[Element, int] = {
    "red": 20,
    "orange": 10,
    "yellow": 20,
    "green": 10,
    "blue": 20,
    "purple": 10,
    "black": 5,
    "white": 5,
}

Crystals = tuple[Element, ...]


def norm(crystals: Iterable[Element]) -> Crystals:
    """A multiset of crystals in canonical (sorted) form."""
    return _sorted(crystals if type(crystals) is tuple else tuple(crystals))


@lru_cache(maxsize=1 << 12)
def _sorted(crystals: Crystals) -> Crystals:
    return tuple(sorted(crystals, key=ORDER.__getitem__))


def _minus(whole: Crystals, part: Crystals) -> Crystals | None:
    """``whole`` without ``part`` (multisets), or None when part is not in whole."""
    rest = list(whole)
    for e in part:
        if e not in rest:
            return None
        rest.remove(e)
    return tuple(rest)


def _recipes(element: Element) -> frozenset[Crystals]:
    if element in PRIMARIES or element == "white":
        return frozenset({(element,)})
    if element in SECONDARIES:
        return frozenset({(element,), norm(SECONDARIES[element])})
    # Black: itself, three unique primaries, or three unique secondaries where any
    # secondary may be replaced by its two primaries.
    recipes = {("black",), norm(PRIMARIES)}
    options = [((s,), SECONDARIES[s]) for s in SECONDARIES]
    for choice in product(*options):
        recipes.add(norm(e for part in choice for e in part))
    # A mix that already holds Red + Yellow + Blue is black as soon as those
    # three are there, so only the minimal recipes count (ruling R-BLACK): two
    # secondaries made of primaries always include all three primaries.
    return frozenset(r for r in recipes if not any(_inside(o, r) for o in recipes if o != r))


def _inside(part: Crystals, whole: Crystals) -> bool:
    return _minus(whole, part) is not None


def _parts(recipes: frozenset[Crystals]) -> frozenset[Crystals]:
    parts: set[Crystals] = set()
    for recipe in recipes:
        for size in range(1, len(recipe) + 1):
            for combo in combinations(recipe, size):
                parts.add(norm(combo))
    return frozenset(parts)


#: Element -> every multiset of crystals that exactly fills a space of it.
COMPLETIONS: dict[Element, frozenset[Crystals]] = {e: _recipes(e) for e in ELEMENTS}
#: Element -> every non-empty multiset a space of it may hold (partial or complete).
HOLDABLE: dict[Element, frozenset[Crystals]] = {e: _parts(COMPLETIONS[e]) for e in ELEMENTS}


def is_complete(element: Element, contents: Crystals) -> bool:
    """True when ``contents`` (canonical) exactly fill a space of ``element``."""
    return contents in COMPLETIONS[element]


def may_hold(element: Element, contents: Crystals) -> bool:
    """True when a space of ``element`` may hold ``contents``: empty, a part of a
    recipe that can still be completed, or a whole recipe."""
    return not contents or contents in HOLDABLE[element]


@cache
def additions(element: Element, contents: Crystals) -> tuple[Crystals, ...]:
    """What a space of ``element`` holding ``contents`` takes, in words the
    screen uses: any single crystal that leaves the space holdable, and any
    larger group that completes it.  (Any group the space may hold can be
    placed at once, ruling R-COMBINATION: see :func:`group_moves`.)  Nothing
    may be added to a complete space."""
    if contents in COMPLETIONS[element]:
        return ()
    found: list[Crystals] = []
    for e in ELEMENTS:
        if norm((*contents, e)) in HOLDABLE[element]:
            found.append((e,))
    for recipe in sorted(COMPLETIONS[element], key=lambda r: (len(r), r)):
        rest = _minus(recipe, contents)
        if rest is not None and len(rest) >= 2 and rest not in found:
            found.append(rest)
    return tuple(found)


def affordable(group: Crystals, storage: Mapping[Element, int]) -> bool:
    """True when ``storage`` holds every crystal of ``group``."""
    if len(group) == 1:
        return storage.get(group[0], 0) > 0
    need: dict[Element, int] = {}
    for e in group:
        need[e] = need.get(e, 0) + 1
    return all(storage.get(e, 0) >= n for e, n in need.items())


def stock_of(storage: Mapping[Element, int]) -> tuple[int, ...]:
    """A storage as a tuple of counts in :data:`ELEMENTS` order (hashable)."""
    return tuple(storage.get(e, 0) for e in ELEMENTS)


def single_fits(element: Element, contents: Crystals, crystal: Element) -> bool:
    """True when one ``crystal`` may be added to the space (scattered elements,
    ruling R-SCATTER)."""
    if contents in COMPLETIONS[element]:
        return False
    return norm((*contents, crystal)) in HOLDABLE[element]


@cache
def group_moves(
    element: Element, contents: Crystals, stock: tuple[int, ...]
) -> tuple[tuple[Element, ...], tuple[Element, ...]]:
    """What a player holding ``stock`` (:func:`stock_of`) may begin on a
    space of ``element`` holding ``contents``: the single crystals that fit
    (each one placement), and those of them that a second crystal from the
    same stock could join in a group placed at once (ruling R-COMBINATION)."""
    if contents in COMPLETIONS[element]:
        return (), ()
    holdable = HOLDABLE[element]
    counts = dict(zip(ELEMENTS, stock, strict=True))
    singles: list[Element] = []
    starts: list[Element] = []
    for e in ELEMENTS:
        if counts[e] == 0:
            continue
        first = norm((*contents, e))
        if first not in holdable:
            continue
        singles.append(e)
        if any(
            counts[other] - (other == e) > 0 and norm((*first, other)) in holdable
            for other in ELEMENTS
        ):
            starts.append(e)
    return tuple(singles), tuple(starts)


#: :func:`space_moves`: for each crystal that fits a space alone, whether a
#: second one of it joins it, and the other crystals that may join it.
SpaceMoves = tuple[tuple[Element, bool, tuple[Element, ...]], ...]


@cache
def space_moves(element: Element, contents: Crystals) -> SpaceMoves:
    """What a space of ``element`` holding ``contents`` takes, whatever the
    player holds: each crystal that fits alone (in :data:`ELEMENTS` order),
    whether a second crystal of the same element could join it in a group,
    and which other crystals could.  A player holding ``stock`` may place
    the crystals they hold, and start a group with those a crystal they
    still hold could join: exactly :func:`group_moves`."""
    if contents in COMPLETIONS[element]:
        return ()
    holdable = HOLDABLE[element]
    found: list[tuple[Element, bool, tuple[Element, ...]]] = []
    for e in ELEMENTS:
        first = norm((*contents, e))
        if first not in holdable:
            continue
        joins = [other for other in ELEMENTS if norm((*first, other)) in holdable]
        found.append((e, e in joins, tuple(other for other in joins if other != e)))
    return tuple(found)


def group_additions(
    element: Element, contents: Crystals, group: Crystals, storage: Mapping[Element, int]
) -> list[Element]:
    """The crystals from ``storage`` (less those already in ``group``) that
    may join a group on a space of ``element`` holding ``contents``."""
    held = norm((*contents, *group))
    if held in COMPLETIONS[element]:
        return []
    return [
        e
        for e in ELEMENTS
        if storage.get(e, 0) - group.count(e) > 0 and norm((*held, e)) in HOLDABLE[element]
    ]


def group_allowed(
    element: Element, contents: Crystals, group: Crystals, storage: Mapping[Element, int]
) -> bool:
    """True when ``group`` may be placed at once on the space: the player
    holds it, the space is not filled, and the space may hold the result."""
    return (
        bool(group)
        and contents not in COMPLETIONS[element]
        and affordable(group, storage)
        and norm((*contents, *group)) in HOLDABLE[element]
    )
