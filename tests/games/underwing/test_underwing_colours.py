"""Colour theory, Phase 3 "Placing Elements on Eggs" (rulebook), and the
rulings R-PARTIAL and R-COMBINATION in docs/rules/underwing.md."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from boardgames_tui.games.underwing.colours import (
    COMPLETIONS,
    ELEMENTS,
    PRIMARIES,
    SECONDARIES,
    Element,
    additions,
    group_additions,
    group_allowed,
    group_moves,
    is_complete,
    may_hold,
    norm,
    single_fits,
    space_moves,
    stock_of,
)

elements = st.sampled_from(ELEMENTS)
crystals = st.lists(elements, max_size=7).map(norm)


def sub_multiset(part: tuple[Element, ...], whole: tuple[Element, ...]) -> bool:
    need, have = Counter(part), Counter(whole)
    return all(have[e] >= n for e, n in need.items())


def test_primaries_and_white_take_only_themselves() -> None:
    for e in (*PRIMARIES, "white"):
        assert COMPLETIONS[e] == {(e,)}
    assert not may_hold("white", ("red",))
    assert not may_hold("red", ("orange",))


def test_a_secondary_is_itself_or_its_two_primaries() -> None:
    # "placing one Red and one Blue Element together on a Purple Element space
    # will fulfill the space's requirement"
    assert is_complete("purple", norm(["red", "blue"]))
    assert is_complete("purple", ("purple",))
    assert may_hold("purple", ("red",)) and not is_complete("purple", ("red",))
    assert not may_hold("purple", ("yellow",))
    assert not may_hold("purple", ("red", "red"))
    for s, (a, b) in SECONDARIES.items():
        assert COMPLETIONS[s] == {(s,), norm([a, b])}


def test_black_recipes() -> None:
    black = COMPLETIONS["black"]
    assert ("black",) in black
    assert norm(["red", "yellow", "blue"]) in black  # three unique primaries
    assert norm(["orange", "green", "purple"]) in black  # three unique secondaries
    # "Any player performing this combination could have also used Red and Blue
    # to substitute for Purple or Blue and Yellow to substitute for Green."
    assert norm(["orange", "green", "red", "blue"]) in black
    assert norm(["orange", "yellow", "blue", "purple"]) in black
    # R-BLACK: two secondaries made of primaries hold Red + Yellow + Blue, which
    # is black already: only the six minimal recipes count.
    assert norm(["red", "yellow", "yellow", "blue", "purple"]) not in black
    assert not may_hold("black", norm(["red", "yellow", "yellow", "blue"]))
    assert len(black) == 6


def test_never_a_primary_with_a_secondary_for_black() -> None:
    # "They COULD NOT, however, have combined a single Primary Element with the
    # appropriate Secondary Element to make Black (i.e.; a Red Element plus a Green)"
    assert not is_complete("black", norm(["red", "green"]))
    assert not is_complete("black", norm(["yellow", "purple"]))
    assert not is_complete("black", norm(["blue", "orange"]))
    # ... and nothing may be added to red + green that would end as black
    assert may_hold("black", norm(["red", "green"]))  # still completable: + yellow (O) + purple
    assert is_complete("black", norm(["red", "green", "yellow", "purple"]))


def test_white_is_never_made() -> None:
    for combo in product(ELEMENTS, repeat=2):
        assert not is_complete("white", norm(combo))
    assert not may_hold("white", ("black",))


def test_a_complete_space_takes_nothing_more() -> None:
    assert additions("orange", ("orange",)) == ()
    assert additions("black", norm(["red", "yellow", "blue"])) == ()
    assert not single_fits("red", ("red",), "red")


def test_a_group_need_not_complete_the_space() -> None:
    # R-COMBINATION: "multiple Elements played at the same time count as one
    # Element played" has no condition: red + yellow on a black space is a
    # group, and the space then needs green + purple, or blue.
    storage: Counter[Element] = Counter({"red": 2, "yellow": 1, "blue": 1})
    assert group_allowed("black", (), ("red", "yellow"), storage)
    assert not is_complete("black", ("red", "yellow"))
    assert group_allowed("black", (), norm(["red", "yellow", "blue"]), storage)
    assert not group_allowed("black", (), ("red", "red"), storage)  # no recipe holds two reds
    assert not group_allowed("black", (), ("green",), storage)  # not stored
    singles, starts = group_moves("black", (), stock_of(storage))
    assert singles == ("red", "yellow", "blue") and starts == ("red", "yellow", "blue")
    assert group_additions("black", (), ("red",), storage) == ["yellow", "blue"]
    assert group_additions("black", (), ("red", "yellow", "blue"), storage) == []  # black
    only_blue: Counter[Element] = Counter({"blue": 3})
    assert group_moves("orange", (), stock_of(only_blue)) == ((), ())
    assert group_moves("purple", (), stock_of(only_blue)) == (("blue",), ())  # nothing joins it


@given(element=elements, contents=crystals)
def test_holdable_means_part_of_a_recipe(element: Element, contents: tuple[Element, ...]) -> None:
    expected = not contents or any(sub_multiset(contents, r) for r in COMPLETIONS[element])
    assert may_hold(element, contents) == expected


@given(element=elements, contents=crystals)
def test_complete_means_exactly_a_recipe(element: Element, contents: tuple[Element, ...]) -> None:
    assert is_complete(element, contents) == (contents in COMPLETIONS[element])
    if is_complete(element, contents):
        assert may_hold(element, contents)


@given(element=elements, contents=crystals, crystal=elements)
def test_single_fits_keeps_the_space_completable(
    element: Element, contents: tuple[Element, ...], crystal: Element
) -> None:
    if not may_hold(element, contents):
        return
    fits = single_fits(element, contents, crystal)
    after = norm([*contents, crystal])
    assert fits == (not is_complete(element, contents) and may_hold(element, after))


@given(element=elements, contents=crystals)
def test_every_offered_group_is_legal(element: Element, contents: tuple[Element, ...]) -> None:
    if not may_hold(element, contents):
        return
    for group in additions(element, contents):
        after = norm([*contents, *group])
        assert may_hold(element, after)
        assert len(group) == 1 or is_complete(element, after)


@given(element=elements, order=st.permutations(list(range(6))), which=st.integers(0, 9))
def test_any_recipe_can_be_built_one_crystal_at_a_time(
    element: Element, order: list[int], which: int
) -> None:
    recipes = sorted(COMPLETIONS[element])
    recipe = recipes[which % len(recipes)]
    steps = [recipe[i] for i in order if i < len(recipe)]
    contents: tuple[Element, ...] = ()
    for crystal in steps:
        assert not is_complete(element, contents)
        assert single_fits(element, contents, crystal)
        contents = norm([*contents, crystal])
    assert is_complete(element, contents)


@given(
    element=elements,
    contents=crystals,
    storage=st.dictionaries(elements, st.integers(0, 3)),
    group=st.lists(elements, min_size=1, max_size=4),
)
def test_a_group_is_allowed_exactly_when_it_can_be_built_one_crystal_at_a_time(
    element: Element,
    contents: tuple[Element, ...],
    storage: dict[Element, int],
    group: list[Element],
) -> None:
    """The chain (StartGroup, AddToGroup ...) reaches every group the space
    may take at once from the storage, in any order, and nothing else."""
    if not may_hold(element, contents):
        return
    allowed = group_allowed(element, contents, norm(group), storage)
    singles, starts = group_moves(element, contents, stock_of(storage))
    built = group[0] in (singles if len(group) == 1 else starts)
    for size in range(1, len(group)):
        built = built and group[size] in group_additions(
            element, contents, tuple(group[:size]), storage
        )
    assert built == allowed
    if allowed:
        assert all(storage.get(e, 0) >= n for e, n in Counter(group).items())
        assert may_hold(element, norm([*contents, *group]))


@given(
    element=elements,
    contents=crystals,
    storage=st.dictionaries(elements, st.integers(0, 3)),
)
def test_space_moves_with_a_storage_are_the_group_moves(
    element: Element, contents: tuple[Element, ...], storage: dict[Element, int]
) -> None:
    """The placements list reads a space's moves whatever the player holds
    (space_moves, cached per space) and keeps what the storage holds: the
    same singles and group starts as group_moves, in the same order."""
    if not may_hold(element, contents):
        return
    held = {e: storage.get(e, 0) for e in ELEMENTS}
    singles = [e for e, _alone, _others in space_moves(element, contents) if held[e]]
    starts = [
        e
        for e, alone, others in space_moves(element, contents)
        if held[e] and ((alone and held[e] >= 2) or any(held[o] for o in others))
    ]
    assert (tuple(singles), tuple(starts)) == group_moves(element, contents, stock_of(storage))
